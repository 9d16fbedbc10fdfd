import { ReportYear } from '@ranwal/core';
import { BudgetYearProvider, YEAR_PARAM } from '@ranwal/ui';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The budget year a URL's query names, or null (the server's default then). */
export function yearInUrl(params: URLSearchParams): number | null {
  const year = ReportYear.safeParse(params.get(YEAR_PARAM));
  return year.success ? year.data : null;
}

/** `href` with the chosen year of `params` kept: the sidebar's links carry it page to page. */
export function withYearOf(href: string, params: URLSearchParams): string {
  const year = yearInUrl(params);
  if (year === null) return href;
  const url = new URL(href, 'http://portal.invalid');
  url.searchParams.set(YEAR_PARAM, String(year));
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The budget year of a signed-in page, kept in the URL (`?tahun=2027`): a reload, a shared
 * link, Back and the sidebar keep it; without it, the server's default (the year whose stage is
 * running). Choosing a year starts a list on its first page.
 */
export function BudgetYearInUrl({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const year = yearInUrl(params);
  const onYearChange = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set(YEAR_PARAM, String(next));
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return (
    <BudgetYearProvider year={year} onYearChange={onYearChange}>
      {children}
    </BudgetYearProvider>
  );
}
