import type { BudgetLine, BudgetLineInput, ManagedEntityKey } from '@ranwal/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { type ToastOptions, toastDurations, useToast } from '../../components/Toast.js';
import { BudgetYearProvider, useBudgetYear } from '../../data/budget-year.js';
import { describeError } from '../../data/errors.js';
import {
  useBudgetLine,
  useCreateBudgetLine,
  useDeleteBudgetLine,
  useStagesOfYears,
} from '../../data/queries.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { draftKey } from '../../lib/session-draft.js';
import { EditBudgetLineDialog } from '../budget-lines/EditBudgetLineDialog.js';
import { ReportListControls } from '../budget-lines/ReportListControls.js';
import {
  isNarrowed,
  type ReportListView,
  userReportsDefaultView,
} from '../budget-lines/report-view.js';
import { useLineList } from '../budget-lines/use-line-list.js';
import { ConnectedIndicatorList } from '../indicators/ConnectedIndicatorList.js';
import { YearSelect } from '../planning/planning-parts.js';
import { stageNoticeOf, todayInWib } from '../stages/stage-notice.js';
import { ConnectedOpenNotes } from '../verification/ConnectedOpenNotes.js';
import { type HierarchySelection, optionLabel, useHierarchyChoice } from './cascade.js';
import { isShownByReportForm } from './ReportForm.js';
import { ReportList } from './ReportList.js';
import { ConnectedRkaPrint, type ConnectedRkaPrintProps } from './RkaPrint.js';
import { BudgetLineEntry, dashboardCard, UserDashboardFrame } from './UserDashboard.js';
import { useCascadeLevels, useFailureToast } from './use-cascade-levels.js';
import { useLinePlanning } from './use-line-planning.js';

export { CASCADE_PAGE_SIZE } from './use-cascade-levels.js';

/** The toasts confirming the cascade's choices and the PPN switch, which replace each other. */
const CHOICE_TOAST_GROUP = 'budget-line-choice';
/** The spec's report list size (section 9). */
export const REPORT_LIST_LIMIT = 100;

export interface ConnectedReportListProps {
  /**
   * The list's page, search, filters and order, with `onViewChange`: the portal keeps them in
   * the URL. Without them the list keeps its own (newest first). Its year is the budget year.
   */
  view?: ReportListView;
  onViewChange?: (view: ReportListView) => void;
  /** Offer the budget year among the list's filters; the dashboard offers it above instead. */
  showYear?: boolean;
  /** Whether a session token is stored; by default, whether the provider's session has one. */
  hasToken?: boolean;
  className?: string;
  /**
   * The line whose detail is open, with `onDetailIdChange`: the portal keeps it in the URL, so a
   * notification about a line opens its detail. Without them the list keeps its own.
   */
  detailId?: string | null;
  onDetailIdChange?: (id: string | null) => void;
}

export interface ConnectedBudgetLineEntryProps {
  /** The lines' budget year; by default the one chosen for every screen (`useBudgetYear`). */
  year?: number;
}

export interface ConnectedUserDashboardProps
  extends ConnectedReportListProps,
    ConnectedBudgetLineEntryProps {
  onLogout: () => void;
  /** As UserDashboard's: opens the change of one's own password. */
  onChangePassword?: () => void;
  /** As UserDashboardFrame's: the notification bell. */
  notifications?: ReactNode;
  /** Hands the printed RKA to the user ('Cetak RKA'); the browser's save by default. */
  saveFile?: ConnectedRkaPrintProps['saveFile'];
  /** As UserDashboardFrame's: links to the unit's other pages. */
  navigation?: ReactNode;
}

/**
 * The hierarchy cascade and the report form over the data hooks: each select loads under its
 * parent and searches the server as the user types; the line is created through the API, and
 * every list of lines reloads. Needs a `RanwalProvider` and a `ToastProvider` above it.
 */
