import type { HistoryEntry } from '@ranwal/core';
import type { ReactNode } from 'react';
import { type AdminListProps, AdminTablePage } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { RowButton } from '../../components/DataTable.js';
import { DateText } from '../../components/DateText.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { ChangeList } from './ChangeList.js';
import { actorText, recordName } from './history-diff.js';

export interface HistoryLogProps extends AdminListProps {
  /** The current page of changes, newest first. */
  entries: readonly HistoryEntry[];
  /** A filter narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  /** Brings a line back to a change's version (a deleted line back at all); admins only. */
  onRestore?: ((entry: HistoryEntry) => unknown) | undefined;
  /** The entry being restored: its button waits, the others are held. */
  restoringId?: number | null;
  /** The question a restore asks first (`useRestoreVersion`'s `confirmDialog`). */
  restoreQuestion?: ReactNode;
  /** 'Unduh Excel': the changes under the filters as a workbook; no button without it. */
  onDownload?: (() => unknown) | undefined;
  isDownloading?: boolean;
}

/**
 * The Riwayat Perubahan page (issue 19, beyond the spec): every recorded change, newest first,
 * with who made it, from which address, what kind of record and, for an edit, what changed.
 */
export function HistoryLog({
  entries,
  isNarrowed = false,
  onRestore,
  restoringId = null,
  restoreQuestion,
  onDownload,
  isDownloading = false,
  ...list
}: HistoryLogProps) {
  const messages = useMessages();
  const h = messages.history;
  const c = h.columns;
  return (
    <AdminTablePage
      title={h.title}
      intro={h.intro}
      action={
        onDownload && (
          <Button variant="secondary" isPending={isDownloading} onPress={() => void onDownload()}>
            {h.export.button}
          </Button>
        )
      }
      footer={restoreQuestion}
      rows={entries}
      empty={<EmptyState text={isNarrowed ? h.emptyFiltered : h.empty} />}
      columns={[
        {
          id: 'time',
          header: c.time,
          isRowHeader: true,
          cell: (entry) => (
            <DateText value={entry.changed_at} format="long" className="block min-w-32" />
          ),
        },
        {
          id: 'actor',
          header: c.actor,
          cellClassName: 'break-words',
          cell: (entry) => actorText(entry, messages),
        },
        {
          id: 'address',
          header: c.address,
          cellClassName: 'whitespace-nowrap font-mono text-xs',
          cell: (entry) => entry.address ?? '-',
        },
        {
          id: 'recordType',
          header: c.recordType,
          cell: (entry) => (
            <>
              <span className="block font-medium">{h.recordTypes[entry.record_type]}</span>
              <span className="block min-w-32 max-w-56 break-words text-xs text-slate-600">
                {recordName(entry, messages)}
              </span>
            </>
          ),
        },
        { id: 'action', header: c.action, cell: (entry) => h.actions[entry.action] },
        {
          id: 'changes',
          header: c.changes,
          cellClassName: 'min-w-48 max-w-80',
          cell: (entry) => (
            <>
              <ChangeList entry={entry} className="text-xs" />
              {/* Only a line's versions are restored (history.restore). */}
              {onRestore && entry.record_type === 'detail_program' && (
                <RowButton
                  className="mt-2"
                  // The visible words first (axe: label-content-name-mismatch), then which.
                  aria-label={`${restoringId === entry.id ? h.restoring : h.restore}: ${recordName(entry, messages)}, ${h.actions[entry.action]}`}
                  isPending={restoringId === entry.id}
                  isDisabled={restoringId !== null && restoringId !== entry.id}
                  onPress={() => void onRestore(entry)}
                >
                  {restoringId === entry.id ? h.restoring : h.restore}
                </RowButton>
              )}
            </>
          ),
        },
      ]}
      {...list}
    />
  );
}
