import type { BudgetLine } from '@ranwal/core';
import { describeError } from '../../data/errors.js';
import { useLineHistory } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { LineHistory } from './LineHistory.js';
import { useRestoreVersion } from './use-restore-version.js';

export interface ConnectedLineHistoryProps {
  lineId: string;
  /** An admin may bring the line back to any version; a user reads their line's history only. */
  canRestore?: boolean;
  /** The line as a restore left it, for what shows beside the history. */
  onRestored?: (line: BudgetLine) => void;
}

/**
 * `LineHistory` over the RanwalProvider's client: `history.line` loads it a page at a time
 * ('Muat lebih banyak' brings the next), `history.restore`
 * restores a version (line lists and histories then refetch) with a toast, so it needs a
 * `ToastProvider` above it.
 */
export function ConnectedLineHistory({
  lineId,
  canRestore = false,
  onRestored,
}: ConnectedLineHistoryProps) {
  const h = useMessages().history;
  const history = useLineHistory(lineId);
  const { onRestore, restoringId, confirmDialog } = useRestoreVersion(onRestored);

  return (
    <>
      <LineHistory
        entries={history.data?.pages.flatMap((page) => page.data) ?? []}
        hasMore={history.hasNextPage}
        isLoadingMore={history.isFetchingNextPage}
        onLoadMore={() => void history.fetchNextPage()}
        isLoading={history.isPending}
        error={history.isError ? describeError(history.error, h.fetchFailed) : null}
        onRetry={() => void history.refetch()}
        onRestore={canRestore ? onRestore : undefined}
        restoringId={restoringId}
      />
      {confirmDialog}
    </>
  );
}
