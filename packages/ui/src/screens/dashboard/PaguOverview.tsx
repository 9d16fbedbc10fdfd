import { codeAndName, type PaguSummary, type PaguSummaryRow } from '@ranwal/core';
import { type ReactNode, useId } from 'react';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState, ErrorState, LoadingState, Spinner } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { PaguAmount, RemainingAmount, YearSelect } from '../planning/planning-parts.js';

export interface PaguOverviewProps {
  /** The year chosen in the picker. */
  year: number;
  /** The years the picker offers, newest first. */
  years?: readonly number[];
  onYearChange?: (year: number) => void;
  /** The figures shown; undefined until the first answer. */
  summary?: PaguSummary | undefined;
  isLoading?: boolean;
  /** Another year is loading: the figures shown stay (marked busy) beside 'Memuat data...'. */
  isRefreshing?: boolean;
  error?: string | null;
  onRetry?: () => void;
  className?: string;
}

const cellPadding = 'px-2 py-2 sm:px-3';
const headerCell = cn(cellPadding, 'text-end font-semibold text-slate-700');
const numberCell = cn(cellPadding, 'text-end text-slate-800');
// Below `md` each row is a card, as in the app's other tables (styles.css, `.table-stacks`): the
// name across the card, then the pagu and the sisa each across from its heading, so a unit's
// long code or a pagu in the billions never pushes the sisa off a phone's screen. What is
// planned (their difference) shows from `md`.
const wideOnly = 'hidden md:table-cell';

/**
 * The admin dashboard's 'Pagu dan Rencana Belanja' (issue 18, beyond the spec): for a year,
 * each Perangkat Daerah's and each programme's pagu, what their lines plan (after PPN) and the
 * sisa, below zero in red. A bar under each name shows how much of the pagu is planned (hidden
 * from screen readers: the cells say it).
 */
export function PaguOverview({
  year,
  years = [year],
  onYearChange,
  summary,
  isLoading = false,
  isRefreshing = false,
  error = null,
  onRetry,
  className,
}: PaguOverviewProps) {
  const m = useMessages();
  const t = m.planning.overview;
  const headingId = useId();
  const shownYear = summary?.year ?? year;
  const agencies = summary?.agencies.filter((row) => row.id !== null) ?? [];

  let body: ReactNode;
  if (error) {
    body = <ErrorState message={error} onRetry={onRetry} />;
  } else if (isLoading || !summary) {
    body = <LoadingState />;
  } else if (summary.programs.length === 0 && summary.agencies.length === 0) {
    body = <EmptyState text={t.empty(summary.year)} hint={t.emptyHint} />;
  } else {
    const agencyName = (id: string | null) =>
      id === null
        ? m.planning.noAgency
        : (summary.agencies.find((row) => row.id === id)?.name ?? m.planning.noAgency);
    body = (
      <div className="flex flex-col gap-6">
        {agencies.length > 0 && (
          <FiguresTable
            title={t.perAgency}
            nameHeader={t.agency}
            rows={summary.agencies.map((row) => ({
              row,
              name: row.name ? codeAndName(row.code, row.name, m) : m.planning.noAgency,
            }))}
          />
        )}
        <FiguresTable
          title={t.perProgram}
          nameHeader={t.program}
          rows={summary.programs.map((row) => ({
            row,
            name: row.name ? codeAndName(row.code, row.name, m) : '',
            note: agencies.length > 0 ? agencyName(row.agency_id) : undefined,
          }))}
        />
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
          {t.title(shownYear)}
        </h2>
        <div className="flex items-end gap-3">
          {isRefreshing && summary && (
            <span role="status" className="flex items-center gap-2 pb-2 text-sm text-slate-700">
              <Spinner className="size-4" />
              {m.common.loading}
            </span>
          )}
          <YearSelect
            label={t.year}
            year={year}
            years={years}
            onChange={(next) => onYearChange?.(next)}
            className="w-32"
          />
        </div>
      </div>
      {body}
    </section>
  );
}

interface FiguresRow {
  row: PaguSummaryRow;
  name: string;
  /** A second line under the name (a programme's Perangkat Daerah). */
  note?: string | undefined;
}

function FiguresTable({
  title,
  nameHeader,
  rows,
}: {
  title: string;
  nameHeader: string;
  rows: readonly FiguresRow[];
}) {
  const amounts = useMessages().planning.amounts;
  const titleId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div className="table-stacks overflow-x-auto">
        <table aria-labelledby={titleId} className="w-full border-collapse text-xs sm:text-sm">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th
                scope="col"
                className={cn(cellPadding, 'w-1/2 text-start font-semibold text-slate-700')}
              >
                {nameHeader}
              </th>
              <th scope="col" className={headerCell}>
                {amounts.pagu}
              </th>
              <th scope="col" className={cn(headerCell, wideOnly)}>
                {amounts.planned}
              </th>
              <th scope="col" className={headerCell}>
                {amounts.remaining}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row, name, note }) => (
              <tr key={row.id ?? 'none'} className="border-b border-slate-100 align-top">
                <th
                  scope="row"
                  className={cn(cellPadding, 'text-start font-normal text-slate-900 max-md:block')}
                >
                  <span className="block break-words">{name}</span>
                  {note && <span className="block break-words text-xs text-slate-600">{note}</span>}
                  <UsageBar pagu={row.pagu} planned={row.planned} />
                </th>
                <td data-label={amounts.pagu} className={numberCell}>
                  <PaguAmount value={row.pagu} />
                </td>
                <td data-label={amounts.planned} className={cn(numberCell, wideOnly)}>
                  <Rupiah value={row.planned} />
                </td>
                <td data-label={amounts.remaining} className={numberCell}>
                  <RemainingAmount value={row.remaining} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** How much of the pagu is planned; red when over. Display only, never money maths. */
function UsageBar({ pagu, planned }: { pagu: string | null; planned: string }) {
  if (pagu === null) return null;
  const ceiling = Number(pagu);
  const used = Number(planned);
  const share = ceiling > 0 ? Math.min(used / ceiling, 1) : used > 0 ? 1 : 0;
  return (
    <span
      aria-hidden="true"
      className="mt-1.5 flex h-2 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <span
        className={cn('h-full', used > ceiling ? 'bg-red-600' : 'bg-brand-700')}
        style={{ width: `${share * 100}%` }}
      />
    </span>
  );
}
