import { useCallback, useEffect, useMemo, useState } from 'react';
import { useBudgetYear } from '../../data/budget-year.js';
import { type ReadOptions, useBudgetLines } from '../../data/queries.js';
import { listQueryOf, type ReportListView } from './report-view.js';

export interface LineListOptions extends ReadOptions {
  /** Where the list starts (its order) and where 'Hapus Filter' returns. */
  defaults: ReportListView;
  /** The view its caller keeps (the portal: the URL); without it the list keeps its own. */
  view?: ReportListView | undefined;
  onViewChange?: ((view: ReportListView) => void) | undefined;
  pageSize: number;
}

/**
 * A report list's view and the page of lines it shows, for both lists: the view is the caller's
 * or the list's own, and a page past the end (the last line of the last page deleted, an old
 * link) moves back to the last page once the answer says how many there are. Its year is the
 * budget year of every screen (`useBudgetYear`): choosing another year in the list chooses it
 * for all of them, and 'Hapus Filter' keeps it.
 */
export function useLineList({
  defaults: givenDefaults,
  view: given,
  onViewChange,
  pageSize,
  enabled,
}: LineListOptions) {
  const budget = useBudgetYear();
  const { year, setYear } = budget;
  const [own, setOwn] = useState(givenDefaults);
  const defaults = useMemo(() => ({ ...givenDefaults, year }), [givenDefaults, year]);
  const shown = given ?? own;
  const view = useMemo(() => ({ ...shown, year }), [shown, year]);
  const keep = onViewChange ?? setOwn;
  const setView = useCallback(
    (next: ReportListView) => {
      if (next.year !== null && next.year !== year) setYear(next.year);
      else keep(next);
    },
    [year, setYear, keep],
  );
  const list = useBudgetLines(listQueryOf(view, pageSize), { enabled });
  const totalPages = list.data?.filter.total_page ?? 1;
  useEffect(() => {
    // Only against a loaded answer for this view: before it, the page count is not known.
    if (list.isSuccess && !list.isPlaceholderData && view.page > totalPages) {
      setView({ ...view, page: totalPages });
    }
  }, [view, totalPages, setView, list.isSuccess, list.isPlaceholderData]);
  return {
    view,
    setView,
    defaults,
    years: budget.years,
    list,
    totalPages,
    page: Math.min(view.page, totalPages),
  };
}
