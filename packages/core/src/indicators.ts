/**
 * Output indicators and their evaluation (issue 37, Permendagri 86/2017's 'Evaluasi terhadap
 * hasil Renja'): per sub kegiatan and budget year its indikator keluaran (tolok ukur, target,
 * satuan), planned with the lines; per indicator and quarter what the unit achieved; and the
 * quarterly evaluation form of a unit. Declared once here; the server, the screens and the CLI
 * read them.
 */
import { z } from 'zod';
import { shareTenths } from './funding.js';
import { messagesId } from './messages/index.js';
import { numberInputProblemText, parseNumberInput } from './number-input.js';
import { Id, MAX_VOLUME, ReportFormat, ReportYear, RupiahSum } from './schemas.js';

const texts = messagesId.indicators;

/** The quarters of a year: Triwulan I to IV. */
export const QUARTERS = [1, 2, 3, 4] as const;
export type Quarter = (typeof QUARTERS)[number];

/** The last month of a quarter (3, 6, 9, 12): its monthly report decides whether it is open. */
export const quarterEndMonth = (quarter: number): number => quarter * 3;

/** The months of a quarter: [7, 8, 9] for the third. */
export const quarterMonths = (quarter: number): number[] => [
  quarter * 3 - 2,
  quarter * 3 - 1,
  quarter * 3,
];

/** The quarter a month ends, or null for a month inside one. */
export const quarterEndingIn = (month: number): Quarter | null =>
  month % 3 === 0 ? ((month / 3) as Quarter) : null;

/** A quarter as the form writes it: 'I' … 'IV'. */
export const quarterNumeral = (quarter: number): string =>
  ['I', 'II', 'III', 'IV'][quarter - 1] ?? String(quarter);

/** A quarter 1–4, or its digit as text (a query parameter). */
export const ReportQuarter = z.preprocess(
  (value) => (typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value),
  z
    .number({ error: texts.quarterInvalid })
    .int({ error: texts.quarterInvalid })
    .min(1, { error: texts.quarterInvalid })
    .max(4, { error: texts.quarterInvalid }),
);

const QUANTITY = { decimals: 2 } as const;

/**
 * A target or an achievement: 0 or more with at most 2 decimals, as a number or as people type
 * it (`1,5`, `1.5`, `2.500`; core's `parseNumberInput`), refused naming the problem otherwise.
 */
export const IndicatorQuantity = z
  .union([z.number(), z.string()], { error: messagesId.numberInput.notANumber })
  .transform((value, context) => {
    if (typeof value === 'number') return value;
    const parsed = parseNumberInput(value, QUANTITY);
    if (parsed.ok) return parsed.value;
    context.addIssue({
      code: 'custom',
      message: numberInputProblemText(parsed.problem, QUANTITY, messagesId.numberInput),
    });
    return z.NEVER;
  })
  .pipe(
    z
      .number({ error: messagesId.numberInput.notANumber })
      .min(0, { error: messagesId.numberInput.negative })
      .max(MAX_VOLUME, { error: 'maksimal 1.000.000.000' })
      .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
        error: messagesId.numberInput.tooManyDecimals(QUANTITY.decimals),
      }),
  );

/** A quantity in hundredths, exact (1.5 is 150n). */
export const hundredthsOf = (value: number): bigint => BigInt(Math.round(value * 100));
/** Hundredths back to the quantity (150n is 1.5). */
export const fromHundredths = (value: bigint): number => Number(value) / 100;

/** Achieved against target in tenths of a percent (half up); null when the target is 0. */
export function targetShareTenths(achieved: number, target: number): number | null {
  const whole = hundredthsOf(target);
  return whole === 0n ? null : shareTenths(hundredthsOf(achieved), whole);
}

/** Realised money against the pagu in tenths of a percent; null when the pagu is 0. */
export const paguShareTenths = (realised: string, pagu: string): number | null =>
  BigInt(pagu) === 0n ? null : shareTenths(realised, pagu);

const Description = z
  .string({ error: 'wajib diisi' })
  .trim()
  .min(1, { error: 'wajib diisi' })
  .max(500, { error: 'maksimal 500 karakter' });
const Unit = z
  .string({ error: 'wajib diisi' })
  .trim()
  .min(1, { error: 'wajib diisi' })
  .max(50, { error: 'maksimal 50 karakter' });

