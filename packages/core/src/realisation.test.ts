import { describe, expect, it } from 'vitest';
import { messagesId } from './messages/index.js';
import {
  cumulative,
  deviationLevel,
  RealisationSummaryQuery,
  realisationMonths,
  Sp2dImportBatch,
} from './realisation.js';
import { fieldIssuesOf } from './refusals.js';

const texts = messagesId.realisation;
const twelve = (...values: number[]) =>
  Array.from({ length: 12 }, (_, index) => String(values[index] ?? 0));

describe('realisation against the Anggaran Kas', () => {
  it('adds months up exactly, past 2^53', () => {
    expect(cumulative(['9007199254740993', '9007199254740993', '0'])).toEqual([
      '9007199254740993',
      '18014398509481986',
      '18014398509481986',
    ]);
  });

  it('gives each month the cumulative plan and realisation, and their share to a tenth', () => {
    const months = realisationMonths(twelve(0, 1_000, 2_000), twelve(0, 300, 0, 500));
    expect(months.slice(0, 4)).toEqual([
      // Nothing planned yet: no share, not 0 % and not infinite.
      {
        month: 1,
        planned: '0',
        realised: '0',
        planned_cumulative: '0',
        realised_cumulative: '0',
        achievement_tenths: null,
      },
      {
        month: 2,
        planned: '1000',
        realised: '300',
        planned_cumulative: '1000',
        realised_cumulative: '300',
        achievement_tenths: 300,
      },
      {
        month: 3,
        planned: '2000',
        realised: '0',
        planned_cumulative: '3000',
        realised_cumulative: '300',
        achievement_tenths: 100,
      },
      {
        month: 4,
        planned: '0',
        realised: '500',
        planned_cumulative: '3000',
        realised_cumulative: '800',
        achievement_tenths: 267,
      },
    ]);
    // 1 of 8 is 12,5 %: half a tenth rounds up.
    expect(realisationMonths(twelve(8_000), twelve(1_000))[0]!.achievement_tenths).toBe(125);
    expect(realisationMonths(twelve(16_000), twelve(1))[0]!.achievement_tenths).toBe(0);
  });
});

describe('an SP2D sheet', () => {
  const row = (at: number, overrides: Record<string, unknown> = {}) => ({
    row: at,
    sp2d_number: `SP2D/${at}`,
    date: '2027-03-01',
    sub_action_code: '1.02.02.2.01.0001',
    account_code: '5.1.02.01.01.0024',
    amount: 1_000,
    ...overrides,
  });
  const problems = (rows: unknown[]) => {
    const parsed = Sp2dImportBatch.safeParse({ year: 2027, rows });
    return parsed.success ? [] : fieldIssuesOf(parsed.error).map((issue) => issue.message);
  };

  it('names each bad row by its spreadsheet row and column', () => {
    expect(
      problems([
        row(2),
        row(3, { amount: 1.5 }),
        row(4, { amount: -10 }),
        row(5, { date: '2026-12-31' }),
        row(6, { sp2d_number: 'SP2D/2', date: '2027-03-02' }),
      ]),
    ).toEqual([
      texts.rowProblem(3, texts.columns.amount, texts.notWholeRupiah),
      texts.rowProblem(4, texts.columns.amount, texts.notPositive),
      texts.rowProblem(5, texts.columns.date, texts.otherYear(2027)),
      texts.rowProblem(6, texts.columns.date, texts.otherDate(2)),
    ]);
    expect(problems([row(2), row(3, { sp2d_number: 'SP2D/2' })])).toEqual([]);
  });
});

describe('deviation levels', () => {
  it('turns red below 75 %, yellow below 90 %, and says nothing while nothing is planned', () => {
    expect([749, 750, 899, 900, 1200].map((tenths) => deviationLevel(tenths))).toEqual([
      'red',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
    expect(deviationLevel(null)).toBe('none');
    expect(deviationLevel(800, { red_below_tenths: 850, yellow_below_tenths: 950 })).toBe('red');
  });

  it('reads the month as the query string gives it', () => {
    expect(RealisationSummaryQuery.parse({ year: '2027', month: '03' })).toEqual({
      year: 2027,
      month: 3,
    });
    expect(RealisationSummaryQuery.safeParse({ year: 2027, month: 0 }).success).toBe(false);
  });
});
