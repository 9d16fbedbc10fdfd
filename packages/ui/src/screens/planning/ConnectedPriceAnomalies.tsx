import {
  PriceAnomalyKind,
  priceAnomalyKinds,
  VOLUME_OUTLIER_FACTOR,
  VOLUME_OUTLIER_MIN_LINES,
} from '@ranwal/core';
import { FilterBar, SearchField } from '../../components/FilterBar.js';
import { AllOrOneSelect } from '../../components/Select.js';
import { type FilterParams, useListPage, useSearchedYearList } from '../../data/list-page.js';
import { usePriceAnomalies } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { PriceAnomalies } from './PriceAnomalies.js';
import { YearSelect } from './planning-parts.js';

/** Findings per page of the Anomali Harga page. */
export const ANOMALY_PAGE_SIZE = 20;
/** The kind filter's 'all' option. */

/** The finding kind chosen. */
type AnomalyFilters = { kind: PriceAnomalyKind | null };

/** The kind in the portal's URL (`?temuan=volume&q=lem&page=2`). */
const anomalyParams: FilterParams<AnomalyFilters> = {
  kind: { name: 'temuan', schema: PriceAnomalyKind },
};

export interface ConnectedPriceAnomaliesProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  pageSize?: number;
}

/**
 * `PriceAnomalies` over the RanwalProvider's client (`priceItem.anomalies`, admin only): the
 * budget year, the finding kind and a search narrow the list.
 */
export function ConnectedPriceAnomalies({
  initialYear,
  pageSize = ANOMALY_PAGE_SIZE,
}: ConnectedPriceAnomaliesProps) {
  const t = useMessages().planning.anomalies;
  const { view, search, query, isNarrowed } = useSearchedYearList<AnomalyFilters>(
    { kind: null },
    { initialYear, params: anomalyParams, pageSize },
  );
  const list = usePriceAnomalies(query);
  const listPage = useListPage(list, view, pageSize, t.fetchFailed);

  return (
    <PriceAnomalies
      year={view.year}
      anomalies={list.data?.data ?? []}
      volumeRule={{ factor: VOLUME_OUTLIER_FACTOR, minLines: VOLUME_OUTLIER_MIN_LINES }}
      {...listPage}
      isNarrowed={isNarrowed}
      controls={
        <FilterBar
          label={t.search}
          className="sm:grid-cols-2 lg:grid-cols-[8rem_14rem_minmax(0,1fr)]"
        >
          <YearSelect {...view.yearSelect} />
          <AllOrOneSelect
            label={t.kind}
            allLabel={t.allKinds}
            options={priceAnomalyKinds.map((id) => ({ id, name: t.kinds[id] }))}
            value={view.filters.kind}
            onChange={(kind) => view.setFilters({ kind })}
          />
          <SearchField label={t.search} placeholder={t.searchPlaceholder} {...search.field} />
        </FilterBar>
      }
    />
  );
}
