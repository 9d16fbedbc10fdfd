import {
  type BudgetLine,
  coefficientText,
  isApiError,
  type Messages,
  taxRuleText,
} from '@ranwal/core';
import { memo, type ReactNode, useCallback, useId, useMemo } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { Dialog, Modal } from '../../components/Dialog.js';
import { NumberedPagination } from '../../components/Pagination.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn, focusVisibleRing } from '../../lib/cn.js';
import { useLatest } from '../../lib/use-latest.js';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../lib/use-media-query.js';
import { LineComponent } from '../budget-lines/LineComponent.js';
import { lineNumbers, useLineActions } from '../budget-lines/line-actions.js';
import {
  EditedBy,
  LineVerification,
  lineLevels,
  lineVolumes,
  SubActionVerificationBadge,
  volumeText,
} from '../budget-lines/line-facts.js';
import { ReportCards } from '../budget-lines/ReportCards.js';

/**
 * The report list's load failure as the spec words it (section 8): an HTTP error as
 * 'Gagal memuat data: {status} - {statusText}'; with no status text (HTTP/2 has none) the
 * server's message; anything else 'Gagal memuat data.'.
 */
export function reportListErrorMessage(error: unknown, messages: Messages): string {
  const list = messages.reports.list;
  if (isApiError(error) && error.kind === 'http') {
    return error.statusText
      ? list.loadFailedHttp(error.status, error.statusText)
      : error.serverMessage || list.loadFailed;
  }
  return list.loadFailed;
}

export interface ReportListProps {
  /** The user's reports; undefined before the first load. */
  reports?: readonly BudgetLine[];
  isLoading?: boolean;
  /** Why the list could not be loaded. */
  error?: unknown;
  /** Shows 'Coba lagi' under a load error. */
  onRetry?: () => void;
  /** False when no session token is stored: the list says to sign in instead of loading. */
  hasToken?: boolean;
  /** The report whose detail dialog is open, or null. */
  detailId?: string | null;
  onDetailIdChange?: (id: string | null) => void;
  /** The open report as loaded for its dialog. */
  detail?: BudgetLine;
  isDetailLoading?: boolean;
  detailError?: unknown;
  /** Search, filters and order above the list (ReportListControls). */
  controls?: ReactNode;
  /** The page shown, from 1; the pagination shows with more than one page. */
  page?: number;
  totalPages?: number;
  /** Lines on every page, for 'Menampilkan X sampai Y dari Z hasil'. */
  totalItems?: number;
  /** More lines match than `totalItems`, where the server's count stopped (issue 39). */
  moreThanTotal?: boolean;
  pageSize?: number;
  onPageChange?: (page: number) => void;
  /** Opens a line in the edit dialog. */
  onEdit?: (report: BudgetLine) => void;
  /** Deletes a line the user has confirmed. */
  onDelete?: (report: BudgetLine) => unknown;
  /** The line being deleted: its button shows 'Menghapus...'. */
  deletingId?: string | null;
  /** What an empty list says; 'Tidak ada laporan tersedia' by default. */
  emptyText?: string;
  /**
   * Why lines of a year cannot be changed now, by year (its stage, core's `stageRefusal`): said
   * above the list, and those lines' 'Edit' and 'Hapus' are disabled, described by it.
   */
  writeBlocks?: ReadonlyMap<number, string>;
  className?: string;
}

const NO_REPORTS: readonly BudgetLine[] = [];

/**
 * 'Daftar Laporan': the user's reports, each opening 'Detail Laporan'. Memoised, so choices made
 * elsewhere on the dashboard do not re-render the table.
 */
