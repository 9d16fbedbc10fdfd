/**
 * Realisasi keuangan (issue 37): what was paid, per sub kegiatan × kode rekening × month, from
 * the finance system's paid orders (SP2D), measured against the Anggaran Kas. Declared once here;
 * the server, the screens and the CLI read them.
 */
import { z } from 'zod';
import { CASH_PLAN_MONTHS } from './cash-plan.js';
import { shareTenths } from './funding.js';
import { messagesId } from './messages/index.js';
import { type NumberInputProblem, parseNumberInput } from './number-input.js';
import { Id, ReportYear, RupiahSum } from './schemas.js';
import {
  cellOf,
  findSheetHeader,
  rowsBelow,
  type SheetColumns,
  type SheetTextRow,
  sheetDate,
} from './sheet.js';

const texts = messagesId.realisation;

/** A kabupaten year is about 200 000 SP2D rows: one sheet, one call. */
export const SP2D_IMPORT_MAX_ROWS = 250_000;

/** The finance system's export as the import reads it (SIPD-RI/SIMDA LRA per SP2D). */
export const sp2dSheetColumns = [
  'nomor_sp2d',
  'tanggal',
  'kode_sub_kegiatan',
  'kode_rekening',
  'sumber_dana',
  'nilai',
] as const;

/** One row of an SP2D sheet; `row` is its spreadsheet row number, for messages. */
export const Sp2dImportRow = z.object({
  row: z.number().int().min(1),
  sp2d_number: z.string().trim().min(1, { error: 'wajib diisi' }).max(100),
  /** The day it was paid: its month is the realisation's month. */
  date: z.iso.date({ error: 'harus berupa tanggal YYYY-MM-DD' }),
  sub_action_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  account_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  /** Optional: a sumber dana's code. */
  funding_source_code: z.string().trim().max(64).nullish(),
  amount: z.number({ error: 'harus berupa angka' }),
});
export type Sp2dImportRow = z.infer<typeof Sp2dImportRow>;

/**
 * A sheet of SP2D for a year. An SP2D number in the sheet replaces what was stored under that
 * number (its rows are the SP2D), so loading the same sheet again changes nothing; SP2D not in
 * the sheet are left alone. Every row is checked before anything is written.
 */
export const Sp2dImportBatch = z
  .object({
    year: ReportYear,
    rows: z
      .array(Sp2dImportRow)
      .min(1, { error: 'minimal 1 baris' })
      .max(SP2D_IMPORT_MAX_ROWS, { error: `maksimal ${SP2D_IMPORT_MAX_ROWS} baris` }),
    dry_run: z.boolean().default(false),
  })
  .superRefine((batch, context) => {
    // An SP2D is paid on one day: its rows must agree on it.
    const dateOf = new Map<string, { date: string; row: number }>();
    batch.rows.forEach((row, index) => {
      const problem = !Number.isInteger(row.amount)
        ? texts.notWholeRupiah
        : row.amount <= 0
          ? texts.notPositive
          : row.amount > Number.MAX_SAFE_INTEGER
            ? texts.tooLarge
            : null;
      if (problem) {
        context.addIssue({
          code: 'custom',
          path: ['rows', index, 'amount'],
          message: texts.rowProblem(row.row, texts.columns.amount, problem),
        });
      }
      if (Number(row.date.slice(0, 4)) !== batch.year) {
        context.addIssue({
          code: 'custom',
          path: ['rows', index, 'date'],
          message: texts.rowProblem(row.row, texts.columns.date, texts.otherYear(batch.year)),
        });
      }
      const earlier = dateOf.get(row.sp2d_number);
      if (earlier && earlier.date !== row.date) {
        context.addIssue({
          code: 'custom',
          path: ['rows', index, 'date'],
          message: texts.rowProblem(row.row, texts.columns.date, texts.otherDate(earlier.row)),
        });
      }
      if (!earlier) dateOf.set(row.sp2d_number, { date: row.date, row: row.row });
    });
  });
