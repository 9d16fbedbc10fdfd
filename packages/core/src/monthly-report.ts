/**
 * The monthly cycle of realisation (issue 37): per Perangkat Daerah and month, the unit enters
 * each sub kegiatan's physical progress (realisasi fisik, cumulative %) with the problems met and
 * the actions taken, sends the month ('Kirim', which locks it), and a verifier verifies it or
 * sends it back with a note; an administrator closes a month per unit or for all. Progress of a
 * unit or the region is weighted by money (bobot = the sub kegiatan's lines / all lines).
 * Declared once here; the server, the screens and the CLI read them.
 */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './format.js';
import { shareTenths } from './funding.js';
import { type Messages, messagesId } from './messages/index.js';
import {
  DEVIATION_THRESHOLDS,
  DeviationThresholds,
  deviationLevel,
  deviationLevels,
  MonthFigures,
  MonthlyReportStatus,
  ReportMonth,
} from './realisation.js';
import { Id, ReportFormat, ReportYear, RupiahSum, Timestamp } from './schemas.js';

const texts = messagesId.monthlyReport;

/** A month's name (1–12): 'Maret'. */
export const monthName = (month: number, messages: Messages = messagesId): string =>
  messages.cashPlan.monthNames[month - 1] ?? String(month);

/** A month of a year as people name it: 'Maret 2027'. */
export const monthOfYear = (month: number, year: number, messages: Messages = messagesId) =>
  messages.monthlyReport.monthOf(monthName(month, messages), year);

