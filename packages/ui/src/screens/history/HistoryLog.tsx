import type { HistoryEntry } from '@ranwal/core';
import type { ReactNode } from 'react';
import { AdminPage } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import type { NumberedPaginationProps } from '../../components/Pagination.js';
import { EmptyState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { ChangeList } from './ChangeList.js';
import { actorText, recordName } from './history-diff.js';

export interface HistoryLogProps {
  /** The current page of changes, newest first. */
  entries: readonly HistoryEntry[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** A filter narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  /** Jenis Data and the dates above the table. */
  controls?: ReactNode;
  pagination?: NumberedPaginationProps | undefined;
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
  isLoading = false,
  error = null,
  onRetry,
  isNarrowed = false,
  controls,
  pagination,
  onRestore,
  restoringId = null,
  restoreQuestion,
  onDownload,
  isDownloading = false,
}: HistoryLogProps) {
  const messages = useMessages();
  const h = messages.history;
  const c = h.columns;
  return (
    <AdminPage
      title={h.title}
      intro={h.intro}
      action={
        onDownload && (
          <Button variant="secondary" isPending={isDownloading} onPress={() => void onDownload()}>
            {h.export.button}
          </Button>
        )
      }
      controls={controls}
      error={error}
      onRetry={onRetry}
      pagination={pagination}
      footer={restoreQuestion}
    >
      {(labelledBy) => (
        <Table aria-labelledby={labelledBy} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column isRowHeader>{c.time}</Column>
            <Column>{c.actor}</Column>
            <Column>{c.address}</Column>
            <Column>{c.recordType}</Column>
            <Column>{c.action}</Column>
            <Column>{c.changes}</Column>
          </TableHeader>
          <TableBody
            items={entries}
            isLoading={isLoading}
            renderEmptyState={() => <EmptyState text={isNarrowed ? h.emptyFiltered : h.empty} />}
          >
            {(entry) => (
              <Row id={entry.id}>
                <Cell>
                  <DateText value={entry.changed_at} format="long" className="block min-w-32" />
                </Cell>
                <Cell className="break-words">{actorText(entry, messages)}</Cell>
                <Cell className="whitespace-nowrap font-mono text-xs">{entry.address ?? '-'}</Cell>
                <Cell>
                  <span className="block font-medium">{h.recordTypes[entry.record_type]}</span>
                  <span className="block min-w-32 max-w-56 break-words text-xs text-slate-600">
                    {recordName(entry, messages)}
                  </span>
                </Cell>
                <Cell>{h.actions[entry.action]}</Cell>
                <Cell className="min-w-48 max-w-80">
                  <ChangeList entry={entry} className="text-xs" />
                  {/* Only a line's versions are restored (history.restore). */}
                  {onRestore && entry.record_type === 'detail_program' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-2"
                      // The visible words first (axe: label-content-name-mismatch), then which.
                      aria-label={`${restoringId === entry.id ? h.restoring : h.restore}: ${recordName(entry, messages)}, ${h.actions[entry.action]}`}
                      isPending={restoringId === entry.id}
                      isDisabled={restoringId !== null && restoringId !== entry.id}
                      onPress={() => void onRestore(entry)}
                    >
                      {restoringId === entry.id ? h.restoring : h.restore}
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </AdminPage>
  );
}
