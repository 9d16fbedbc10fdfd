import type { BudgetLine, ReportFormat, ReportLayout } from '@ranwal/core';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { NumberedPagination } from '../../components/Pagination.js';
import { Rupiah } from '../../components/Rupiah.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../lib/use-media-query.js';
import { LineComponent } from '../budget-lines/LineComponent.js';
import { lineNumbers, useLineActions } from '../budget-lines/line-actions.js';
import { ReportCards, reportTotal } from '../budget-lines/ReportCards.js';

// Only a page whose user opens a line downloads the detail dialog.
const ReportDetailDialog = lazy(() => import('./ReportDetailDialog.js'));

/**
 * What 'Download Laporan' can make: the spec's sheet (the default) or the RKA, as a workbook or a
 * PDF; each covers the lines under the table's filters.
 */
export const reportDownloads = {
  flat: { layout: 'flat', format: 'xlsx' },
  'rka-xlsx': { layout: 'rka', format: 'xlsx' },
  'rka-pdf': { layout: 'rka', format: 'pdf' },
} as const satisfies Record<string, ReportDownload>;
export type ReportDownloadChoice = keyof typeof reportDownloads;

/** The layout and format of one download. */
export interface ReportDownload {
  layout: ReportLayout;
  format: ReportFormat;
}

/** Budget lines per page of the admin Laporan page. */
export const ADMIN_REPORTS_PAGE_SIZE = 10;

export interface AdminReportsProps {
  /** The current page of budget lines. */
  reports: readonly BudgetLine[];
  /** The first load: the table shows 'Memuat data...'. */
  isLoading?: boolean;
  /** Why the list could not be loaded; shown instead of the table. */
  error?: string | null;
  onRetry?: () => void;
  /** The current page, from 1; the pagination shows only with more than one page. */
  page?: number;
  totalPages?: number;
  /** Lines in all pages, for 'Menampilkan X sampai Y dari Z hasil'. */
  totalItems?: number;
  /** More lines match than `totalItems`, where the server's count stopped (issue 39). */
  moreThanTotal?: boolean;
  pageSize?: number;
  onPageChange?: (page: number) => void;
  /** Deletes a line the user has confirmed. */
  onDelete: (report: BudgetLine) => unknown;
  /** The line being deleted: its button shows 'Menghapus...'. */
  deletingId?: string | null;
  /** 'Download Laporan', of the layout chosen beside it (the flat sheet unless changed). */
  onDownload: (download: ReportDownload) => unknown;
  isDownloading?: boolean;
  /** Opens a line in the edit dialog; without it, lines are not editable here. */
  onEdit?: (report: BudgetLine) => void;
  /** Search, filters and order above the table (ReportListControls). */
  controls?: ReactNode;
  /** What the empty table says; 'Tidak ada laporan tersedia' by default. */
  emptyText?: string;
}

/**
 * The admin Laporan page: every budget line with its component, program, supporter, total and
 * date; a detail dialog, deletion after confirmation, and the year's download: the Excel sheet,
 * or the RKA as a workbook or a PDF.
 */
export function AdminReports({
  reports,
  isLoading = false,
  error = null,
  onRetry,
  page = 1,
  totalPages = 1,
  totalItems = reports.length,
  moreThanTotal = false,
  pageSize = ADMIN_REPORTS_PAGE_SIZE,
  onPageChange,
  onDelete,
  deletingId = null,
  onDownload,
  isDownloading = false,
  onEdit,
  controls,
  emptyText,
}: AdminReportsProps) {
  const messages = useMessages();
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const admin = messages.reports.admin;
  const titleId = useId();
  const [viewing, setViewing] = useState<BudgetLine | null>(null);
  const [choice, setChoice] = useState<ReportDownloadChoice>('flat');
  const { actions, confirmDialog } = useLineActions({
    onView: setViewing,
    onEdit,
    onDelete,
    deletingId,
  });
  const numbers = lineNumbers(reports, page, pageSize);
  const empty = emptyText ?? messages.reports.list.empty;

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={titleId} className="text-xl font-bold text-slate-900">
          {admin.title}
        </h1>
        <div className="flex flex-wrap items-end gap-2">
          <Select
            label={admin.downloadLayout}
            items={Object.keys(reportDownloads).map((id) => ({ id: id as ReportDownloadChoice }))}
            value={choice}
            onChange={(key) => {
              if (key !== null) setChoice(key as ReportDownloadChoice);
            }}
            isDisabled={isDownloading}
            className="w-60"
          >
            {(item) => <SelectItem id={item.id}>{admin.downloadLayouts[item.id]}</SelectItem>}
          </Select>
          <Button
            onPress={() => void onDownload(reportDownloads[choice])}
            isPending={isDownloading}
          >
            {admin.download}
          </Button>
        </div>
      </div>

      {controls}

      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <>
          {/* A phone reads each line as a card; the table needs a wider screen. */}
          {!isWide && (
            <ReportCards
              reports={reports}
              isLoading={isLoading}
              emptyText={empty}
              numbers={numbers}
              actions={actions}
            />
          )}
          {/* Tighter cells than the default, so every column fits beside the admin sidebar at
            1280 px; narrower screens scroll the table inside its frame. */}
          {isWide && (
            <Table aria-labelledby={titleId} className="[&_td]:px-3 [&_th]:px-3">
              <TableHeader>
                <Column className="w-1">{admin.columns.number}</Column>
                <Column isRowHeader>{admin.columns.component}</Column>
                <Column>{admin.columns.program}</Column>
                <Column>{admin.columns.supporter}</Column>
                <Column className="text-end">{admin.columns.total}</Column>
                <Column>{admin.columns.date}</Column>
                <Column className="w-1">{admin.columns.actions}</Column>
              </TableHeader>
              <TableBody
                items={reports}
                isLoading={isLoading}
                dependencies={[deletingId, numbers]}
                renderEmptyState={() => <EmptyState text={empty} />}
              >
                {(report) => (
                  <Row id={report.id}>
                    <Cell className="tabular-nums text-slate-600">{numbers.get(report.id)}</Cell>
                    <Cell>
                      <LineComponent line={report} showCode />
                    </Cell>
                    <Cell>
                      <span className="block min-w-32 break-words">{report.program_name}</span>
                    </Cell>
                    <Cell>{report.supporter_name}</Cell>
                    <Cell className="text-end">
                      <Rupiah value={reportTotal(report)} className="font-medium" />
                    </Cell>
                    <Cell>
                      {/* Date on one line, time on the next: the table fits beside the sidebar. */}
                      <DateText
                        value={report.created_at}
                        format="long"
                        className="block min-w-32"
                      />
                      {report.created_by_name && (
                        <span className="block text-xs text-slate-600">
                          {messages.reports.createdBy(report.created_by_name)}
                        </span>
                      )}
                    </Cell>
                    <Cell>{actions(report)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          )}
        </>
      )}

      {onPageChange && (
        <NumberedPagination
          page={page}
          totalPages={totalPages}
          pageSize={pageSize}
          totalItems={totalItems}
          moreThanTotal={moreThanTotal}
          onChange={onPageChange}
        />
      )}

      {viewing && (
        <Suspense fallback={null}>
          <ReportDetailDialog report={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {confirmDialog}
    </section>
  );
}
