/**
 * Planning within a ceiling (issue 18): the PPN rules by date, the pagu of each sub kegiatan
 * (and optionally of a Perangkat Daerah), the standard price catalogue, and who signs the RKA.
 * Declared once here; the server, the UI and the CLI read them.
 */
import { z } from 'zod';
import { messagesId } from './messages/index.js';
import { MAX_LINE_TOTAL } from './money.js';
import {
  AccountCode,
  HIERARCHY_IMPORT_MAX_ROWS,
  Id,
  ListQuery,
  MAX_UNIT_LENGTH,
  ReportYear,
  RupiahSum,
  Timestamp,
} from './schemas.js';

// --- PPN rules -------------------------------------------------------------------------------

/** A percentage with at most two decimals (12, 11.5). */
const hasTwoDecimalsAtMost = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

export const TaxRule = z
  .object({
    effective_from: z.iso.date({ error: 'harus berupa tanggal YYYY-MM-DD' }),
    rate: z
      .number({ error: 'harus berupa angka' })
      .min(0, { error: 'minimal 0' })
      .max(100, { error: 'maksimal 100' })
      .refine(hasTwoDecimalsAtMost, { error: 'paling banyak 2 angka desimal' }),
    base_numerator: z.number().int({ error: 'harus bilangan bulat' }).min(1).max(1000),
    base_denominator: z.number().int({ error: 'harus bilangan bulat' }).min(1).max(1000),
  })
  .refine((rule) => rule.base_numerator <= rule.base_denominator, {
    path: ['base_numerator'],
    error: 'dasar pengenaan tidak boleh melebihi 1',
  });
export type TaxRule = z.infer<typeof TaxRule>;

/** The whole set of rules, replaced at once; each date at most once. */
export const TaxRuleSet = z.object({
  rules: z
    .array(TaxRule)
    .max(100, { error: 'maksimal 100 aturan' })
    .refine((rules) => new Set(rules.map((rule) => rule.effective_from)).size === rules.length, {
      error: 'setiap tanggal berlaku hanya sekali',
    }),
});
export type TaxRuleSet = z.input<typeof TaxRuleSet>;

/*
 * Recalculating PPN (issue 34). A change of the rules prices a line only when it is next written,
 * so a year's lines could mix two rates; an admin looks at what a recalculation changes and then
 * applies it, and each repriced line is a recorded change.
 */

/** A taxed line whose stored PPN is not its year's rule's now: before and after, whole rupiah. */
export const TaxRecalculationLine = z.object({
  id: Id,
  year: z.number().int(),
  component_name: z.string(),
  sub_action_name: z.string(),
  /** The rule it was priced with. */
  tax_rate: z.number(),
  tax_base_numerator: z.number().int(),
  tax_base_denominator: z.number().int(),
  total_price: z.number(),
  tax_before: z.number(),
  tax_after: z.number(),
  total_after_tax_before: z.number(),
  total_after_tax_after: z.number(),
});
export type TaxRecalculationLine = z.infer<typeof TaxRecalculationLine>;

/** Lines shown per year in the preview (the counts and totals are over all). */
export const TAX_RECALCULATION_SAMPLE = 20;

/** One budget year whose lines a recalculation reprices: how many, and their totals. */
export const TaxRecalculationYear = z.object({
  year: z.number().int(),
  /** The rule in force for the year now (what the lines would be priced with). */
  rule: z.object({
    effective_from: z.string(),
    rate: z.number(),
    base_numerator: z.number().int(),
    base_denominator: z.number().int(),
  }),
  lines: z.number().int(),
  /** The affected lines' total after PPN now, and after the recalculation. */
  total_before: RupiahSum,
  total_after: RupiahSum,
  /** The first lines (by component name), at most TAX_RECALCULATION_SAMPLE. */
  sample: z.array(TaxRecalculationLine),
});
export type TaxRecalculationYear = z.infer<typeof TaxRecalculationYear>;

/** The years whose lines carry a PPN other than their year's rule (none when all are current). */
export const TaxRecalculation = z.object({ years: z.array(TaxRecalculationYear) });
export type TaxRecalculation = z.infer<typeof TaxRecalculation>;

export const TaxRecalculationQuery = z.object({ year: ReportYear.optional() });
export type TaxRecalculationQuery = z.input<typeof TaxRecalculationQuery>;

/** Reprice a year's lines with its rule now. */
export const TaxRecalculationInput = z.object({ year: ReportYear });
export type TaxRecalculationInput = z.input<typeof TaxRecalculationInput>;

