import type { HistoryEntry } from '@ranwal/core';
import { useId } from 'react';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { ChangeList } from './ChangeList.js';
import { actorText } from './history-diff.js';

export interface LineHistoryProps {
  /** The line's changes, oldest first. */
  entries: readonly HistoryEntry[];
  isLoading?: boolean;
  /** Why the history could not be loaded; shown instead of it. */
  error?: string | null;
  onRetry?: () => void;
  /** Brings the line back to an entry's version; without it (a reader only) no entry offers it. */
  onRestore?: ((entry: HistoryEntry) => unknown) | undefined;
  /** The entry being restored: its button waits, the others are held. */
  restoringId?: number | null;
  /** More changes than shown: 'Muat lebih banyak' below them calls `onLoadMore`. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
}

/**
 * 'Riwayat Perubahan' of one budget line: when, who and what each change was, an edit as the
 * fields it changed ('Harga: Rp 1.000 → Rp 1.500'), and for an admin a restore per version.
 */
export function LineHistory({
  entries,
  isLoading = false,
  error = null,
  onRetry,
  onRestore,
  restoringId = null,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
}: LineHistoryProps) {
  const messages = useMessages();
  const h = messages.history;
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {h.title}
      </h3>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : isLoading ? (
        <LoadingState />
      ) : entries.length === 0 ? (
        <EmptyState text={h.empty} />
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-2 rounded-md bg-slate-50 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                {/* Names the version its restore button brings back. */}
                <p id={`${titleId}-${entry.id}`} className="flex flex-col text-sm">
                  <span className="font-medium text-slate-900">
                    {h.byActor(h.actions[entry.action], actorText(entry, messages))}
                  </span>
                  <DateText value={entry.changed_at} format="long" className="text-slate-600" />
                </p>
                {onRestore && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-describedby={`${titleId}-${entry.id}`}
                    isPending={restoringId === entry.id}
                    isDisabled={restoringId !== null && restoringId !== entry.id}
                    onPress={() => void onRestore(entry)}
                  >
                    {restoringId === entry.id ? h.restoring : h.restore}
                  </Button>
                )}
              </div>
              <ChangeList entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {!error && !isLoading && hasMore && onLoadMore && (
        <div>
          <Button variant="secondary" size="sm" isPending={isLoadingMore} onPress={onLoadMore}>
            {messages.pagination.loadMore}
          </Button>
        </div>
      )}
    </section>
  );
}
