import { useEffect, useState } from 'react';
import { type ReadOptions, useBudgetLines } from '../../data/queries.js';
import { listQueryOf, type ReportListView } from './report-view.js';

export interface LineListOptions extends ReadOptions {
  /** Where the list starts (its year, order) and where 'Hapus Filter' returns. */
  defaults: ReportListView;
  /** The view its caller keeps (the portal: the URL); without it the list keeps its own. */
  view?: ReportListView | undefined;
  onViewChange?: ((view: ReportListView) => void) | undefined;
  pageSize: number;
}

/**
 * A report list's view and the page of lines it shows, for both lists: the view is the caller's
 * or the list's own, and a page past the end (the last line of the last page deleted, an old
 * link) moves back to the last page once the answer says how many there are.
 */
export function useLineList({
  defaults,
  view: given,
  onViewChange,
  pageSize,
  enabled,
}: LineListOptions) {
  const [own, setOwn] = useState(defaults);
  const view = given ?? own;
  const setView = onViewChange ?? setOwn;
  const list = useBudgetLines(listQueryOf(view, pageSize), { enabled });
  const totalPages = list.data?.filter.total_page ?? 1;
  useEffect(() => {
    // Only against a loaded answer for this view: before it, the page count is not known.
    if (list.isSuccess && !list.isPlaceholderData && view.page > totalPages) {
      setView({ ...view, page: totalPages });
    }
  }, [view, totalPages, setView, list.isSuccess, list.isPlaceholderData]);
  return { view, setView, list, totalPages, page: Math.min(view.page, totalPages) };
}
