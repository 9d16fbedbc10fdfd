import { currentYear } from '@ranwal/core';
import { useState } from 'react';
import { describeError } from '../../data/errors.js';
import { usePaguSummary } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { planningYearChoices } from '../planning/planning-parts.js';
import { PaguOverview } from './PaguOverview.js';

export interface ConnectedPaguOverviewProps {
  /** The year shown first; the current budget year by default. */
  initialYear?: number;
  className?: string;
}

/**
 * `PaguOverview` loading a year's `pagu.summary` through the RanwalProvider's client (admin
 * only); its query sits under the reports key, so a line written or a pagu set refreshes it.
 */
export function ConnectedPaguOverview({ initialYear, className }: ConnectedPaguOverviewProps) {
  const t = useMessages().planning.overview;
  const [year, setYear] = useState(() => initialYear ?? currentYear());
  const summary = usePaguSummary(year);
  return (
    <PaguOverview
      year={year}
      years={planningYearChoices(year)}
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
