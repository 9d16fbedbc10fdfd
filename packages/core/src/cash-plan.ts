/**
 * Anggaran Kas (issue 36): for each sub kegiatan of a year and each kode rekening its lines use,
 * twelve monthly amounts whose sum should equal those lines' total after PPN. The difference
 * (selisih = plan − lines) is shown, never corrected: lines changing leave the plan as it was.
 * Declared once here; the server, the grid and the CLI read them.
 */
import { z } from 'zod';
import { AppError } from './errors.js';
import { formatRupiah } from './format.js';
import { messagesId } from './messages/index.js';
import { SignedRupiahSum } from './planning.js';
import { HIERARCHY_IMPORT_MAX_ROWS, Id, ReportFormat, ReportYear, RupiahSum } from './schemas.js';

export const CASH_PLAN_MONTHS = 12;
const texts = messagesId.cashPlan;

/** One kode rekening of the grid: its lines' total, the twelve months and the selisih. */
export const CashPlanRow = z.object({
  account_code: z.string(),
  account_name: z.string(),
  /** The sub kegiatan's lines of the year under this kode rekening, after PPN. */
  lines_total: RupiahSum,
  /** January to December. */
  months: z.array(RupiahSum).length(CASH_PLAN_MONTHS),
  plan_total: RupiahSum,
  /** plan_total − lines_total: zero when the plan is balanced. */
  selisih: SignedRupiahSum,
});
export type CashPlanRow = z.infer<typeof CashPlanRow>;

/** A sub kegiatan's Anggaran Kas of a year, as the grid reads it. */
export const CashPlanGrid = z.object({
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  year: z.number().int(),
  /**
   * One row per kode rekening that has lines or a plan, in code order: a plan row whose lines
   * are gone stays (lines_total 0) until it is saved without it.
   */
  rows: z.array(CashPlanRow),
  /** Per month over the rows. */
  month_totals: z.array(RupiahSum).length(CASH_PLAN_MONTHS),
  totals: z.object({ lines_total: RupiahSum, plan_total: RupiahSum, selisih: SignedRupiahSum }),
});
export type CashPlanGrid = z.infer<typeof CashPlanGrid>;

export const CashPlanQuery = z.object({ sub_action_id: Id, year: ReportYear });
export type CashPlanQuery = z.infer<typeof CashPlanQuery>;

/** One month's amount as entered: whole rupiah, not negative. */
const MonthAmount = z.number({ error: 'harus berupa angka' });

/**
 * The twelve months of rows, each checked with a message naming the row, its kode rekening and
 * the month, so a person finds the cell (the grid, the CLI's sheet).
 */
