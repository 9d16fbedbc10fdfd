import {
  type BudgetSummary,
  type BudgetSummaryProgram,
  formatNumberId,
  formatRupiah,
} from '@ranwal/core';
import { type ReactNode, useId } from 'react';
import { Rupiah } from '../../components/Rupiah.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState, LoadingState, Spinner } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

export interface BudgetOverviewProps {
  /** The year chosen in the picker. */
  year: number;
  /** The years the picker offers, newest first; see `budgetYearOptions`. */
  years?: readonly number[];
  onYearChange?: (year: number) => void;
  /** The figures shown; undefined until the first answer. */
  summary?: BudgetSummary | undefined;
  /** The first load: 'Memuat data...'. */
  isLoading?: boolean;
  /** Another year is loading: the figures shown stay (marked busy) beside 'Memuat data...'. */
  isRefreshing?: boolean;
  /** Why the figures could not be loaded; shown instead of them. */
  error?: string | null;
  onRetry?: () => void;
  className?: string;
}

/**
 * The picker's years, newest first: every year that has lines plus the years always offered
 * (the one chosen, the current one), so a year without lines can be chosen and left again.
 */
export function budgetYearOptions(
  yearsWithLines: readonly number[],
  ...alwaysOffered: number[]
): number[] {
  return [...new Set([...yearsWithLines, ...alwaysOffered])].sort((a, b) => b - a);
}

/** Bar lengths are relative to the largest programme: display only, never money maths. */
const percentOf = (value: string, largest: number): string =>
  `${largest > 0 ? (Number(value) / largest) * 100 : 0}%`;

const cellPadding = 'px-2 py-2 sm:px-3';
const headerCell = cn(cellPadding, 'text-end font-semibold text-slate-700');
const numberCell = cn(cellPadding, 'text-end tabular-nums text-slate-800');
// Below `sm` the table keeps the count and the total after PPN; the tiles carry the rest.
const wideOnly = 'hidden sm:table-cell';

/**
 * The admin dashboard's year at a glance (beyond the spec: issue 5): the number of budget
 * lines, their total before and after PPN, and each programme's share as a bar chart that is
 * also a table, so every bar's figures can be read as text.
 */
export function BudgetOverview({
  year,
  years = [year],
  onYearChange,
  summary,
  isLoading = false,
  isRefreshing = false,
  error = null,
  onRetry,
  className,
}: BudgetOverviewProps) {
  const messages = useMessages();
  const text = messages.adminDashboard.budget;
  const loadingText = messages.common.loading;
  const headingId = useId();
  const shownYear = summary?.year ?? year;

  let body: ReactNode;
  if (error) {
    body = <ErrorState message={error} onRetry={onRetry} />;
  } else if (isLoading || !summary) {
    body = <LoadingState />;
  } else if (summary.line_count === 0) {
    body = <EmptyState text={text.empty(summary.year)} hint={text.emptyHint} />;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <BudgetTiles summary={summary} />
        <ProgramChart summary={summary} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={isLoading || isRefreshing}
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-6',
        className,
      )}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {text.title(shownYear)}
        </h2>
        <div className="flex items-end gap-3">
          {isRefreshing && summary && (
            <span role="status" className="flex items-center gap-2 pb-2 text-sm text-slate-700">
              <Spinner className="size-4" />
              {loadingText}
            </span>
          )}
          <Select
            label={text.year}
            items={years.map((option) => ({ id: option }))}
            value={year}
            onChange={(key) => {
              if (key !== null) onYearChange?.(Number(key));
            }}
            className="w-32"
          >
            {(item) => <SelectItem id={item.id}>{String(item.id)}</SelectItem>}
          </Select>
        </div>
      </div>
      {body}
    </section>
  );
}

function BudgetTiles({ summary }: { summary: BudgetSummary }) {
  const text = useMessages().adminDashboard.budget;
  const tiles = [
    {
      label: text.lineCount,
      value: formatNumberId(summary.line_count),
      hint: text.lineCountHint(summary.programs.length),
    },
    {
      label: text.totalPrice,
      value: <Rupiah value={summary.total_price} />,
      hint: text.totalPriceHint,
    },
    {
      label: text.totalAfterTax,
      value: <Rupiah value={summary.total_after_tax} />,
      hint: text.taxIncluded(formatRupiah(summary.tax)),
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-md border border-slate-200 bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-bold break-words text-slate-900">{tile.value}</dd>
          <dd className="mt-1 text-sm text-slate-600">{tile.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProgramChart({ summary }: { summary: BudgetSummary }) {
  const text = useMessages().adminDashboard.budget;
  const columns = text.columns;
  const largest = Math.max(
    0,
    ...summary.programs.map((program) => Number(program.total_after_tax)),
  );
  const titleId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {text.perProgram}
      </h3>
      {/* The bars' key; the bars themselves are hidden from screen readers, the cells say it all. */}
      <div aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-brand-700" />
          {columns.totalPrice}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-amber-400" />
          {columns.tax}
        </span>
      </div>
      <div className="overflow-x-auto">
        <table aria-labelledby={titleId} className="w-full border-collapse text-xs sm:text-sm">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th
                scope="col"
                className={cn(cellPadding, 'w-1/2 text-start font-semibold text-slate-700')}
              >
                {columns.program}
              </th>
              <th scope="col" className={headerCell}>
                {columns.lineCount}
              </th>
              <th scope="col" className={cn(headerCell, wideOnly)}>
                {columns.totalPrice}
              </th>
              <th scope="col" className={cn(headerCell, wideOnly)}>
                {columns.tax}
              </th>
              <th scope="col" className={headerCell}>
                {columns.totalAfterTax}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.programs.map((program) => (
              <ProgramRow key={program.program_id} program={program} largest={largest} />
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 font-semibold">
            <tr>
              <th scope="row" className={cn(cellPadding, 'text-start text-slate-900')}>
                {text.total}
              </th>
              <td className={numberCell}>{formatNumberId(summary.line_count)}</td>
              <td className={cn(numberCell, wideOnly)}>
                <Rupiah value={summary.total_price} />
              </td>
              <td className={cn(numberCell, wideOnly)}>
                <Rupiah value={summary.tax} />
              </td>
              <td className={numberCell}>
                <Rupiah value={summary.total_after_tax} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

function ProgramRow({ program, largest }: { program: BudgetSummaryProgram; largest: number }) {
  return (
    <tr className="border-b border-slate-100 align-top">
      <th scope="row" className={cn(cellPadding, 'text-start font-normal text-slate-900')}>
        <span className="break-words">{program.program_name}</span>
        <span
          aria-hidden="true"
          className="mt-1.5 flex h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <Segment className="bg-brand-700" value={program.total_price} largest={largest} />
          <Segment className="bg-amber-400" value={program.tax} largest={largest} />
        </span>
      </th>
      <td className={numberCell}>{formatNumberId(program.line_count)}</td>
      <td className={cn(numberCell, wideOnly)}>
        <Rupiah value={program.total_price} />
      </td>
      <td className={cn(numberCell, wideOnly)}>
        <Rupiah value={program.tax} />
      </td>
      <td className={numberCell}>
        <Rupiah value={program.total_after_tax} />
      </td>
    </tr>
  );
}

/** One part of a bar; a part that is not zero stays visible however small its share. */
function Segment({
  value,
  largest,
  className,
}: {
  value: string;
  largest: number;
  className: string;
}) {
  return (
    <span
      className={cn('h-full shrink-0', value !== '0' && 'min-w-0.5', className)}
      style={{ width: percentOf(value, largest) }}
    />
  );
}
