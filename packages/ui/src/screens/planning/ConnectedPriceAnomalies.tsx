import {
  PriceAnomalyKind,
  priceAnomalyKinds,
  VOLUME_OUTLIER_FACTOR,
  VOLUME_OUTLIER_MIN_LINES,
} from '@ranwal/core';
import { useState } from 'react';
import { FilterBar, SearchField } from '../../components/FilterBar.js';
import { Select, SelectItem } from '../../components/Select.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useListPage } from '../../data/list-page.js';
import { usePriceAnomalies } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedSearch } from '../../lib/use-debounced.js';
import { PriceAnomalies } from './PriceAnomalies.js';
import { YearSelect } from './planning-parts.js';

/** Findings per page of the Anomali Harga page. */
export const ANOMALY_PAGE_SIZE = 20;
/** The kind filter's 'all' option. */
const ALL_KINDS = 'all';

/**
 * What the Anomali Harga page shows besides its year (the budget year of every screen): the
 * finding kind, the search and the page. The portal keeps it in the URL.
 */
export interface PriceAnomalyView {
  kind: PriceAnomalyKind | null;
  search: string;
  page: number;
}

export const defaultAnomalyView: PriceAnomalyView = { kind: null, search: '', page: 1 };

/** The view a URL's query describes (`?temuan=volume&q=lem&page=2`); a bad part keeps its default. */
export function anomalyViewFromParams(params: URLSearchParams): PriceAnomalyView {
  const kind = PriceAnomalyKind.safeParse(params.get('temuan'));
  const page = Number(params.get('page'));
  return {
    kind: kind.success ? kind.data : null,
    search: (params.get('q') ?? '').slice(0, 200),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query of a view: only what differs from the default. */
export function anomalyViewToParams(view: PriceAnomalyView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind) params.set('temuan', view.kind);
  if (view.search) params.set('q', view.search);
  if (view.page !== 1) params.set('page', String(view.page));
  return params;
}

export interface ConnectedPriceAnomaliesProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  /** The kind, search and page shown, with `onViewChange`: the portal keeps them in the URL. */
  view?: PriceAnomalyView;
  onViewChange?: (view: PriceAnomalyView) => void;
  pageSize?: number;
}

/**
 * `PriceAnomalies` over the RanwalProvider's client (`priceItem.anomalies`, admin only): the
 * budget year, the finding kind and a search narrow the list.
 */
export function ConnectedPriceAnomalies({
  initialYear,
  view: givenView,
  onViewChange,
  pageSize = ANOMALY_PAGE_SIZE,
}: ConnectedPriceAnomaliesProps) {
  const t = useMessages().planning.anomalies;
  const { year, years, setYear } = useBudgetYear(initialYear);
  const [ownView, setOwnView] = useState(givenView ?? defaultAnomalyView);
  const view = givenView ?? ownView;
  const setView = (next: PriceAnomalyView) => {
    setOwnView(next);
    onViewChange?.(next);
  };
  const [text, setText, search] = useDebouncedSearch(view.search, SEARCH_DEBOUNCE_MS, (typed) =>
    setView({ ...view, search: typed, page: 1 }),
  );
  const list = usePriceAnomalies({
    year,
    page: view.page,
    limit: pageSize,
    ...(search ? { search } : {}),
    ...(view.kind ? { kind: view.kind } : {}),
  });
  const listPage = useListPage(
    list,
    { page: view.page, setPage: (page) => setView({ ...view, page }) },
    pageSize,
    t.fetchFailed,
  );

  return (
    <PriceAnomalies
      year={year}
      anomalies={list.data?.data ?? []}
      volumeRule={{ factor: VOLUME_OUTLIER_FACTOR, minLines: VOLUME_OUTLIER_MIN_LINES }}
      {...listPage}
      isNarrowed={Boolean(search || view.kind)}
      controls={
        <FilterBar
          label={t.search}
          className="sm:grid-cols-2 lg:grid-cols-[8rem_14rem_minmax(0,1fr)]"
        >
          <YearSelect
            year={year}
            years={years}
            onChange={(next) => {
              setYear(next);
              setView({ ...view, page: 1 });
            }}
          />
          <Select
            label={t.kind}
            items={[ALL_KINDS, ...priceAnomalyKinds].map((id) => ({ id }))}
            value={view.kind ?? ALL_KINDS}
            onChange={(key) => {
              const kind = key === ALL_KINDS || key === null ? null : (key as PriceAnomalyKind);
              setView({ ...view, kind, page: 1 });
            }}
          >
            {(option) => (
              <SelectItem id={option.id}>
                {option.id === ALL_KINDS ? t.allKinds : t.kinds[option.id as PriceAnomalyKind]}
              </SelectItem>
            )}
          </Select>
          <SearchField
            label={t.search}
            placeholder={t.searchPlaceholder}
            value={text}
            onChange={setText}
          />
        </FilterBar>
      }
    />
  );
}
