import {
  allInMonth,
  CASH_PLAN_MONTHS,
  type CashPlanGrid,
  type CashPlanInput,
  codeAndName,
  formatRupiah,
  groupNumberInput,
  numberInputProblemText,
  parseNumberInput,
  readPastedBlock,
  spreadEvenly,
  spreadLike,
} from '@ranwal/core';
import { type ClipboardEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, SubmenuTrigger } from 'react-aria-components';
import { Button } from '../../components/Button.js';
import { popoverStyles } from '../../components/Field.js';
import { ChevronDownIcon } from '../../components/icons.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn, focusRing } from '../../lib/cn.js';

export interface CashPlanEditorProps {
  /** The sub kegiatan's grid as the server has it. */
  grid: CashPlanGrid;
  /** The same sub kegiatan's grid of the year before, for 'Ikuti pola'; none: not offered. */
  previous?: CashPlanGrid | null;
  /** Saves the rows; resolves when saved, rejects with the call's error (shown by the caller). */
  onSave: (rows: CashPlanInput['rows']) => Promise<unknown>;
  isSaving?: boolean;
  /** Shown, not edited (a locked sub kegiatan, a stage that refuses writes). */
  isReadOnly?: boolean;
}

const RUPIAH = { decimals: 0 } as const;

/** A month's cell as shown: '1.500.000', or empty for nothing planned. */
const cellText = (amount: bigint | string) =>
  BigInt(amount) === 0n ? '' : groupNumberInput(String(amount), RUPIAH);

/** What a typed cell holds: an amount, or why it is not one. Empty is 0. */
const readCell = (text: string) =>
  text.trim() === '' ? ({ ok: true, value: 0 } as const) : parseNumberInput(text, RUPIAH);

const sumOf = (values: readonly bigint[]) => values.reduce((sum, value) => sum + value, 0n);

/** The selisih in rupiah with its sign: '+Rp 1.000', '-Rp 1.000', 'Rp 0'. */
const signedRupiah = (amount: bigint) =>
  amount === 0n
    ? formatRupiah(0)
    : `${amount > 0n ? '+' : '-'}${formatRupiah(amount > 0n ? amount : -amount)}`;

/**
 * A sub kegiatan's Anggaran Kas (issue 36) as a grid that works like a spreadsheet: a row per
 * kode rekening, a cell per month, typed as people write amounts (`2.500.000`), moved through
 * with Tab, Enter and the arrow keys, filled by pasting a block copied from Excel or with the
 * helpers (spread evenly, follow last year's shape, all in one month). Each row's selisih, and
 * the total's, follow every keystroke; nothing is rescaled behind the person's back.
 */
