import {
  codeAndName,
  type FundingTotal,
  formatRupiah,
  type PaguLevelKey,
  type PaguLevelStatus,
  type PaguStatus,
} from '@ranwal/core';
import { type ReactNode, useId } from 'react';
import { Banner } from '../../components/Banner.js';
import { Spinner } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

/** Where the pagu panel gets the chain's ceilings: `pagu.status` for the chosen sub kegiatan. */
export interface PaguSource {
  status?: PaguStatus | undefined;
  isLoading?: boolean;
  /** Why the status could not be loaded. */
  errorMessage?: string | undefined;
  /**
   * The edited line's stored total after PPN (the status leaves the line out): the server lets
   * an edit that does not raise a level pass, even over a pagu lowered since.
   */
  storedLineTotal?: number | undefined;
  /** Asks again, after the server refused a line over a pagu. */
  refetch?: () => void;
}

/**
 * The levels with a pagu of their own: a sub kegiatan's and an agency's when set. A programme's
 * or a kegiatan's (and an agency's without one) is only the sum of the pagu set below it: its
 * sisa shows, but it warns of nothing.
 */
const ownsPagu = (level: PaguLevelStatus) => level.own_pagu;
/** A level the server refuses a line over: its own pagu, unless an admin allowed an overrun. */
const enforced = (level: PaguLevelStatus) => ownsPagu(level) && !level.allow_overrun;

/**
 * How far this line takes a level over its pagu, in rupiah; 0 when within it, or when the
 * line raises nothing (an edit keeping or lowering its total).
 */
export function paguExcess(level: PaguLevelStatus, lineTotal: number, storedLineTotal = 0): bigint {
  if (level.pagu === null) return 0n;
  const after = BigInt(level.planned) + BigInt(lineTotal);
  const before = BigInt(level.planned) + BigInt(storedLineTotal);
  const excess = after - BigInt(level.pagu);
  return excess > 0n && after > before ? excess : 0n;
}

export interface PaguPanelProps extends PaguSource {
  /** This line's total after PPN as typed; undefined while it cannot be computed. */
  lineTotal: number | undefined;
  year: number;
  /** The server's refusal of the last save (a 409 naming the pagu and the excess). */
  refusal?: string | undefined;
  /** What the sub kegiatan plans from each sumber dana, this line left out (issue 36). */
  fundingTotals?: readonly FundingTotal[] | undefined;
  className?: string;
}

/**
 * The pagu of the line's chain (Perangkat Daerah when any, Program, Kegiatan, Sub Kegiatan):
 * each level's pagu, what is already planned, this line as typed, and the sisa pagu after it,
 * with a warning naming the excess where the server would refuse the line.
 */
