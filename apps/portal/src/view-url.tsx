import { ReportYear } from '@ranwal/core';
import {
  activeAdminNavItem,
  BudgetYearProvider,
  MONTH_PARAM,
  type NavLinkProps,
  PAGE_PARAM,
  type ViewParams,
  ViewParamsProvider,
  YEAR_PARAM,
} from '@ranwal/ui';
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';

/** The budget year a URL's query names, or null (the server's default then). */
export function yearInUrl(params: URLSearchParams): number | null {
  const year = ReportYear.safeParse(params.get(YEAR_PARAM));
  return year.success ? year.data : null;
}

/**
 * `href` with what the person chose kept from `params`: the budget year on every link, and the
 * month under review (`?bulan=2026-03`) on a link to another page of a month (Realisasi, Laporan
 * Bulanan, Peta Kegiatan), so a month chosen on one is the month the next opens on.
 */
export function withChosenViewOf(href: string, params: URLSearchParams): string {
  const year = yearInUrl(params);
  const month = params.get(MONTH_PARAM);
  const url = new URL(href, 'http://portal.invalid');
  if (year !== null) url.searchParams.set(YEAR_PARAM, String(year));
  if (month !== null && activeAdminNavItem(url.pathname)?.keepsMonth) {
    url.searchParams.set(MONTH_PARAM, month);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A navigation link (the sidebar's, a unit's pages) as a router link keeping the chosen view. */
export function useViewLink(): (props: NavLinkProps) => ReactNode {
  const [params] = useSearchParams();
  return ({ href, children, ...props }) => (
    <Link to={withChosenViewOf(href, params)} {...props}>
      {children}
    </Link>
  );
}

/**
 * The URL's query and its change, each change made on the last one even before the router
 * shows it (react-router's own updater gets the query of the last render, so two changes in one
 * event would lose the first: choosing a year, then the list's first page). A change that
 * changes nothing is not a navigation.
 */
function useQueryInUrl(): ViewParams {
  const [params, setSearchParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const setParams = useCallback<ViewParams['setParams']>(
    (update, options) => {
      const next = update(new URLSearchParams(latest.current));
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setSearchParams(next, options);
    },
    [setSearchParams],
  );
  return { params, setParams };
}

/**
 * A signed-in page's view, kept in the URL's query: a reload, a shared link and Back keep it.
 * The budget year (`?tahun=2027`; without it the server's default, the year whose stage is
 * running), which the sidebar carries page to page and whose change starts a list on its first
 * page; and an admin list's filters, search and page (`ViewParamsProvider`, e.g.
 * `?jenis=SSH&q=kertas&page=2`; docs/ui.md names each page's).
 */
export function ViewInUrl({ children }: { children: ReactNode }) {
  const { params, setParams } = useQueryInUrl();
  const year = yearInUrl(params);
  const onYearChange = useCallback(
    (next: number) =>
      setParams((current) => {
        current.set(YEAR_PARAM, String(next));
        current.delete(PAGE_PARAM);
        return current;
      }),
    [setParams],
  );
  return (
    <ViewParamsProvider params={params} setParams={setParams}>
      <BudgetYearProvider year={year} onYearChange={onYearChange}>
        {children}
      </BudgetYearProvider>
    </ViewParamsProvider>
  );
}
