import type { BudgetLine, HistoryEntry } from '@ranwal/core';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { useRestoreChange } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';

/**
 * Restoring a line's version from its history (`history.restore`), with a toast either way;
 * line lists and histories refetch. Shared by a line's history and the Riwayat Perubahan page,
 * so it needs a `ToastProvider` above it.
 */
export function useRestoreVersion(onRestored?: (line: BudgetLine) => void) {
  const h = useMessages().history;
  const toast = useToast();
  const restore = useRestoreChange();
  const onRestore = async (entry: HistoryEntry) => {
    try {
      const { data } = await restore.mutateAsync(entry.id);
      toast.success(undefined, h.restored, toastDurations.reportSuccess);
      onRestored?.(data);
    } catch (error) {
      toast.error(undefined, describeError(error, h.restoreFailed), toastDurations.reportError);
    }
  };
  return { onRestore, restoringId: restore.isPending ? (restore.variables ?? null) : null };
}