export function PaguPanel({
  status,
  isLoading = false,
  errorMessage,
  storedLineTotal,
  lineTotal,
  year,
  refusal,
  fundingTotals = [],
  className,
}: PaguPanelProps) {
  const messages = useMessages();
  const text = messages.reports.planning.pagu;
  // The figures are named as on the admin's pagu pages, so a unit's pagu reads the same there.
  const amounts = messages.planning.amounts;
  const titleId = useId();
  const line = lineTotal ?? 0;
  const levelName = (level: PaguLevelKey) => messages.levels[level].label;
  const what = (level: PaguLevelStatus) => `${levelName(level.level)} ${level.name}`;
  // A sub kegiatan without a pagu where the region says lines need one: no room, not no limit.
  const paguMissing = (level: PaguLevelStatus) =>
    Boolean(status?.pagu_required) && level.level === 'sub_action' && level.pagu === null;
  const blocked = (status?.levels ?? []).some(paguMissing);
  // A source's pagu and sisa columns only where some source has a ceiling.
  const withCeilings = fundingTotals.some((source) => source.ceiling !== null);
  const over = (status?.levels ?? []).filter(ownsPagu).flatMap((level) => {
    const excess = paguExcess(level, line, storedLineTotal);
    return excess > 0n ? [{ level, excess }] : [];
  });

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={isLoading || undefined}
      className={cn('flex flex-col gap-3 rounded-lg border border-slate-200 p-4', className)}
    >
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {text.title(year)}
      </h3>
      {isLoading && !status && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-brand-700" />
          {text.loading}
        </p>
      )}
      {errorMessage && !status && <p className="text-sm text-red-700">{errorMessage}</p>}
      {status && (
        <ul className="flex flex-col gap-3">
          {status.levels.map((level) => {
            const remaining =
              level.remaining === null ? null : BigInt(level.remaining) - BigInt(line);
            const isOver = remaining !== null && remaining < 0n;
            return (
              <li
                key={`${level.level}-${level.id}`}
                className="flex flex-col gap-1.5 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0"
              >
                <p className="break-words text-sm font-medium text-slate-800">
                  {text.level(levelName(level.level), level.name)}
                  {level.allow_overrun && (
                    <span className="ms-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                      {text.overrunAllowed}
                    </span>
                  )}
                </p>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <Figure label={amounts.pagu}>
                    {level.pagu === null ? (
                      <span className="italic text-slate-600">{amounts.noPagu}</span>
                    ) : (
                      formatRupiah(level.pagu)
                    )}
                  </Figure>
                  <Figure label={amounts.planned}>{formatRupiah(level.planned)}</Figure>
                  <Figure label={text.thisLine}>
                    {lineTotal === undefined ? '–' : formatRupiah(lineTotal)}
                  </Figure>
                  <Figure label={amounts.remaining} tone={isOver ? 'over' : undefined}>
                    {paguMissing(level) ? (
                      <span className="font-medium text-red-700">{amounts.noneRequired}</span>
                    ) : remaining === null ? (
                      <span className="italic text-slate-600">{amounts.noLimit}</span>
                    ) : (
                      formatRupiah(remaining)
                    )}
                  </Figure>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {fundingTotals.length > 0 && (
        // Four columns of rupiah scroll inside the panel on a phone; the page keeps its width.
        <div className="relative w-0 min-w-full overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="pb-1 text-start text-xs font-medium text-slate-700">
              {text.bySource}
            </caption>
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="pe-2 text-start font-normal">
                  {messages.funding.line.label}
                </th>
                {withCeilings && (
                  <th scope="col" className="pe-2 text-end font-normal">
                    {amounts.pagu}
                  </th>
                )}
                <th scope="col" className="pe-2 text-end font-normal">
                  {amounts.planned}
                </th>
                {withCeilings && (
                  <th scope="col" className="text-end font-normal">
                    {amounts.remaining}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {fundingTotals.map((source) => (
                <tr
                  key={source.funding_source_id ?? 'none'}
                  className="border-t border-slate-100 align-top"
                >
                  <th scope="row" className="py-1 pe-2 text-start font-normal text-slate-800">
                    {source.funding_source_id === null
                      ? messages.funding.line.none
                      : codeAndName(source.code, source.name ?? '')}
                  </th>
                  {withCeilings && (
                    <td className="whitespace-nowrap py-1 pe-2 text-end tabular-nums text-slate-600">
                      {source.ceiling === null ? '' : formatRupiah(source.ceiling)}
                    </td>
                  )}
                  <td className="whitespace-nowrap py-1 pe-2 text-end tabular-nums text-slate-900">
                    {formatRupiah(source.planned)}
                  </td>
                  {withCeilings && (
                    <td
                      className={cn(
                        'whitespace-nowrap py-1 text-end tabular-nums',
                        source.remaining?.startsWith('-') ? 'text-red-700' : 'text-slate-600',
                      )}
                    >
                      {source.remaining === null ? '' : formatRupiah(source.remaining)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* Polite: it follows every keystroke, and interrupting each one would drown the form. */}
      <div aria-live="polite" className="flex flex-col gap-2 empty:hidden">
        {blocked && status && (
          <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {messages.server.paguRequired(status.year)}
          </p>
        )}
        {over.map(({ level, excess }) => (
          <p
            key={level.level}
            className={cn(
              'rounded-md border px-3 py-2 text-sm',
              enforced(level)
                ? 'border-red-200 bg-red-50 font-medium text-red-800'
                : 'border-yellow-200 bg-yellow-50 text-yellow-800',
            )}
          >
            {enforced(level)
              ? text.exceeded(what(level), formatRupiah(level.pagu ?? 0), formatRupiah(excess))
              : text.exceededAllowed(what(level), formatRupiah(excess))}
          </p>
        ))}
      </div>
      {refusal && (
        <Banner tone="error" title={text.refusedTitle}>
          {refusal}
        </Banner>
      )}
    </section>
  );
}

function Figure({
  label,
  tone,
  children,
}: {
  label: string;
  tone?: 'over' | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd
        className={cn(
          'break-words font-medium tabular-nums',
          tone === 'over' ? 'text-red-700' : 'text-slate-900',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
