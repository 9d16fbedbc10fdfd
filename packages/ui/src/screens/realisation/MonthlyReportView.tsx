import {
  formatDateTimeLong,
  formatRupiah,
  formatTenths,
  longDateOf,
  type MonthlyReport,
  type MonthlyReportSubAction,
  monthOfYear,
  quarterEndingIn,
} from '@ranwal/core';
import { useId } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { DataTable, RowButton } from '../../components/DataTable.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { DeviationBadge, ReportStatus } from './realisation-parts.js';

/** What the person may do with the month: each left out is not offered. */
export interface MonthlyReportActions {
  /** Enter a sub kegiatan's progress (the unit, while the month is open). */
  onEdit?: (row: MonthlyReportSubAction) => void;
  /** 'Salin Bulan Lalu' (the unit, while open). */
  onCopy?: () => void;
  /** 'Kirim' (the unit, while open). */
  onSend?: () => void;
  /** 'Verifikasi' (a verifier or an admin, once sent). */
  onVerify?: () => void;
  /** 'Kembalikan' (a verifier once sent; an admin also once verified or closed). */
  onReturn?: () => void;
  /** 'Tutup Bulan' (an admin, until closed). */
  onClose?: () => void;
  /** 'Rincian': a sub kegiatan's kode rekening and SP2D (the drill-down; anyone who reads it). */
  onOpenDetails?: (row: MonthlyReportSubAction) => void;
  /**
   * 'Capaian Triwulan': a sub kegiatan's output indicators of the quarter this month ends (the
   * unit; offered in March, June, September and December, disabled once the month is not open).
   */
  onAchieve?: (row: MonthlyReportSubAction) => void;
  /** Whether sending back also opens a verified or closed month (an admin's). */
  canReopen?: boolean;
  /** The action under way: its button shows it and the others wait. */
  pending?: 'copy' | 'send' | 'verify' | null;
}

export interface MonthlyReportViewProps extends MonthlyReportActions {
  report: MonthlyReport;
}

/**
 * A Perangkat Daerah's month (issue 37): where it stands (status, due date, who sent and who
 * reviewed it, the verifier's note), the unit's totals, and each sub kegiatan's money to date,
 * physical progress against its plan, problems and actions; the actions the person may take.
 */
