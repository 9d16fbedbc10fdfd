import { Id, type SubActionReview } from '@ranwal/core';
import { useState } from 'react';
import { Button } from '../../components/Button.js';
import { FilterBar, SearchField } from '../../components/FilterBar.js';
import { ErrorState, LoadingState } from '../../components/States.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { describeError } from '../../data/errors.js';
import { useListPage, useSearchedYearList } from '../../data/list-page.js';
import {
  useBudgetLines,
  useChoosesUnit,
  usePaguStatus,
  useSubActionReviews,
  useVerifySubAction,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { AGENCY_PARAM } from '../../lib/portal-url.js';
import { AgencyFilter } from '../budget-lines/ReportListControls.js';
import { YearSelect } from '../planning/planning-parts.js';
import { WithoutUnitNotice } from '../shell/WithoutUnitNotice.js';
import { ConnectedNoteThread } from './ConnectedNoteThread.js';
import {
  noteTargetsOf,
  SubActionVerification,
  subActionTitle,
  VerificationList,
} from './VerificationPage.js';

/** Sub kegiatan per page of the Verifikasi page. */
export const VERIFICATION_PAGE_SIZE = 20;
/** A sub kegiatan's lines shown at once (the server's largest page). */
const LINES_LIMIT = 100;

/** The Perangkat Daerah chosen. */
type VerificationFilters = { agency_id: string | null };

export interface ConnectedVerificationPageProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  pageSize?: number;
  /**
   * The sub kegiatan open, when the page's address keeps it (each has its own, shareable and
   * kept on reload); with `onOpenSubActionChange`. Left out, the page keeps it itself.
   */
  openSubActionId?: string | null;
  /** A sub kegiatan opened (its id and the year it is opened in) or closed (null). */
  onOpenSubActionChange?: (id: string | null, year: number) => void;
}

/**
 * The Verifikasi page (verifiers and admins) over the RanwalProvider's client: a year's
 * `verification.subActions`, narrowed by Perangkat Daerah and search; a chosen sub kegiatan
 * shows its lines (`budgetLine.list`), its notes and its verification. Needs a `ToastProvider`.
 */
export function ConnectedVerificationPage({
  initialYear,
  pageSize = VERIFICATION_PAGE_SIZE,
  openSubActionId,
  onOpenSubActionChange,
}: ConnectedVerificationPageProps) {
  const t = useMessages().verification;
  const { view, search, query, isNarrowed } = useSearchedYearList<VerificationFilters>(
    { agency_id: null },
    { initialYear, params: { agency_id: { name: AGENCY_PARAM, schema: Id } }, pageSize },
  );
  const { year, filters, setFilters } = view;
  const [ownOpenId, setOwnOpenId] = useState<string | null>(null);
  const openId = openSubActionId !== undefined ? openSubActionId : ownOpenId;
  const setOpenId = (id: string | null) =>
    onOpenSubActionChange ? onOpenSubActionChange(id, year) : setOwnOpenId(id);
  const list = useSubActionReviews(query);
  const listPage = useListPage(list, view, pageSize, t.fetchFailed);
  const showsUnit = useChoosesUnit();

  if (openId) {
    return <OpenSubActionById id={openId} year={year} onBack={() => setOpenId(null)} />;
  }
  return (
    <VerificationList
      year={year}
      rows={list.data?.data ?? []}
      {...listPage}
      isNarrowed={isNarrowed}
      showsUnit={showsUnit}
      onOpen={(row) => setOpenId(row.sub_action_id)}
      controls={
        <>
          <WithoutUnitNotice />
          <FilterBar label={t.filtersLabel} className="sm:grid-cols-[8rem_1fr_1fr]">
            <YearSelect {...view.yearSelect} />
            <AgencyFilter
              value={filters.agency_id}
              onChange={(id) => setFilters({ agency_id: id })}
            />
            <SearchField label={t.search} {...search.field} />
          </FilterBar>
        </>
      }
    />
  );
}

/**
 * One sub kegiatan of a year, found by its id (the page may open at its address, and the
 * sub kegiatan need not be on the list's page); kept fresh by its query, as notes move its counts.
 */
function OpenSubActionById({ id, year, onBack }: { id: string; year: number; onBack: () => void }) {
  const m = useMessages();
  const one = useSubActionReviews({ year, sub_action_id: id, page: 1, limit: 1 });
  // The previous query's rows stand in while it loads: only this sub kegiatan's row counts.
  const review = one.data?.data.find((row) => row.sub_action_id === id);
  if (review) return <OpenSubAction review={review} onBack={onBack} />;
  const loading = one.isPending || one.isPlaceholderData;
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div>
        <Button variant="ghost" size="sm" onPress={onBack}>
          {m.verification.detail.back}
        </Button>
      </div>
      {loading ? (
        <LoadingState />
      ) : (
        <ErrorState
          message={
            one.isError
              ? describeError(one.error, m.verification.fetchFailed)
              : m.lines.verifier.notFound
          }
          onRetry={one.isError ? () => void one.refetch() : undefined}
        />
      )}
    </section>
  );
}

/** One sub kegiatan under review: its lines, pagu, notes and verification. */
function OpenSubAction({ review, onBack }: { review: SubActionReview; onBack: () => void }) {
  const m = useMessages();
  const d = m.verification.detail;
  const toasts = useCallToasts();
  const place = { sub_action_id: review.sub_action_id, year: review.year };
  const lines = useBudgetLines({ ...place, limit: LINES_LIMIT });
  const pagu = usePaguStatus(place);
  const verify = useVerifySubAction();
  const lineRows = lines.data?.data ?? [];
  return (
    <SubActionVerification
      review={review}
      pagu={{
        level: pagu.data?.data.levels.find((level) => level.level === 'sub_action'),
        isLoading: pagu.isPending,
        error: pagu.isError ? describeError(pagu.error, m.lines.verifier.paguFailed) : null,
      }}
      lines={lineRows}
      linesLoading={lines.isPending}
      linesError={lines.isError ? describeError(lines.error, d.linesFailed) : null}
      onLinesRetry={() => void lines.refetch()}
      onBack={onBack}
      onVerify={async (verified) => {
        await verify.mutateAsync({ ...place, verified });
        const name = subActionTitle(review);
        toasts.success(verified ? d.verifiedDone(name) : d.unverifiedDone(name));
      }}
      notes={
        <ConnectedNoteThread
          title={d.notesTitle}
          headingLevel={2}
          query={place}
          place={place}
          targets={noteTargetsOf(lineRows, m)}
        />
      }
    />
  );
}