export const ReportList = memo(function ReportList({
  reports = NO_REPORTS,
  isLoading = false,
  error,
  onRetry,
  hasToken = true,
  detailId = null,
  onDetailIdChange,
  detail,
  isDetailLoading = false,
  detailError,
  controls,
  page = 1,
  totalPages = 1,
  totalItems = reports.length,
  moreThanTotal = false,
  pageSize = reports.length || 1,
  onPageChange,
  onEdit,
  onDelete,
  deletingId = null,
  emptyText,
  writeBlocks,
  className,
}: ReportListProps) {
  const messages = useMessages();
  const list = messages.reports.list;
  const titleId = useId();
  const blockedBy = useCallback(
    (report: BudgetLine) =>
      writeBlocks?.has(report.year) ? `${titleId}-blocked-${report.year}` : undefined,
    [writeBlocks, titleId],
  );
  // Read when a row is opened, so the memoised rows need not change with the callback.
  const detailIdChange = useLatest(onDetailIdChange);
  const open = useCallback((id: string) => detailIdChange.current?.(id), []);
  const { actions, confirmDialog } = useLineActions({
    onView: (report) => open(report.id),
    onEdit,
    onDelete,
    deletingId,
    blockedBy,
  });
  const empty = emptyText ?? list.empty;
  const numbers = useMemo(() => lineNumbers(reports, page, pageSize), [reports, page, pageSize]);

  let body: ReactNode;
  if (!hasToken) {
    body = <ErrorState message={list.noToken} />;
  } else if (error !== undefined && error !== null) {
    body = (
      <ErrorState
        heading={list.loadErrorHeading}
        message={reportListErrorMessage(error, messages)}
        onRetry={onRetry}
      />
    );
  } else {
    body = (
      <>
        <ReportRows
          reports={reports}
          isLoading={isLoading}
          emptyText={empty}
          numbers={numbers}
          actions={actions}
          titleId={titleId}
          onOpen={open}
          writeBlocks={writeBlocks}
          deletingId={deletingId}
        />
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
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-4', className)}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {list.title}
      </h2>
      {[...(writeBlocks ?? [])].map(([year, reason]) => (
        <Banner key={year} id={`${titleId}-blocked-${year}`} tone="warning">
          {reason}
        </Banner>
      ))}
      {hasToken && controls}
      {body}
      {confirmDialog}
      <Modal
        isOpen={detailId !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) onDetailIdChange?.(null);
        }}
        isDismissable
      >
        <Dialog
          title={list.detailTitle}
          showCloseButton={false}
          footer={({ close }) => (
            <Button variant="secondary" onPress={close}>
              {messages.common.close}
            </Button>
          )}
        >
          {isDetailLoading ? (
            <LoadingState />
          ) : detailError !== undefined && detailError !== null ? (
            <ErrorState message={describeError(detailError, messages.reports.fetchFailed)} />
          ) : detail ? (
            <ReportDetail report={detail} />
          ) : null}
        </Dialog>
      </Modal>
    </section>
  );
});

interface ReportRowsProps {
  reports: readonly BudgetLine[];
  isLoading: boolean;
  emptyText: string;
  numbers: ReadonlyMap<string, number>;
  actions: (report: BudgetLine) => ReactNode;
  titleId: string;
  /** Opens a line's detail (the table's row action). */
  onOpen: (id: string) => void;
  writeBlocks: ReadonlyMap<number, string> | undefined;
  deletingId: string | null;
}

/**
 * The lines as cards (a phone) or a table, memoised apart from the list around them: a page of
 * a hundred lines is drawn again when the lines or their buttons change, not when the detail
 * dialog opens, a deletion is asked about or the search box changes.
 */
