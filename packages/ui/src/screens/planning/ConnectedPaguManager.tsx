import { Id } from '@ranwal/core';
import { useState } from 'react';
import { FilterBar, SearchField } from '../../components/FilterBar.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { describeError } from '../../data/errors.js';
import { type FilterParams, useListPage, useSearchedYearList } from '../../data/list-page.js';
import {
  useEntityList,
  usePaguList,
  usePaguSummary,
  useSetAgencyPagu,
  useSetPagu,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { AGENCY_PARAM } from '../../lib/portal-url.js';
import { AgencyPagu, type AgencyPaguRow } from './AgencyPagu.js';
import { PaguManager } from './PaguManager.js';
import { LevelFilter, YearSelect } from './planning-parts.js';

/** Sub kegiatan per page of the Pagu page. */
export const PAGU_PAGE_SIZE = 10;
/** Perangkat Daerah per page of its pagu section. */
const AGENCY_PAGE_SIZE = 20;

/** The Perangkat Daerah and Program chosen. */
type PaguFilters = { agency_id: string | null; program_id: string | null };

/** The filters in the portal's URL, named as the report lists name them. */
const paguParams: FilterParams<PaguFilters> = {
  agency_id: { name: AGENCY_PARAM, schema: Id },
  program_id: { name: 'program', schema: Id },
};

export interface ConnectedPaguManagerProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  pageSize?: number;
}

/**
 * `PaguManager` over the RanwalProvider's client (admin only): the year, Perangkat Daerah,
 * Program and a search narrow the list; 'Atur Pagu' saves through `pagu.set`, and where agencies
 * exist their own pagu is set below (`pagu.setAgency`). Needs a `ToastProvider`.
 */
export function ConnectedPaguManager({
  initialYear,
  pageSize = PAGU_PAGE_SIZE,
}: ConnectedPaguManagerProps) {
  const m = useMessages();
  const t = m.planning.pagu;
  const toasts = useCallToasts();
  const { view, search, query } = useSearchedYearList<PaguFilters>(
    { agency_id: null, program_id: null },
    { initialYear, params: paguParams, pageSize },
  );
  const { year } = view;
  const list = usePaguList(query);
  const listPage = useListPage(list, view, pageSize, t.fetchFailed);

  const [agencyPage, setAgencyPage] = useState(1);
  const agencies = useEntityList('agency', { page: agencyPage, limit: AGENCY_PAGE_SIZE });
  const summary = usePaguSummary(year);
  const hasAgencies = (agencies.data?.filter.total_result ?? 0) > 0;
  const setPagu = useSetPagu();
  const setAgencyPagu = useSetAgencyPagu();

  const agencyRows = (agencies.data?.data ?? []).map((agency): AgencyPaguRow => {
    const figures = summary.data?.data.agencies.find((row) => row.id === agency.id);
    return {
      id: agency.id,
      code: agency.code ?? null,
      name: agency.name,
      pagu: figures?.pagu ?? null,
      planned: figures?.planned ?? '0',
      remaining: figures?.remaining ?? null,
    };
  });

  return (
    <PaguManager
      year={year}
      rows={list.data?.data ?? []}
      {...listPage}
      showAgency={hasAgencies}
      controls={
        <FilterBar
          label={t.search}
          className="sm:grid-cols-2 lg:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
        >
          <YearSelect {...view.yearSelect} />
          <LevelFilter
            entity="agency"
            value={view.filters.agency_id}
            // Another agency's programme would find nothing: the program filter starts over.
            onChange={(id) => view.setFilters({ agency_id: id, program_id: null })}
          />
          <LevelFilter
            entity="program"
            parentId={view.filters.agency_id}
            value={view.filters.program_id}
            onChange={(id) => view.setFilters({ program_id: id })}
          />
          <SearchField label={t.search} placeholder={t.searchPlaceholder} {...search.field} />
        </FilterBar>
      }
      onSetPagu={async (subActionId, values) => {
        await setPagu.mutateAsync({ sub_action_id: subActionId, year, ...values });
        toasts.success(t.saved);
      }}
    >
      {hasAgencies && (
        <AgencyPagu
          year={year}
          agencies={agencyRows}
          isLoading={agencies.isPending || summary.isPending}
          error={
            agencies.isError || summary.isError
              ? describeError(agencies.error ?? summary.error, t.agencyFetchFailed)
              : null
          }
          onRetry={() => {
            void agencies.refetch();
            void summary.refetch();
          }}
          page={agencyPage}
          totalPages={agencies.data?.filter.total_page ?? 1}
          onPageChange={setAgencyPage}
          onSetPagu={async (agencyId, amount) => {
            await setAgencyPagu.mutateAsync({ agency_id: agencyId, year, amount });
            toasts.success(t.agencySaved);
          }}
        />
      )}
    </PaguManager>
  );
}
