/**
 * Sumber dana (issue 36): the region's list of funding sources, the source each budget line is
 * paid from, and per sub kegiatan and year the sources it draws on with an optional ceiling each.
 * Declared once here; the server, the UI and the CLI read them.
 */
import { z } from 'zod';
import { formatNumberId } from './format.js';
import { PaguAmount, SignedRupiahSum } from './planning.js';
import { Id, ListQuery, ReportFormat, ReportYear, RupiahSum, Timestamp } from './schemas.js';

/**
 * The class of revenue or financing a source belongs to (the kelompok): Pendapatan Asli Daerah,
 * Pendapatan Transfer, Lain-lain Pendapatan Daerah yang Sah, Pembiayaan.
 */
export const fundingGroups = ['pad', 'transfer', 'other', 'financing'] as const;
export const FundingGroup = z.enum(fundingGroups, {
  error: `harus salah satu dari: ${fundingGroups.join(', ')}`,
});
export type FundingGroup = z.infer<typeof FundingGroup>;

/** The problems these schemas name, for the server and screens that check the same rules. */
export const fundingIssues = {
  yearsBackwards: 'tidak boleh sebelum tahun mulai berlaku',
  sourceTwice: 'sumber dana ini sudah ada di daftar',
} as const;

const FundingYear = z
  .number({ error: 'harus berupa tahun' })
  .int({ error: 'harus berupa tahun' })
  .min(2000, { error: 'minimal 2000' })
  .max(2100, { error: 'maksimal 2100' });

const fundingSourceRules = {
  /** Short and unique: what a sheet and the SIPD export name the source by ('DAK-FISIK'). */
  code: z
    .string({ error: 'wajib diisi' })
    .trim()
    .min(1, { error: 'wajib diisi' })
    .max(32, { error: 'maksimal 32 karakter' })
    .regex(/^[\p{L}\p{N}.\-_/ ]+$/u, { error: 'hanya huruf, angka, titik, garis dan spasi' }),
  name: z
    .string({ error: 'wajib diisi' })
    .trim()
    .min(1, { error: 'wajib diisi' })
    .max(255, { error: 'maksimal 255 karakter' }),
  funding_group: FundingGroup,
  /** The first budget year a line may take it; null: since always. */
  active_from: FundingYear.nullable(),
  /** The last budget year a line may take it; null: still in use. */
  active_to: FundingYear.nullable(),
};

const activeYearsInOrder = (source: {
  active_from?: number | null | undefined;
  active_to?: number | null | undefined;
}) =>
  source.active_from == null || source.active_to == null || source.active_to >= source.active_from;
const activeYearsIssue = {
  path: ['active_to'],
  error: fundingIssues.yearsBackwards,
};

export const FundingSourceInput = z
  .object({
    ...fundingSourceRules,
    active_from: fundingSourceRules.active_from.default(null),
    active_to: fundingSourceRules.active_to.default(null),
  })
  .refine(activeYearsInOrder, activeYearsIssue);
export type FundingSourceInput = z.input<typeof FundingSourceInput>;

/** Any of a source's fields; what is left out stays (no defaults here: they would reset it). */
export const FundingSourceUpdateInput = z
  .object(fundingSourceRules)
  .partial()
  .refine((input) => Object.keys(input).length > 0, { error: 'tidak ada yang diubah' })
  .refine(activeYearsInOrder, activeYearsIssue);
export type FundingSourceUpdateInput = z.input<typeof FundingSourceUpdateInput>;

export const FundingSource = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  funding_group: FundingGroup,
  active_from: z.number().int().nullable(),
  active_to: z.number().int().nullable(),
  /** Lines or sub kegiatan name it: a used source cannot be deleted, only retired. */
  in_use: z.boolean(),
  updated_at: Timestamp,
});
export type FundingSource = z.infer<typeof FundingSource>;

export const FundingSourceListQuery = ListQuery.extend({
  funding_group: FundingGroup.optional(),
  /** Only the sources a line of this budget year may take. */
  active_in: ReportYear.optional(),
});
export type FundingSourceListQuery = z.input<typeof FundingSourceListQuery>;

/** Whether a line of `year` may take `source` (within its active years). */
export const fundingSourceActiveIn = (
  source: { active_from: number | null; active_to: number | null },
  year: number,
): boolean =>
  (source.active_from === null || source.active_from <= year) &&
  (source.active_to === null || source.active_to >= year);

/** A whole sheet of sources, found by kode: new ones added, known ones updated. */
export const FUNDING_SOURCE_IMPORT_MAX_ROWS = 1000;
export const FundingSourceImportBatch = z.object({
  rows: z
    .array(FundingSourceInput)
    .min(1, { error: 'tidak ada baris' })
    .max(FUNDING_SOURCE_IMPORT_MAX_ROWS, {
      error: `maksimal ${FUNDING_SOURCE_IMPORT_MAX_ROWS} baris`,
    }),
});
export type FundingSourceImportBatch = z.input<typeof FundingSourceImportBatch>;
export const FundingSourceImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type FundingSourceImportResult = z.infer<typeof FundingSourceImportResult>;

// --- A sub kegiatan's sources for a year ---------------------------------------------------------