export function MonthlyReportView({
  report,
  onEdit,
  onCopy,
  onSend,
  onVerify,
  onReturn,
  onClose,
  onOpenDetails,
  onAchieve,
  canReopen = false,
  pending = null,
}: MonthlyReportViewProps) {
  const m = useMessages();
  const t = m.monthlyReport;
  const v = t.view;
  const tableTitle = useId();
  const month = monthOfYear(report.month, report.year, m);
  const due = longDateOf(report.due_date, m);
  const percent = (tenths: number | null) => (tenths === null ? '–' : formatTenths(tenths));
  const rows = report.sub_actions.map((row) => ({ ...row, id: row.sub_action_id, row }));
  const open = report.editable;
  const sent = report.status === 'sent';
  const reopenable = sent || (canReopen && ['verified', 'closed'].includes(report.status));
  const edit = open ? onEdit : undefined;
  const achieve = quarterEndingIn(report.month) === null ? undefined : onAchieve;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">
            {report.agency_code ? `${report.agency_code} - ` : ''}
            {report.agency_name} · {month}
          </span>
          <ReportStatus status={report.status} late={report.late} />
        </p>
        {open && <p>{v.due(due)}</p>}
        {report.sent_at && report.sent_by_name && (
          <p>{v.sentBy(report.sent_by_name, formatDateTimeLong(report.sent_at))}</p>
        )}
        {report.reviewed_at && report.reviewed_by_name && (
          <p>{v.reviewedBy(report.reviewed_by_name, formatDateTimeLong(report.reviewed_at))}</p>
        )}
        {report.figures_frozen_at && (
          <p>{v.frozenFigures(formatDateTimeLong(report.figures_frozen_at))}</p>
        )}
      </div>
      {/* A month to come (chosen ahead, or a year still planned) takes nothing yet: said why. */}
      {!report.begun && <Banner tone="info">{t.notBegun(month)}</Banner>}
      {report.status === 'returned' && report.note && (
        <Banner tone="warning" title={t.statuses.returned}>
          {v.returnedNote(report.note)}
        </Banner>
      )}
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-800">
        <span className="inline-flex items-center gap-2">
          {v.totalsMoney(percent(report.totals.achievement_tenths))}
          <DeviationBadge level={report.totals.level} />
        </span>
        <span className="inline-flex items-center gap-2">
          {v.totalsPhysical(
            percent(report.totals.progress_tenths),
            percent(report.totals.planned_progress_tenths),
          )}
          <DeviationBadge level={report.totals.physical_level} />
        </span>
      </p>
      {open && report.totals.missing_progress > 0 && (
        <p className="text-sm text-amber-900">{v.missing(report.totals.missing_progress)}</p>
      )}
      <h3 id={tableTitle} className="sr-only">
        {t.title} {month}
      </h3>
      <DataTable
        aria-labelledby={tableTitle}
        rows={rows}
        empty={<EmptyState text={v.empty} />}
        columns={[
          {
            id: 'sub',
            header: t.columns.subAction,
            isRowHeader: true,
            cell: (row) => (
              <span className="flex min-w-44 flex-col items-start gap-0.5">
                {row.sub_action_code && (
                  <span className="font-medium tabular-nums">{row.sub_action_code}</span>
                )}
                <span>{row.sub_action_name}</span>
                {row.unexplained_overruns > 0 && (
                  <span className="text-red-800">{v.overruns(row.unexplained_overruns)}</span>
                )}
                {/* In the row's first cell, so a wide table never hides them off to the side. */}
                {(edit || onOpenDetails || achieve) && (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {edit && (
                      <RowButton
                        aria-label={(row.progress_tenths === null
                          ? t.actions.fillOf
                          : t.actions.changeOf)(row.sub_action_code ?? row.sub_action_name)}
                        onPress={() => edit(row.row)}
                      >
                        {row.progress_tenths === null ? t.actions.fill : t.actions.change}
                      </RowButton>
                    )}
                    {achieve && (
                      <RowButton
                        aria-label={m.indicators.achievement.openOf(
                          row.sub_action_code ?? row.sub_action_name,
                        )}
                        isDisabled={!open}
                        onPress={() => achieve(row.row)}
                      >
                        {m.indicators.achievement.open}
                      </RowButton>
                    )}
                    {onOpenDetails && (
                      <RowButton
                        aria-label={t.actions.detailsOf(row.sub_action_code ?? row.sub_action_name)}
                        onPress={() => onOpenDetails(row.row)}
                      >
                        {t.actions.details}
                      </RowButton>
                    )}
                  </span>
                )}
              </span>
            ),
          },
          {
            id: 'money',
            header: t.columns.money,
            className: 'text-end',
            cellClassName: 'text-end whitespace-nowrap',
            // Paid, of planned, and the share: one column, so the table fits beside a sidebar.
            cell: (row) => (
              <span className="flex flex-col items-end gap-0.5">
                <span className="tabular-nums">{formatRupiah(row.realised_cumulative)}</span>
                <span className="text-xs text-slate-600 tabular-nums">
                  {v.ofPlanned(formatRupiah(row.planned_cumulative))}
                </span>
                <span className="inline-flex items-center gap-2 tabular-nums">
                  {percent(row.achievement_tenths)}
                  <DeviationBadge level={row.level} />
                </span>
              </span>
            ),
          },
          {
            id: 'progress',
            header: t.columns.progress,
            className: 'text-end',
            cellClassName: 'text-end whitespace-nowrap',
            cell: (row) => (
              <span className="flex flex-col items-end gap-0.5">
                <span className="inline-flex items-center gap-2 tabular-nums">
                  {row.progress_tenths === null ? (
                    <span className="text-amber-900">{v.notEntered}</span>
                  ) : (
                    formatTenths(row.progress_tenths)
                  )}
                  <DeviationBadge level={row.physical_level} />
                </span>
                <span className="text-xs text-slate-600 tabular-nums">
                  {t.columns.plannedProgress} {percent(row.planned_progress_tenths)} ·{' '}
                  {v.previous(formatTenths(row.previous_progress_tenths))}
                </span>
              </span>
            ),
          },
          {
            id: 'story',
            header: t.columns.story,
            // Nothing at all when the month has no note, so a phone's card shows no empty heading.
            cell: (row) =>
              row.problems || row.actions || row.decrease_reason ? (
                <span className="flex min-w-40 flex-col gap-1">
                  {row.problems && (
                    <span>
                      <span className="font-medium">{t.columns.problems}:</span> {row.problems}
                    </span>
                  )}
                  {row.actions && (
                    <span>
                      <span className="font-medium">{t.columns.actions}:</span> {row.actions}
                    </span>
                  )}
                  {row.decrease_reason && (
                    <span className="text-amber-900">
                      {t.progressDialog.decreaseReason}: {row.decrease_reason}
                    </span>
                  )}
                </span>
              ) : null,
          },
        ]}
      />
      <div className="flex flex-wrap gap-2">
        {open && onCopy && (
          <Button
            variant="secondary"
            onPress={onCopy}
            isPending={pending === 'copy'}
            isDisabled={pending !== null}
          >
            {t.actions.copy}
          </Button>
        )}
        {open && onSend && (
          <Button onPress={onSend} isPending={pending === 'send'} isDisabled={pending !== null}>
            {t.actions.send}
          </Button>
        )}
        {sent && onVerify && (
          <Button onPress={onVerify} isPending={pending === 'verify'} isDisabled={pending !== null}>
            {t.actions.verify}
          </Button>
        )}
        {reopenable && onReturn && (
          <Button variant="secondary" onPress={onReturn} isDisabled={pending !== null}>
            {t.actions.return}
          </Button>
        )}
        {report.status !== 'closed' && onClose && (
          <Button variant="secondary" onPress={onClose} isDisabled={pending !== null}>
            {t.actions.close}
          </Button>
        )}
      </div>
    </div>
  );
}
