import { type BudgetLine, DEFAULT_REPORT_YEAR } from '@ranwal/core';
import { useEffect, useState } from 'react';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { saveFile as saveToDisk } from '../../data/files.js';
import {
  type DownloadedFile,
  useBudgetLines,
  useDeleteBudgetLine,
  useDownloadReport,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { ADMIN_REPORTS_PAGE_SIZE, AdminReports } from './AdminReports.js';

export interface ConnectedAdminReportsProps {
  /** The year 'Download Laporan' exports; the spec fixes it at 2025. */
  year?: number;
  /** Rows per page; 10 by default. */
  pageSize?: number;
  /** Hands the downloaded workbook to the user; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/**
 * `AdminReports` loading, deleting and downloading through the RanwalProvider's client, with
 * the spec's toasts (2 s success, 3 s error; the server's message replaces the default), so it
 * needs a `ToastProvider` above it.
 */
export function ConnectedAdminReports({
  year = DEFAULT_REPORT_YEAR,
  pageSize = ADMIN_REPORTS_PAGE_SIZE,
  saveFile = saveToDisk,
}: ConnectedAdminReportsProps) {
  const messages = useMessages();
  const r = messages.reports;
  const toast = useToast();
  const [page, setPage] = useState(1);
  const list = useBudgetLines({ page, limit: pageSize });
  const remove = useDeleteBudgetLine();
  const download = useDownloadReport();

  const totalPages = list.data?.filter.total_page ?? 1;
  // Deleting the last line of the last page leaves the page past the end.
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const onDelete = async (report: BudgetLine) => {
    try {
      await remove.mutateAsync(report.id);
      toast.success(undefined, r.deleted, toastDurations.reportSuccess);
    } catch (error) {
      toast.error(undefined, describeError(error, r.deleteFailed), toastDurations.reportError);
    }
  };

  const onDownload = async () => {
    try {
      saveFile(await download.mutateAsync({ year }));
      toast.success(undefined, r.downloaded, toastDurations.reportSuccess);
    } catch (error) {
      toast.error(undefined, describeError(error, r.downloadFailed), toastDurations.reportError);
    }
  };

  return (
    <AdminReports
      reports={list.data?.data ?? []}
      isLoading={list.isPending}
      error={list.isError ? describeError(list.error, r.fetchFailed) : null}
      onRetry={() => void list.refetch()}
      page={Math.min(page, totalPages)}
      totalPages={totalPages}
      totalItems={list.data?.filter.filtered_result ?? 0}
      pageSize={pageSize}
      onPageChange={setPage}
      onDelete={onDelete}
      deletingId={remove.isPending ? (remove.variables ?? null) : null}
      onDownload={onDownload}
      isDownloading={download.isPending}
    />
  );
}