/** What the line form needs to price as the server will. */
export const PlanningSettings = z.object({
  tax_rules: z.array(TaxRule),
  /** Whether a line may name a component outside the catalogue (RANWAL_FREE_FORM_COMPONENTS). */
  free_form_components: z.boolean(),
  /**
   * Whether, in a year that has stages, a line needs its sub kegiatan to have a pagu of that
   * year (a region's choice; yes unless an admin turns it off). A year without stages is not
   * planned under this rule.
   */
  lines_need_pagu: z.boolean(),
  /** Whether every line must name its sumber dana (a region's choice; no unless turned on). */
  lines_need_funding_source: z.boolean(),
  /**
   * Whether a sub kegiatan's Anggaran Kas must equal its lines (selisih 0) before it is marked
   * verified and before its year moves to the next stage (issue 36). Off unless an admin turns
   * it on: the spec's original client knows no cash plan. Absent from older servers: off.
   */
  cash_plan_required: z.boolean().optional(),
  /**
   * Whether units record their own SP2D (a region with no finance system export to load; issue
   * 37). Off unless an admin turns it on. Absent from older servers: off.
   */
  units_enter_sp2d: z.boolean().optional(),
  /**
   * Where realisation against plan turns red and yellow, in tenths of a percent (issue 37):
   * 750 and 900 unless an admin sets others. Absent from older servers.
   */
  deviation_red_below_tenths: z.number().int().optional(),
  deviation_yellow_below_tenths: z.number().int().optional(),
});
export type PlanningSettings = z.infer<typeof PlanningSettings>;

/**
 * The budget years a person may work in, and the one every screen opens on (issue 33): the
 * year whose stage is running, else the current budget year (the calendar year in WIB).
 */
export const PlanningYears = z.object({
  default_year: z.number().int(),
  /**
   * Newest first: every year with a stage, a pagu (of a sub kegiatan or a Perangkat Daerah),
   * catalogue items or lines, and the current and next year (a year is set up the year before).
   */
  years: z.array(z.number().int()),
});
export type PlanningYears = z.infer<typeof PlanningYears>;

/** The region's planning rules an admin sets on Pengaturan Perencanaan. */
/** The region's rules; a rule left out stays as it is. */
/** A deviation threshold: a share of the plan in tenths of a percent, above 0 and at most 100 %. */
const ThresholdTenths = z
  .number({ error: 'harus berupa angka' })
  .int({ error: 'paling banyak satu angka di belakang koma' })
  .min(1, { error: 'harus lebih dari 0 %' })
  .max(1000, { error: 'paling besar 100 %' });

