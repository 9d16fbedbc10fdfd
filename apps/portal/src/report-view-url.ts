import {
  type ReportListView,
  reportViewFromParams,
  reportViewToParams,
  YEAR_PARAM,
} from '@ranwal/ui';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A report list's view kept in the URL's query (`?q=…&program=…&page=…`), so a reload, the back
 * button or a shared link shows the same lines. Only what differs from `defaults` is written;
 * the budget year (`?tahun=`, every page's) is kept as it is.
 */
export function useReportViewInUrl(
  defaults: ReportListView,
): [ReportListView, (view: ReportListView) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for params.
  const view = useMemo(() => reportViewFromParams(params, defaults), [query, defaults]);
  const setView = useCallback(
    (next: ReportListView) =>
      setParams((current) => {
        const params = reportViewToParams(next, defaults);
        const year = current.get(YEAR_PARAM);
        if (year !== null) params.set(YEAR_PARAM, year);
        return params;
      }),
    [setParams, defaults],
  );
  return [view, setView];
}
