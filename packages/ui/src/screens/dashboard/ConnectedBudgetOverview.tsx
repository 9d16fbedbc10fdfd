import { currentYear } from '@ranwal/core';
import { useState } from 'react';
import { describeError } from '../../data/errors.js';
import { useBudgetSummary } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { BudgetOverview, budgetYearOptions } from './BudgetOverview.js';

export interface ConnectedBudgetOverviewProps {
  /**
   * The year shown first; by default the server's choice: the current budget year (the
   * calendar year in Asia/Jakarta).
   */
  initialYear?: number;
  className?: string;
}

/**
 * `BudgetOverview` loading a year's summary through the RanwalProvider's client (admin only);
 * the picker offers every year that has lines and the current year.
 */
export function ConnectedBudgetOverview({ initialYear, className }: ConnectedBudgetOverviewProps) {
  const text = useMessages().adminDashboard.budget;
  const [thisYear] = useState(() => currentYear());
  const [chosenYear, setYear] = useState(initialYear);
  const summary = useBudgetSummary(chosenYear === undefined ? {} : { year: chosenYear });
  const figures = summary.data?.data;
  const year = chosenYear ?? figures?.year ?? thisYear;
  return (
    <BudgetOverview
      year={year}
      years={budgetYearOptions(figures?.years ?? [], year, thisYear)}
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
