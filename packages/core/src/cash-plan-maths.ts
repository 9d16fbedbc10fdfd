/**
 * The Anggaran Kas grid's arithmetic (issue 36), exact in whole rupiah (bigint): the helpers
 * that fill a row's twelve months from its lines' total, the selisih, and reading a block of
 * cells pasted from a spreadsheet. The grid and its stories read them; the server keeps its own
 * sums in SQL.
 */
import { CASH_PLAN_MONTHS } from './cash-plan.js';
import { type NumberInputProblem, parseNumberInput } from './number-input.js';

/** Twelve months of whole rupiah, January first. */
export type CashPlanMonths = bigint[];

const months = (fill: (month: number) => bigint): CashPlanMonths =>
  Array.from({ length: CASH_PLAN_MONTHS }, (_, month) => fill(month));

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/**
 * `total` over the twelve months in equal parts; what does not divide goes one rupiah at a time
 * to the last months, so the months add up to `total` exactly and never go down in the year.
 */
export function spreadEvenly(total: bigint): CashPlanMonths {
  if (total <= 0n) return months(() => 0n);
  const count = BigInt(CASH_PLAN_MONTHS);
  const part = total / count;
  const left = Number(total % count);
  return months((month) => part + (month >= CASH_PLAN_MONTHS - left ? 1n : 0n));
}

/**
 * `total` in the proportions of `shape` (a previous year's months): each month its share
 * rounded down, the rupiah left over to the months with the largest remainders (the earlier on
 * a tie), so the sum is `total` exactly. A shape of all zeros spreads evenly.
 */
export function spreadLike(total: bigint, shape: readonly bigint[]): CashPlanMonths {
  const weights = months((month) => {
    const weight = shape[month] ?? 0n;
    return weight > 0n ? weight : 0n;
  });
  const weightSum = sum(weights);
  if (total <= 0n) return months(() => 0n);
  if (weightSum === 0n) return spreadEvenly(total);
  const shares = weights.map((weight) => (total * weight) / weightSum);
  const remainders = weights.map((weight, month) => ({
    month,
    remainder: (total * weight) % weightSum,
  }));
  let left = total - sum(shares);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.month - b.month : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { month } of remainders) {
    if (left === 0n) break;
    shares[month] = (shares[month] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares;
}

/** All of `total` in one month (0 = January). */
export function allInMonth(total: bigint, month: number): CashPlanMonths {
  return months((index) => (index === month ? (total > 0n ? total : 0n) : 0n));
}

/** plan − lines: zero when the row balances, negative while months are still missing. */
export function cashPlanSelisih(planMonths: readonly bigint[], linesTotal: bigint): bigint {
  return sum(planMonths) - linesTotal;
}

/** One cell of a pasted block that is not a whole rupiah amount. */
export interface PastedCellProblem {
  /** Rows and columns from the block's first cell, 0-based. */
  row: number;
  column: number;
  text: string;
  problem: NumberInputProblem;
}

export interface PastedBlock {
  /** The amounts, row by row; an empty cell reads as 0 (a spreadsheet's blank month). */
  rows: bigint[][];
  problems: PastedCellProblem[];
}

/**
 * A block copied from a spreadsheet (Excel, LibreOffice, Google Sheets): rows by line breaks,
 * cells by tabs, each read as a person types an amount in Indonesia (`2.500.000`, `Rp 1.000`,
 * `1500000`). Excel ends a copied block with a line break, which adds no row; a cell in quotes
 * (a number formatted with a line break) loses its quotes.
 */
export function readPastedBlock(text: string): PastedBlock {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const problems: PastedCellProblem[] = [];
  const rows = lines.map((line, row) =>
    line.split('\t').map((raw, column) => {
      const cell = raw
        .trim()
        .replace(/^"(.*)"$/s, '$1')
        .trim();
      if (cell === '' || cell === '-') return 0n;
      const parsed = parseNumberInput(cell, { decimals: 0 });
      if (parsed.ok) return BigInt(parsed.value);
      problems.push({ row, column, text: cell, problem: parsed.problem });
      return 0n;
    }),
  );
  return { rows, problems };
}
