import type { BudgetLine } from '@ranwal/core';
import { useState } from 'react';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { saveFile as saveToDisk } from '../../data/files.js';
import { type DownloadedFile, useDeleteBudgetLine, useDownloadReport } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { EditBudgetLineDialog } from '../budget-lines/EditBudgetLineDialog.js';
import { ReportListControls } from '../budget-lines/ReportListControls.js';
import {
  adminReportsDefaultView,
  downloadQueryOf,
  isNarrowed,
  type ReportListView,
} from '../budget-lines/report-view.js';
import { useLineList } from '../budget-lines/use-line-list.js';
import { ADMIN_REPORTS_PAGE_SIZE, AdminReports, type ReportDownload } from './AdminReports.js';

export interface ConnectedAdminReportsProps {
  /**
   * The page, search, filters and order shown, with `onViewChange`: the portal keeps them in
   * the URL. Without them the screen keeps its own. Its year is the budget year (`useBudgetYear`).
   */
  view?: ReportListView;
  onViewChange?: (view: ReportListView) => void;
  /** Rows per page; 10 by default. */
  pageSize?: number;
  /** Hands the downloaded workbook or PDF to the user; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/**
 * `AdminReports` loading, searching, filtering, editing, deleting and downloading through the
 * RanwalProvider's client, with the spec's toasts (2 s success, 3 s error; the server's message
 * replaces the default), so it needs a `ToastProvider` above it. 'Download Laporan' exports
 * exactly the lines the table shows under its filters (the budget year chosen), as the
 * flat sheet or the RKA chosen beside it.
 */
export function ConnectedAdminReports({
  view: givenView,
  onViewChange,
  pageSize = ADMIN_REPORTS_PAGE_SIZE,
  saveFile = saveToDisk,
}: ConnectedAdminReportsProps) {
  const messages = useMessages();
  const r = messages.reports;
  const toast = useToast();
  const { view, setView, defaults, years, list, totalPages, moreThanTotal, page } = useLineList({
    defaults: adminReportsDefaultView,
    view: givenView,
    onViewChange,
    pageSize,
  });
  const remove = useDeleteBudgetLine();
  const download = useDownloadReport();
  const [editing, setEditing] = useState<BudgetLine | null>(null);

  const onDelete = async (report: BudgetLine) => {
    try {
      await remove.mutateAsync(report.id);
      toast.success(undefined, r.deleted, toastDurations.reportSuccess);
    } catch (error) {
      toast.error(undefined, describeError(error, r.deleteFailed), toastDurations.reportError);
    }
  };

  const onDownload = async (made: ReportDownload) => {
    try {
      saveFile(await download.mutateAsync({ ...downloadQueryOf(view), ...made }));
      toast.success(undefined, r.downloaded, toastDurations.reportSuccess);
    } catch (error) {
      toast.error(undefined, describeError(error, r.downloadFailed), toastDurations.reportError);
    }
  };

  const lines = list.data?.data ?? [];
  return (
    <>
      <AdminReports
        reports={lines}
        isLoading={list.isPending}
        error={list.isError ? describeError(list.error, r.fetchFailed) : null}
        onRetry={() => void list.refetch()}
        page={page}
        totalPages={totalPages}
        totalItems={list.data?.filter.filtered_result ?? 0}
        moreThanTotal={moreThanTotal}
        pageSize={pageSize}
        onPageChange={(page) => setView({ ...view, page })}
        onDelete={onDelete}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        onDownload={onDownload}
        isDownloading={download.isPending}
        onEdit={setEditing}
        emptyText={isNarrowed(view, defaults) ? r.list.emptyFiltered : undefined}
        controls={
          <ReportListControls
            view={view}
            onViewChange={setView}
            defaults={defaults}
            years={years}
            showCreator
            lines={lines}
          />
        }
      />
      <EditBudgetLineDialog line={editing} onClose={() => setEditing(null)} />
    </>
  );
}
