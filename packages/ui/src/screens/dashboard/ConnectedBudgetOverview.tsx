import { useBudgetYear } from '../../data/budget-year.js';
import { describeError } from '../../data/errors.js';
import { useBudgetSummary } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { BudgetOverview, budgetYearOptions } from './BudgetOverview.js';

export interface ConnectedBudgetOverviewProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  className?: string;
}

/**
 * `BudgetOverview` loading a year's summary through the RanwalProvider's client (admin only);
 * the picker offers every year that has lines and the budget years (`useBudgetYear`).
 */
export function ConnectedBudgetOverview({ initialYear, className }: ConnectedBudgetOverviewProps) {
  const text = useMessages().adminDashboard.budget;
  const { year, years, setYear } = useBudgetYear(initialYear);
  const summary = useBudgetSummary({ year });
  const figures = summary.data?.data;
  return (
    <BudgetOverview
      year={year}
      years={budgetYearOptions(figures?.years ?? [], ...years)}
      onYearChange={setYear}
      summary={figures}
      isLoading={summary.isPending}
      isRefreshing={summary.isPlaceholderData}
      error={summary.isError ? describeError(summary.error, text.fetchFailed) : null}
      onRetry={() => void summary.refetch()}
      className={className}
    />
  );
}