const ReportRows = memo(function ReportRows({
  reports,
  isLoading,
  emptyText,
  numbers,
  actions,
  titleId,
  onOpen,
  writeBlocks,
  deletingId,
}: ReportRowsProps) {
  const messages = useMessages();
  // A phone reads each line as a card; the table needs a wider screen.
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const fields = messages.reports.fields;
  if (!isWide) {
    return (
      <ReportCards
        reports={reports}
        isLoading={isLoading}
        emptyText={emptyText}
        numbers={numbers}
        actions={actions}
        showVerification
      />
    );
  }
  return (
    <Table aria-labelledby={titleId} onRowAction={(key) => onOpen(String(key))}>
      <TableHeader>
        <Column>{fields.programName}</Column>
        <Column isRowHeader>{fields.componentName}</Column>
        <Column>{fields.totalAfterTax}</Column>
        <Column>{fields.year}</Column>
        <Column>{messages.common.actions}</Column>
      </TableHeader>
      <TableBody
        items={reports}
        // A row's buttons follow the stage's refusal and the deletion under way.
        dependencies={[writeBlocks, deletingId]}
        isLoading={isLoading}
        renderEmptyState={() => <EmptyState text={emptyText} />}
      >
        {(report) => (
          <Row id={report.id}>
            <Cell className="min-w-48 break-words">{report.program_name}</Cell>
            <Cell className="min-w-40">
              <LineComponent line={report} />
              <LineVerification line={report} />
            </Cell>
            <Cell>
              <Rupiah value={report.total_after_tax} />
            </Cell>
            <Cell className="tabular-nums">{report.year}</Cell>
            <Cell>{actions(report)}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
});

type Fact = [label: string, value: ReactNode];

/** Label and value pairs as the dialog lists them. */
function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The dialog's facts about one report: the spec's first, each volume with its own unit ('30
 * Orang', '4 Kali'), then 'Rincian Lengkap': every level with its code, the component, the
 * coefficient and PPN, the sub kegiatan's verification, who made it and when.
 */
function ReportDetail({ report }: { report: BudgetLine }) {
  const messages = useMessages();
  const fields = messages.reports.fields;
  const more = messages.lines.detail;
  const moreId = useId();
  const [first, second, third] = lineVolumes(report).map(([value, unit]) =>
    volumeText(messages, value, unit),
  );
  const facts: Fact[] = [
    [fields.programName, report.program_name],
    [fields.componentName, report.component_name],
    [fields.accountCode, report.account_code],
    [fields.accountName, report.account_name],
    [fields.price, <Rupiah key="price" value={report.price} />],
    [fields.firstVolume, first],
    [fields.secondVolume, second],
    [fields.thirdVolume, third],
    [fields.totalPrice, <Rupiah key="total" value={report.total_price} />],
    [fields.tax, <Rupiah key="tax" value={report.tax} />],
    [
      fields.totalAfterTax,
      <Rupiah key="after" value={report.total_after_tax} className="font-semibold" />,
    ],
  ];
  const details: Fact[] = [
    // The account's code and name are the spec's facts above.
    ...lineLevels(report, messages)
      .filter(({ key }) => key !== 'account')
      .map(({ label, value }): Fact => [label, value]),
    [fields.componentCode, report.component_code || '-'],
    [fields.specification, report.specification || '-'],
    [fields.supporter, report.supporter_name || '-'],
    [fields.unit, report.unit],
    [fields.coefficient, coefficientText(report)],
    ...(report.tax > 0
      ? [[fields.taxWithRule(taxRuleText(report)), <Rupiah key="ppn" value={report.tax} />] as Fact]
      : []),
    [
      fields.priceSource,
      report.price_item_id ? fields.priceFromCatalogue : fields.freeFormComponent,
    ],
    [messages.lines.verification.label, <SubActionVerificationBadge key="v" line={report} />],
    [more.createdBy, report.created_by_name ?? messages.history.system],
    [fields.createdAt, <DateText key="created" value={report.created_at} format="long" />],
    ...(report.updated_at
      ? [[fields.updatedAt, <EditedBy key="edited" report={report} />] as Fact]
      : []),
  ];
  return (
    // Focusable, so the keyboard can scroll a detail taller than the screen.
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the content of a scrolling region
      tabIndex={0}
      className={cn(
        'flex flex-col gap-5 rounded-md',
        focusVisibleRing,
        'focus-visible:outline-offset-4',
      )}
    >
      <Facts facts={facts} />
      <section aria-labelledby={moreId} className="flex flex-col gap-3">
        <h3 id={moreId} className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {more.moreTitle}
        </h3>
        <Facts facts={details} />
      </section>
    </div>
  );
}
