import { type BudgetLineInput, DEFAULT_REPORT_YEAR } from '@ranwal/core';
import { type ReactNode, useId } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { Checkbox } from '../../components/Checkbox.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { isHierarchyComplete, selectionIds, submitBlockedReason } from './cascade.js';
import { HierarchyCascade, type HierarchyCascadeProps } from './HierarchyCascade.js';
import { HierarchySummary } from './HierarchySummary.js';
import { type LinePlanning, ReportForm, type ReportFormValues, yearTaxRule } from './ReportForm.js';
import { ReportList, type ReportListProps } from './ReportList.js';

/** The line entry: the hierarchy cascade, its summary, PPN, and the form once it is complete. */
export interface BudgetLineEntryProps
  extends Pick<
    HierarchyCascadeProps,
    'selection' | 'onSelectionChange' | 'levels' | 'onSearchChange' | 'searchDebounceMs'
  > {
  /** PPN 12% is on. */
  taxed: boolean;
  onTaxedChange: (taxed: boolean) => void;
  /**
   * Creates the report. A promise that resolves resets the form to its defaults; a rejected one
   * keeps what was typed.
   */
  onCreateReport: (input: BudgetLineInput) => unknown;
  isCreating?: boolean;
  /** The report year; 2025 by default. */
  year?: number;
  /** Where the form keeps what is typed until it is saved (ReportForm's `draftKey`). */
  formDraftKey?: string;
  /** The year's PPN rule, the chain's pagu and the catalogue (`useLinePlanning`). */
  planning?: LinePlanning;
}

export interface UserDashboardFrameProps {
  /** The signed-in user's name, shown beside Logout. */
  userName?: string | undefined;
  onLogout: () => void;
  /** Opens the change of one's own password; 'Ubah Kata Sandi' shows beside Logout only with it. */
  onChangePassword?: (() => void) | undefined;
  /** Before the name: the notification bell (`ConnectedNotificationBell`), issue 19. */
  notifications?: ReactNode;
  /** First in the header: the budget year the sections show (a `YearSelect`), issue 33. */
  yearPicker?: ReactNode;
  /**
   * Under the header: links to the unit's other pages (Dashboard, Anggaran Kas), each rendered
   * by the app's router. Without it the header stands alone.
   */
  navigation?: ReactNode;
  /** The screen's sections: the line entry and the list. */
  children: ReactNode;
}

export interface UserDashboardProps
  extends BudgetLineEntryProps,
    Omit<UserDashboardFrameProps, 'children'> {
  /** The list below the form. */
  reportList: ReportListProps;
}

/** The look of each of the dashboard's sections, for pieces embedded on their own as well. */
export const dashboardCard = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/**
 * On a phone the header's two buttons are a size smaller, so they stand on one line with the
 * person's name (one row of the header less above the page).
 */
const phoneButton = 'max-sm:px-2.5 max-sm:py-1';

/** The dashboard's page: the app's name, the user, 'Ubah Kata Sandi' and Logout above the sections. */
export function UserDashboardFrame({
  userName,
  onLogout,
  onChangePassword,
  notifications,
  yearPicker,
  navigation,
  children,
}: UserDashboardFrameProps) {
  const messages = useMessages();
  return (
    <div className="min-h-full bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-brand-800">{messages.app.name}</h1>
            <p className="text-sm text-slate-600">{messages.app.subtitle}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {yearPicker}
            {notifications}
            {userName && (
              <span className="max-w-56 truncate text-sm font-medium text-slate-700">
                {userName}
              </span>
            )}
            {onChangePassword && (
              <Button variant="secondary" onPress={onChangePassword} className={phoneButton}>
                {messages.users.changePassword}
              </Button>
            )}
            <Button variant="secondary" onPress={onLogout} className={phoneButton}>
              {messages.logout.label}
            </Button>
          </div>
        </div>
      </header>
      {navigation && (
        <nav
          aria-label={messages.app.userNavigation}
          className="border-b border-slate-200 bg-white"
        >
          <div className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 sm:px-6">{navigation}</div>
        </nav>
      )}
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}

/**
 * Choose the hierarchy, see it summarised, and write a budget line once it is complete: the
 * dashboard's upper half, which an embedding app may place under its own header.
 */
export function BudgetLineEntry({
  selection,
  onSelectionChange,
  levels,
  onSearchChange,
  searchDebounceMs,
  taxed,
  onTaxedChange,
  onCreateReport,
  isCreating = false,
  year,
  formDraftKey,
  planning,
}: BudgetLineEntryProps) {
  const messages = useMessages();
  const form = messages.reports.form;
  const hierarchyTitleId = useId();
  const stageNoticeId = useId();
  const stage = planning?.stage;
  const ids = selectionIds(selection);
  const taxRule = yearTaxRule(planning?.taxRules, year ?? DEFAULT_REPORT_YEAR).text;

  const submit = (values: ReportFormValues) => {
    // The form only shows with a complete hierarchy and only submits with a Pengampu.
    if (!ids) return undefined;
    return onCreateReport({ ...values, ...ids });
  };

  return (
    <>
      {/* The year's stage before anything is chosen or typed: where it refuses, 'Buat Laporan' waits. */}
      {stage && (
        <Banner id={stageNoticeId} tone={stage.tone}>
          {stage.text}
        </Banner>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby={hierarchyTitleId} className={cn(dashboardCard, 'lg:col-span-2')}>
          <h2 id={hierarchyTitleId} className="mb-4 text-base font-semibold text-slate-900">
            {form.hierarchyTitle}
          </h2>
          <HierarchyCascade
            selection={selection}
            onSelectionChange={onSelectionChange}
            levels={levels}
            onSearchChange={onSearchChange}
            searchDebounceMs={searchDebounceMs}
          />
          <Checkbox isSelected={taxed} onChange={onTaxedChange} className="mt-5">
            {messages.reports.planning.taxCheckbox(taxRule)}
          </Checkbox>
        </section>
        <HierarchySummary
          selection={selection}
          taxed={taxed}
          taxRule={taxRule}
          className={dashboardCard}
        />
      </div>

      {isHierarchyComplete(selection) && (
        <ReportForm
          taxed={taxed}
          onSubmit={submit}
          isPending={isCreating}
          submitBlockedReason={submitBlockedReason(selection, messages)}
          stageNoticeId={stage ? stageNoticeId : undefined}
          year={year}
          draftKey={formDraftKey}
          planning={planning}
          className={dashboardCard}
        />
      )}
    </>
  );
}

/**
 * The user dashboard: choose the hierarchy, see it summarised, write a budget line once it is
 * complete, and read the reports made so far, all on one screen.
 */
export function UserDashboard({
  userName,
  onLogout,
  onChangePassword,
  reportList,
  ...entry
}: UserDashboardProps) {
  return (
    <UserDashboardFrame userName={userName} onLogout={onLogout} onChangePassword={onChangePassword}>
      <BudgetLineEntry {...entry} />
      <ReportList {...reportList} className={cn(dashboardCard, reportList.className)} />
    </UserDashboardFrame>
  );
}
