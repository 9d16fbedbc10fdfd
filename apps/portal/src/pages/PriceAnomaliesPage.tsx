import {
  anomalyViewFromParams,
  anomalyViewToParams,
  ConnectedPriceAnomalies,
  type PriceAnomalyView,
  YEAR_PARAM,
} from '@ranwal/ui';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `/admin-anomali-harga`: the year's price anomalies (issue 34), the finding kind, search and
 * page kept in the URL (`?temuan=volume&q=lem&page=2`) beside the budget year (`?tahun=`).
 */
export default function PriceAnomaliesPage() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for params.
  const view = useMemo(() => anomalyViewFromParams(params), [query]);
  const setView = useCallback(
    (next: PriceAnomalyView) =>
      setParams((current) => {
        const updated = anomalyViewToParams(next);
        const year = current.get(YEAR_PARAM);
        if (year !== null) updated.set(YEAR_PARAM, year);
        return updated;
      }),
    [setParams],
  );
  return <ConnectedPriceAnomalies view={view} onViewChange={setView} />;
}
