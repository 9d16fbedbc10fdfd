import {
  Id,
  isMonthEditable,
  type Messages,
  MonthlyReportNoteText,
  type MonthlyReportSubAction,
  monthOfYear,
  quarterEndingIn,
} from '@ranwal/core';
import { useId, useState } from 'react';
import { AdminSection } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { PrintButtons } from '../../components/PrintButtons.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { ErrorState, Spinner } from '../../components/States.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { useListView } from '../../data/list-page.js';
import {
  type DownloadedFile,
  useChoosesUnit,
  useCloseMonthlyReport,
  useCopyPreviousMonth,
  useCurrentUser,
  useDownloadEvaluation,
  useDownloadMonthlyReport,
  useMonthlyReport,
  useReachedProgrammes,
  useRealisationSummary,
  useReviewMonthlyReport,
  useSendMonthlyReport,
  useSetPhysicalProgress,
} from '../../data/queries.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import { AGENCY_PARAM } from '../../lib/portal-url.js';
import { ConnectedEvidence } from '../evidence/ConnectedEvidence.js';
import { ConnectedQuarterAchievement } from '../indicators/ConnectedQuarterAchievement.js';
import { EvaluationPrint, quarterOfMonth } from '../indicators/EvaluationPrint.js';
import { YearSelect } from '../planning/planning-parts.js';
import { WithoutUnitNotice } from '../shell/WithoutUnitNotice.js';
import { ConnectedSubActionRealisation } from './ConnectedSubActionRealisation.js';
import { MonthlyReportView } from './MonthlyReportView.js';
import { PhysicalProgressDialog } from './PhysicalProgressDialog.js';
import { RealisationSummaryTable, useSummaryMonth } from './RealisationSummaryTable.js';
import { ConnectedRealisationTrend } from './RealisationTrendChart.js';

