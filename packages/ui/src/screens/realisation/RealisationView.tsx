import {
  formatRupiah,
  formatTenths,
  type RealisationGrid,
  type RealisationMonth,
  type RealisationRow,
} from '@ranwal/core';
import { useId } from 'react';
import { Button } from '../../components/Button.js';
import { DataTable, FIGURE_COLUMN } from '../../components/DataTable.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface RealisationViewProps {
  grid: RealisationGrid;
  /** Opens the reason dialog of a kode rekening paid above its lines; without it, read only. */
  onGiveReason?: (row: RealisationRow) => void;
}

/**
 * A sub kegiatan's realisation (issue 37): each month's plan and payments with their running
 * totals and the achievement so far, then each kode rekening's lines, plan and payments. A kode
 * rekening paid above its lines is marked, with its reason or a button to give one.
 */
export function RealisationView({ grid, onGiveReason }: RealisationViewProps) {
  const m = useMessages();
  const t = m.realisation.view;
  const monthsTitle = useId();
  const accountsTitle = useId();
  const months = grid.months.map((month) => ({ ...month, id: String(month.month) }));
  const rows = grid.rows.map((row) => ({ ...row, id: row.account_code }));
  const achievement = (month: RealisationMonth) =>
    month.achievement_tenths === null ? t.noPlanYet : formatTenths(month.achievement_tenths);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-700">
        {t.summary(
          formatRupiah(grid.totals.realised),
          formatRupiah(grid.totals.planned),
          formatRupiah(grid.totals.lines_total),
        )}
      </p>
      <section aria-labelledby={accountsTitle} className="flex flex-col gap-3">
        <h3 id={accountsTitle} className="text-base font-semibold text-slate-900">
          {t.accountsTitle(grid.sub_action_name)}
        </h3>
        <DataTable
          aria-labelledby={accountsTitle}
          rows={rows}
          empty={<EmptyState text={t.emptyAccounts} />}
          columns={[
            {
              id: 'account',
              header: t.account,
              isRowHeader: true,
              cell: (row) => (
                <span className="flex flex-col">
                  <span className="font-medium tabular-nums">{row.account_code}</span>
                  <span className="text-slate-600">{row.account_name}</span>
                </span>
              ),
            },
            {
              id: 'lines',
              header: t.linesTotal,
              ...FIGURE_COLUMN,
              cell: (row) => formatRupiah(row.lines_total),
            },
            {
              id: 'planned',
              header: m.realisation.planned,
              ...FIGURE_COLUMN,
              cell: (row) =>
                formatRupiah(row.planned.reduce((sum, value) => sum + BigInt(value), 0n)),
            },
            {
              id: 'realised',
              header: m.realisation.realised,
              ...FIGURE_COLUMN,
              cell: (row) => formatRupiah(row.realised_total),
            },
            {
              id: 'remaining',
              header: t.remaining,
              ...FIGURE_COLUMN,
              cell: (row) => (
                <span className={row.overrun ? 'font-medium text-red-800' : undefined}>
                  {formatRupiah(BigInt(row.lines_total) - BigInt(row.realised_total))}
                </span>
              ),
            },
            {
              id: 'note',
              header: t.note,
              cell: (row) => <OverrunNote row={row} onGiveReason={onGiveReason} />,
            },
          ]}
        />
      </section>
      <section aria-labelledby={monthsTitle} className="flex flex-col gap-3">
        <h3 id={monthsTitle} className="text-base font-semibold text-slate-900">
          {t.monthsTitle(grid.sub_action_name)}
        </h3>
        <DataTable
          aria-labelledby={monthsTitle}
          rows={months}
          empty={<EmptyState text={t.emptyAccounts} />}
          columns={[
            {
              id: 'month',
              header: t.month,
              isRowHeader: true,
              cell: (month) => m.cashPlan.monthNames[month.month - 1] ?? String(month.month),
            },
            {
              id: 'planned',
              header: m.realisation.planned,
              ...FIGURE_COLUMN,
              cell: (month) => formatRupiah(month.planned),
            },
            {
              id: 'realised',
              header: m.realisation.realised,
              ...FIGURE_COLUMN,
              cell: (month) => formatRupiah(month.realised),
            },
            {
              id: 'plannedCumulative',
              header: t.plannedCumulative,
              ...FIGURE_COLUMN,
              cell: (month) => formatRupiah(month.planned_cumulative),
            },
            {
              id: 'realisedCumulative',
              header: t.realisedCumulative,
              ...FIGURE_COLUMN,
              cell: (month) => formatRupiah(month.realised_cumulative),
            },
            {
              id: 'achievement',
              header: m.realisation.achievement,
              ...FIGURE_COLUMN,
              cell: achievement,
            },
          ]}
        />
      </section>
    </div>
  );
}

function OverrunNote({
  row,
  onGiveReason,
}: {
  row: RealisationRow;
  onGiveReason: RealisationViewProps['onGiveReason'];
}) {
  const m = useMessages();
  const t = m.realisation.view;
  if (!row.overrun) return <span className="text-slate-600">{t.withinLines}</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="font-medium text-red-800">
        {row.reason === null ? t.overrunUnexplained : t.overrunExplained(row.reason)}
      </span>
      {onGiveReason && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${row.reason === null ? t.giveReason : t.changeReason} ${row.account_code}`}
          onPress={() => onGiveReason(row)}
        >
          {row.reason === null ? t.giveReason : t.changeReason}
        </Button>
      )}
    </span>
  );
}