export type Sp2dImportBatch = z.input<typeof Sp2dImportBatch>;

export type Sp2dSheetField = Exclude<keyof Sp2dImportRow, 'row'>;

/**
 * The finance system's SP2D export: its column names first, the names people write after.
 * Declared once: the CLI and the portal's upload find the same columns.
 */
export const sp2dColumns: SheetColumns<Sp2dSheetField> = {
  sp2d_number: {
    names: [sp2dSheetColumns[0], 'nomor sp2d', 'no sp2d', 'no. sp2d'],
    required: true,
  },
  date: { names: [sp2dSheetColumns[1], 'tanggal sp2d', 'tgl sp2d'], required: true },
  sub_action_code: {
    names: [sp2dSheetColumns[2], 'kode sub kegiatan', 'kode subkegiatan'],
    required: true,
  },
  account_code: { names: [sp2dSheetColumns[3], 'kode rekening', 'kode akun'], required: true },
  funding_source_code: {
    names: [sp2dSheetColumns[4], 'sumber dana', 'kode sumber dana'],
    required: false,
  },
  amount: { names: [sp2dSheetColumns[5], 'nilai sp2d', 'jumlah'], required: true },
};

/** Why a cell of an SP2D sheet cannot be read: empty, not a date, or not an amount (and why). */
export type Sp2dCellProblem = 'empty' | 'notADate' | NumberInputProblem;

/** A cell that cannot be read, with its row (as the caller gave it), column and text. */
export interface Sp2dSheetProblem<R extends SheetTextRow> {
  row: R;
  field: Sp2dSheetField;
  /** The column's header as `sp2dSheetColumns` names it. */
  column: string;
  text: string;
  problem: Sp2dCellProblem;
}

const sp2dColumnOf: Record<Sp2dSheetField, string> = {
  sp2d_number: sp2dSheetColumns[0],
  date: sp2dSheetColumns[1],
  sub_action_code: sp2dSheetColumns[2],
  account_code: sp2dSheetColumns[3],
  funding_source_code: sp2dSheetColumns[4],
  amount: sp2dSheetColumns[5],
};

/**
 * The rows of an SP2D sheet as the import takes them, and every cell that cannot be read (all
 * of them, so a person fixes the file once). Null when no header row names the columns.
 */
export function readSp2dSheet<R extends SheetTextRow>(
  rows: readonly R[],
): { rows: Sp2dImportRow[]; problems: Sp2dSheetProblem<R>[] } | null {
  const header = findSheetHeader(rows, sp2dColumns);
  if (!header) return null;
  const entries: Sp2dImportRow[] = [];
  const problems: Sp2dSheetProblem<R>[] = [];
  for (const row of rowsBelow(rows, header)) {
    const cell = (field: Sp2dSheetField) => cellOf(header, row, field);
    const refuse = (field: Sp2dSheetField, problem: Sp2dCellProblem) =>
      problems.push({ row, field, column: sp2dColumnOf[field], text: cell(field), problem });
    const before = problems.length;
    for (const field of Object.keys(sp2dColumns) as Sp2dSheetField[]) {
      if (sp2dColumns[field].required && cell(field) === '') refuse(field, 'empty');
    }
    const date = cell('date') === '' ? null : sheetDate(cell('date'));
    if (cell('date') !== '' && date === null) refuse('date', 'notADate');
    const amount = cell('amount') === '' ? null : parseNumberInput(cell('amount'), { decimals: 0 });
    if (amount && !amount.ok) refuse('amount', amount.problem);
    if (problems.length > before || !date || !amount?.ok) continue;
    const source = cell('funding_source_code');
    entries.push({
      row: row.row,
      sp2d_number: cell('sp2d_number'),
      date,
      sub_action_code: cell('sub_action_code'),
      account_code: cell('account_code'),
      funding_source_code: source === '' ? null : source,
      amount: amount.value,
    });
  }
  return { rows: entries, problems };
}

