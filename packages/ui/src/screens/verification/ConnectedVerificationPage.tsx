import type { SubActionReview } from '@ranwal/core';
import { useEffect, useState } from 'react';
import { TextField } from '../../components/TextField.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { describeError } from '../../data/errors.js';
import { useBudgetLines, useSubActionReviews, useVerifySubAction } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { AgencyFilter } from '../budget-lines/ReportListControls.js';
import { YearSelect } from '../planning/planning-parts.js';
import { ConnectedNoteThread } from './ConnectedNoteThread.js';
import { SubActionVerification, subActionTitle, VerificationList } from './VerificationPage.js';

/** Sub kegiatan per page of the Verifikasi page. */
export const VERIFICATION_PAGE_SIZE = 20;
/** A sub kegiatan's lines shown at once (the server's largest page). */
const LINES_LIMIT = 100;

export interface ConnectedVerificationPageProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  pageSize?: number;
}

/**
 * The Verifikasi page (verifiers and admins) over the RanwalProvider's client: a year's
 * `verification.subActions`, narrowed by Perangkat Daerah and search; a chosen sub kegiatan
 * shows its lines (`budgetLine.list`), its notes and its verification. Needs a `ToastProvider`.
 */
export function ConnectedVerificationPage({
  initialYear,
  pageSize = VERIFICATION_PAGE_SIZE,
}: ConnectedVerificationPageProps) {
  const t = useMessages().verification;
  const { year, years, setYear } = useBudgetYear(initialYear);
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const filters = {
    ...(agencyId ? { agency_id: agencyId } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const list = useSubActionReviews({ year, page, limit: pageSize, ...filters });
  const lastPage = list.data?.filter?.total_page;
  useEffect(() => {
    if (lastPage !== undefined && lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  const open = openId ? list.data?.data.find((row) => row.sub_action_id === openId) : undefined;
  if (open) {
    return <OpenSubAction review={open} onBack={() => setOpenId(null)} />;
  }
  const filter = list.data?.filter;
  return (
    <VerificationList
      year={year}
      rows={list.data?.data ?? []}
      isLoading={list.isPending}
      error={list.isError ? describeError(list.error, t.fetchFailed) : null}
      onRetry={() => void list.refetch()}
      isNarrowed={Object.keys(filters).length > 0}
      onOpen={(row) => setOpenId(row.sub_action_id)}
      controls={
        <search aria-label={t.filtersLabel} className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr]">
          <YearSelect
            year={year}
            years={years}
            onChange={(next) => {
              setYear(next);
              setPage(1);
            }}
          />
          <AgencyFilter
            value={agencyId}
            onChange={(id) => {
              setAgencyId(id);
              setPage(1);
            }}
          />
          <TextField
            label={t.search}
            type="search"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        </search>
      }
      pagination={
        filter && {
          page,
          totalPages: filter.total_page,
          totalItems: filter.filtered_result,
          pageSize,
          onChange: setPage,
        }
      }
    />
  );
}

/** One sub kegiatan of the list, kept fresh by the list's query (its counts move with notes). */
function OpenSubAction({ review, onBack }: { review: SubActionReview; onBack: () => void }) {
  const m = useMessages();
  const d = m.verification.detail;
  const toast = useToast();
  const place = { sub_action_id: review.sub_action_id, year: review.year };
  const lines = useBudgetLines({ ...place, limit: LINES_LIMIT });
  const verify = useVerifySubAction();
  const lineRows = lines.data?.data ?? [];
  return (
    <SubActionVerification
      review={review}
      lines={lineRows}
      linesLoading={lines.isPending}
      linesError={lines.isError ? describeError(lines.error, d.linesFailed) : null}
      onLinesRetry={() => void lines.refetch()}
      onBack={onBack}
      onVerify={async (verified) => {
        await verify.mutateAsync({ ...place, verified });
        const name = subActionTitle(review);
        toast.success(
          undefined,
          verified ? d.verifiedDone(name) : d.unverifiedDone(name),
          toastDurations.reportSuccess,
        );
      }}
      notes={
        <ConnectedNoteThread
          title={d.notesTitle}
          headingLevel={2}
          query={place}
          place={place}
          targets={lineRows.map((line) => ({
            id: line.id,
            label: m.verification.notes.onLine(line.component_name),
          }))}
        />
      }
    />
  );
}
