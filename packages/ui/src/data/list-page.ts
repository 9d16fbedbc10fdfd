import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NumberedPaginationProps } from '../components/Pagination.js';
import { PAGE_PARAM, SEARCH_PARAM } from '../lib/portal-url.js';
import { SEARCH_DEBOUNCE_MS } from '../lib/timing.js';
import { useDebouncedSearch } from '../lib/use-debounced.js';
import { useBudgetYear } from './budget-year.js';
import { describeError } from './errors.js';
import { useViewParams, type ViewParamsChange } from './view-params.js';

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
  /** The count stopped at its bound and more match (the history's, issue 39). */
  filtered_bounded?: boolean | undefined;
}

/**
 * An admin list's pagination over the answer's page counts; a page beyond the last (another
 * year or filter has fewer) moves back to the last, in place of the history entry. A count the
 * server stopped at its bound shows as 'lebih dari 10.000'.
 */
export function usePagination(
  page: number,
  setPage: (page: number, options?: ViewParamsChange) => void,
  counts: PageCounts | undefined,
  pageSize: number,
): NumberedPaginationProps | undefined {
  const lastPage = Math.max(1, counts?.total_page ?? 1);
  // A count that stopped at its bound does not know the last page: none is 'past' it.
  const bounded = counts?.filtered_bounded === true;
  const known = counts !== undefined && !bounded;
  useEffect(() => {
    // Not a step of its own: Back would come to the page past the last again.
    if (known && page > lastPage) setPage(lastPage, { replace: true });
  }, [known, page, lastPage, setPage]);
  return (
    counts && {
      page: bounded ? page : Math.min(page, lastPage),
      totalPages: bounded ? Math.max(lastPage, page) : counts.total_page,
      totalItems: counts.filtered_result,
      moreThanTotal: bounded,
      pageSize,
      onChange: setPage,
    }
  );
}

/** What a filter holds: a chosen id or typed text; null or blank is no narrowing. */
type FilterValue = string | null;
/** The filters that narrow, blank text and nothing chosen left out, text trimmed. */
export type Narrowing<F> = { [K in keyof F]?: NonNullable<F[K]> };

/** What a value read from the URL must be, else its filter keeps its default: a core schema. */
export interface ParamSchema<T> {
  safeParse(value: unknown): { success: boolean; data?: T | undefined };
}

/** A filter's parameter in the URL's query: its name and what its value must be. */
export interface FilterParam<T> {
  name: string;
  schema: ParamSchema<T>;
}

/**
 * The parameters of a list's filters; a filter left out is kept under its own key, as any text.
 * The search is `q` (`SEARCH_PARAM`) and the page `page` (`PAGE_PARAM`) on every list.
 */
export type FilterParams<F> = { [K in keyof F]?: FilterParam<NonNullable<F[K]>> };

/** What a list page shows: its filters, the search and the page. */
export interface ListView<F> {
  filters: F;
  search: string;
  page: number;
}

/** Longest search a URL gives a list (as the report lists'). */
const SEARCH_MAX = 200;

/**
 * The view a URL's query describes (`?perangkat-daerah=<id>&q=kertas&page=2`): a filter whose
 * parameter is missing or does not read as its schema keeps its default, as do the search and
 * the page.
 */
export function listViewFromParams<F extends Record<string, FilterValue>>(
  query: URLSearchParams,
  defaults: F,
  params: FilterParams<F> = {},
): ListView<F> {
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    const text = query.get(params[key]?.name ?? key);
    if (text === null) continue;
    const schema = params[key]?.schema;
    const parsed = schema ? schema.safeParse(text) : { success: true, data: text };
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data as F[typeof key];
  }
  const page = Number(query.get(PAGE_PARAM));
  return {
    filters,
    search: (query.get(SEARCH_PARAM) ?? '').trim().slice(0, SEARCH_MAX),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * `query` with `view` written in: only what differs from the defaults (nothing chosen, blank
 * text and the first page are left out); every other parameter (the year, an open sub
 * kegiatan) is kept.
 */
export function listViewToParams<F extends Record<string, FilterValue>>(
  view: ListView<F>,
  defaults: F,
  params: FilterParams<F> = {},
  query: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(query);
  const write = (name: string, value: string | null, fallback: string | null) => {
    if (value === null || value === '' || value === fallback) next.delete(name);
    else next.set(name, value);
  };
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    write(params[key]?.name ?? key, view.filters[key] ?? null, defaults[key] ?? null);
  }
  write(SEARCH_PARAM, view.search.trim(), '');
  write(PAGE_PARAM, String(view.page), '1');
  return next;
}

/**
 * A change to a view its caller keeps, shown at once until the caller's view has it: the
 * portal's URL shows it a moment later (in the router's transition), and a second change made
 * meanwhile must build on the first (a report list's cleared search came back when an order was
 * chosen before the URL had it, CI of 2026-12-01). It lasts while `on`, the caller's view it was
 * made on, stays; Back or Forward ends it too: pressed before the router showed the change, the
 * view comes back to the one it was made on, and the change would otherwise stay shown (a
 * journey saw the new filter after Back, once in two runs). `show(update, current)` shows
 * `update` of the change pending, or of `current` when none is.
 */
