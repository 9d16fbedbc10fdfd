import {
  DEVIATION_THRESHOLDS,
  formatRupiah,
  formatTenths,
  monthName,
  monthOfDate,
  type RealisationSummary,
  type RealisationSummaryUnit,
  todayInRegion,
} from '@ranwal/core';
import { useId } from 'react';
import { DataTable, FIGURE_COLUMN, RowButton } from '../../components/DataTable.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { useListView } from '../../data/list-page.js';
import { useChoosesUnit, useRealisationSummary } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { MONTH_PARAM, monthOfParam, monthParamOf, monthParamSchema } from '../../lib/portal-url.js';
import { DeviationBadge, MonthSelect, ReportStatus } from './realisation-parts.js';

/**
 * A percentage and its level's badge; the badge may go under it, so the table fits beside a
 * sidebar at 1 366 px.
 */
const FIGURE_AND_BADGE = 'inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1';

export interface RealisationSummaryTableProps {
  summary: RealisationSummary | undefined;
  isLoading?: boolean;
  /** The summary could not be read: said, with 'Coba lagi'. */
  error?: string | null;
  onRetry?: () => void;
  /** The month the figures run to (1–12), and its change. */
  month: number;
  onMonthChange: (month: number) => void;
  year: number;
  /** The title's heading level: 2 under a page's h1, 3 inside a section of its own. */
  headingLevel?: 2 | 3;
  /** Opens a unit's monthly report (a verifier's, an admin's); without it, no such button. */
  onOpenReport?: (unit: RealisationSummaryUnit) => void;
  /** The lines' total column (left out beside the monthly report, to fit next to a sidebar). */
  showLinesTotal?: boolean;
  /**
   * The person reaches one unit (`useChoosesUnit` is false): the title and intro speak of its
   * row alone, with no 'per Perangkat Daerah' and no order to read.
   */
  oneUnit?: boolean;
}

/**
 * Each Perangkat Daerah's realisation up to a month against its Anggaran Kas (issue 37), the most
 * lagging first, its achievement and level (red, yellow, green, in words and colour).
 */
