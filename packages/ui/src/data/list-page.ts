import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { NumberedPaginationProps } from '../components/Pagination.js';
import { SEARCH_DEBOUNCE_MS } from '../lib/timing.js';
import { useDebouncedSearch } from '../lib/use-debounced.js';
import { useBudgetYear } from './budget-year.js';
import { describeError } from './errors.js';

/** A list query's states as an admin page shows them: loading, the error with 'Coba lagi'. */
export function listStates(query: UseQueryResult<unknown>, fallback: string) {
  return {
    isLoading: query.isPending,
    error: query.isError ? describeError(query.error, fallback) : null,
    onRetry: () => void query.refetch(),
  };
}

/** What a paged answer says of its pages (the envelope's `filter`). */
export interface PageCounts {
  total_page: number;
  filtered_result: number;
}

/**
 * An admin list's pagination over the answer's page counts; a page beyond the last (another
 * year or filter has fewer) moves back to the last.
 */
export function usePagination(
  page: number,
  setPage: (page: number) => void,
  counts: PageCounts | undefined,
  pageSize: number,
): NumberedPaginationProps | undefined {
  const lastPage = Math.max(1, counts?.total_page ?? 1);
  const known = counts !== undefined;
  useEffect(() => {
    if (known && page > lastPage) setPage(lastPage);
  }, [known, page, lastPage, setPage]);
  return (
    counts && {
      page: Math.min(page, lastPage),
      totalPages: counts.total_page,
      totalItems: counts.filtered_result,
      pageSize,
      onChange: setPage,
    }
  );
}

/** What a filter holds: a chosen id or typed text; null or blank is no narrowing. */
type FilterValue = string | null;
/** The filters that narrow, blank text and nothing chosen left out, text trimmed. */
export type Narrowing<F> = { [K in keyof F]?: NonNullable<F[K]> };

/**
 * A list page's view: its filters and the page; a changed filter goes back to the first page.
 * `narrowing` is what the list query sends of the filters, `isNarrowed` says the empty table
 * means nothing matched.
 */
export function useListView<F extends Record<string, FilterValue>>(initialFilters: F) {
  const [filters, setAll] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const setFilters = useCallback((change: Partial<F>) => {
    setAll((current) => ({ ...current, ...change }));
    setPage(1);
  }, []);
  const narrowing: Narrowing<F> = {};
  for (const key of Object.keys(filters) as (keyof F)[]) {
    const value = filters[key]?.trim();
    if (value) narrowing[key] = value as NonNullable<F[keyof F]>;
  }
  return {
    filters,
    setFilters,
    narrowing,
    isNarrowed: Object.keys(narrowing).length > 0,
    page,
    setPage,
  };
}

/**
 * `useListView` of a budget year's list: the year (`useBudgetYear`) and `yearSelect`, the year
 * choice's props, which goes back to the first page.
 */
export function useYearListView<F extends Record<string, FilterValue>>(
  initialFilters: F,
  initialYear?: number,
) {
  const view = useListView(initialFilters);
  const { year, years, setYear } = useBudgetYear(initialYear);
  const { setPage } = view;
  const onChange = useCallback(
    (next: number) => {
      setYear(next);
      setPage(1);
    },
    [setYear, setPage],
  );
  return { ...view, year, yearSelect: { year, years, onChange } };
}

/**
 * A list's search box, asked of the server once typing pauses (spec section 9), back to the
 * first page: `field` goes to its `SearchField`, `narrowing` to the list query.
 */
export function useListSearch(setPage: (page: number) => void) {
  const [text, setText, search] = useDebouncedSearch('', SEARCH_DEBOUNCE_MS, () => setPage(1));
  return {
    field: { value: text, onChange: setText },
    narrowing: search ? { search } : {},
    isNarrowed: search !== '',
  };
}

/**
 * A list page's states (`listStates`) and pages (`usePagination`) for its view, to spread on an
 * `AdminPage` screen.
 */
export function useListPage(
  query: UseQueryResult<{ filter?: PageCounts | undefined }>,
  view: { page: number; setPage: (page: number) => void },
  pageSize: number,
  fallback: string,
) {
  const pagination = usePagination(view.page, view.setPage, query.data?.filter, pageSize);
  return { ...listStates(query, fallback), pagination };
}
