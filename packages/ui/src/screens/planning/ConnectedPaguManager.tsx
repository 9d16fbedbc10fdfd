import { useState } from 'react';
import { TextField } from '../../components/TextField.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { describeError } from '../../data/errors.js';
import { listStates, usePagination } from '../../data/list-page.js';
import {
  useEntityList,
  usePaguList,
  usePaguSummary,
  useSetAgencyPagu,
  useSetPagu,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedSearch } from '../../lib/use-debounced.js';
import { AgencyPagu, type AgencyPaguRow } from './AgencyPagu.js';
import { PaguManager } from './PaguManager.js';
import { LevelFilter, YearSelect } from './planning-parts.js';

/** Sub kegiatan per page of the Pagu page. */
export const PAGU_PAGE_SIZE = 10;
/** Perangkat Daerah per page of its pagu section. */
const AGENCY_PAGE_SIZE = 20;

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
  const toast = useToast();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [text, setText, search] = useDebouncedSearch('', SEARCH_DEBOUNCE_MS, () => setPage(1));
  const list = usePaguList({
    year,
    page,
    limit: pageSize,
    ...(search ? { search } : {}),
    ...(agencyId ? { agency_id: agencyId } : {}),
    ...(programId ? { program_id: programId } : {}),
  });
  const pagination = usePagination(page, setPage, list.data?.filter, pageSize);

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
      {...listStates(list, t.fetchFailed)}
      showAgency={hasAgencies}
      controls={
        <search
          aria-label={t.search}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
        >
          <YearSelect
            year={year}
            years={years}
            onChange={(next) => {
              setYear(next);
              setPage(1);
            }}
          />
          <LevelFilter
            entity="agency"
            value={agencyId}
            onChange={(id) => {
              // Another agency's programme would find nothing: the program filter starts over.
              setAgencyId(id);
              setProgramId(null);
              setPage(1);
            }}
          />
          <LevelFilter
            entity="program"
            parentId={agencyId}
            value={programId}
            onChange={(id) => {
              setProgramId(id);
              setPage(1);
            }}
          />
          <TextField
            label={t.search}
            type="search"
            placeholder={t.searchPlaceholder}
            value={text}
            onChange={setText}
          />
        </search>
      }
      pagination={pagination}
      onSetPagu={async (subActionId, values) => {
        await setPagu.mutateAsync({ sub_action_id: subActionId, year, ...values });
        toast.success(undefined, t.saved, toastDurations.reportSuccess);
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
            toast.success(undefined, t.agencySaved, toastDurations.reportSuccess);
          }}
        />
      )}
    </PaguManager>
  );
}