export function RealisationSummaryTable({
  summary,
  isLoading = false,
  error,
  onRetry,
  month,
  onMonthChange,
  year,
  headingLevel = 2,
  onOpenReport,
  showLinesTotal = true,
  oneUnit = false,
}: RealisationSummaryTableProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const m = useMessages();
  const t = m.realisation.summary;
  const titleId = useId();
  const rows = (summary?.units ?? []).map((unit) => ({ ...unit, id: unit.agency_id ?? 'none' }));
  const achievement = (tenths: number | null) => (tenths === null ? '' : formatTenths(tenths));
  const name = (unit: RealisationSummaryUnit) =>
    unit.agency_id === null
      ? t.noUnit
      : [unit.agency_code, unit.agency_name].filter(Boolean).join(' - ');
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex max-w-3xl flex-col gap-1">
          <Heading id={titleId} className="text-lg font-semibold text-slate-900">
            {oneUnit ? t.ownTitle : t.title}
          </Heading>
          <p className="text-sm text-slate-700">
            {(oneUnit ? t.ownIntro : t.intro)(monthName(month, m), year)}
          </p>
          <p className="text-sm text-slate-600">
            {t.legend(
              formatTenths(
                summary?.thresholds.red_below_tenths ?? DEVIATION_THRESHOLDS.red_below_tenths,
              ),
              formatTenths(
                summary?.thresholds.yellow_below_tenths ?? DEVIATION_THRESHOLDS.yellow_below_tenths,
              ),
            )}
          </p>
        </div>
        <MonthSelect label={t.month} month={month} onChange={onMonthChange} />
      </div>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <>
          <DataTable
            aria-labelledby={titleId}
            rows={rows}
            isLoading={isLoading}
            empty={<EmptyState text={t.empty} />}
            columns={[
              {
                id: 'unit',
                header: t.unit,
                isRowHeader: true,
                // The open button under the name, so a wide table never hides it off to the side.
                cell: (unit) =>
                  onOpenReport && unit.agency_id ? (
                    <span className="flex min-w-40 flex-col items-start gap-1">
                      <span>{name(unit)}</span>
                      <RowButton
                        aria-label={t.openReportOf(name(unit))}
                        onPress={() => onOpenReport(unit)}
                      >
                        {t.openReport}
                      </RowButton>
                    </span>
                  ) : (
                    name(unit)
                  ),
              },
              showLinesTotal && {
                id: 'lines',
                header: t.linesTotal,
                ...FIGURE_COLUMN,
                cell: (unit) => formatRupiah(unit.lines_total),
              },
              {
                id: 'planned',
                header: t.planned,
                ...FIGURE_COLUMN,
                cell: (unit) => formatRupiah(unit.planned_cumulative),
              },
              {
                id: 'realised',
                header: t.realised,
                ...FIGURE_COLUMN,
                cell: (unit) => formatRupiah(unit.realised_cumulative),
              },
              {
                id: 'achievement',
                header: t.achievement,
                ...FIGURE_COLUMN,
                cell: (unit) => (
                  <span className={FIGURE_AND_BADGE}>
                    {achievement(unit.achievement_tenths)}
                    <DeviationBadge level={unit.level} />
                  </span>
                ),
              },
              {
                id: 'progress',
                header: t.progress,
                ...FIGURE_COLUMN,
                // The plan on a line of its own: the table fits beside a sidebar at 1 366 px.
                cell: (unit) => (
                  <span className="flex flex-col items-end gap-0.5">
                    <span className={FIGURE_AND_BADGE}>
                      {achievement(
                        unit.planned_progress_tenths === null
                          ? unit.progress_tenths
                          : (unit.progress_tenths ?? 0),
                      )}
                      <DeviationBadge level={unit.physical_level} />
                    </span>
                    {unit.planned_progress_tenths !== null && (
                      <span className="text-xs text-slate-600">
                        {t.plannedProgress(achievement(unit.planned_progress_tenths))}
                      </span>
                    )}
                  </span>
                ),
              },
              {
                id: 'report',
                header: t.report,
                cell: (unit) =>
                  unit.report_status && (
                    <ReportStatus status={unit.report_status} late={unit.late} />
                  ),
              },
            ]}
          />
          {summary && summary.units.length > 1 && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
              <span className="font-medium">{t.total}:</span>
              <span>
                {m.realisation.view.summary(
                  formatRupiah(summary.totals.realised_cumulative),
                  formatRupiah(summary.totals.planned_cumulative),
                  formatRupiah(summary.totals.lines_total),
                )}
              </span>
              <span className="tabular-nums">{achievement(summary.totals.achievement_tenths)}</span>
              <DeviationBadge level={summary.totals.level} />
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The month a year's figures run to by default: this month in the current year, else December;
 * both on the region's calendar (WIB), as the server reads them.
 */
export function defaultSummaryMonth(year: number, now = new Date()): number {
  const today = monthOfDate(todayInRegion(now));
  return year === today.year ? today.month : 12;
}

const noMonthChosen: { month: string | null } = { month: null };
const monthParams = { month: { name: MONTH_PARAM, schema: monthParamSchema } };

/**
 * The month a year's figures run to: the one chosen for this year, else `defaultSummaryMonth`
 * (a year changed elsewhere starts on its own default again). Under a `ViewParamsProvider` (the
 * portal's URL) it is kept in the address (`?bulan=2026-03`), so a reload, Back and a link (a
 * notification's) keep it; else here.
 */
export function useSummaryMonth(year: number): [number, (month: number) => void] {
  const { filters, setFilters } = useListView(noMonthChosen, monthParams);
  const month = monthOfParam(filters.month, year) ?? defaultSummaryMonth(year);
  return [month, (next) => setFilters({ month: monthParamOf(year, next) })];
}

/** `RealisationSummaryTable` over `realisation.summary` for `year`, its month chosen here. */
export function ConnectedRealisationSummary({
  year,
  headingLevel,
}: {
  year: number;
  headingLevel?: 2 | 3;
}) {
  const t = useMessages().realisation.summary;
  const [month, setMonth] = useSummaryMonth(year);
  const summary = useRealisationSummary({ year, month });
  const oneUnit = !useChoosesUnit();
  return (
    <RealisationSummaryTable
      summary={summary.data?.data}
      isLoading={summary.isPending}
      error={summary.isError ? t.fetchFailed : null}
      onRetry={() => void summary.refetch()}
      month={month}
      onMonthChange={setMonth}
      year={year}
      headingLevel={headingLevel}
      oneUnit={oneUnit}
    />
  );
}
