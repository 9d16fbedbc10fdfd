import { formatRupiah } from '@ranwal/core';
import { AdminSection } from '../../components/AdminPage.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useCashPlanStatus } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface MonthlyPlanChartProps {
  year: number;
  /** January to December, whole rupiah as decimal text. */
  monthTotals: readonly string[];
  planTotal: string;
  linesTotal: string;
}

/** The chart's drawing box; the SVG scales to its column. */
const WIDTH = 720;
const HEIGHT = 220;
const AXIS = 24;

/**
 * The year's planned spending per month as bars (issue 36), drawn by the app: no chart library
 * and nothing fetched. The bars are an image to the eye; the same figures are a table for a
 * screen reader, and each bar says its month and amount on hover.
 */
export function MonthlyPlanChart({
  year,
  monthTotals,
  planTotal,
  linesTotal,
}: MonthlyPlanChartProps) {
  const m = useMessages();
  const t = m.cashPlan.chart;
  const amounts = monthTotals.map((value) => BigInt(value));
  const highest = amounts.reduce((max, value) => (value > max ? value : max), 0n);
  const slot = WIDTH / amounts.length;
  const barHeight = (value: bigint) =>
    highest === 0n ? 0 : Number((value * BigInt(HEIGHT - AXIS - 8)) / highest);
  return (
    <figure className="relative flex flex-col gap-3">
      <figcaption className="text-sm text-slate-700">
        {t.summary(formatRupiah(planTotal), formatRupiah(linesTotal))}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={t.label(year)}
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - AXIS}
          y2={HEIGHT - AXIS}
          className="stroke-slate-300"
        />
        {amounts.map((value, month) => {
          const height = barHeight(value);
          const name = m.cashPlan.monthNames[month] ?? '';
          return (
            <g key={name}>
              <rect
                x={month * slot + slot * 0.15}
                y={HEIGHT - AXIS - height}
                width={slot * 0.7}
                height={height}
                rx={3}
                className="fill-brand-600"
              >
                <title>{`${name}: ${formatRupiah(value)}`}</title>
              </rect>
              <text
                x={month * slot + slot / 2}
                y={HEIGHT - 7}
                textAnchor="middle"
                className="fill-slate-600 text-[13px]"
              >
                {m.cashPlan.grid.monthShort[month]}
              </text>
            </g>
          );
        })}
      </svg>
      {/* In a clipped box: a table is as wide as its content, and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{t.label(year)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.month}</th>
              <th scope="col">{t.amount}</th>
            </tr>
          </thead>
          <tbody>
            {amounts.map((value, month) => (
              <tr key={m.cashPlan.monthNames[month]}>
                <th scope="row">{m.cashPlan.monthNames[month]}</th>
                <td>{formatRupiah(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * 'Anggaran Kas per Bulan' over `cashPlan.status`: the caller's units' plan of the budget year
 * (the admin's: the whole region's), for the dashboards and the Anggaran Kas page.
 */
export function ConnectedMonthlyPlan({ initialYear }: { initialYear?: number }) {
  const t = useMessages().cashPlan.chart;
  const { year } = useBudgetYear(initialYear);
  const status = useCashPlanStatus({ year });
  const data = status.data?.data;
  return (
    <AdminSection title={t.title(year)} intro={t.intro} level={2}>
      {status.isError ? (
        <ErrorState message={t.fetchFailed} onRetry={() => void status.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : data.plan_total === '0' ? (
        <EmptyState text={t.empty} />
      ) : (
        <MonthlyPlanChart
          year={year}
          monthTotals={data.month_totals}
          planTotal={data.plan_total}
          linesTotal={data.lines_total}
        />
      )}
    </AdminSection>
  );
}