export function usePendingView<V>(on: unknown) {
  const [pending, setPending] = useState<{ view: V; on: unknown } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view (ours or Back's) ends it.
  useEffect(() => setPending(null), [on]);
  useEffect(() => {
    const traversed = () => setPending(null);
    window.addEventListener('popstate', traversed);
    return () => window.removeEventListener('popstate', traversed);
  }, []);
  const show = useCallback(
    (update: (view: V) => V, current: V) =>
      setPending((last) => ({
        view: update(last !== null && last.on === on ? last.view : current),
        on,
      })),
    [on],
  );
  return [pending !== null && pending.on === on ? pending.view : undefined, show] as const;
}

/**
 * A list page's view: its filters, the search and the page; a changed filter or search goes
 * back to the first page. Under a `ViewParamsProvider` (the portal's URL) the view lives in its
 * query, under `params`' names (a filter left out under its key), else in the component.
 * `narrowing` is what the list query sends of the filters, `isNarrowed` says the empty table
 * means nothing matched. A filter chosen or a page is a new history entry; what is typed (the
 * search of `useListSearch`, a date: `setFilters(change, { replace: true })`) and a page moved
 * back to the last one rewrite the current entry, so Back does not step through keystrokes.
 */
export function useListView<F extends Record<string, FilterValue>>(
  initialFilters: F,
  params: FilterParams<F> = {},
) {
  const shared = useViewParams();
  // The first render's, as `useState`'s initial value: a literal argument is new each render.
  const [defaults] = useState(initialFilters);
  const [names] = useState(params);
  const [own, setOwn] = useState<ListView<F>>({ filters: initialFilters, search: '', page: 1 });
  const query = shared?.params;
  const queryText = query?.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for the query.
  const inUrl = useMemo(
    () => query && listViewFromParams(query, defaults, names),
    [queryText, defaults, names],
  );
  // A date field typed digit by digit must see each digit's value before the URL has it.
  const [pending, showPending] = usePendingView<ListView<F>>(queryText);
  const view = inUrl ? (pending ?? inUrl) : own;
  const setParams = shared?.setParams;
  const change = useCallback(
    (update: (view: ListView<F>) => ListView<F>, options?: ViewParamsChange) => {
      if (!setParams || !inUrl || queryText === undefined) return setOwn(update);
      showPending(update, inUrl);
      setParams((current) => {
        const next = update(listViewFromParams(current, defaults, names));
        return listViewToParams(next, defaults, names, current);
      }, options);
    },
    [setParams, inUrl, queryText, defaults, names, showPending],
  );
  const setFilters = useCallback(
    (filters: Partial<F>, options?: ViewParamsChange) =>
      change((view) => ({ ...view, filters: { ...view.filters, ...filters }, page: 1 }), options),
    [change],
  );
  const setPage = useCallback(
    (page: number, options?: ViewParamsChange) => change((view) => ({ ...view, page }), options),
    [change],
  );
  const setSearch = useCallback(
    (search: string) => change((view) => ({ ...view, search, page: 1 }), { replace: true }),
    [change],
  );
  const { filters } = view;
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
    page: view.page,
    setPage,
    search: view.search,
    setSearch,
  };
}

/**
 * `useListView` of a budget year's list: the year (`useBudgetYear`) and `yearSelect`, the year
 * choice's props, which goes back to the first page.
 */
export function useYearListView<F extends Record<string, FilterValue>>(
  initialFilters: F,
  initialYear?: number,
  params?: FilterParams<F>,
) {
  const view = useListView(initialFilters, params);
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
 * The list call of a budget year's list page: the view's year, page and filters and the search,
 * `limit` rows a page.
 */
export function yearListQuery<F>(
  view: { year: number; page: number; narrowing: Narrowing<F> },
  search: { narrowing: { search?: string } },
  limit: number,
) {
  return { year: view.year, page: view.page, limit, ...search.narrowing, ...view.narrowing };
}

/**
 * A list's search box over its view's search, asked of the server once typing pauses (spec
 * section 9), back to the first page: `field` goes to its `SearchField`, `narrowing` to the list
 * query. The search that pauses is the view's (in the portal the URL's `q`, rewriting the
 * current history entry rather than adding one per pause); a search the view gets from
 * elsewhere (Back, a link) shows in the box.
 */
export function useListSearch(view: { search: string; setSearch: (search: string) => void }) {
  const { search, setSearch } = view;
  const reported = useRef(search);
  const [text, setText] = useDebouncedSearch(search, SEARCH_DEBOUNCE_MS, (typed) => {
    reported.current = typed;
    if (typed !== search) setSearch(typed);
  });
  useEffect(() => {
    if (search === reported.current) return;
    reported.current = search;
    setText(search);
  }, [search, setText]);
  return {
    field: { value: text, onChange: setText },
    narrowing: search ? { search } : {},
    isNarrowed: search !== '',
  };
}

/**
 * A budget year's list page with a search box, as the pagu, the catalogue, its findings and
 * Verifikasi have it: the view (`useYearListView`), its search (`useListSearch`), the list call
 * (`yearListQuery`, `pageSize` rows a page) and whether a filter or the search narrows it.
 */
export function useSearchedYearList<F extends Record<string, FilterValue>>(
  initialFilters: F,
  options: { initialYear?: number | undefined; params?: FilterParams<F>; pageSize: number },
) {
  const view = useYearListView(initialFilters, options.initialYear, options.params);
  const search = useListSearch(view);
  return {
    view,
    search,
    query: yearListQuery(view, search, options.pageSize),
    isNarrowed: view.isNarrowed || search.isNarrowed,
  };
}

/**
 * A list page's states (`listStates`) and pages (`usePagination`) for its view, to spread on an
 * `AdminPage` screen.
 */
export function useListPage(
  query: UseQueryResult<{ filter?: PageCounts | undefined }>,
  view: { page: number; setPage: (page: number, options?: ViewParamsChange) => void },
  pageSize: number,
  fallback: string,
) {
  const pagination = usePagination(view.page, view.setPage, query.data?.filter, pageSize);
  return { ...listStates(query, fallback), pagination };
}
