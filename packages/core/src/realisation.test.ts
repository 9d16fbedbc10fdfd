import { describe, expect, it } from 'vitest';
import { messagesId } from './messages/index.js';
import {
  cumulative,
  deviationLevel,
  RealisationSummaryQuery,
  readSp2dSheet,
  realisationMonths,
  Sp2dImportBatch,
  sp2dSheetColumns,
} from './realisation.js';
import { fieldIssuesOf } from './refusals.js';

const texts = messagesId.realisation;
const sp2dHeader = sp2dSheetColumns;
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

describe('reading an SP2D sheet as the finance system exports it', () => {
  const sheet = (...lines: string[][]) => lines.map((cells, index) => ({ row: index + 1, cells }));

  it('finds the header below a title, whatever the columns are called and in what order', () => {
    const read = readSp2dSheet(
      sheet(
        ['Daftar SP2D Tahun 2027'],
        [],
        ['Nilai SP2D', 'No. SP2D', 'Tgl SP2D', 'Kode Sub Kegiatan', 'Kode Rekening', 'Catatan'],
        ['Rp 2.500.000', ' 0001/SP2D/2027 ', '31/03/2027', '1.01.01.2.01.0001', '5.1.02', 'x'],
        ['', '', '', '', '', ''],
        ['1500000', '0002/SP2D/2027', '46477', '1.01.01.2.01.0001', '5.1.02', ''],
      ),
    );
    expect(read).toEqual({
      problems: [],
      rows: [
        {
          row: 4,
          sp2d_number: '0001/SP2D/2027',
          date: '2027-03-31',
          sub_action_code: '1.01.01.2.01.0001',
          account_code: '5.1.02',
          funding_source_code: null,
          amount: 2_500_000,
        },
        // A workbook's date cell as Excel counts days: 46 477 is 2027-03-31.
        expect.objectContaining({ row: 6, date: '2027-03-31', amount: 1_500_000 }),
      ],
    });
  });

  it('lists every cell it cannot read, by row and column, and keeps none of those rows', () => {
    const read = readSp2dSheet(
      sheet(
        [...sp2dHeader],
        ['A', '2027-02-30', 'S', '5.1', '', '1.000'],
        ['B', '2027-03-01', '', '5.1', 'PAD', '2,500,000'],
        ['C', '2027-03-01', 'S', '5.1', 'PAD', '12,5'],
      ),
    );
    expect(read?.rows).toEqual([]);
    expect(
      read?.problems.map(({ row, column, text, problem }) => [row.row, column, text, problem]),
    ).toEqual([
      [2, 'tanggal', '2027-02-30', 'notADate'],
      [3, 'kode_sub_kegiatan', '', 'empty'],
      [3, 'nilai', '2,500,000', 'commaGrouping'],
      [4, 'nilai', '12,5', 'wholeOnly'],
    ]);
  });

  it('says when no row names the columns it needs', () => {
    expect(readSp2dSheet(sheet(['nomor_sp2d', 'tanggal', 'nilai']))).toBeNull();
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