export const PlanningPolicyInput = z
  .object({
    lines_need_pagu: z.boolean({ error: 'harus ya atau tidak' }),
    lines_need_funding_source: z.boolean({ error: 'harus ya atau tidak' }),
    cash_plan_required: z.boolean({ error: 'harus ya atau tidak' }),
    units_enter_sp2d: z.boolean({ error: 'harus ya atau tidak' }),
    deviation_red_below_tenths: ThresholdTenths,
    deviation_yellow_below_tenths: ThresholdTenths,
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, { error: 'tidak ada yang diubah' })
  .refine(
    (input) =>
      input.deviation_red_below_tenths === undefined ||
      input.deviation_yellow_below_tenths === undefined ||
      input.deviation_red_below_tenths < input.deviation_yellow_below_tenths,
    {
      error: messagesId.planning.settings.policy.thresholdOrder,
      path: ['deviation_yellow_below_tenths'],
    },
  );
export type PlanningPolicyInput = z.input<typeof PlanningPolicyInput>;

// --- Pagu ------------------------------------------------------------------------------------

export const PaguAmount = z
  .number({ error: 'harus berupa angka' })
  .int({ error: 'harus bilangan bulat rupiah' })
  .min(0, { error: 'minimal 0' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'terlalu besar' });

/**
 * The pagu of a sub kegiatan for a budget year. An admin may let the lines go over it
 * (`allow_overrun`), which needs a reason that is kept.
 */
export const PaguInput = z
  .object({
    sub_action_id: Id,
    year: ReportYear,
    amount: PaguAmount,
    allow_overrun: z.boolean().default(false),
    overrun_reason: z.string().trim().max(1000, { error: 'maksimal 1000 karakter' }).default(''),
  })
  .refine((input) => !input.allow_overrun || input.overrun_reason !== '', {
    path: ['overrun_reason'],
    error: 'wajib diisi bila pagu boleh dilampaui',
  });
export type PaguInput = z.input<typeof PaguInput>;

/** The pagu of a whole Perangkat Daerah for a budget year. */
export const AgencyPaguInput = z.object({ agency_id: Id, year: ReportYear, amount: PaguAmount });
export type AgencyPaguInput = z.input<typeof AgencyPaguInput>;

/** A signed sum of whole rupiah as decimal text: what is left may be below zero. */
export const SignedRupiahSum = z.string().regex(/^-?\d+$/);

/** One sub kegiatan's ceiling and plan for a year, as the pagu page lists them. */
export const PaguRow = z.object({
  sub_action_id: Id,
  sub_action_code: z.string().nullable(),
  sub_action_name: z.string(),
  action_name: z.string(),
  program_name: z.string(),
  agency_id: Id.nullable(),
  agency_name: z.string().nullable(),
  year: z.number().int(),
  /** Null: no pagu set, so no limit. */
  pagu: RupiahSum.nullable(),
  /** The sum of its lines' totals after PPN. */
  planned: RupiahSum,
  remaining: SignedRupiahSum.nullable(),
  allow_overrun: z.boolean(),
  overrun_reason: z.string(),
  /** Lines of the year need a pagu here (the region's rule, in a year that has stages). */
  pagu_required: z.boolean(),
});
export type PaguRow = z.infer<typeof PaguRow>;

export const PaguListQuery = ListQuery.extend({
  year: ReportYear,
  agency_id: Id.optional(),
  program_id: Id.optional(),
});
export type PaguListQuery = z.input<typeof PaguListQuery>;

export const paguLevelKeys = ['agency', 'program', 'action', 'sub_action'] as const;
export type PaguLevelKey = (typeof paguLevelKeys)[number];

/**
 * One level of the chain above a line, as the form's pagu panel shows it: its ceiling (the
 * sub kegiatan's own, the agency's own, or for a programme and kegiatan the sum of the pagu set
 * below them), what is planned, and what is left.
 */
export const PaguLevelStatus = z.object({
  level: z.enum(paguLevelKeys),
  id: Id,
  code: z.string().nullable(),
  name: z.string(),
  pagu: RupiahSum.nullable(),
  planned: RupiahSum,
  remaining: SignedRupiahSum.nullable(),
  allow_overrun: z.boolean(),
  /**
   * The pagu is the level's own (a sub kegiatan's, or a Perangkat Daerah's when set), checked on
   * every line write; otherwise the sum of the pagu set below it, as the admin's pages show it.
   */
  own_pagu: z.boolean(),
});
export type PaguLevelStatus = z.infer<typeof PaguLevelStatus>;

/** The chain's ceilings for the form: Perangkat Daerah (when any) first, the sub kegiatan last. */
export const PaguStatus = z.object({
  year: z.number().int(),
  levels: z.array(PaguLevelStatus),
  /**
   * Lines of this year need a pagu on their sub kegiatan (the region's rule, in a year that
   * has stages): a sub kegiatan without one refuses them, it is not 'no limit'.
   */
  pagu_required: z.boolean(),
});
export type PaguStatus = z.infer<typeof PaguStatus>;

export const PaguStatusQuery = z.object({
  sub_action_id: Id,
  year: ReportYear,
  /** The line being edited: its stored total is left out of what is planned. */
  line_id: Id.optional(),
});
export type PaguStatusQuery = z.input<typeof PaguStatusQuery>;

/** A programme's or a Perangkat Daerah's ceiling and plan for a year (the admin dashboard). */
export const PaguSummaryRow = z.object({
  /** Null: the programmes of no Perangkat Daerah (the region as a whole). */
  id: Id.nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  /**
   * A Perangkat Daerah's own pagu when set, else (and for a programme) the sum of the pagu set
   * on its sub kegiatan; null when none is set.
   */
  pagu: RupiahSum.nullable(),
  planned: RupiahSum,
  remaining: SignedRupiahSum.nullable(),
});
export type PaguSummaryRow = z.infer<typeof PaguSummaryRow>;

/** Pagu, planned and remaining per Perangkat Daerah and per programme, for a year. */
export const PaguSummary = z.object({
  year: z.number().int(),
  agencies: z.array(PaguSummaryRow),
  programs: z.array(PaguSummaryRow.extend({ agency_id: Id.nullable() })),
});
export type PaguSummary = z.infer<typeof PaguSummary>;

export const PaguSummaryQuery = z.object({ year: ReportYear });

/** One row of a pagu sheet: the sub kegiatan by its code, within its Perangkat Daerah when named. */
export const PaguImportRow = z.object({
  agency_code: z.string().trim().max(64).optional(),
  agency: z.string().trim().max(1000).optional(),
  sub_action_code: z.string().trim().min(1, { error: 'wajib diisi' }).max(64),
  amount: PaguAmount,
});
export const PaguImportBatch = z.object({
  year: ReportYear,
  rows: z
    .array(PaguImportRow)
    .min(1, { error: 'minimal 1 baris' })
    .max(HIERARCHY_IMPORT_MAX_ROWS, { error: `maksimal ${HIERARCHY_IMPORT_MAX_ROWS} baris` }),
  dry_run: z.boolean().default(false),
});
export type PaguImportBatch = z.input<typeof PaguImportBatch>;

export const PaguImportResult = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export type PaguImportResult = z.infer<typeof PaguImportResult>;

// --- Standard price catalogue ------------------------------------------------------------------

/** Standar Satuan Harga, Standar Biaya Umum, Harga Satuan Pokok Kegiatan, Analisis Standar Belanja. */
export const priceItemKinds = ['SSH', 'SBU', 'HSPK', 'ASB'] as const;
export const PriceItemKind = z.enum(priceItemKinds, {
  error: `harus salah satu dari: ${priceItemKinds.join(', ')}`,
});
export type PriceItemKind = z.infer<typeof PriceItemKind>;

const CatalogueText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `maksimal ${max} karakter` });