/** One source a sub kegiatan draws on: its optional ceiling, and whether it fills new lines. */
export const SubActionFundingEntry = z.object({
  funding_source_id: Id,
  /** Null: no ceiling of its own (the pagu still holds). */
  ceiling: PaguAmount.nullable().default(null),
  is_default: z.boolean().default(false),
});
export type SubActionFundingEntry = z.input<typeof SubActionFundingEntry>;

/** Every source of a sub kegiatan for a year at once: what is left out is no longer drawn on. */
export const SubActionFundingInput = z
  .object({
    sub_action_id: Id,
    year: ReportYear,
    sources: z.array(SubActionFundingEntry).max(50, { error: 'maksimal 50 sumber dana' }),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.sources.forEach((entry, index) => {
      if (seen.has(entry.funding_source_id)) {
        context.addIssue({
          code: 'custom',
          path: ['sources', index, 'funding_source_id'],
          message: fundingIssues.sourceTwice,
        });
      }
      seen.add(entry.funding_source_id);
    });
    if (input.sources.filter((entry) => entry.is_default).length > 1) {
      context.addIssue({
        code: 'custom',
        path: ['sources'],
        message: 'hanya satu sumber dana yang boleh menjadi bawaan',
      });
    }
  });
export type SubActionFundingInput = z.input<typeof SubActionFundingInput>;

export const SubActionFundingQuery = z.object({
  sub_action_id: Id,
  year: ReportYear,
  /** The line being edited: its stored total is left out of what is planned. */
  line_id: Id.optional(),
});
export type SubActionFundingQuery = z.input<typeof SubActionFundingQuery>;

/** A source's figures under a sub kegiatan (or a wider total): planned, and its ceiling if set. */
export const FundingTotal = z.object({
  /** Null: lines that name no source. */
  funding_source_id: Id.nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  funding_group: FundingGroup.nullable(),
  ceiling: RupiahSum.nullable(),
  planned: RupiahSum,
  /** Ceiling − planned; null without a ceiling. */
  remaining: SignedRupiahSum.nullable(),
  is_default: z.boolean(),
  /** Drawn on by the sub kegiatan (listed by the admin), or only named by its lines. */
  assigned: z.boolean(),
});
export type FundingTotal = z.infer<typeof FundingTotal>;

/** A sub kegiatan's sources for a year, for the line form and the admin's editor. */
export const SubActionFunding = z.object({
  sub_action_id: Id,
  year: z.number().int(),
  sources: z.array(FundingTotal),
  /** The region's rule: every line names a source. */
  source_required: z.boolean(),
});
export type SubActionFunding = z.infer<typeof SubActionFunding>;

// --- The year's totals by source -----------------------------------------------------------------

/** The recap by source of a year: the caller's units' sub kegiatan, or one Perangkat Daerah's. */
export const FundingRecapQuery = z.object({ year: ReportYear, agency_id: Id.optional() });
export type FundingRecapQuery = z.input<typeof FundingRecapQuery>;

/** The same recap printed, as a workbook or a PDF. */
export const FundingRecapDownloadQuery = FundingRecapQuery.extend({
  format: ReportFormat.default('xlsx'),
});
export type FundingRecapDownloadQuery = z.input<typeof FundingRecapDownloadQuery>;

/** A source's figures over the recap's sub kegiatan. */
export const FundingRecapRow = z.object({
  /** Null: lines that name no source. */
  funding_source_id: Id.nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  funding_group: FundingGroup.nullable(),
  /** Sub kegiatan that draw on the source or have lines naming it. */
  sub_action_count: z.number().int(),
  /** The ceilings set for it, summed; null where no sub kegiatan sets one. */
  ceiling: RupiahSum.nullable(),
  /** Its lines' total after PPN. */
  planned: RupiahSum,
  /**
   * What the ceilings leave: per sub kegiatan with a ceiling, ceiling − planned there, summed
   * (lines under sub kegiatan without a ceiling do not count against another's); null without.
   */
  remaining: SignedRupiahSum.nullable(),
});
export type FundingRecapRow = z.infer<typeof FundingRecapRow>;

export const FundingRecap = z.object({
  year: z.number().int(),
  /** In code order, lines without a source last. */
  sources: z.array(FundingRecapRow),
  /** Every line's total after PPN: the sum of `planned`. */
  planned_total: RupiahSum,
});
export type FundingRecap = z.infer<typeof FundingRecap>;

/**
 * `part` as a share of `whole` in tenths of a percent, rounded half up and exact at any size
 * (125 for 12,5 %); 0 of nothing. The one rounding every display of a share uses.
 */
export function shareTenths(part: string | bigint, whole: string | bigint): number {
  const total = BigInt(whole);
  if (total === 0n) return 0;
  return Number((BigInt(part) * 2000n + total) / (2n * total));
}

/** Tenths of a percent as Indonesian text: 125 is '12,5 %', 1000 is '100 %'. */
export function formatTenths(tenths: number): string {
  return `${formatNumberId(tenths / 10, 1)} %`;
}

/** `part` as a percentage of `whole`, to one decimal place, in Indonesian ('12,5 %'). */
export function shareOf(part: string | bigint, whole: string | bigint): string {
  return formatTenths(shareTenths(part, whole));
}