/** A kode rekening of a sub kegiatan whose realisation exceeds its lines' total. */
export const RealisationOverrun = z.object({
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  account_code: z.string(),
  lines_total: RupiahSum,
  realised: RupiahSum,
  /** The unit's reason, null until it is given. */
  reason: z.string().nullable(),
});
export type RealisationOverrun = z.infer<typeof RealisationOverrun>;

export const Sp2dImportResult = z.object({
  dry_run: z.boolean(),
  /** SP2D numbers in the sheet. */
  sp2d: z.number().int(),
  /** …new, changed (their rows differ from what was stored), and as stored. */
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  rows: z.number().int(),
  amount: RupiahSum,
  /** After this sheet, the sub kegiatan × kode rekening it names whose realisation exceeds their lines. */
  overruns: z.array(RealisationOverrun),
});
export type Sp2dImportResult = z.infer<typeof Sp2dImportResult>;

export const RealisationQuery = z.object({ sub_action_id: Id, year: ReportYear });
export type RealisationQuery = z.infer<typeof RealisationQuery>;

/** One kode rekening: its lines, the twelve months planned (Anggaran Kas) and realised. */
export const RealisationRow = z.object({
  account_code: z.string(),
  account_name: z.string(),
  lines_total: RupiahSum,
  planned: z.array(RupiahSum).length(CASH_PLAN_MONTHS),
  realised: z.array(RupiahSum).length(CASH_PLAN_MONTHS),
  realised_total: RupiahSum,
  /** The realisation exceeds the lines: it needs a reason (`reason`, null until given). */
  overrun: z.boolean(),
  reason: z.string().nullable(),
});
export type RealisationRow = z.infer<typeof RealisationRow>;

/** A month of the sub kegiatan: cumulative plan and realisation, and how far one is from the other. */
export const RealisationMonth = z.object({
  month: z.number().int().min(1).max(12),
  planned: RupiahSum,
  realised: RupiahSum,
  planned_cumulative: RupiahSum,
  realised_cumulative: RupiahSum,
  /**
   * Cumulative realisation as tenths of a percent of the cumulative plan (1000 = on plan);
   * null while nothing is planned yet.
   */
  achievement_tenths: z.number().int().nullable(),
});
export type RealisationMonth = z.infer<typeof RealisationMonth>;

/** One SP2D row of a sub kegiatan: loaded from the finance system, or recorded by the unit. */
export const Sp2dPayment = z.object({
  sp2d_number: z.string(),
  date: z.iso.date(),
  account_code: z.string(),
  funding_source_id: Id.nullable(),
  funding_source_name: z.string().nullable(),
  amount: RupiahSum,
  /** Recorded by the unit ('Catat SP2D'), not loaded from the finance system's export. */
  entered_by_unit: z.boolean(),
});
export type Sp2dPayment = z.infer<typeof Sp2dPayment>;

/** A sub kegiatan's realisation of a year against its Anggaran Kas. */
export const RealisationGrid = z.object({
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  year: z.number().int(),
  rows: z.array(RealisationRow),
  months: z.array(RealisationMonth).length(CASH_PLAN_MONTHS),
  totals: z.object({
    lines_total: RupiahSum,
    planned: RupiahSum,
    realised: RupiahSum,
  }),
  /** Its SP2D of the year, by date. Absent from older servers. */
  payments: z.array(Sp2dPayment).optional(),
  /** Whether the region lets its units record their own SP2D. Absent from older servers: no. */
  units_enter_sp2d: z.boolean().optional(),
});
export type RealisationGrid = z.infer<typeof RealisationGrid>;

/** A reason as given in the dialog: said, and within bounds. */
export const RealisationReasonText = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'wajib diisi' })
    .max(1000, { error: 'maksimal 1000 karakter' }),
});