export function ConnectedBudgetLineEntry({ year: givenYear }: ConnectedBudgetLineEntryProps) {
  const budget = useBudgetYear();
  const year = givenYear ?? budget.year;
  const messages = useMessages();
  const toast = useToast();
  const session = useSession();
  // Kept per user in the tab's session storage: a reload or a new sign-in finds them again.
  const { selection, taxed, choose, setTaxed } = useHierarchyChoice(
    undefined,
    draftKey(session?.userId, 'cascade'),
  );
  // A person with one unit starts on it.
  const cascade = useCascadeLevels(selection, choose);
  const planning = useLinePlanning({ selection, year });
  const create = useCreateBudgetLine();

  const success = (message: string, options?: ToastOptions) =>
    toast.success(undefined, message, toastDurations.reportSuccess, options);
  // The spec's confirmations of each choice, one at a time: a new one replaces the last.
  const confirmChoice = (message: string) => success(message, { group: CHOICE_TOAST_GROUP });

  const onSelectionChange = (next: HierarchySelection, changed: ManagedEntityKey) => {
    choose(next, changed);
    cascade.forgetSearchesBelow(changed);
    const option = next[changed];
    if (option) {
      confirmChoice(messages.levels[changed].selected(optionLabel(changed, option, messages)));
    }
  };

  const onTaxedChange = (value: boolean) => {
    setTaxed(value);
    confirmChoice(value ? messages.reports.form.taxApplied : messages.reports.form.taxNotApplied);
  };

  const onCreateReport = (input: BudgetLineInput) =>
    create.mutateAsync(input).then(
      () => {
        success(messages.reports.created);
      },
      (error: unknown) => {
        // A refusal the form shows (over the pagu, a field's problem) is told there, once.
        if (!isShownByReportForm(error)) {
          toast.error(
            undefined,
            describeError(error, messages.reports.createFailed),
            toastDurations.reportError,
          );
        }
        throw error;
      },
    );

  const subAction = selection.sub_action;
  // The indicators are written as the chosen sub kegiatan's lines are: not while the year's
  // stage refuses them, never by a verifier.
  const readOnlyReason = planning.stage?.blocksWrites
    ? planning.stage.text
    : session?.userRole === 'verifier'
      ? messages.indicators.readOnly
      : null;

  return (
    <>
      <BudgetLineEntry
        selection={selection}
        onSelectionChange={onSelectionChange}
        levels={cascade.levels}
        onSearchChange={cascade.onSearchChange}
        taxed={taxed}
        onTaxedChange={onTaxedChange}
        onCreateReport={onCreateReport}
        isCreating={create.isPending}
        year={year}
        formDraftKey={draftKey(session?.userId, 'budget-line')}
        planning={planning}
      />
      {subAction && (
        <ConnectedIndicatorList
          subActionId={subAction.id}
          year={year}
          readOnlyReason={readOnlyReason}
          className={dashboardCard}
        />
      )}
    </>
  );
}

/**
 * The signed-in person's budget lines over the data hooks: pages, search, filters and order,
 * a line's detail, edit and delete. Needs a `RanwalProvider` and a `ToastProvider` above it.
 */