const checkRows = (
  rows: { account_code: string; months: number[]; sub_action_code?: string }[],
  context: z.RefinementCtx,
  rowNumber: (index: number) => number,
) => {
  // A kode rekening once per sub kegiatan (the sheet's rows name theirs; the grid has one).
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const where = texts.rowName(rowNumber(index), row.account_code);
    const key = `${row.sub_action_code ?? ''}\u0000${row.account_code}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['rows', index, 'account_code'],
        message: texts.duplicateRow(where, rowNumber(earlier)),
      });
    }
    seen.set(key, index);
    row.months.forEach((amount, month) => {
      const problem = !Number.isInteger(amount)
        ? texts.notWholeRupiah
        : amount < 0
          ? texts.negative
          : amount > Number.MAX_SAFE_INTEGER
            ? texts.tooLarge
            : null;
      if (problem) {
        context.addIssue({
          code: 'custom',
          path: ['rows', index, 'months', month],
          message: texts.cellProblem(where, texts.monthNames[month] ?? '', problem),
        });
      }
    });
  });
};

const CashPlanInputRow = z.object({
  account_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  months: z
    .array(MonthAmount)
    .length(CASH_PLAN_MONTHS, { error: `harus ${CASH_PLAN_MONTHS} bulan` }),
});

/**
 * A sub kegiatan's whole grid, saved in one go: the rows given are its plan for the year (a
 * kode rekening left out is removed). Saving a plan that does not balance is allowed (work in
 * progress); verification and moving to the next stage are what it holds up.
 */
export const CashPlanInput = z
  .object({
    sub_action_id: Id,
    year: ReportYear,
    rows: z.array(CashPlanInputRow).max(1000, { error: 'maksimal 1000 baris' }),
  })
  .superRefine((input, context) => checkRows(input.rows, context, (index) => index + 1));
export type CashPlanInput = z.input<typeof CashPlanInput>;

/** A sub kegiatan whose Anggaran Kas does not balance its lines. */
export const CashPlanImbalance = z.object({
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  lines_total: RupiahSum,
  plan_total: RupiahSum,
  selisih: SignedRupiahSum,
  /** The kode rekening whose own selisih is not 0 (they may offset each other in the total). */
  unbalanced_accounts: z.array(z.string()),
});
export type CashPlanImbalance = z.infer<typeof CashPlanImbalance>;

export const CashPlanStatusQuery = z.object({ year: ReportYear });
export type CashPlanStatusQuery = z.infer<typeof CashPlanStatusQuery>;

/**
 * A year's sub kegiatan with lines whose plan does not balance (for the stage page and the
 * verifier), whether the region requires the plan to balance, and the year's plan per month.
 */
export const CashPlanStatus = z.object({
  year: z.number().int(),
  cash_plan_required: z.boolean(),
  unbalanced: z.array(CashPlanImbalance),
  /** The year's plan per month over the caller's sub kegiatan (the dashboards' chart). */
  month_totals: z.array(RupiahSum).length(CASH_PLAN_MONTHS),
  plan_total: RupiahSum,
  /** The same sub kegiatan's lines after PPN: what the months should add up to. */
  lines_total: RupiahSum,
});
export type CashPlanStatus = z.infer<typeof CashPlanStatus>;

// --- The SIPD layout: one row per sub kegiatan × kode rekening, bulan_1..bulan_12 -----------

export const cashPlanSheetColumns = [
  'kode_sub_kegiatan',
  'kode_rekening',
  ...Array.from({ length: CASH_PLAN_MONTHS }, (_, index) => `bulan_${index + 1}`),
] as const;

/** A row as the import reads it; `row` is its spreadsheet row number, for messages. */
export const CashPlanImportRow = z.object({
  row: z.number().int().min(1),
  sub_action_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  account_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  months: z.array(MonthAmount).length(CASH_PLAN_MONTHS),
});
export type CashPlanImportRow = z.infer<typeof CashPlanImportRow>;

/**
 * A year's plan from a sheet, every row checked before anything is written; each sub kegiatan
 * named gets the rows given for it (its other kode rekening are removed); sub kegiatan not
 * named are left alone. Importing the same sheet again changes nothing.
 */
export const CashPlanImportBatch = z
  .object({
    year: ReportYear,
    rows: z
      .array(CashPlanImportRow)
      .min(1, { error: 'minimal 1 baris' })
      .max(HIERARCHY_IMPORT_MAX_ROWS, { error: `maksimal ${HIERARCHY_IMPORT_MAX_ROWS} baris` }),
    dry_run: z.boolean().default(false),
  })
  // The same checks as the grid's, each row named by its number in the sheet.
  .superRefine((batch, context) =>
    checkRows(batch.rows, context, (index) => batch.rows[index]?.row ?? index + 1),
  );
export type CashPlanImportBatch = z.input<typeof CashPlanImportBatch>;

export const CashPlanImportResult = z.object({
  dry_run: z.boolean(),
  /** Sub kegiatan whose plan was written (or would be). */
  sub_actions: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
});
export type CashPlanImportResult = z.infer<typeof CashPlanImportResult>;

export const CashPlanExportQuery = z.object({ year: ReportYear });

/**
 * The printed Anggaran Kas of a year, as a workbook or a PDF: the caller's units' sub kegiatan,
 * or one Perangkat Daerah's.
 */
export const CashPlanWorkbookQuery = z.object({
  year: ReportYear,
  agency_id: Id.optional(),
  format: ReportFormat.default('xlsx'),
});
export type CashPlanWorkbookQuery = z.input<typeof CashPlanWorkbookQuery>;

/** A row of the SIPD layout as exported (amounts as exact decimal text). */
export const CashPlanExportRow = z.object({
  sub_action_code: z.string(),
  account_code: z.string(),
  months: z.array(RupiahSum).length(CASH_PLAN_MONTHS),
});
export type CashPlanExportRow = z.infer<typeof CashPlanExportRow>;

/** How many sub kegiatan a stage refusal names before 'dan N lainnya'. */
const STAGE_REFUSAL_LISTED = 20;

/**
 * 409: a sub kegiatan marked verified while its plan does not balance its lines, naming the
 * selisih of each kode rekening that differs; null when it balances.
 */
export function cashPlanVerifyRefusal(
  rows: readonly { account_code: string; selisih: string }[],
): AppError | null {
  const off = rows.filter((row) => row.selisih !== '0');
  if (off.length === 0) return null;
  const list = off.map((row) => `${row.account_code} ${formatRupiah(row.selisih)}`).join(', ');
  return new AppError('conflict', texts.unbalanced(list));
}

/** 409: a stage move while sub kegiatan with lines do not balance, listing them; else null. */
export function cashPlanStageRefusal(unbalanced: readonly CashPlanImbalance[]): AppError | null {
  if (unbalanced.length === 0) return null;
  const listed = unbalanced
    .slice(0, STAGE_REFUSAL_LISTED)
    .map((item) =>
      texts.stageBlockedItem(
        item.sub_action_code ?? '-',
        item.sub_action_name,
        formatRupiah(item.selisih),
      ),
    );
  const more = unbalanced.length - listed.length;
  if (more > 0) listed.push(texts.stageBlockedMore(more));
  return new AppError('conflict', texts.stageBlocked(unbalanced.length, listed.join('; ')));
}
