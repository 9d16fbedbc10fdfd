import {
  formatRupiah,
  formatRupiahCompact,
  formatTenths,
  type RealisationTrend,
} from '@ranwal/core';
import { useId } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { useRealisationTrend } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useElementWidth } from '../../lib/use-element-width.js';
import { DeviationBadge } from './realisation-parts.js';

export interface RealisationTrendChartProps {
  trend: RealisationTrend;
  /** Whose year it is: a unit's name, or 'Semua Perangkat Daerah'. */
  name: string;
  /** The month chosen on the page: payments are drawn up to it (later months have not come). */
  upToMonth?: number;
}

/**
 * The chart is drawn at its column's width, one unit a pixel, so its 12 px labels stay 12 px on a
 * phone and nothing scrolls; this width until the column is measured.
 */
const DEFAULT_WIDTH = 720;
/** Narrower than this the drawing would crowd its axis labels: it scales down from here. */
const NARROWEST = 280;
/** The lowest drawing (a phone's); a wider one is a third as high as it is wide. */
const LOWEST = 240;
const LEFT = 72;
const TOP = 12;
const BOTTOM = 26;
/** A month's label ('Mei', 'Agu') needs this much room; below it every other month is named. */
const MONTH_LABEL_ROOM = 34;

/**
 * A year month by month (issue 37's trend chart), drawn by the app with nothing fetched: the
 * running Anggaran Kas as a dashed line, the running SP2D as a solid one up to the chosen month.
 * The lines are an image to the eye; the same figures (with the achievement and the physical
 * progress) are a table for a screen reader, and each point says its month and amount on hover.
 */
export function RealisationTrendChart({ trend, name, upToMonth = 12 }: RealisationTrendChartProps) {
  const m = useMessages();
  const t = m.realisation.trend;
  const months = trend.months;
  const [frame, measured] = useElementWidth<HTMLDivElement>(DEFAULT_WIDTH);
  const width = Math.max(measured, NARROWEST);
  const height = Math.max(LOWEST, Math.round(width / 3));
  const plotHeight = height - TOP - BOTTOM;
  const highest = months.reduce((max, month) => {
    const planned = BigInt(month.planned_cumulative);
    const realised = BigInt(month.realised_cumulative);
    const larger = planned > realised ? planned : realised;
    return larger > max ? larger : max;
  }, 0n);
  const slot = (width - LEFT) / 12;
  const monthNamed = (month: number) => slot >= MONTH_LABEL_ROOM || month % 2 === 1;
  const x = (month: number) => LEFT + (month - 0.5) * slot;
  // BigInt to a pixel: exact enough, and no float above 2^53 rupiah.
  const y = (value: string) =>
    highest === 0n
      ? TOP + plotHeight
      : TOP + plotHeight - Number((BigInt(value) * BigInt(plotHeight * 100)) / highest) / 100;
  const line = (values: { month: number; value: string }[]) =>
    values.map(({ month, value }) => `${x(month)},${y(value)}`).join(' ');
  const planned = months.map((month) => ({ month: month.month, value: month.planned_cumulative }));
  const realised = months
    .filter((month) => month.month <= upToMonth)
    .map((month) => ({ month: month.month, value: month.realised_cumulative }));
  const ticks = [0n, 1n, 2n, 3n, 4n].map((step) => (highest * step) / 4n);
  const label = t.label(name, trend.year);
  return (
    <figure className="flex flex-col gap-2">
      <div ref={frame}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full"
          role="img"
          aria-label={label}
        >
          {ticks.map((tick) => {
            const at = y(tick.toString());
            return (
              <g key={tick.toString()}>
                <line x1={LEFT} x2={width} y1={at} y2={at} className="stroke-slate-200" />
                <text
                  x={LEFT - 8}
                  y={at + 4}
                  textAnchor="end"
                  className="fill-slate-600 text-[12px] tabular-nums"
                >
                  {formatRupiahCompact(tick)}
                </text>
              </g>
            );
          })}
          {months
            .filter((month) => monthNamed(month.month))
            .map((month) => (
              <text
                key={month.month}
                x={x(month.month)}
                y={height - 7}
                textAnchor="middle"
                className="fill-slate-600 text-[12px]"
              >
                {m.cashPlan.grid.monthShort[month.month - 1]}
              </text>
            ))}
          <polyline
            points={line(planned)}
            fill="none"
            strokeWidth={2}
            strokeDasharray="6 4"
            className="stroke-slate-500"
          />
          <polyline
            points={line(realised)}
            fill="none"
            strokeWidth={3}
            className="stroke-brand-700"
          />
          {realised.map(({ month, value }) => (
            <circle key={month} cx={x(month)} cy={y(value)} r={4} className="fill-brand-700">
              <title>{`${m.cashPlan.monthNames[month - 1]}: ${formatRupiah(value)}`}</title>
            </circle>
          ))}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden
            className="inline-block h-0 w-6 border-t-2 border-dashed border-slate-500"
          />
          {t.planned}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="inline-block h-0 w-6 border-t-[3px] border-brand-700" />
          {t.realised}
        </span>
      </figcaption>
      {/* In a clipped box: a table is as wide as its content, and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t.month}</th>
              <th scope="col">{t.planned}</th>
              <th scope="col">{t.realised}</th>
              <th scope="col">{t.achievement}</th>
              <th scope="col">{t.progress}</th>
            </tr>
          </thead>
          <tbody>
            {months
              .filter((month) => month.month <= upToMonth)
              .map((month) => (
                <tr key={month.month}>
                  <th scope="row">{m.cashPlan.monthNames[month.month - 1]}</th>
                  <td>{formatRupiah(month.planned_cumulative)}</td>
                  <td>{formatRupiah(month.realised_cumulative)}</td>
                  <td>
                    {month.achievement_tenths === null
                      ? '–'
                      : formatTenths(month.achievement_tenths)}{' '}
                    <DeviationBadge level={month.level} />
                  </td>
                  <td>
                    {month.progress_tenths === null ? '–' : formatTenths(month.progress_tenths)}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export interface ConnectedRealisationTrendProps {
  year: number;
  /** One unit's year; without it, everything the person reads (Bappeda's: the region). */
  agencyId?: string;
  /** The unit's name for the title; without a unit, 'Semua Perangkat Daerah'. */
  agencyName?: string;
  upToMonth?: number;
  /** 2 under a page's heading, 3 under a section's. */
  headingLevel?: 2 | 3;
}

/** 'Tren Realisasi' over `realisation.trend`: a unit's year, or the person's whole scope. */
export function ConnectedRealisationTrend({
  year,
  agencyId,
  agencyName,
  upToMonth,
  headingLevel = 3,
}: ConnectedRealisationTrendProps) {
  const t = useMessages().realisation.trend;
  const trend = useRealisationTrend({ year, ...(agencyId && { agency_id: agencyId }) });
  const name = agencyId ? (agencyName ?? '') : t.everyUnit;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const data = trend.data?.data;
  const nothing =
    data?.months.every(
      (month) => month.planned_cumulative === '0' && month.realised_cumulative === '0',
    ) ?? false;
  return (
    <section className="flex flex-col gap-2" aria-labelledby={titleId}>
      <Heading id={titleId} className="text-base font-semibold text-slate-900">
        {t.title(name, year)}
      </Heading>
      {trend.isError ? (
        <ErrorState message={t.fetchFailed} onRetry={() => void trend.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : nothing ? (
        <EmptyState text={t.empty} />
      ) : (
        <RealisationTrendChart trend={data} name={name} upToMonth={upToMonth} />
      )}
    </section>
  );
}