export function CashPlanEditor({
  grid,
  previous,
  onSave,
  isSaving = false,
  isReadOnly = false,
}: CashPlanEditorProps) {
  const m = useMessages();
  const t = m.cashPlan.grid;
  const monthNames = m.cashPlan.monthNames;
  const captionId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const [cells, setCells] = useState<string[][]>(() =>
    grid.rows.map((row) => row.months.map(cellText)),
  );
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);

  const linesTotals = useMemo(() => grid.rows.map((row) => BigInt(row.lines_total)), [grid.rows]);
  const read = cells.map((row) => row.map(readCell));
  const amounts = read.map((row) => row.map((cell) => (cell.ok ? BigInt(cell.value) : 0n)));
  const planTotals = amounts.map(sumOf);
  const selisih = planTotals.map((total, index) => total - (linesTotals[index] ?? 0n));
  const monthTotals = Array.from({ length: CASH_PLAN_MONTHS }, (_, month) =>
    sumOf(amounts.map((row) => row[month] ?? 0n)),
  );
  const grandPlan = sumOf(planTotals);
  const grandLines = sumOf(linesTotals);
  const grandSelisih = grandPlan - grandLines;
  const problems = read.flatMap((row, index) =>
    row.flatMap((cell, month) =>
      cell.ok
        ? []
        : [
            m.cashPlan.cellProblem(
              grid.rows[index]?.account_code ?? '',
              monthNames[month] ?? '',
              numberInputProblemText(cell.problem, RUPIAH, m.numberInput),
            ),
          ],
    ),
  );

  const previousShape = (index: number): bigint[] | null => {
    if (!previous) return null;
    const code = grid.rows[index]?.account_code;
    const row = previous.rows.find((candidate) => candidate.account_code === code);
    // A kode rekening new this year follows the sub kegiatan's whole shape of last year.
    const shape = (row ? row.months : previous.month_totals).map((amount) => BigInt(amount));
    return sumOf(shape) > 0n ? shape : null;
  };
  const canFollowPrevious = previous
    ? grid.rows.some((_, index) => previousShape(index) !== null)
    : false;

  const setCell = (index: number, month: number, text: string) =>
    setCells((current) =>
      current.map((row, rowIndex) =>
        rowIndex === index
          ? row.map((old, monthIndex) => (monthIndex === month ? text : old))
          : row,
      ),
    );
  const setRow = (index: number, months: readonly bigint[]) =>
    setCells((current) =>
      current.map((row, rowIndex) => (rowIndex === index ? months.map(cellText) : row)),
    );
  const fillRow = (index: number, how: 'even' | 'previous' | number) => {
    const total = linesTotals[index] ?? 0n;
    const shape = previousShape(index);
    if (how === 'previous' && !shape) return;
    setRow(
      index,
      how === 'even'
        ? spreadEvenly(total)
        : how === 'previous' && shape
          ? spreadLike(total, shape)
          : allInMonth(total, how as number),
    );
  };
  const fillAll = (how: 'even' | 'previous') => {
    grid.rows.forEach((_, index) => {
      fillRow(index, how);
    });
    setPasteProblem(null);
  };

  const focusCell = (row: number, month: number) => {
    const target = tableRef.current?.querySelector<HTMLInputElement>(
      `input[data-row="${row}"][data-month="${month}"]`,
    );
    target?.focus();
    target?.select();
  };
  const onCellKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, month: number) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const move: Record<string, [number, number] | null> = {
      ArrowUp: [row - 1, month],
      ArrowDown: [row + 1, month],
      Enter: [row + 1, month],
      ArrowLeft: atStart ? [row, month - 1] : null,
      ArrowRight: atEnd ? [row, month + 1] : null,
    };
    const to = move[event.key];
    if (!to) return;
    const [toRow, toMonth] = to;
    if (toRow < 0 || toRow >= grid.rows.length || toMonth < 0 || toMonth >= CASH_PLAN_MONTHS) {
      return;
    }
    event.preventDefault();
    focusCell(toRow, toMonth);
  };

  const onCellPaste = (event: ClipboardEvent<HTMLInputElement>, row: number, month: number) => {
    const text = event.clipboardData.getData('text/plain');
    // One value into one cell is typing: the input takes it as it is.
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    const block = readPastedBlock(text);
    const width = Math.max(...block.rows.map((cellsOfRow) => cellsOfRow.length));
    const monthsLeft = CASH_PLAN_MONTHS - month;
    const rowsLeft = grid.rows.length - row;
    if (width > monthsLeft) {
      setPasteProblem(t.pasteTooWide(width, monthsLeft, monthNames[month] ?? ''));
      return;
    }
    if (block.rows.length > rowsLeft) {
      setPasteProblem(t.pasteTooLong(block.rows.length, rowsLeft));
      return;
    }
    if (block.problems.length > 0) {
      setPasteProblem(
        t.pasteRefused(
          block.problems
            .map((problem) =>
              t.pastedCell(
                monthNames[month + problem.column] ?? '',
                grid.rows[row + problem.row]?.account_code ?? '',
                problem.text,
                numberInputProblemText(problem.problem, RUPIAH, m.numberInput),
              ),
            )
            .join('; '),
        ),
      );
      return;
    }
    setPasteProblem(null);
    setCells((current) =>
      current.map((cellsOfRow, rowIndex) => {
        const pasted = block.rows[rowIndex - row];
        if (!pasted) return cellsOfRow;
        return cellsOfRow.map((cell, monthIndex) => {
          const amount = pasted[monthIndex - month];
          return amount === undefined ? cell : cellText(amount);
        });
      }),
    );
  };

  const save = () => {
    if (problems.length > 0) return;
    const rows = grid.rows.flatMap((row, index) => {
      const months = (amounts[index] ?? []).map(Number);
      // A row with nothing planned is no plan: left out, it is removed.
      return months.some((amount) => amount > 0)
        ? [{ account_code: row.account_code, months }]
        : [];
    });
    void onSave(rows).catch(() => undefined);
  };

  if (grid.rows.length === 0) {
    return <p className="text-sm text-slate-600">{t.empty}</p>;
  }

  const headerCell = 'px-2 py-2 text-start font-semibold text-slate-700 whitespace-nowrap';
  const amountCell = 'px-2 py-1.5 text-end tabular-nums whitespace-nowrap';
  const stickyCell = 'sticky start-0 z-10 bg-white';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{t.pasteHint}</p>
      {!isReadOnly && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onPress={() => fillAll('even')}>
            {t.allEvenly}
          </Button>
          {canFollowPrevious && previous && (
            <Button variant="secondary" size="sm" onPress={() => fillAll('previous')}>
              {t.allFollowPrevious(previous.year)}
            </Button>
          )}
        </div>
      )}
      {/*
        Scrolls sideways on a narrow screen (its cells keep it reachable by keyboard). Zero wide
        and at least the column's width: the grid's width never widens the page around it.
        Positioned, so the hidden headings (sr-only, absolute) scroll and clip with it.
      */}
      <div className="relative w-0 min-w-full overflow-x-auto rounded-md border border-slate-200">
        <table ref={tableRef} className="min-w-full border-collapse text-sm">
          <caption id={captionId} className="sr-only">
            {t.label(codeAndName(grid.sub_action_code, grid.sub_action_name), grid.year)}
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={cn(headerCell, stickyCell, 'bg-slate-50')}>
                {t.accountCode}
              </th>
              <th scope="col" className={cn(headerCell, 'text-end')}>
                {t.linesTotal}
              </th>
              {t.monthShort.map((short, month) => (
                <th key={short} scope="col" className={cn(headerCell, 'text-end')}>
                  <abbr title={monthNames[month]} className="no-underline">
                    {short}
                  </abbr>
                </th>
              ))}
              <th scope="col" className={cn(headerCell, 'text-end')}>
                {t.planTotal}
              </th>
              <th scope="col" className={cn(headerCell, 'text-end')}>
                {t.selisih}
              </th>
              {!isReadOnly && (
                <th scope="col" className={headerCell}>
                  <span className="sr-only">{t.helpers}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row, index) => {
              const rowSelisih = selisih[index] ?? 0n;
              return (
                <tr key={row.account_code} className="border-t border-slate-200">
                  <th scope="row" className={cn('px-2 py-1.5 text-start font-normal', stickyCell)}>
                    <span className="block font-medium whitespace-nowrap">{row.account_code}</span>
                    <span className="block max-w-56 truncate text-xs text-slate-600">
                      {row.account_name}
                    </span>
                  </th>
                  <td className={amountCell}>
                    {linesTotals[index] === 0n ? (
                      <span className="text-slate-500">{t.noLines}</span>
                    ) : (
                      formatRupiah(row.lines_total)
                    )}
                  </td>
                  {(cells[index] ?? []).map((text, month) => {
                    const cell = read[index]?.[month];
                    const invalid = cell !== undefined && !cell.ok;
                    return (
                      <td key={monthNames[month]} className="px-1 py-1">
                        <input
                          value={text}
                          readOnly={isReadOnly}
                          inputMode="numeric"
                          autoComplete="off"
                          data-row={index}
                          data-month={month}
                          aria-label={t.cellLabel(monthNames[month] ?? '', row.account_code)}
                          aria-invalid={invalid || undefined}
                          // Kept as typed, grouped once left (as AmountField): grouping
                          // mid-typing would read '6.0000' as a decimal.
                          onChange={(event) => setCell(index, month, event.target.value)}
                          onBlur={() => {
                            if (cell?.ok) setCell(index, month, cellText(BigInt(cell.value)));
                          }}
                          onKeyDown={(event) => onCellKeyDown(event, index, month)}
                          onPaste={(event) => onCellPaste(event, index, month)}
                          className={cn(
                            'w-28 rounded border border-slate-300 bg-white px-2 py-1 text-end tabular-nums',
                            'read-only:border-transparent read-only:bg-transparent',
                            invalid && 'border-red-700 bg-red-50',
                            focusRing,
                          )}
                        />
                      </td>
                    );
                  })}
                  <td className={cn(amountCell, 'font-medium')}>
                    {formatRupiah(planTotals[index] ?? 0n)}
                  </td>
                  <td
                    className={cn(
                      amountCell,
                      'font-medium',
                      rowSelisih === 0n ? 'text-emerald-800' : 'text-red-800',
                    )}
                  >
                    {signedRupiah(rowSelisih)}
                  </td>
                  {!isReadOnly && (
                    <td className="px-2 py-1">
                      <RowHelpers
                        label={t.helpersFor(row.account_code)}
                        previousYear={previousShape(index) && previous ? previous.year : null}
                        onFill={(how) => fillRow(index, how)}
                      />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
            <tr>
              <th scope="row" className={cn('px-2 py-2 text-start', stickyCell, 'bg-slate-50')}>
                {t.total}
              </th>
              <td className={amountCell}>{formatRupiah(grandLines)}</td>
              {monthTotals.map((amount, month) => (
                <td key={monthNames[month]} className={amountCell}>
                  {formatRupiah(amount)}
                </td>
              ))}
              <td className={amountCell}>{formatRupiah(grandPlan)}</td>
              <td
                className={cn(
                  amountCell,
                  grandSelisih === 0n ? 'text-emerald-800' : 'text-red-800',
                )}
              >
                {signedRupiah(grandSelisih)}
              </td>
              {!isReadOnly && <td />}
            </tr>
          </tfoot>
        </table>
      </div>
      <p
        role="status"
        className={cn(
          'text-sm font-medium',
          grandSelisih === 0n && selisih.every((value) => value === 0n)
            ? 'text-emerald-800'
            : 'text-red-800',
        )}
      >
        {grandSelisih === 0n && selisih.every((value) => value === 0n)
          ? t.balanced
          : t.unbalanced(signedRupiah(grandSelisih))}
      </p>
      {pasteProblem && (
        <p role="alert" className="text-sm text-red-800">
          {pasteProblem}
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="text-sm text-red-800">
          <p>{t.invalidCells}</p>
          <ul className="list-disc ps-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {!isReadOnly && (
        <div>
          <Button onPress={save} isPending={isSaving} isDisabled={problems.length > 0}>
            {isSaving ? t.saving : t.save}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A row's helpers: spread evenly, follow last year's shape, all in one month. */
function RowHelpers({
  label,
  previousYear,
  onFill,
}: {
  label: string;
  previousYear: number | null;
  onFill: (how: 'even' | 'previous' | number) => void;
}) {
  const m = useMessages();
  const t = m.cashPlan.grid;
  const itemStyle = cn(
    'cursor-default rounded px-3 py-1.5 text-sm text-slate-800 outline-none',
    'data-[focused]:bg-brand-50 data-[focused]:text-brand-900',
  );
  return (
    <MenuTrigger>
      <Button variant="ghost" size="sm" aria-label={label}>
        {t.helpers}
        <ChevronDownIcon className="size-4" />
      </Button>
      <Popover className={popoverStyles}>
        <Menu className="max-h-80 overflow-auto p-1 outline-none" aria-label={label}>
          <MenuItem className={itemStyle} onAction={() => onFill('even')}>
            {t.spreadEvenly}
          </MenuItem>
          {previousYear !== null && (
            <MenuItem className={itemStyle} onAction={() => onFill('previous')}>
              {t.followPrevious(previousYear)}
            </MenuItem>
          )}
          <SubmenuTrigger>
            <MenuItem className={itemStyle}>{t.oneMonth}</MenuItem>
            <Popover className={popoverStyles}>
              <Menu className="max-h-80 overflow-auto p-1 outline-none" aria-label={t.oneMonth}>
                {m.cashPlan.monthNames.map((month, index) => (
                  <MenuItem key={month} className={itemStyle} onAction={() => onFill(index)}>
                    {t.allInMonth(month)}
                  </MenuItem>
                ))}
              </Menu>
            </Popover>
          </SubmenuTrigger>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
