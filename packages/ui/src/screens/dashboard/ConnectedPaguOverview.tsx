import { useBudgetYear } from '../../data/budget-year.js';
import { describeError } from '../../data/errors.js';
import { usePaguSummary } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { PaguOverview } from './PaguOverview.js';

export interface ConnectedPaguOverviewProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  className?: string;
}

/**
 * `PaguOverview` loading a year's `pagu.summary` through the RanwalProvider's client (admin
 * only); its query sits under the reports key, so a line written or a pagu set refreshes it.
 */
export function ConnectedPaguOverview({ initialYear, className }: ConnectedPaguOverviewProps) {
  const t = useMessages().planning.overview;
  const { year, years, setYear } = useBudgetYear(initialYear);
  const summary = usePaguSummary(year);
  return (
    <PaguOverview
      year={year}
      years={years}
      onYearChange={setYear}
      summary={summary.data?.data}
      isLoading={summary.isPending}
      isRefreshing={summary.isPlaceholderData}
      error={summary.isError ? describeError(summary.error, t.fetchFailed) : null}
      onRetry={() => void summary.refetch()}
      className={className}
    />
  );
}