/**
 * What an item is, checked the same wherever it comes from (a sheet through the CLI, the import
 * call, the Katalog Harga dialog): the rules once, without defaults.
 */
const priceItemRules = {
  kind: PriceItemKind,
  code: CatalogueText(64).min(1, { error: 'wajib diisi' }),
  // A line's component name holds 255 characters, and a line takes its item's name.
  name: CatalogueText(255).min(1, { error: 'wajib diisi' }),
  specification: CatalogueText(2000),
  unit: CatalogueText(MAX_UNIT_LENGTH).min(1, { error: 'wajib diisi' }),
  price: z
    .number({ error: 'harus berupa angka' })
    .int({ error: 'harus bilangan bulat rupiah' })
    .min(1, { error: 'harus lebih dari 0' })
    .max(MAX_LINE_TOTAL, { error: 'terlalu besar' }),
  /** The kode rekening the item may be priced under; none: any. */
  account_codes: z.array(AccountCode).max(500, { error: 'maksimal 500 kode rekening' }),
  /** A line may go above the price of an open item (an admin's choice). */
  open: z.boolean(),
};

export const PriceItemFields = z.object({
  ...priceItemRules,
  kind: priceItemRules.kind.default('SSH'),
  specification: priceItemRules.specification.default(''),
  account_codes: priceItemRules.account_codes.default([]),
  open: priceItemRules.open.default(false),
});
export type PriceItemFields = z.input<typeof PriceItemFields>;

/** A catalogue for one budget year, loaded whole or in parts: items are matched by code. */
export const PriceItemImportBatch = z.object({
  year: ReportYear,
  items: z
    .array(PriceItemFields)
    .min(1, { error: 'minimal 1 item' })
    .max(HIERARCHY_IMPORT_MAX_ROWS, { error: `maksimal ${HIERARCHY_IMPORT_MAX_ROWS} item` }),
  dry_run: z.boolean().default(false),
});
export type PriceItemImportBatch = z.input<typeof PriceItemImportBatch>;

export const PriceItemImportResult = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export type PriceItemImportResult = z.infer<typeof PriceItemImportResult>;

/**
 * The kode rekening of an item as a sheet's cell or the Katalog Harga dialog lists them: separated
 * by commas, semicolons or line breaks.
 */
export const splitAccountCodes = (text: string): string[] =>
  text
    .split(/[,;\n]+/)
    .map((code) => code.trim())
    .filter(Boolean);

/** One item added on the Katalog Harga page: the import's rules, for one budget year. */
export const PriceItemInput = PriceItemFields.extend({ year: ReportYear });
export type PriceItemInput = z.input<typeof PriceItemInput>;

export const PriceItem = PriceItemFields.extend({
  id: Id,
  year: z.number().int(),
  kind: PriceItemKind,
  specification: z.string(),
  account_codes: z.array(z.string()),
  open: z.boolean(),
  /**
   * No longer offered for new lines (an admin retired it); the lines priced from it keep it,
   * and may be edited keeping it.
   */
  retired: z.boolean(),
});
export type PriceItem = z.infer<typeof PriceItem>;