/** An indicator as the form changes it: tolok ukur, target, satuan. */
export const IndicatorFields = z.object({
  /** Tolok ukur: what the output is measured by. */
  description: Description,
  target: IndicatorQuantity,
  /** Satuan: 'Dokumen', 'Orang', 'Unit'. */
  unit: Unit,
});
export type IndicatorFields = z.input<typeof IndicatorFields>;

/** A new indicator of a sub kegiatan's year. */
export const IndicatorInput = IndicatorFields.extend({ sub_action_id: Id, year: ReportYear });
export type IndicatorInput = z.input<typeof IndicatorInput>;

/** Reading a sub kegiatan's indicators of a year. */
export const IndicatorQuery = z.object({ sub_action_id: Id, year: ReportYear });
export type IndicatorQuery = z.input<typeof IndicatorQuery>;

/** One output indicator with what was achieved each quarter (null: not entered). */
export const Indicator = z.object({
  id: Id,
  sub_action_id: Id,
  year: z.number().int(),
  description: z.string(),
  target: z.number(),
  unit: z.string(),
  /** Triwulan I–IV: what was achieved in that quarter, null until entered. */
  quarters: z.array(z.number().nullable()).length(4),
  /** Sum of the quarters entered. */
  cumulative: z.number(),
  /** Cumulative against target (tenths of a percent); null when the target is 0. */
  achievement_tenths: z.number().int().nullable(),
});
export type Indicator = z.infer<typeof Indicator>;

/**
 * A sub kegiatan's quarter as the unit enters it: each indicator's achievement of that quarter
 * (null clears it), written together.
 */
export const IndicatorAchievementInput = z.object({
  sub_action_id: Id,
  year: ReportYear,
  quarter: ReportQuarter,
  achievements: z
    .array(z.object({ indicator_id: Id, achievement: IndicatorQuantity.nullable() }))
    .min(1, { error: texts.nothingEntered })
    .max(200),
});
export type IndicatorAchievementInput = z.input<typeof IndicatorAchievementInput>;

/** A unit's evaluation to a quarter; the caller's only unit when `agency_id` is left out. */
export const EvaluationQuery = z.object({
  agency_id: Id.optional(),
  year: ReportYear,
  quarter: ReportQuarter,
});
export type EvaluationQuery = z.input<typeof EvaluationQuery>;

/** The evaluation printed: as a workbook (the default) or a PDF, behind a signed link. */
export const EvaluationDownloadQuery = EvaluationQuery.extend({
  format: ReportFormat.default('xlsx'),
});
export type EvaluationDownloadQuery = z.input<typeof EvaluationDownloadQuery>;

/** Realisation in rupiah: per quarter up to the one asked, cumulative and against the pagu. */
export const EvaluationMoney = z.object({
  pagu: RupiahSum,
  /** Triwulan I … the quarter asked: SP2D paid in its months. */
  quarters: z.array(RupiahSum),
  cumulative: RupiahSum,
  /** Cumulative against the pagu (tenths of a percent); null when the pagu is 0. */
  pagu_tenths: z.number().int().nullable(),
});
export type EvaluationMoney = z.infer<typeof EvaluationMoney>;

/** One indicator of the form: its quarters up to the one asked. */
export const EvaluationIndicator = Indicator.pick({
  id: true,
  description: true,
  target: true,
  unit: true,
  cumulative: true,
  achievement_tenths: true,
}).extend({ quarters: z.array(z.number().nullable()) });
export type EvaluationIndicator = z.infer<typeof EvaluationIndicator>;

/** One sub kegiatan of the form, with its programme and kegiatan for grouping. */
export const EvaluationSubAction = EvaluationMoney.extend({
  program_code: z.string().nullable(),
  program_name: z.string(),
  action_code: z.string().nullable(),
  action_name: z.string(),
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  indicators: z.array(EvaluationIndicator),
});
export type EvaluationSubAction = z.infer<typeof EvaluationSubAction>;

/** A unit's quarterly evaluation of its Renja: the form's rows and the rupiah totals. */
export const Evaluation = z.object({
  agency_id: Id,
  agency_code: z.string().nullable(),
  /** The responsible unit (Perangkat Daerah penanggung jawab). */
  agency_name: z.string(),
  year: z.number().int(),
  quarter: z.number().int(),
  sub_actions: z.array(EvaluationSubAction),
  totals: EvaluationMoney,
});
export type Evaluation = z.infer<typeof Evaluation>;