export interface ConnectedMonthlyReportProps {
  /** Offer a year of its own (the admin's page); without it, the budget year every section shows. */
  showYear?: boolean;
  /** 1 when the section is the page (the admin's, a verifier's), 2 under a unit's own header. */
  level?: 1 | 2;
  /** The year to open on, instead of the budget year every screen shares. */
  initialYear?: number;
  /** Hands the printed month to the person ('Unduh Laporan Bulanan'); the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/**
 * 'Laporan Bulanan' (issue 37): the month's cycle for whoever opens it. A unit's planner enters
 * each sub kegiatan's physical progress, copies last month and sends it; a verifier verifies it
 * or sends it back with a note; an admin also closes it, one unit or all. Whoever reaches one
 * unit has its month open at once; the others read the units' month ranked by deviation with
 * its status and open one. Needs a `ToastProvider`.
 */
export function ConnectedMonthlyReport({
  showYear = false,
  level = 2,
  initialYear,
  saveFile,
}: ConnectedMonthlyReportProps) {
  const m = useMessages();
  const t = m.monthlyReport;
  const toasts = useCallToasts();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const me = useCurrentUser();
  const user = me.data?.data;
  // The session's role answers before the person is read, so the intro does not change.
  const role = useSession()?.userRole ?? user?.role;
  const [month, setMonth] = useSummaryMonth(year);
  const reached = useReachedProgrammes();
  // A planner or verifier of one unit has nothing to choose: its month opens at once.
  const ownUnit = Array.isArray(reached) && reached.length === 1 ? reached[0] : undefined;
  // The unit opened, kept as the month is (`?perangkat-daerah=<id>`): Back returns to the units.
  const { filters: opened, setFilters: setOpened } = useListView(noUnitOpened, unitParams);
  const agencyId = ownUnit ?? opened.agency_id;
  const isUnit = role === 'user';
  const withoutUnit = reached === 'unitless';
  // The summary speaks of the person's own unit wherever they reach no other (as on Realisasi).
  const oneUnit = !useChoosesUnit();
  const isAdmin = role === 'admin';
  // An account without a unit is shown no summary: nothing to ask for.
  const summary = useRealisationSummary({ year, month }, { enabled: !withoutUnit });
  const report = useMonthlyReport(
    { agency_id: agencyId ?? undefined, year, month },
    { enabled: Boolean(agencyId) },
  );
  const key = { agency_id: agencyId ?? '', year, month };
  const setProgress = useSetPhysicalProgress();
  const copy = useCopyPreviousMonth();
  const send = useSendMonthlyReport();
  const review = useReviewMonthlyReport();
  const close = useCloseMonthlyReport();
  const download = useDownloadMonthlyReport();
  const downloadEvaluation = useDownloadEvaluation();
  const [editing, setEditing] = useState<MonthlyReportSubAction | null>(null);
  /** The sub kegiatan whose quarter's output indicators are entered. */
  const [achieving, setAchieving] = useState<MonthlyReportSubAction | null>(null);
  /** The quarter the evaluation prints to; the month's own until chosen. */
  const [chosenQuarter, setChosenQuarter] = useState<number | null>(null);
  /** The sub kegiatan opened below the month (its kode rekening and SP2D). */
  const [details, setDetails] = useState<MonthlyReportSubAction | null>(null);
  const [returning, setReturning] = useState(false);
  const [confirming, setConfirming] = useState<'send' | 'close' | 'closeAll' | null>(null);
  const [pending, setPending] = useState<'copy' | 'send' | 'verify' | null>(null);
  const detailsTitle = useId();
  const DetailsHeading = level === 1 ? 'h2' : 'h3';
  const monthName = monthOfYear(month, year, m);
  const data = report.data?.data;
  const unitName = data ? data.agency_name : '';
  // Open while its sub kegiatan is in the month shown (another unit's month closes it).
  const shownDetails =
    details && data?.sub_actions.some((row) => row.sub_action_id === details.sub_action_id)
      ? details
      : null;

  /** A step of the cycle: its button busy meanwhile, said in a toast either way. */
  const run = async <R,>(
    which: 'copy' | 'send' | 'verify' | null,
    call: () => Promise<R>,
    done: (result: R) => string,
  ) => {
    setPending(which);
    try {
      await toasts.attempt(call, done, t.view.actionFailed);
    } finally {
      setPending(null);
    }
  };

  return (
    <AdminSection title={t.title} intro={introOf(role, t)} level={level}>
      {showYear && <YearSelect year={year} years={years} onChange={setYear} className="w-36" />}
      {/* A planner or verifier with no unit has no month to report or review (monthly reports
          are a unit's): said so, with whom to ask, and nothing else. */}
      {me.isSuccess && withoutUnit && <WithoutUnitNotice />}
      {me.isSuccess && !withoutUnit && (
        <div className="flex flex-col gap-3">
          <RealisationSummaryTable
            summary={summary.data?.data}
            isLoading={summary.isPending}
            error={summary.isError ? m.realisation.summary.fetchFailed : null}
            onRetry={() => void summary.refetch()}
            month={month}
            onMonthChange={setMonth}
            year={year}
            headingLevel={level === 1 ? 2 : 3}
            showLinesTotal={false}
            oneUnit={oneUnit}
            // A person of one unit has nothing to choose: their month shows below.
            onOpenReport={ownUnit ? undefined : (unit) => setOpened({ agency_id: unit.agency_id })}
          />
          {isAdmin && (
            <div>
              <Button variant="secondary" onPress={() => setConfirming('closeAll')}>
                {t.actions.closeAll}
              </Button>
            </div>
          )}
          {!agencyId && <p className="text-sm text-slate-600">{t.view.chooseUnit}</p>}
          {!agencyId && (
            <ConnectedRealisationTrend
              year={year}
              upToMonth={month}
              headingLevel={level === 1 ? 2 : 3}
            />
          )}
        </div>
      )}
      {agencyId && report.isError && (
        <ErrorState message={t.view.fetchFailed} onRetry={() => void report.refetch()} />
      )}
      {agencyId && report.isLoading && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-brand-700" />
          {m.common.loading}
        </p>
      )}
      {data && (
        <MonthlyReportView
          report={data}
          pending={pending}
          canReopen={isAdmin}
          onEdit={isUnit ? setEditing : undefined}
          onCopy={
            isUnit
              ? () =>
                  void run(
                    'copy',
                    () => copy.mutateAsync(key),
                    (result) =>
                      result.data.copied === 0
                        ? t.nothingToCopy
                        : t.view.copied(result.data.copied),
                  )
              : undefined
          }
          onSend={isUnit ? () => setConfirming('send') : undefined}
          onVerify={
            isUnit
              ? undefined
              : () =>
                  void run(
                    'verify',
                    () => review.mutateAsync({ ...key, decision: 'verify', note: '' }),
                    () => t.view.verified(monthName),
                  )
          }
          onReturn={isUnit ? undefined : () => setReturning(true)}
          onClose={isAdmin ? () => setConfirming('close') : undefined}
          onOpenDetails={setDetails}
          onAchieve={isUnit ? setAchieving : undefined}
        />
      )}
      {data && (
        <PrintButtons
          labels={{ xlsx: t.print.download, pdf: t.print.downloadPdf }}
          fetchFile={(format) => download.mutateAsync({ ...key, format })}
          saveFile={saveFile}
          downloaded={t.print.downloaded}
          failed={t.print.downloadFailed}
        />
      )}
      {data && (
        <EvaluationPrint
          quarter={chosenQuarter ?? quarterOfMonth(month)}
          onQuarterChange={setChosenQuarter}
          fetchFile={(format, quarter) =>
            downloadEvaluation.mutateAsync({
              agency_id: data.agency_id,
              year,
              quarter,
              format,
            })
          }
          saveFile={saveFile}
        />
      )}
      {data && (
        <ConnectedRealisationTrend
          year={year}
          agencyId={data.agency_id}
          agencyName={data.agency_name}
          upToMonth={month}
          headingLevel={level === 1 ? 2 : 3}
        />
      )}
      {data && shownDetails && (
        <section
          aria-labelledby={detailsTitle}
          className="flex flex-col gap-3 border-t border-slate-200 pt-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <DetailsHeading id={detailsTitle} className="text-base font-semibold text-slate-900">
              {t.detailsTitle(
                [shownDetails.sub_action_code, shownDetails.sub_action_name]
                  .filter(Boolean)
                  .join(' '),
              )}
            </DetailsHeading>
            <Button variant="secondary" onPress={() => setDetails(null)}>
              {t.actions.closeDetails}
            </Button>
          </div>
          <ConnectedSubActionRealisation
            subActionId={shownDetails.sub_action_id}
            year={year}
            canExplain={isUnit || isAdmin}
          />
          <ConnectedEvidence
            subActionId={shownDetails.sub_action_id}
            subActionName={[shownDetails.sub_action_code, shownDetails.sub_action_name]
              .filter(Boolean)
              .join(' ')}
            year={year}
            month={month}
            canEdit={isUnit || isAdmin}
            canRemove={(isUnit || isAdmin) && isMonthEditable(data.status)}
            saveFile={saveFile}
          />
        </section>
      )}
      <PhysicalProgressDialog
        row={editing}
        year={year}
        month={month}
        onClose={() => setEditing(null)}
        onSubmit={async (row, values) => {
          await setProgress.mutateAsync({
            sub_action_id: row.sub_action_id,
            year,
            month,
            ...values,
          });
          toasts.success(t.view.progressSaved(row.sub_action_code ?? row.sub_action_name));
        }}
      />
      <ConnectedQuarterAchievement
        subAction={achieving}
        year={year}
        quarter={quarterEndingIn(month) ?? quarterOfMonth(month)}
        onClose={() => setAchieving(null)}
      />
      <ReasonDialog
        texts={
          returning
            ? {
                title: t.returnDialog.title(unitName, monthName),
                text: t.returnDialog.text,
                reason: t.returnDialog.note,
                reasonPlaceholder: t.returnDialog.notePlaceholder,
                failed: t.returnDialog.failed,
              }
            : null
        }
        check={(note) => MonthlyReportNoteText.safeParse({ reason: note })}
        onClose={() => setReturning(false)}
        onSubmit={async (note) => {
          await review.mutateAsync({ ...key, decision: 'return', note });
          toasts.success(t.view.returned(monthName));
        }}
      />
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={
          confirming === 'send' ? t.sendDialog.title(monthName) : t.closeDialog.title(monthName)
        }
        message={
          confirming === 'send'
            ? t.sendDialog.text
            : confirming === 'close'
              ? t.closeDialog.one(unitName)
              : t.closeDialog.all
        }
        // Sending is the unit's normal step, not a removal: the button is not red.
        confirmVariant={confirming === 'send' ? 'primary' : 'danger'}
        confirmLabel={
          confirming === 'send'
            ? t.actions.send
            : confirming === 'close'
              ? t.actions.close
              : t.actions.closeAll
        }
        onConfirm={() => {
          const which = confirming;
          setConfirming(null);
          if (which === 'send') {
            void run(
              'send',
              () => send.mutateAsync(key),
              () => t.view.sent(monthName),
            );
          } else if (which) {
            void run(
              null,
              () =>
                close.mutateAsync({
                  year,
                  month,
                  ...(which === 'close' && agencyId ? { agency_id: agencyId } : {}),
                }),
              (result) => t.view.closed(result.data.closed),
            );
          }
        }}
      />
    </AdminSection>
  );
}

const noUnitOpened: { agency_id: string | null } = { agency_id: null };
const unitParams = { agency_id: { name: AGENCY_PARAM, schema: Id } };

/** What the page asks of whoever opens it: a unit enters and sends, a verifier reviews. */
function introOf(role: string | undefined, t: Messages['monthlyReport']): string {
  if (role === 'admin') return t.adminIntro;
  if (role === 'verifier') return t.reviewIntro;
  return t.intro;
}