/** A date (ISO, YYYY-MM-DD) as a due date reads: '10 April 2027'. */
export function longDateOf(isoDate: string, messages: Messages = messagesId): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${monthName(month, messages)} ${year}`;
}

/** A month is due by this day of the following month; a unit that has not sent it by then is late. */
export const MONTHLY_REPORT_DUE_DAY = 10;

/** Whether the unit may still enter its month (fisik, problems, actions). */
export const isMonthEditable = (status: MonthlyReportStatus): boolean =>
  status === 'draft' || status === 'returned';

/** The day a month's report is due: the due day of the following month (ISO date). */
export function monthlyReportDueDate(year: number, month: number): string {
  const dueYear = month === 12 ? year + 1 : year;
  const dueMonth = month === 12 ? 1 : month + 1;
  return `${dueYear}-${String(dueMonth).padStart(2, '0')}-${String(MONTHLY_REPORT_DUE_DAY).padStart(2, '0')}`;
}

/** Not sent (or sent back and not sent again) after its due date. `today` is an ISO date. */
export function isMonthLate(
  status: MonthlyReportStatus,
  year: number,
  month: number,
  today: string,
): boolean {
  return isMonthEditable(status) && today > monthlyReportDueDate(year, month);
}

/**
 * The months a unit files from the field on `today` (an ISO date), oldest first: this year's to
 * the current one, and in January last December too, whose report is due on the 10th.
 */
export function fieldReportMonths(today: string): { year: number; month: number }[] {
  const { year, month } = monthOfDate(today);
  const thisYear = Array.from({ length: month }, (_, index) => ({ year, month: index + 1 }));
  return month === 1 ? [previousMonth(year, month), ...thisYear] : thisYear;
}

/** The month before `month` of `year`. */
export function previousMonth(year: number, month: number): { year: number; month: number } {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/**
 * The months the reminders look at on `today` (an ISO date): `late`, the last month whose report
 * is past its due date (October from 11 November on, September before); `red`, the last month
 * that has ended, whose money against its Anggaran Kas is complete.
 */
export function reminderMonths(today: string): {
  late: { year: number; month: number };
  red: { year: number; month: number };
} {
  const red = previousMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  const late =
    today > monthlyReportDueDate(red.year, red.month) ? red : previousMonth(red.year, red.month);
  return { late, red };
}

/**
 * Progress weighted by money, in tenths of a percent (rounded half up): Σ(progress × weight) ÷
 * Σ weight, each weight a sub kegiatan's lines total (rupiah as text); a sub kegiatan with no
 * progress reported counts as 0. Null when nothing weighs (no lines).
 */
export function weightedProgressTenths(
  items: readonly { progress_tenths: number | null; weight: string }[],
): number | null {
  let weighted = 0n;
  let total = 0n;
  for (const item of items) {
    const weight = BigInt(item.weight);
    weighted += weight * BigInt(item.progress_tenths ?? 0);
    total += weight;
  }
  return progressFromWeighted(weighted, total);
}

/**
 * Σ(progress × weight) over Σ weight (both summed elsewhere, e.g. by SQL), in tenths of a
 * percent rounded half up; null when nothing weighs.
 */
export function progressFromWeighted(weighted: bigint, total: string | bigint): number | null {
  const whole = BigInt(total);
  if (whole === 0n) return null;
  return Number((weighted * 2n + whole) / (2n * whole));
}

/** Today's date as the region reads its calendar (ISO), for due dates. */
export const todayInRegion = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now);

/** The month `today` (an ISO date, `todayInRegion`) falls in: the one a unit is working in. */
export function monthOfDate(today: string): { year: number; month: number } {
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/**
 * Whether a month has begun on `today` (an ISO date): progress and photos are reported for
 * months that have, never for one still to come.
 */
export const hasMonthBegun = (year: number, month: number, today: string): boolean =>
  `${year}-${String(month).padStart(2, '0')}` <= today.slice(0, 7);

/**
 * The planned physical curve where the unit sets none: the cumulative Anggaran Kas as a share of
 * the lines (money planned to be spent by then), in tenths of a percent, at most 100 %.
 */
export function plannedProgressTenths(
  plannedCumulative: string,
  linesTotal: string,
): number | null {
  if (BigInt(linesTotal) === 0n) return null;
  return Math.min(1000, shareTenths(plannedCumulative, linesTotal));
}

/** Physical progress against its planned curve, as a share (tenths of a percent). */
export function physicalAchievementTenths(
  progressTenths: number | null,
  plannedTenths: number | null,
): number | null {
  if (plannedTenths === null || plannedTenths === 0) return null;
  return shareTenths(BigInt(progressTenths ?? 0), BigInt(plannedTenths));
}

/** A unit's month, as every action on it names it. */
export const MonthlyReportKey = z.object({ agency_id: Id, year: ReportYear, month: ReportMonth });
export type MonthlyReportKey = z.input<typeof MonthlyReportKey>;

/** Reading a month: the caller's only unit when `agency_id` is left out. */
export const MonthlyReportQuery = MonthlyReportKey.extend({ agency_id: Id.optional() });
export type MonthlyReportQuery = z.input<typeof MonthlyReportQuery>;

/** A unit's month printed: as a workbook (the default) or a PDF, behind a signed link. */
export const MonthlyReportDownloadQuery = MonthlyReportQuery.extend({
  format: ReportFormat.default('xlsx'),
});
export type MonthlyReportDownloadQuery = z.input<typeof MonthlyReportDownloadQuery>;

const Story = z.string().trim().max(2000, { error: 'maksimal 2000 karakter' });

/** A sub kegiatan's month as the unit enters it. */
export const PhysicalProgressInput = z.object({
  sub_action_id: Id,
  year: ReportYear,
  month: ReportMonth,
  /** Cumulative physical progress in tenths of a percent: 455 is 45,5 %. */
  progress_tenths: z
    .number({ error: 'harus berupa angka' })
    .int({ error: 'paling banyak satu angka di belakang koma' })
    .min(0, { error: 'tidak boleh negatif' })
    .max(1000, { error: 'paling besar 100 %' }),
  /** Permasalahan: what held the work back. */
  problems: Story.default(''),
  /** Upaya / tindak lanjut: what is done about it. */
  actions: Story.default(''),
  /** Why progress is lower than the month before (required then, and only then). */
  decrease_reason: z
    .string()
    .trim()
    .max(1000, { error: 'maksimal 1000 karakter' })
    .nullish()
    .transform((value) => value || null),
});
export type PhysicalProgressInput = z.input<typeof PhysicalProgressInput>;

const ReviewNote = z.string().trim().max(2000, { error: 'maksimal 2000 karakter' });

/** The verifier's note for the unit as the 'Kembalikan' dialog takes it: said, and bounded. */
export const MonthlyReportNoteText = z.object({
  reason: ReviewNote.min(1, { error: texts.noteRequired }),
});

/** A verifier's decision on a sent month; sending it back needs a note (MonthlyReportNoteText). */
export const MonthlyReportReview = MonthlyReportKey.extend({
  decision: z.enum(['verify', 'return']),
  note: ReviewNote.default(''),
}).superRefine((review, context) => {
  if (review.decision !== 'return') return;
  for (const issue of MonthlyReportNoteText.safeParse({ reason: review.note }).error?.issues ??
    []) {
    context.addIssue({ code: 'custom', path: ['note'], message: issue.message });
  }
});
export type MonthlyReportReview = z.input<typeof MonthlyReportReview>;

/** An administrator closes a month for one unit, or (no `agency_id`) for every unit. */
export const MonthlyReportClose = z.object({
  year: ReportYear,
  month: ReportMonth,
  agency_id: Id.optional(),
});
export type MonthlyReportClose = z.input<typeof MonthlyReportClose>;

export const MonthlyReportCloseResult = z.object({
  /** Units whose month was closed by this call (those closed already are not counted). */
  closed: z.number().int(),
});
export type MonthlyReportCloseResult = z.infer<typeof MonthlyReportCloseResult>;

/**
 * What one round of reminders told (`POST /api/monthly-report/remind`, and the server's hourly
 * round): the month each looked at, and how many units were told now (a unit told of that month
 * before is not told again).
 */
export const MonthlyReminderResult = z.object({
  late: z.object({ year: z.number().int(), month: z.number().int(), units: z.number().int() }),
  red: z.object({ year: z.number().int(), month: z.number().int(), units: z.number().int() }),
});
export type MonthlyReminderResult = z.infer<typeof MonthlyReminderResult>;

/** One sub kegiatan of a unit's month: money to date, physical progress and its story. */
export const MonthlyReportSubAction = z.object({
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  lines_total: RupiahSum,
  planned_cumulative: RupiahSum,
  realised_cumulative: RupiahSum,
  /** Financial realisation against the Anggaran Kas to date (tenths of a percent). */
  achievement_tenths: z.number().int().nullable(),
  level: z.enum(deviationLevels),
  /** The planned physical curve to date (from the Anggaran Kas). */
  planned_progress_tenths: z.number().int().nullable(),
  /** This month's progress, null until entered. */
  progress_tenths: z.number().int().nullable(),
  /** The last progress entered before this month (0 when none). */
  previous_progress_tenths: z.number().int(),
  physical_level: z.enum(deviationLevels),
  problems: z.string(),
  actions: z.string(),
  decrease_reason: z.string().nullable(),
  /** Kode rekening paid above their lines this year without the unit's reason. */
  unexplained_overruns: z.number().int(),
});
export type MonthlyReportSubAction = z.infer<typeof MonthlyReportSubAction>;

/** A unit's month: its state, its sub kegiatan and the unit's totals. */
export const MonthlyReport = z.object({
  agency_id: Id,
  agency_code: z.string().nullable(),
  agency_name: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  status: MonthlyReportStatus,
  /**
   * Whether the month has begun on the server's day (the region's): a month to come takes no
   * progress, photo or quarter's achievement.
   */
  begun: z.boolean(),
  /** Whether the unit may still enter it (begun, and draft or sent back). */
  editable: z.boolean(),
  /** The verifier's note when it was last sent back. */
  note: z.string().nullable(),
  due_date: z.string(),
  late: z.boolean(),
  sent_at: Timestamp.nullable(),
  sent_by_name: z.string().nullable(),
  reviewed_at: Timestamp.nullable(),
  reviewed_by_name: z.string().nullable(),
  closed_at: Timestamp.nullable(),
  /**
   * When the month was verified (or closed, if it never was): its lines, plan and payments are
   * read as they were then; null while they are read live.
   */
  figures_frozen_at: Timestamp.nullable(),
  /** The region's thresholds the levels were read with. */
  thresholds: DeviationThresholds,
  sub_actions: z.array(MonthlyReportSubAction),
  /** The unit's figures, progress weighted by money. */
  totals: MonthFigures.extend({
    /** Sub kegiatan whose progress of this month is not entered yet. */
    missing_progress: z.number().int(),
  }),
});
export type MonthlyReport = z.infer<typeof MonthlyReport>;

/** The answer of an action on a month that copies: how many sub kegiatan it filled. */
export const MonthlyReportCopyResult = z.object({ copied: z.number().int() });
export type MonthlyReportCopyResult = z.infer<typeof MonthlyReportCopyResult>;

/**
 * The levels of a sub kegiatan's or a unit's month, from its figures: financial (realised
 * against planned) and physical (progress against the planned curve).
 */
export function monthLevels(
  figures: {
    planned_cumulative: string;
    realised_cumulative: string;
    progress_tenths: number | null;
    planned_progress_tenths: number | null;
  },
  thresholds: DeviationThresholds = DEVIATION_THRESHOLDS,
) {
  const achievement =
    figures.planned_cumulative === '0'
      ? null
      : shareTenths(figures.realised_cumulative, figures.planned_cumulative);
  return {
    achievement_tenths: achievement,
    level: deviationLevel(achievement, thresholds),
    physical_level: deviationLevel(
      physicalAchievementTenths(figures.progress_tenths, figures.planned_progress_tenths),
      thresholds,
    ),
  };
}

/**
 * A unit's or the region's figures to a month (MonthFigures): the money given, the progress
 * weighted by money, the planned physical curve from the money, and both levels.
 */
export function monthFigures(
  money: { lines_total: string; planned_cumulative: string; realised_cumulative: string },
  progressTenths: number | null,
  thresholds: DeviationThresholds,
): MonthFigures {
  const planned = plannedProgressTenths(money.planned_cumulative, money.lines_total);
  const figures = { ...money, progress_tenths: progressTenths, planned_progress_tenths: planned };
  return { ...figures, ...monthLevels(figures, thresholds) };
}