export function ConnectedReportList({
  hasToken,
  view: givenView,
  onViewChange,
  showYear = true,
  className,
  detailId: givenDetailId,
  onDetailIdChange,
}: ConnectedReportListProps) {
  const messages = useMessages();
  const toast = useToast();
  const session = useSession();
  const signedIn = hasToken ?? Boolean(session?.token);
  const {
    view,
    setView,
    defaults,
    years,
    list: reports,
    totalPages,
    moreThanTotal,
    page,
  } = useLineList({
    defaults: userReportsDefaultView,
    view: givenView,
    onViewChange,
    pageSize: REPORT_LIST_LIMIT,
    enabled: signedIn,
  });
  const remove = useDeleteBudgetLine();
  const [editing, setEditing] = useState<BudgetLine | null>(null);
  const lines = reports.data?.data;
  const writeBlocks = useWriteBlocks(lines, session?.userRole !== 'admin');
  // Memoised with the view and lines, so choices in the cascade do not re-render the list.
  const controls = useMemo(
    () => (
      <ReportListControls
        view={view}
        onViewChange={setView}
        defaults={defaults}
        years={showYear ? years : undefined}
        lines={lines}
      />
    ),
    [view, setView, defaults, showYear, years, lines],
  );
  const onDelete = useCallback(
    async (report: BudgetLine) => {
      try {
        await remove.mutateAsync(report.id);
        toast.success(undefined, messages.reports.deleted, toastDurations.reportSuccess);
      } catch (error) {
        toast.error(
          undefined,
          describeError(error, messages.reports.deleteFailed),
          toastDurations.reportError,
        );
      }
    },
    [remove.mutateAsync, toast, messages],
  );
  useFailureToast(reports.errorUpdatedAt, messages.reports.fetchFailed);
  const { refetch: refetchReports } = reports;
  // Stable, so the memoised list skips the re-renders of choosing in the cascade.
  const retryReports = useCallback(() => {
    void refetchReports();
  }, [refetchReports]);
  const [ownDetailId, setOwnDetailId] = useState<string | null>(null);
  const detailId = givenDetailId === undefined ? ownDetailId : givenDetailId;
  const setDetailId = onDetailIdChange ?? setOwnDetailId;
  const detail = useBudgetLine(detailId ?? undefined);
  const setPage = useCallback((page: number) => setView({ ...view, page }), [setView, view]);

  return (
    <>
      <ReportList
        className={cn(dashboardCard, className)}
        reports={lines}
        controls={controls}
        page={page}
        totalPages={totalPages}
        totalItems={reports.data?.filter.filtered_result ?? 0}
        moreThanTotal={moreThanTotal}
        pageSize={REPORT_LIST_LIMIT}
        onPageChange={setPage}
        onEdit={setEditing}
        onDelete={onDelete}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        writeBlocks={writeBlocks}
        emptyText={isNarrowed(view, defaults) ? messages.reports.list.emptyFiltered : undefined}
        isLoading={signedIn && reports.isPending}
        error={reports.error ?? undefined}
        onRetry={retryReports}
        hasToken={signedIn}
        detailId={detailId}
        onDetailIdChange={setDetailId}
        detail={detail.data?.data}
        isDetailLoading={detail.isPending}
        detailError={detail.error ?? undefined}
      />
      <EditBudgetLineDialog line={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/**
 * Why the shown lines of each year cannot be changed now, by year: their year's stages through
 * core's `stageRefusal`, the rule the server refuses a user's write with (admins are not refused).
 */
function useWriteBlocks(
  lines: readonly BudgetLine[] | undefined,
  refused: boolean,
): ReadonlyMap<number, string> {
  const messages = useMessages();
  const years = [...new Set((lines ?? []).map((line) => line.year))].sort((a, b) => a - b);
  const stagesByYear = useStagesOfYears(refused ? years : []);
  const blocks: [number, string][] = [];
  for (const [year, stages] of stagesByYear) {
    const notice = stageNoticeOf(stages, todayInWib(), messages);
    if (notice?.blocksWrites) blocks.push([year, notice.text]);
  }
  // One map while the reasons stay the same, so the memoised list is not re-rendered.
  const key = JSON.stringify(blocks);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the blocks' content.
  return useMemo(() => new Map(blocks), [key]);
}

/**
 * The user dashboard over the data hooks: the budget year (one for the form, the list, the
 * catalogue and the pagu; `useBudgetYear`), the line entry and the list of one's lines under
 * the app's header. Needs a `RanwalProvider` and a `ToastProvider` above it.
 */
export function ConnectedUserDashboard({
  onLogout,
  onChangePassword,
  notifications,
  year,
  saveFile,
  navigation,
  ...list
}: ConnectedUserDashboardProps) {
  const session = useSession();
  const budget = useBudgetYear();
  const sections = (
    <>
      <ConnectedOpenNotes />
      <ConnectedBudgetLineEntry year={year} />
      <ConnectedRkaPrint year={year} saveFile={saveFile} className={dashboardCard} />
      <ConnectedReportList showYear={false} {...list} />
    </>
  );
  return (
    <UserDashboardFrame
      userName={session?.userName}
      onLogout={onLogout}
      onChangePassword={onChangePassword}
      notifications={notifications}
      navigation={navigation}
      yearPicker={
        year === undefined && (
          <YearSelect
            year={budget.year}
            years={budget.years}
            onChange={budget.setYear}
            className="w-36"
          />
        )
      }
    >
      {year === undefined ? (
        sections
      ) : (
        // A fixed year is every section's, the list's too.
        <BudgetYearProvider year={year} onYearChange={keepYear}>
          {sections}
        </BudgetYearProvider>
      )}
    </UserDashboardFrame>
  );
}

/** A fixed year is not changed: no picker shows. */
const keepYear = () => undefined;