/** The unit's reason for a kode rekening realised above its lines; an empty one withdraws it. */
export const RealisationReasonInput = z.object({
  sub_action_id: Id,
  year: ReportYear,
  account_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  reason: z.string().trim().max(1000, { error: 'maksimal 1000 karakter' }),
});
export type RealisationReasonInput = z.input<typeof RealisationReasonInput>;

/**
 * An SP2D the unit records itself ('Catat SP2D'), where the region has no finance system export
 * to load: one kode rekening per SP2D number. The same number again replaces it.
 */
export const UnitSp2dInput = z.object({
  sub_action_id: Id,
  year: ReportYear,
  sp2d_number: z.string().trim().min(1, { error: 'wajib diisi' }).max(100),
  date: z.iso.date({ error: 'harus berupa tanggal' }),
  account_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  funding_source_id: Id.nullish(),
  amount: z
    .number({ error: 'harus berupa angka' })
    .int({ error: texts.notWholeRupiah })
    .positive({ error: texts.notPositive })
    .max(Number.MAX_SAFE_INTEGER, { error: texts.tooLarge }),
});
export type UnitSp2dInput = z.input<typeof UnitSp2dInput>;

/** An SP2D the unit recorded, taken back. */
export const UnitSp2dDelete = z.object({
  sub_action_id: Id,
  year: ReportYear,
  sp2d_number: z.string().trim().min(1, { error: 'wajib diisi' }).max(100),
});
export type UnitSp2dDelete = z.input<typeof UnitSp2dDelete>;

/** Cumulative sums of twelve monthly amounts (decimal text in, decimal text out). */
export function cumulative(months: readonly string[]): string[] {
  let sum = 0n;
  return months.map((amount) => {
    sum += BigInt(amount);
    return sum.toString();
  });
}

/**
 * The months of a sub kegiatan from its monthly plan and realisation: each month's cumulative
 * figures and the realisation as tenths of a percent of the plan so far (rounded half up).
 */
export function realisationMonths(
  planned: readonly string[],
  realised: readonly string[],
): RealisationMonth[] {
  const plannedSoFar = cumulative(planned);
  const realisedSoFar = cumulative(realised);
  return plannedSoFar.map((plan, index) => ({
    month: index + 1,
    planned: planned[index] ?? '0',
    realised: realised[index] ?? '0',
    planned_cumulative: plan,
    realised_cumulative: realisedSoFar[index] ?? '0',
    achievement_tenths: plan === '0' ? null : shareTenths(realisedSoFar[index] ?? '0', plan),
  }));
}

// --- Deviation per Perangkat Daerah (issue 37) -----------------------------------------------

/**
 * Where a unit's achievement turns yellow and red, in tenths of a percent of its plan to date:
 * below 75 % red, below 90 % yellow (the thresholds the issue names), until a region sets its
 * own (PlanningSettings.deviation_red_below_tenths and deviation_yellow_below_tenths).
 */
export const DEVIATION_THRESHOLDS = { red_below_tenths: 750, yellow_below_tenths: 900 } as const;

export const deviationLevels = ['red', 'yellow', 'green', 'none'] as const;
export type DeviationLevel = (typeof deviationLevels)[number];

/** A share of the plan to date, as its level; 'none' while nothing is planned yet. */
/** Where a region's levels change, in tenths of a percent of the plan. */
export const DeviationThresholds = z.object({
  red_below_tenths: z.number().int(),
  yellow_below_tenths: z.number().int(),
});
export type DeviationThresholds = z.infer<typeof DeviationThresholds>;

export function deviationLevel(
  achievementTenths: number | null,
  thresholds: DeviationThresholds = DEVIATION_THRESHOLDS,
): DeviationLevel {
  if (achievementTenths === null) return 'none';
  if (achievementTenths < thresholds.red_below_tenths) return 'red';
  if (achievementTenths < thresholds.yellow_below_tenths) return 'yellow';
  return 'green';
}

