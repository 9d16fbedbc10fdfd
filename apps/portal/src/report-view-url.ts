import { type ReportListView, reportViewFromParams, reportViewToParams } from '@ranwal/ui';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A report list's view kept in the URL's query (`?q=…&year=…&program=…&page=…`), so a reload,
 * the back button or a shared link shows the same lines. Only what differs from `defaults` is
 * written.
 */
export function useReportViewInUrl(
  defaults: ReportListView,
): [ReportListView, (view: ReportListView) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for params.
  const view = useMemo(() => reportViewFromParams(params, defaults), [query, defaults]);
  const setView = useCallback(
    (next: ReportListView) => setParams(reportViewToParams(next, defaults)),
    [setParams, defaults],
  );
  return [view, setView];
}
