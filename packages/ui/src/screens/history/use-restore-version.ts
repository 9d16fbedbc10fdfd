import { type BudgetLine, formatDateTimeLong, type HistoryEntry } from '@ranwal/core';
import { createElement, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { useRestoreChange } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { recordName } from './history-diff.js';

/**
 * Restoring a line's version from its history (`history.restore`): asked first, naming the line
 * and the version, then a toast either way; line lists and histories refetch. Shared by a line's
 * history and the Riwayat Perubahan page, so it needs a `ToastProvider` above it. Render
 * `confirmDialog` once beside the list.
 */
export function useRestoreVersion(onRestored?: (line: BudgetLine) => void) {
  const messages = useMessages();
  const h = messages.history;
  const r = messages.lines.restore;
  const toast = useToast();
  const restore = useRestoreChange();
  // The entry asked about stays named while the question closes.
  const [asked, setAsked] = useState<{ entry: HistoryEntry; open: boolean } | null>(null);

  const run = async (entry: HistoryEntry) => {
    try {
      const { data } = await restore.mutateAsync(entry.id);
      toast.success(undefined, h.restored, toastDurations.reportSuccess);
      onRestored?.(data);
    } catch (error) {
      toast.error(undefined, describeError(error, h.restoreFailed), toastDurations.reportError);
    }
  };
  const onRestore = (entry: HistoryEntry) => setAsked({ entry, open: true });
  const close = () => setAsked((last) => last && { ...last, open: false });

  const question = (entry: HistoryEntry) => {
    const name = recordName(entry, messages);
    const when = formatDateTimeLong(entry.changed_at);
    return entry.action === 'delete'
      ? r.deletedMessage(name, when)
      : r.message(name, h.actions[entry.action], when);
  };
  const confirmDialog = createElement(ConfirmDialog, {
    isOpen: asked?.open ?? false,
    onOpenChange: (isOpen: boolean) => !isOpen && close(),
    onConfirm: () => {
      close();
      if (asked) void run(asked.entry);
    },
    title: r.title,
    message: asked ? question(asked.entry) : undefined,
    confirmLabel: r.confirm,
  });

  return {
    onRestore,
    restoringId: restore.isPending ? (restore.variables ?? null) : null,
    confirmDialog,
  };
}