/** A page of a year's catalogue: the items usable under a kode rekening, matching a search. */
export const priceItemStatuses = ['active', 'retired', 'all'] as const;
export const PriceItemListQuery = ListQuery.extend({
  year: ReportYear,
  account_code: z.string().trim().max(64).optional(),
  kind: PriceItemKind.optional(),
  /** Offered items (what the line form searches) unless asked otherwise. */
  status: z
    .enum(priceItemStatuses, { error: `harus salah satu dari: ${priceItemStatuses.join(', ')}` })
    .default('active'),
});
export type PriceItemListQuery = z.input<typeof PriceItemListQuery>;

/**
 * What an admin changes on an item: any of its fields (the import's rules), and whether it is
 * retired. Its year stays: another year's catalogue is another item.
 */
export const PriceItemUpdateInput = z
  .object({ ...priceItemRules, retired: z.boolean() })
  .partial()
  .refine((input) => Object.keys(input).length > 0, { error: 'tidak ada yang diubah' });
export type PriceItemUpdateInput = z.input<typeof PriceItemUpdateInput>;

// --- RKA signatories ---------------------------------------------------------------------------

/** Who signs the RKA of a Perangkat Daerah (or, with `agency_id` null, of the region as a whole). */
export const SignerInput = z.object({
  agency_id: Id.nullable(),
  place: CatalogueText(100).min(1, { error: 'wajib diisi' }),
  position: CatalogueText(200).min(1, { error: 'wajib diisi' }),
  name: CatalogueText(200).min(1, { error: 'wajib diisi' }),
  /** Nomor Induk Pegawai: 18 digits, spaces allowed as printed. */
  nip: CatalogueText(32)
    .regex(/^[0-9 ]*$/, { error: 'hanya angka' })
    .refine((nip) => nip === '' || nip.replaceAll(' ', '').length === 18, {
      error: 'NIP terdiri dari 18 angka',
    })
    .default(''),
});
export type SignerInput = z.input<typeof SignerInput>;

export const Signer = SignerInput.extend({
  agency_id: Id.nullable(),
  nip: z.string(),
  updated_at: Timestamp,
});
export type Signer = z.infer<typeof Signer>;

// --- The year's price anomalies (issue 34) ----------------------------------------------------

/**
 * What the Anomali Harga page lists, each line once per finding: a price above a catalogue
 * item's (`above_catalogue`), a volume far above the usual for its kode rekening that year
 * (`volume`, see `VOLUME_OUTLIER_FACTOR`), a line outside the catalogue (`free_form`).
 */
// The weightiest first: the list is ordered so, and a year's free-form lines can be many.
export const priceAnomalyKinds = ['above_catalogue', 'volume', 'free_form'] as const;
export const PriceAnomalyKind = z.enum(priceAnomalyKinds, {
  error: `harus salah satu dari: ${priceAnomalyKinds.join(', ')}`,
});
export type PriceAnomalyKind = z.infer<typeof PriceAnomalyKind>;

/**
 * Why a line stands above a catalogue item's price: the item is open (an admin's choice), the
 * item's price was lowered after the line was priced from it, or the line is free-form under
 * the item's code or name and was saved before the lock (issue 34) held it.
 */
export const aboveCatalogueReasons = ['item_open', 'price_lowered', 'free_form_match'] as const;
export type AboveCatalogueReason = (typeof aboveCatalogueReasons)[number];

/**
 * A volume is unusual when the line's (its three volumes multiplied) is more than this many
 * times the median volume of the lines under the same kode rekening in the same year...
 */
export const VOLUME_OUTLIER_FACTOR = 10;
/** ...among at least this many lines: fewer give no median worth comparing with. */
export const VOLUME_OUTLIER_MIN_LINES = 5;

export const PriceAnomalyQuery = ListQuery.extend({
  year: ReportYear,
  kind: PriceAnomalyKind.optional(),
});
export type PriceAnomalyQuery = z.input<typeof PriceAnomalyQuery>;

export const PriceAnomaly = z.object({
  kind: PriceAnomalyKind,
  line_id: Id,
  component_code: z.string(),
  component_name: z.string(),
  unit: z.string(),
  price: z.number(),
  /** The line's three volumes multiplied. */
  volume: z.number(),
  total_after_tax: z.number(),
  account_code: z.string(),
  account_name: z.string(),
  sub_action_name: z.string(),
  agency_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
  /** `above_catalogue`: the item and its price, and why the line is above it. */
  catalogue_code: z.string().nullable(),
  catalogue_price: z.number().nullable(),
  reason: z.enum(aboveCatalogueReasons).nullable(),
  /** `volume`: the median volume of the kode rekening that year, and of how many lines. */
  median_volume: z.number().nullable(),
  account_line_count: z.number().int().nullable(),
});
export type PriceAnomaly = z.infer<typeof PriceAnomaly>;
