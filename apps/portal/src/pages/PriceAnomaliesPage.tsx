import { ConnectedPriceAnomalies } from '@ranwal/ui';

/**
 * `/admin-anomali-harga`: the year's price anomalies (issue 34); the finding kind, search and
 * page kept in the URL (`?temuan=volume&q=lem&page=2`) beside the budget year (`?tahun=`).
 */
export default function PriceAnomaliesPage() {
  return <ConnectedPriceAnomalies />;
}
