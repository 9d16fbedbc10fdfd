import type { BudgetLineListQuery, ListFilter } from '@ranwal/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBudgetYear } from '../../data/budget-year.js';
import { usePendingView } from '../../data/list-page.js';
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

/** A step to the next or previous page: asked by the position the page shown gave. */
interface CursorStep {
  /** The view it steps in, its page left out (`viewKey`). */
  within: string;
  page: number;
  cursor: Pick<BudgetLineListQuery, 'after' | 'before'>;
}

/** A view without its page: steps are only taken within one search, filter and order. */
const viewKey = (view: ReportListView) => JSON.stringify({ ...view, page: 0 });

/**
 * A report list's view and the page of lines it shows, for both lists: the view is the caller's
 * or the list's own, and a page past the end (the last line of the last page deleted, an old
 * link) moves back to the last page once the answer says how many there are (unless the count
 * stopped at its bound: more pages follow). Its year is the budget year of every screen
 * (`useBudgetYear`): choosing another year in the list chooses it for all of them, and 'Hapus
 * Filter' keeps it. 'Selanjutnya' and 'Sebelumnya' are asked by the position the page shown
 * gave (`after`/`before`, issue 39), so a page deep in a long list costs what the first does;
 * a page chosen by number, a reload or a link is asked by number.
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
  // The portal keeps the view in its URL, which has a change a moment later.
  const [pending, showPending] = usePendingView<ReportListView>(given);
  const shown = given === undefined ? own : (pending ?? given);
  const view = useMemo(() => ({ ...shown, year }), [shown, year]);
  const keep = useCallback(
    (next: ReportListView) => {
      if (given === undefined) setOwn(next);
      else if (onViewChange) showPending(() => next, given);
      onViewChange?.(next);
    },
    [onViewChange, given, showPending],
  );
  const [step, setStep] = useState<CursorStep | null>(null);
  /** The answer for the view shown (not a placeholder): the positions to step from. */
  const shownAnswer = useRef<{ view: ReportListView; filter: ListFilter } | null>(null);
  const setView = useCallback(
    (next: ReportListView) => {
      if (next.year !== null && next.year !== year) return setYear(next.year);
      const shown = shownAnswer.current;
      const within = viewKey(next);
      const cursor =
        shown && viewKey(shown.view) === within && next.page > 1
          ? next.page === shown.view.page + 1 && shown.filter.next_cursor
            ? { after: shown.filter.next_cursor }
            : next.page === shown.view.page - 1 && shown.filter.prev_cursor
              ? { before: shown.filter.prev_cursor }
              : null
          : null;
      setStep(cursor ? { within, page: next.page, cursor } : null);
      keep(next);
    },
    [year, setYear, keep],
  );
  const stepped = step && step.page === view.page && step.within === viewKey(view) ? step : null;
  const list = useBudgetLines({ ...listQueryOf(view, pageSize), ...stepped?.cursor }, { enabled });
  useEffect(() => {
    if (list.data && !list.isPlaceholderData) {
      shownAnswer.current = { view, filter: list.data.filter };
    }
  }, [view, list.data, list.isPlaceholderData]);
  const totalPages = list.data?.filter.total_page ?? 1;
  const moreThanTotal = list.data?.filter.filtered_bounded === true;
  useEffect(() => {
    // Only against a loaded answer for this view: before it, the page count is not known.
    if (list.isSuccess && !list.isPlaceholderData && !moreThanTotal && view.page > totalPages) {
      setView({ ...view, page: totalPages });
    }
  }, [view, totalPages, moreThanTotal, setView, list.isSuccess, list.isPlaceholderData]);
  return {
    view,
    setView,
    defaults,
    years: budget.years,
    list,
    totalPages: moreThanTotal ? Math.max(totalPages, view.page) : totalPages,
    /** The count stopped at its bound: 'dari lebih dari 10.000 hasil'. */
    moreThanTotal,
    page: moreThanTotal ? view.page : Math.min(view.page, totalPages),
  };
}