/** A month of a budget year, 1–12 (a query's text '3' reads as 3). */
export const ReportMonth = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'harus bulan 1 sampai 12' })
    .int({ error: 'harus bulan 1 sampai 12' })
    .min(1, { error: 'harus bulan 1 sampai 12' })
    .max(12, { error: 'harus bulan 1 sampai 12' }),
);

/**
 * Where a unit's month stands (issue 37's monthly cycle, monthly-report.ts). 'draft': being
 * filled (no report stored yet); 'sent': sent by the unit, locked; 'returned': sent back by a
 * verifier with a note, open again; 'verified': frozen; 'closed': frozen by an administrator
 * whatever it was.
 */
export const monthlyReportStatuses = ['draft', 'sent', 'returned', 'verified', 'closed'] as const;
export const MonthlyReportStatus = z.enum(monthlyReportStatuses);
export type MonthlyReportStatus = z.infer<typeof MonthlyReportStatus>;

export const RealisationSummaryQuery = z.object({
  year: ReportYear,
  /** Up to and including this month (1–12). */
  month: ReportMonth,
});
export type RealisationSummaryQuery = z.input<typeof RealisationSummaryQuery>;

/**
 * Money and physical progress to a month against their plans, with their levels: a unit's,
 * the region's (monthly-report.ts's `monthFigures` makes them).
 */
export const MonthFigures = z.object({
  lines_total: RupiahSum,
  planned_cumulative: RupiahSum,
  realised_cumulative: RupiahSum,
  achievement_tenths: z.number().int().nullable(),
  level: z.enum(deviationLevels),
  /** Physical progress to the month, weighted by the sub kegiatan's lines (issue 37). */
  progress_tenths: z.number().int().nullable(),
  /** The planned physical curve to the month (the Anggaran Kas as a share of the lines). */
  planned_progress_tenths: z.number().int().nullable(),
  physical_level: z.enum(deviationLevels),
});
export type MonthFigures = z.infer<typeof MonthFigures>;

/** One Perangkat Daerah's year to date (programmes of no unit: `agency_id` null). */
export const RealisationSummaryUnit = MonthFigures.extend({
  agency_id: Id.nullable(),
  agency_code: z.string().nullable(),
  agency_name: z.string().nullable(),
  /** Where the unit's report of the month stands; null for programmes of no unit. */
  report_status: MonthlyReportStatus.nullable(),
  /** Not sent after its due date. */
  late: z.boolean(),
});
export type RealisationSummaryUnit = z.infer<typeof RealisationSummaryUnit>;

/**
 * The year to a month, per Perangkat Daerah in the caller's scope, the most lagging first (the
 * lowest achievement; units with nothing planned yet last), and over them all.
 */
export const RealisationSummary = z.object({
  year: z.number().int(),
  month: z.number().int(),
  thresholds: DeviationThresholds,
  units: z.array(RealisationSummaryUnit),
  totals: MonthFigures,
});
export type RealisationSummary = z.infer<typeof RealisationSummary>;

export const RealisationTrendQuery = z.object({
  year: ReportYear,
  /** One Perangkat Daerah; without it, every unit in the caller's scope (the region for Bappeda). */
  agency_id: Id.optional(),
});
export type RealisationTrendQuery = z.input<typeof RealisationTrendQuery>;

/** One month of a trend: the year to that month (`MonthFigures`). */
export const RealisationTrendMonth = MonthFigures.extend({ month: z.number().int() });
export type RealisationTrendMonth = z.infer<typeof RealisationTrendMonth>;

/**
 * A unit's (or the caller's whole scope's) year month by month: the running Anggaran Kas and
 * SP2D, and physical progress weighted by money, each against its plan (issue 37's trend chart).
 */
export const RealisationTrend = z.object({
  year: z.number().int(),
  agency_id: Id.nullable(),
  thresholds: DeviationThresholds,
  months: z.array(RealisationTrendMonth),
});
export type RealisationTrend = z.infer<typeof RealisationTrend>;
