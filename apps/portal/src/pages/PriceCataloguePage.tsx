import { ConnectedPriceCatalogue } from '@ranwal/ui';

/** `/admin-katalog-harga`: the standard price catalogue per year, items marked open (issue 18). */
export default function PriceCataloguePage() {
  return <ConnectedPriceCatalogue />;
}
