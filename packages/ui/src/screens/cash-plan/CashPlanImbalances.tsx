import {
  type CashPlanImbalance,
  type CashPlanStatus,
  codeAndName,
  formatRupiah,
} from '@ranwal/core';
import { useId } from 'react';
import { DataTable, FIGURE_CELL, FIGURE_COLUMN } from '../../components/DataTable.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { useCashPlanStatus } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface CashPlanImbalancesProps {
  status: CashPlanStatus | undefined;
  isLoading?: boolean;
  /** The status could not be read: said, with 'Coba lagi'. */
  error?: string | null;
  onRetry?: () => void;
}

type Row = CashPlanImbalance & { id: string };

/**
 * The year's sub kegiatan whose Anggaran Kas does not equal their lines (issue 36), on the
 * stage page: with the region's rule on, these are what hold the next stage back, named with
 * their selisih; with it off, what is still unfinished.
 */
export function CashPlanImbalances({
  status,
  isLoading = false,
  error,
  onRetry,
}: CashPlanImbalancesProps) {
  const t = useMessages().cashPlan.status;
  const titleId = useId();
  const rows: Row[] = (status?.unbalanced ?? []).map((item) => ({
    ...item,
    id: item.sub_action_id,
  }));
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <>
          {rows.length > 0 && (
            <p
              className={
                status?.cash_plan_required ? 'text-sm text-red-800' : 'text-sm text-slate-700'
              }
            >
              {status?.cash_plan_required ? t.blocking : t.notBlocking}
            </p>
          )}
          <DataTable
            aria-labelledby={titleId}
            rows={rows}
            isLoading={isLoading}
            empty={<EmptyState text={t.none} />}
            columns={[
              {
                id: 'sub_action',
                header: t.subAction,
                isRowHeader: true,
                cell: (row) => codeAndName(row.sub_action_code, row.sub_action_name),
              },
              {
                id: 'lines',
                header: t.linesTotal,
                ...FIGURE_COLUMN,
                cell: (row) => formatRupiah(row.lines_total),
              },
              {
                id: 'plan',
                header: t.planTotal,
                ...FIGURE_COLUMN,
                cell: (row) => formatRupiah(row.plan_total),
              },
              {
                id: 'selisih',
                header: t.selisih,
                className: 'text-end',
                cellClassName: `${FIGURE_CELL} font-medium text-red-800`,
                cell: (row) => formatRupiah(row.selisih),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}

/** `CashPlanImbalances` over `cashPlan.status` for `year`. */
export function ConnectedCashPlanImbalances({ year }: { year: number }) {
  const t = useMessages().cashPlan.status;
  const status = useCashPlanStatus({ year });
  return (
    <CashPlanImbalances
      status={status.data?.data}
      isLoading={status.isPending}
      error={status.isError ? t.fetchFailed : null}
      onRetry={() => void status.refetch()}
    />
  );
}
