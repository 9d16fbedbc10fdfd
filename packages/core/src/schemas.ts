import { z } from 'zod';
import { isOwnUploadPath } from './base-path.js';
import { type HierarchyLevelKey, hierarchyLevelKeys } from './entity-keys.js';
import { isValidVolume } from './money.js';

/**
 * Every entity, payload and response of the spec (sections 3 and 7), declared once.
 * The server validates with these, the UI forms validate with these, the CLI validates rows
 * with these, and the client parses responses with these.
 */

export const Id = z.uuid({ error: 'harus berupa UUID yang valid' });
export type Id = z.infer<typeof Id>;

/** A trimmed, non-blank, bounded name. */
export const Name = z
  .string({ error: 'wajib diisi' })
  .trim()
  .min(1, { error: 'wajib diisi' })
  .max(255, { error: 'maksimal 255 karakter' });

/**
 * A hierarchy record's name: official names run long (a kab/kota sub kegiatan of 306
 * characters), so up to 1 000.
 */
export const LevelName = z
  .string({ error: 'wajib diisi' })
  .trim()
  .min(1, { error: 'wajib diisi' })
  .max(1000, { error: 'maksimal 1000 karakter' });

/** ISO 8601 timestamp as the server sends it. */
export const Timestamp = z.string();

// --- Hierarchy -----------------------------------------------------------------------------

/**
 * An official code that may be left out: blank is no code (null). Validated by its level's
 * Permendagri 90 pattern, e.g. a program's `1.01.01` (`X.XX.01` for the programs every unit has).
 */
const optionalCode = (pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .max(64, { error: 'maksimal 64 karakter' })
    .nullish()
    // Left out stays left out (an update keeps the stored code: the spec's client sends names
    // only); blank is no code.
    .transform((code) => (code === undefined ? undefined : code || null))
    .refine((code) => code == null || pattern.test(code), {
      error: `format kode tidak sesuai, mis. ${example}`,
    });

/** Permendagri 90 code patterns: urusan.bidang.program, + .kegiatan, + .sub kegiatan. */
export const officialCodePatterns = {
  program: /^[1-8X]\.(?:\d{2}|XX)\.\d{2}$/,
  action: /^[1-8X]\.(?:\d{2}|XX)\.\d{2}\.[1-2]\.\d{2}$/,
  sub_action: /^[1-8X]\.(?:\d{2}|XX)\.\d{2}\.[1-2]\.\d{2}\.(?:\d{2}|\d{4})$/,
  /**
   * A Perangkat Daerah (Kepmendagri 050-5889): urusan.bidang of its first affair, of a second
   * and a third (0.00 where none), then unit.sub unit, e.g. 4.01.0.00.0.00.01.0000 (Bappeda).
   */
  agency: /^[1-8X]\.(?:\d{2}|XX)\.[0-8]\.\d{2}\.[0-8]\.\d{2}\.\d{2}\.\d{4}$/,
  /** Aktivitas and Subtitle have no national code: a region's own, digits or letters and dots. */
  free: /^[0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*$/,
} as const;

export const AgencyCode = optionalCode(officialCodePatterns.agency, '4.01.0.00.0.00.01.0000');
export const ProgramCode = optionalCode(officialCodePatterns.program, '1.01.01');
export const ActionCode = optionalCode(officialCodePatterns.action, '1.01.01.2.01');
export const SubActionCode = optionalCode(officialCodePatterns.sub_action, '1.01.01.2.01.0001');
export const FreeLevelCode = optionalCode(officialCodePatterns.free, '01');
/** A level's stored code: null where none was given. */
const StoredCode = z.string().nullable().default(null);

/** A Perangkat Daerah (SKPD/OPD): the agency programmes belong to; its code is optional. */
export const AgencyInput = z.object({ name: LevelName, code: AgencyCode });
export const Agency = z.object({ id: Id, code: StoredCode, name: z.string() });

/**
 * A programme belongs to one Perangkat Daerah or to none (the region as a whole: today's data
 * and the spec's screens, which know no agencies). Left out of an update, the agency stays.
 */
export const ProgramInput = z.object({
  name: LevelName,
  code: ProgramCode,
  is_taxed: z.boolean().default(false),
  agency_id: Id.nullish(),
});
export const Program = z.object({
  id: Id,
  code: StoredCode,
  name: z.string(),
  is_taxed: z.boolean(),
  agency_id: Id.nullable().default(null),
  agency_name: z.string().nullable().default(null),
});

export const ActionInput = z.object({ name: LevelName, code: ActionCode, program_id: Id });
export const Action = z.object({
  id: Id,
  code: StoredCode,
  name: z.string(),
  program_id: Id,
  program_name: z.string().nullable(),
});

export const SubActionInput = z.object({ name: LevelName, code: SubActionCode, action_id: Id });
export const SubAction = z.object({
  id: Id,
  code: StoredCode,
  name: z.string(),
  action_id: Id,
  action_name: z.string().nullable(),
});

export const ActivityInput = z.object({ name: LevelName, code: FreeLevelCode, sub_action_id: Id });
export const Activity = z.object({
  id: Id,
  code: StoredCode,
  name: z.string(),
  sub_action_id: Id,
  sub_action_name: z.string().nullable(),
});

export const SubtitleInput = z.object({ name: LevelName, code: FreeLevelCode, activity_id: Id });
export const Subtitle = z.object({
  id: Id,
  code: StoredCode,
  name: z.string(),
  activity_id: Id,
  activity_name: z.string().nullable(),
});

/** Permendagri-90-style account codes: digit groups separated by dots, e.g. 5.1.02.01.01.0024. */
export const AccountCode = z
  .string({ error: 'wajib diisi' })
  .trim()
  .min(1, { error: 'wajib diisi' })
  .max(64, { error: 'maksimal 64 karakter' })
  .regex(/^[0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*$/, {
    error: 'hanya angka/huruf yang dipisahkan titik, mis. 5.1.02.01.01.0024',
  });

export const AccountInput = z.object({ code: AccountCode, name: LevelName, subtitle_id: Id });
export const Account = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  subtitle_id: Id,
  subtitle_name: z.string().nullable(),
});

export const SupporterInput = z.object({ name: Name });
export const Supporter = z.object({ id: Id, name: z.string() });

export type AgencyInput = z.input<typeof AgencyInput>;
export type Agency = z.infer<typeof Agency>;
export type ProgramInput = z.input<typeof ProgramInput>;
export type Program = z.infer<typeof Program>;
export type ActionInput = z.input<typeof ActionInput>;
export type Action = z.infer<typeof Action>;
export type SubActionInput = z.input<typeof SubActionInput>;
export type SubAction = z.infer<typeof SubAction>;
export type ActivityInput = z.input<typeof ActivityInput>;
export type Activity = z.infer<typeof Activity>;
export type SubtitleInput = z.input<typeof SubtitleInput>;
export type Subtitle = z.infer<typeof Subtitle>;
export type AccountInput = z.input<typeof AccountInput>;
export type Account = z.infer<typeof Account>;
export type SupporterInput = z.input<typeof SupporterInput>;
export type Supporter = z.infer<typeof Supporter>;

// --- Hierarchy import ----------------------------------------------------------------------

/** Account codes one import call may carry; the CLI sends a bigger file in several calls. */
export const HIERARCHY_IMPORT_MAX_ROWS = 100_000;

/**
 * Rows per import call that suit each database, which the server advises (`batch_rows`). PGlite
 * has one session, so a call holds everyone else while it runs: small calls (about 50 ms each;
 * a client's first call is this size too). PostgreSQL serves other sessions meanwhile: calls of
 * 20 000 import 100 000 rows in 1.6x the SQL-only floor against 2.6x in calls of 1 000.
 */
export const HIERARCHY_IMPORT_BATCH_ROWS = { pglite: 1_000, postgres: 20_000 } as const;

// A double space or any whitespace but the plain space (\s less ' '): most names have none, and
// looking is cheaper than replacing (an import runs this 700 000 times).
const SPACING_TO_COLLAPSE =
  / {2}|[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Trimmed, with every run of whitespace (tabs, line breaks, no-break spaces) made one space. */
export const collapseSpaces = (text: string): string => {
  const trimmed = text.trim();
  return SPACING_TO_COLLAPSE.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
};

/**
 * The key an imported name is matched by under its parent: spacing and letter case do not
 * count, so `Belanja  ATK` in a spreadsheet finds the existing `Belanja ATK`.
 */
export const importNameKey = (name: string): string => collapseSpaces(name).toLowerCase();

const ImportName = LevelName.overwrite(collapseSpaces);

/**
 * One account code with its whole path, as a spreadsheet row has it. Named levels are keyed by
 * the level table's keys; the account by its code (and name).
 */
export const HierarchyImportRow = z.object({
  program: ImportName,
  action: ImportName,
  sub_action: ImportName,
  activity: ImportName,
  subtitle: ImportName,
  account_code: AccountCode,
  account_name: ImportName,
  /** Used when the import creates the programme; an existing programme keeps its own flag. */
  program_is_taxed: z.boolean().optional(),
  /** Official codes, where the sheet has them: a record is then matched by its code. */
  program_code: ProgramCode.optional(),
  /**
   * The Perangkat Daerah the programme belongs to, where the sheet says (a multi-agency DPA): the
   * programme is then matched within its agency, so every agency keeps its own support programme.
   */
  agency: ImportName.optional(),
  agency_code: AgencyCode.optional(),
  action_code: ActionCode.optional(),
  sub_action_code: SubActionCode.optional(),
  activity_code: FreeLevelCode.optional(),
  subtitle_code: FreeLevelCode.optional(),
});
export type HierarchyImportRow = z.input<typeof HierarchyImportRow>;

/** A record's parent: its position (from 0) in the list of the level above. */
const ImportParent = z.int().nonnegative();

/**
 * One named level of an import call, column by column (the arrays have the same length): each
 * record once, under its parent.
 */
const importNamedLevel = (code: typeof FreeLevelCode) =>
  z.object({
    parent: z.array(ImportParent),
    name: z.array(ImportName),
    /** Per record, its code or null; left out by callers that send names only. */
    code: z.array(code).optional(),
  });

/** The columns of each level's list in an import call (every one as long as `name`). */
const importLevelColumns = {
  agency: ['name'],
  program: ['name', 'is_taxed'],
  action: ['parent', 'name'],
  sub_action: ['parent', 'name'],
  activity: ['parent', 'name'],
  subtitle: ['parent', 'name'],
  account: ['parent', 'code', 'name'],
} as const satisfies Record<ImportLevelKey, readonly string[]>;

/** The levels an import call may carry, top down: the Perangkat Daerah (optional), the six. */
export const importLevelKeys = ['agency', ...hierarchyLevelKeys] as const;
export type ImportLevelKey = (typeof importLevelKeys)[number];

/**
 * One import call: the records a set of spreadsheet rows names, level by level from the
 * programmes down, each record once with its parent's position in the level above (the rows'
 * paths as a tree, so 100 000 account codes under 10 000 subtitles do not repeat the names above
 * them 100 000 times). Every record above the accounts has a record below it, as every row ends
 * with an account code. The server applies the call in one transaction.
 */
export const HierarchyImportBatch = z
  .object({
    /**
     * The Perangkat Daerah the programmes belong to, when the rows name them: then every
     * programme has a `parent` here. Without it, the programmes are those of no agency.
     */
    agency: z
      .object({ name: z.array(ImportName), code: z.array(AgencyCode).optional() })
      .optional(),
    program: z.object({
      /** Per programme, its agency's position; -1 for a programme of no agency. */
      parent: z.array(z.int().min(-1)).optional(),
      name: z.array(ImportName),
      /** Used when the import creates the programme; null when the rows do not say. */
      is_taxed: z.array(z.boolean().nullable()),
      code: z.array(ProgramCode).optional(),
    }),
    action: importNamedLevel(ActionCode),
    sub_action: importNamedLevel(SubActionCode),
    activity: importNamedLevel(FreeLevelCode),
    subtitle: importNamedLevel(FreeLevelCode),
    account: z.object({
      parent: z.array(ImportParent),
      code: z.array(AccountCode),
      name: z.array(ImportName),
    }),
    /** Looks everything up and writes nothing: the answer says what would be created. */
    dry_run: z.boolean().default(false),
    /**
     * A record found by its code under another name takes the call's name (an official rename)
     * instead of being reported as a conflict.
     */
    accept_renames: z.boolean().default(false),
  })
  .superRefine((batch, context) => {
    const accounts = batch.account.code.length;
    if (accounts === 0 || accounts > HIERARCHY_IMPORT_MAX_ROWS) {
      context.addIssue({
        code: 'custom',
        path: ['account', 'code'],
        message:
          accounts === 0 ? 'minimal 1 rekening' : `maksimal ${HIERARCHY_IMPORT_MAX_ROWS} rekening`,
      });
      return;
    }
    // Stops at the first problem of shape: what follows it would not mean much.
    if ((batch.agency === undefined) !== (batch.program.parent === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['program', 'parent'],
        message: batch.agency ? 'wajib diisi bila ada agency' : 'hanya bila ada agency',
      });
      return;
    }
    const keys = batch.agency ? importLevelKeys : hierarchyLevelKeys;
    let above = 0;
    for (const [depth, key] of keys.entries()) {
      const level = batch[key] as unknown as Record<string, unknown[]>;
      const columns =
        key === 'program' && batch.agency
          ? ['parent', ...importLevelColumns[key]]
          : importLevelColumns[key];
      const length = level.name!.length;
      for (const column of [...columns, 'code']) {
        if (level[column] !== undefined && level[column]!.length !== length) {
          context.addIssue({
            code: 'custom',
            path: [key, column],
            message: `harus sepanjang name (${length} data)`,
          });
          return;
        }
      }
      if (depth > 0) {
        // Every parent exists, and every record above has a child.
        const parents = level.parent as number[];
        const hasChild = new Uint8Array(above);
        for (let position = 0; position < length; position += 1) {
          const parent = parents[position]!;
          if (!Number.isInteger(parent)) return; // Already reported by the column's schema.
          if (parent >= above) {
            context.addIssue({
              code: 'custom',
              path: [key, 'parent', position],
              message: `tidak ada di ${keys[depth - 1]} (${above} data)`,
            });
            return;
          }
          hasChild[parent] = 1;
        }
        const childless = hasChild.indexOf(0);
        if (childless !== -1) {
          context.addIssue({
            code: 'custom',
            path: [keys[depth - 1]!, 'name', childless],
            message: `tidak memiliki ${key}`,
          });
          return;
        }
      }
      above = length;
    }
  });
export type HierarchyImportBatch = z.input<typeof HierarchyImportBatch>;

export const HierarchyImportLevelResult = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  /** Positions in the call's list of this level of the records created (or that a dry run would create). */
  created_records: z.array(z.number().int()),
  /** With `accept_renames`: positions of the records found by code and renamed (or to be). */
  renamed_records: z.array(z.number().int()).default([]),
});
export type HierarchyImportLevelResult = z.infer<typeof HierarchyImportLevelResult>;

/**
 * A record the call could not apply as written: a code (an account's, or a level's official
 * code) that exists (or comes earlier in the call) under another name is left as it is; a
 * programme whose stored PPN flag differs keeps its flag (the records under it are imported).
 */
export const HierarchyImportConflict = z.object({
  /** Position of the record in the call's list of its level: `account` or `program` by `field`. */
  record: z.number().int(),
  /** The row field in question; a named level's (`program` … `subtitle`) for its code. */
  field: z.enum([
    'account_name',
    'program_is_taxed',
    'agency',
    'program',
    'action',
    'sub_action',
    'activity',
    'subtitle',
  ]),
  message: z.string(),
});
export type HierarchyImportConflict = z.infer<typeof HierarchyImportConflict>;

export const HierarchyImportResult = z.object({
  dry_run: z.boolean(),
  /**
   * Rows per call this server takes best: small where one embedded database session is shared
   * (PGlite), large on PostgreSQL. A client without a size of its own sends its next calls so.
   */
  batch_rows: z.number().int().positive().optional(),
  /** Per level; the Perangkat Daerah's only when the call named agencies. */
  levels: z.object({
    agency: HierarchyImportLevelResult.optional(),
    ...(Object.fromEntries(hierarchyLevelKeys.map((key) => [key, HierarchyImportLevelResult])) as {
      [K in HierarchyLevelKey]: typeof HierarchyImportLevelResult;
    }),
  }),
  conflicts: z.array(HierarchyImportConflict),
});
export type HierarchyImportResult = z.infer<typeof HierarchyImportResult>;

/**
 * One account code with its whole path, as `ranwal export hierarchy` writes it: the import's own
 * row, with every level's code (null where none) and the account's id (the page cursor).
 */
export const HierarchyExportRow = z.object({
  /** The programme's Perangkat Daerah; null (both) for a programme of no agency. */
  agency: z.string().nullable(),
  agency_code: z.string().nullable(),
  program: z.string(),
  program_code: z.string().nullable(),
  program_is_taxed: z.boolean(),
  action: z.string(),
  action_code: z.string().nullable(),
  sub_action: z.string(),
  sub_action_code: z.string().nullable(),
  activity: z.string(),
  activity_code: z.string().nullable(),
  subtitle: z.string(),
  subtitle_code: z.string().nullable(),
  account_code: z.string(),
  account_name: z.string(),
  account_id: z.string(),
});
export type HierarchyExportRow = z.infer<typeof HierarchyExportRow>;

/** A page of the hierarchy export: accounts after `after` (by id), `limit` at most. */
export const HierarchyExportQuery = z.object({
  after: Id.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'minimal 1' })
    .max(10_000, { error: 'maksimal 10000' })
    .default(5_000),
});
export type HierarchyExportQuery = z.input<typeof HierarchyExportQuery>;

export const HierarchyExportPage = z.object({
  rows: z.array(HierarchyExportRow),
  /** The cursor of the next page, or null after the last. */
  next: z.string().nullable(),
});
export type HierarchyExportPage = z.infer<typeof HierarchyExportPage>;

// --- National reference (nomenclature) ----------------------------------------------------

/**
 * The levels the national nomenclature (Kepmendagri 050-5889 / 050-3708) names with codes:
 * programmes, kegiatan, sub kegiatan and kode rekening. An admin picks from it instead of typing.
 */
export const referenceLevelKeys = ['program', 'action', 'sub_action', 'account'] as const;
export type ReferenceLevelKey = (typeof referenceLevelKeys)[number];
/** Whether the nomenclature names records of this kind (a Pengampu or an Aktivitas it does not). */
export const isReferenceLevel = (key: string): key is ReferenceLevelKey =>
  (referenceLevelKeys as readonly string[]).includes(key);

/** A kode rekening of the nomenclature's sixth level (sub rincian objek), e.g. 5.1.02.01.01.0024. */
const referenceAccountCode = /^[1-9]\.\d\.\d{2}\.\d{2}\.\d{2}\.\d{4}$/;

/**
 * The level a nomenclature code names, by its shape; null for the groupings between them
 * (urusan `1`, bidang `1.01`, rekening `5.1.02.01`), which no record is made from.
 */
export function referenceLevelOf(code: string): ReferenceLevelKey | null {
  const trimmed = code.trim();
  if (officialCodePatterns.program.test(trimmed)) return 'program';
  if (officialCodePatterns.action.test(trimmed)) return 'action';
  if (officialCodePatterns.sub_action.test(trimmed)) return 'sub_action';
  if (referenceAccountCode.test(trimmed)) return 'account';
  return null;
}

const ReferenceCode = z
  .string({ error: 'wajib diisi' })
  .trim()
  .refine((code) => referenceLevelOf(code) !== null, {
    error: 'bukan kode program, kegiatan, sub kegiatan atau rekening, mis. 1.01.01.2.01.0001',
  });

export const ReferenceItem = z.object({
  level: z.enum(referenceLevelKeys),
  code: z.string(),
  name: z.string(),
});
export type ReferenceItem = z.infer<typeof ReferenceItem>;

/** Loading the nomenclature: items by code, each level read from its code. */
export const ReferenceImportBatch = z.object({
  items: z
    .array(z.object({ code: ReferenceCode, name: LevelName.overwrite(collapseSpaces) }))
    .min(1, { error: 'minimal 1 kode' })
    .max(HIERARCHY_IMPORT_MAX_ROWS, { error: `maksimal ${HIERARCHY_IMPORT_MAX_ROWS} kode` }),
  dry_run: z.boolean().default(false),
});
export type ReferenceImportBatch = z.input<typeof ReferenceImportBatch>;

/** Per level: how many codes are new, renamed (the ministry changed the name) and unchanged. */
export const ReferenceImportResult = z.object({
  dry_run: z.boolean(),
  levels: z.object(
    Object.fromEntries(
      referenceLevelKeys.map((key) => [
        key,
        z.object({
          created: z.number().int(),
          renamed: z.number().int(),
          unchanged: z.number().int(),
        }),
      ]),
    ) as {
      [K in ReferenceLevelKey]: z.ZodObject<{
        created: z.ZodNumber;
        renamed: z.ZodNumber;
        unchanged: z.ZodNumber;
      }>;
    },
  ),
  /** One code the call renamed (or would), with its stored and its new name: what a summary shows. */
  renamed_example: z
    .object({ code: z.string(), from: z.string(), to: z.string() })
    .nullable()
    .optional(),
});
export type ReferenceImportResult = z.infer<typeof ReferenceImportResult>;

// --- Detail-program report (budget line) --------------------------------------------------

/** Whole rupiah, never negative, exact in a JS number. */
export const Rupiah = z
  .number({ error: 'harus berupa angka' })
  .int({ error: 'harus bilangan bulat rupiah' })
  .min(0, { error: 'tidak boleh negatif' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'terlalu besar' });

/** Largest volume a form may enter; keeps every stored volume well inside numeric(20, 2). */
export const MAX_VOLUME = 1_000_000_000;

/** Positive, at most 2 decimal places (the form's volumes). */
export const Volume = z
  .number({ error: 'harus berupa angka' })
  .max(MAX_VOLUME, { error: 'maksimal 1.000.000.000' })
  .refine(isValidVolume, { error: 'harus lebih dari 0 dengan paling banyak 2 angka desimal' });

/**
 * A budget year: a whole number, or its digits as text (a query parameter), from 2000 to 2100.
 * Nothing else is read as one: not "2.025e3", " 2026 ", [2030] or "0x7e9", which a plain number
 * coercion would have turned into years.
 */
export const ReportYear = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'harus berupa tahun, mis. 2025' })
    .int({ error: 'harus berupa tahun' })
    .min(2000, { error: 'minimal 2000' })
    .max(2100, { error: 'maksimal 2100' }),
);

export const DEFAULT_REPORT_YEAR = 2025;
export const DEFAULT_UNIT = 'Pcs';
/** Units such as 'Orang/Kali (Pergi-Pulang)' run long; 100 characters holds the published ones. */
export const MAX_UNIT_LENGTH = 100;

/** What one volume counts; blank is none. */
const VolumeUnit = z
  .string()
  .trim()
  .max(MAX_UNIT_LENGTH, { error: `maksimal ${MAX_UNIT_LENGTH} karakter` })
  .transform((value) => value || null)
  .nullish();

const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `maksimal ${max} karakter` })
    .default('');

/**
 * The create payload as the spec's form sends it. The money fields are accepted but the server
 * recomputes them: `is_taxed` (ours) says whether PPN applies; when absent, a positive `tax`
 * means the form had tax on.
 */
export const BudgetLineInput = z.object({
  component_code: OptionalText(64),
  // A line is found and read by its component: one without a name is refused.
  component_name: Name,
  specification: OptionalText(2000),
  // The unit the price is for (Satuan: 'OH', 'Paket', 'Rim'); a catalogue item's when one is picked.
  unit: z
    .string({ error: 'wajib diisi' })
    .trim()
    .min(1, { error: 'wajib diisi' })
    .max(MAX_UNIT_LENGTH, { error: `maksimal ${MAX_UNIT_LENGTH} karakter` })
    .default(DEFAULT_UNIT),
  /**
   * What each volume counts ('2 Orang x 3 Hari x 1 Kali'). Left out, the first volume counts the
   * line's `unit` (the spec's client knows one unit) and the others count nothing.
   */
  first_volume_unit: VolumeUnit,
  second_volume_unit: VolumeUnit,
  third_volume_unit: VolumeUnit,
  /** The standard-price catalogue item the line is priced from; none for a free-form component. */
  price_item_id: Id.nullish(),
  /**
   * The sumber dana it is paid from (issue 36). Left out, the sub kegiatan's default source of
   * the year fills it (the spec's client never sends one).
   */
  funding_source_id: Id.nullish(),
  // Volumes are positive, so a positive price is what keeps a line from totalling Rp 0.
  price: z
    .number({
      error: (issue) => (issue.input === undefined ? 'wajib diisi' : 'harus berupa angka'),
    })
    .int({ error: 'harus bilangan bulat rupiah' })
    .min(1, { error: 'harus lebih dari 0 (baris dengan Total Harga Rp 0 tidak disimpan)' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'terlalu besar' }),
  first_volume: Volume.default(1),
  second_volume: Volume.default(1),
  third_volume: Volume.default(1),
  total_price: z.number().optional(),
  tax: z.number().optional(),
  total_after_tax: z.number().optional(),
  is_taxed: z.boolean().optional(),
  year: ReportYear.default(DEFAULT_REPORT_YEAR),
  program_id: Id,
  action_id: Id,
  sub_action_id: Id,
  activity_id: Id,
  subtitle_id: Id,
  account_id: Id,
  supporter_id: Id,
});
export type BudgetLineInput = z.input<typeof BudgetLineInput>;

export const BudgetLine = z.object({
  id: Id,
  component_code: z.string(),
  component_name: z.string(),
  specification: z.string(),
  unit: z.string(),
  price: z.number(),
  first_volume: z.number(),
  second_volume: z.number(),
  third_volume: z.number(),
  first_volume_unit: z.string().nullable().default(null),
  second_volume_unit: z.string().nullable().default(null),
  third_volume_unit: z.string().nullable().default(null),
  total_price: z.number(),
  tax: z.number(),
  total_after_tax: z.number(),
  /**
   * The PPN rule the line was priced with: `tax_rate` percent of `tax_base_numerator /
   * tax_base_denominator` of the total (0 when the programme is not taxed).
   */
  tax_rate: z.number().default(0),
  tax_base_numerator: z.number().int().default(1),
  tax_base_denominator: z.number().int().default(1),
  /** The catalogue item it is priced from; null for a free-form component. */
  price_item_id: Id.nullable().default(null),
  /** The sumber dana it is paid from; null where none was named or filled. */
  funding_source_id: Id.nullable().default(null),
  /**
   * Free-form while its year has a standard price catalogue: no item, where one could have been
   * picked (issue 34). Marked in the lists, the RKA and every export ('Di luar katalog'); a
   * year without a catalogue marks nothing. Read, never written.
   */
  outside_catalogue: z.boolean().default(false),
  year: z.number(),
  program_id: Id,
  action_id: Id,
  sub_action_id: Id,
  activity_id: Id,
  subtitle_id: Id,
  account_id: Id,
  supporter_id: Id,
  /** The programme's Perangkat Daerah, null when it has none (read, never written on a line). */
  agency_id: Id.nullable().default(null),
  agency_name: z.string().nullable().default(null),
  /** Each level's code beside its name (null where the record has none). */
  agency_code: z.string().nullable().default(null),
  program_code: z.string().nullable().default(null),
  action_code: z.string().nullable().default(null),
  sub_action_code: z.string().nullable().default(null),
  activity_code: z.string().nullable().default(null),
  subtitle_code: z.string().nullable().default(null),
  program_name: z.string(),
  action_name: z.string(),
  sub_action_name: z.string(),
  activity_name: z.string(),
  subtitle_name: z.string(),
  supporter_name: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  created_by: Id.nullable(),
  /** The name of the user who created the line; null once they are deleted. */
  created_by_name: z.string().nullable(),
  created_at: Timestamp,
  /** When the line was last edited, and by whom (the user's name); null until it is. */
  updated_at: Timestamp.nullable(),
  updated_by_name: z.string().nullable(),
  /**
   * Where the verification of the line's sub kegiatan of its year stands (a list or a read of
   * lines; not a write's answer): when it was marked verified (null: not verified) and how many
   * of its notes are still open.
   */
  sub_action_verified_at: Timestamp.nullable().default(null),
  sub_action_open_notes: z.number().int().default(0),
});
export type BudgetLine = z.infer<typeof BudgetLine>;

export const ReportDownload = z.object({ path: z.string(), originalName: z.string() });
export type ReportDownload = z.infer<typeof ReportDownload>;

// --- Budget summary (the admin dashboard; beyond the spec) --------------------------------

/**
 * A sum of whole rupiah as decimal text ('12500000'): exact however many lines it adds up, where
 * a JSON number stops being exact past Number.MAX_SAFE_INTEGER.
 */
export const RupiahSum = z
  .string()
  .regex(/^\d+$/)
  .describe('Whole rupiah as decimal digits (exact past 2^53)');

/** Sums over budget lines, in whole rupiah. */
const BudgetTotals = {
  /** Number of budget lines (detail-program reports). */
  line_count: z.number().int(),
  /** Sum of total_price: before PPN. */
  total_price: RupiahSum,
  /** Sum of tax: the PPN. */
  tax: RupiahSum,
  /** Sum of total_after_tax: after PPN. */
  total_after_tax: RupiahSum,
};

export const BudgetSummaryProgram = z.object({
  program_id: Id,
  program_name: z.string(),
  ...BudgetTotals,
});
export type BudgetSummaryProgram = z.infer<typeof BudgetSummaryProgram>;

/**
 * A year's budget at a glance: its totals and, per programme that has lines that year, the same
 * sums (largest total after PPN first). `years` lists every year that has lines, ascending.
 */
export const BudgetSummary = z.object({
  year: z.number().int(),
  ...BudgetTotals,
  programs: z.array(BudgetSummaryProgram),
  years: z.array(z.number().int()),
});
export type BudgetSummary = z.infer<typeof BudgetSummary>;

// --- Articles ------------------------------------------------------------------------------

/**
 * The spec's article categories (section 3). Their display names are the wire values, in
 * requests and in answers, as the spec's own client sends, filters by and prints them.
 */
export const articleCategories = [
  'Tindak Lanjut Hasil Musrenbang',
  'Usulan Reses DPRD',
  'Usulan Langsung Warga Masyarakat',
  'Kegiatan Rutin',
] as const;
export const ArticleCategory = z.enum(articleCategories, {
  error: `harus salah satu dari: ${articleCategories.join(', ')}`,
});
export type ArticleCategory = z.infer<typeof ArticleCategory>;

/** The keys categories travelled as before they travelled as names: still accepted as input. */
export const articleCategoryAliases = {
  tindak_lanjut_hasil_musrenbang: 'Tindak Lanjut Hasil Musrenbang',
  usulan_reses_dprd: 'Usulan Reses DPRD',
  usulan_langsung_warga_masyarakat: 'Usulan Langsung Warga Masyarakat',
  kegiatan_rutin: 'Kegiatan Rutin',
} as const satisfies Record<string, ArticleCategory>;
type ArticleCategoryAlias = keyof typeof articleCategoryAliases;
const articleCategoryAliasKeys = Object.keys(articleCategoryAliases) as ArticleCategoryAlias[];

/** A category as a request may carry it: its name, or its older key (answered as the name). */
export const ArticleCategoryInput = z
  .enum(
    [...articleCategories, ...articleCategoryAliasKeys] as [
      ArticleCategory | ArticleCategoryAlias,
      ...(ArticleCategory | ArticleCategoryAlias)[],
    ],
    { error: `harus salah satu dari: ${articleCategories.join(', ')}` },
  )
  .transform(
    (value): ArticleCategory =>
      Object.hasOwn(articleCategoryAliases, value)
        ? articleCategoryAliases[value as ArticleCategoryAlias]
        : (value as ArticleCategory),
  );

export const articleStatuses = ['published', 'draft', 'archived'] as const;
export const ArticleStatus = z.enum(articleStatuses, {
  error: `harus salah satu dari: ${articleStatuses.join(', ')}`,
});
export type ArticleStatus = z.infer<typeof ArticleStatus>;

export const Tag = z.string().trim().min(1, { error: 'tidak boleh kosong' }).max(50);

/** http(s) URL, one of our uploads from the site's root, or empty for "no cover". */
export const CoverImage = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value) || isOwnUploadPath(value), {
    error: 'harus berupa URL http(s)',
  });

export const ArticleInput = z.object({
  title: z
    .string({ error: 'wajib diisi' })
    .trim()
    .min(1, { error: 'wajib diisi' })
    .max(200, { error: 'maksimal 200 karakter' }),
  content: z
    .string({ error: 'wajib diisi' })
    .refine((html) => html.trim().length > 0, { error: 'wajib diisi' })
    .refine((html) => html.length <= 1_000_000, { error: 'maksimal 1.000.000 karakter' }),
  excerpt: z.string().trim().max(500).optional(),
  cover_image: CoverImage.nullable().default(''),
  tags: z
    .array(Tag)
    .max(20, { error: 'maksimal 20 tag' })
    .default([])
    .transform((tags) => [...new Set(tags)]),
  status: ArticleStatus.default('published'),
  category: ArticleCategoryInput,
});
export type ArticleInput = z.input<typeof ArticleInput>;

export const Article = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  cover_image: z.string().nullable(),
  tags: z.array(z.string()),
  status: ArticleStatus,
  category: ArticleCategory,
  name: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  views_count: z.number(),
});
export type Article = z.infer<typeof Article>;

export const Slug = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'slug tidak valid' });

// --- Users and sign-in ---------------------------------------------------------------------

/**
 * A user builds their units' lines; a verifier (issue 19) reads their units' lines and writes
 * notes on them; an admin does everything.
 */
export const roles = ['user', 'verifier', 'admin'] as const;
export const Role = z.enum(roles, { error: 'harus user, verifier atau admin' });
export type Role = z.infer<typeof Role>;

export const Email = z
  .email({ error: 'harus berupa alamat email yang valid' })
  .max(254)
  .transform((email) => email.toLowerCase());

/** What a new password must be; the forms show `messages.password.rule` beside the field. */
export const Password = z
  .string({ error: 'wajib diisi' })
  .min(8, { error: 'minimal 8 karakter' })
  .max(256, { error: 'maksimal 256 karakter' })
  .regex(/\p{L}/u, { error: 'harus berisi huruf dan angka' })
  .regex(/\p{N}/u, { error: 'harus berisi huruf dan angka' });

export const SignInInput = z.object({
  email: z.string().trim().pipe(Email),
  password: z.string({ error: 'wajib diisi' }).min(1, { error: 'wajib diisi' }).max(256),
});
export type SignInInput = z.input<typeof SignInInput>;

export const SignInResult = z.object({
  token: z.string(),
  id: Id,
  name: z.string(),
  email: z.string(),
  role: Role,
});
export type SignInResult = z.infer<typeof SignInResult>;

export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  role: Role,
  /** The Perangkat Daerah the person belongs to (issue 19): a user's and a verifier's scope. */
  agency_ids: z.array(Id),
});
export type User = z.infer<typeof User>;

export const UserCreateInput = z.object({
  id: z.null().optional(),
  name: Name,
  email: z.string().trim().pipe(Email),
  role: Role.default('user'),
  password: Password,
  agency_ids: z.array(Id).max(100).optional(),
});
export type UserCreateInput = z.input<typeof UserCreateInput>;

/** A signed-in person changes their own password: the current one proves it is them. */
export const PasswordChangeInput = z
  .object({
    current_password: z.string({ error: 'wajib diisi' }).min(1, { error: 'wajib diisi' }).max(256),
    new_password: Password,
  })
  .refine((input) => input.new_password !== input.current_password, {
    path: ['new_password'],
    error: 'harus berbeda dari password saat ini',
  });
export type PasswordChangeInput = z.input<typeof PasswordChangeInput>;

/** An admin sets another person's password (forgotten, or the account taken over). */
export const PasswordSetInput = z.object({ password: Password });
export type PasswordSetInput = z.input<typeof PasswordSetInput>;

export const UserUpdateInput = z.object({
  name: Name,
  email: z.string().trim().pipe(Email),
  role: Role,
  /** Left out (the spec's client knows no units): the person keeps their units. */
  agency_ids: z.array(Id).max(100).optional(),
});
export type UserUpdateInput = z.input<typeof UserUpdateInput>;

/** The browser session, stored in local storage under exactly these keys (spec section 3). */
export const Session = z.object({
  token: z.string().min(1),
  userId: Id,
  userName: z.string(),
  userEmail: z.string(),
  userRole: Role,
});
export type Session = z.infer<typeof Session>;

// --- Uploads, health -----------------------------------------------------------------------

/** The images the API stores, and the most bytes one may have. */
export const uploadImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type UploadImageType = (typeof uploadImageTypes)[number];
export const isUploadImageType = (mime: string): mime is UploadImageType =>
  (uploadImageTypes as readonly string[]).includes(mime);
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const UploadResult = z.object({ path: z.string() });
export type UploadResult = z.infer<typeof UploadResult>;

export const Health = z.object({ database: z.literal('up') });
export type Health = z.infer<typeof Health>;

// --- Queries and envelopes -----------------------------------------------------------------

export const MAX_PAGE_SIZE = 100;

export const ListQuery = z.object({
  page: z.coerce
    .number({ error: 'harus berupa angka' })
    .int({ error: 'harus bilangan bulat' })
    .min(1, { error: 'minimal 1' })
    .default(1),
  limit: z.coerce
    .number({ error: 'harus berupa angka' })
    .int({ error: 'harus bilangan bulat' })
    .min(1, { error: 'minimal 1' })
    .max(MAX_PAGE_SIZE, { error: `maksimal ${MAX_PAGE_SIZE}` })
    // Without a limit, a whole page: the spec's client reads several lists with no query at
    // all and expects what its dropdowns get with limit 100.
    .default(MAX_PAGE_SIZE),
  search: z.string().trim().max(200, { error: 'maksimal 200 karakter' }).optional(),
});
export type ListQuery = z.input<typeof ListQuery>;

/**
 * The users page's filter: `without_agency=true` keeps the users and verifiers who belong to no
 * Perangkat Daerah (issue 34: they reach only programmes without one; admins need none).
 */
export const UserListQuery = ListQuery.extend({
  without_agency: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;

/** Lists of a child level filter by the parent's id, in the spec's `uuid` parameter. */
export const ChildListQuery = ListQuery.extend({ uuid: Id.optional() });
export type ChildListQuery = z.input<typeof ChildListQuery>;

/**
 * A page of one level of the nomenclature, in code order; `under` keeps the codes below a
 * parent's (the kegiatan of programme 1.01.01 begin `1.01.01.`), and search looks in code and name.
 */
export const ReferenceListQuery = ListQuery.extend({
  level: z.enum(referenceLevelKeys),
  under: z.string().trim().max(64).optional(),
});
export type ReferenceListQuery = z.input<typeof ReferenceListQuery>;

export const ArticleListQuery = ListQuery.extend({
  category: ArticleCategoryInput.optional(),
  status: ArticleStatus.optional(),
});
export type ArticleListQuery = z.input<typeof ArticleListQuery>;

/** The orders a budget-line list offers; newest first unless asked. */
export const BudgetLineSort = z.enum(['newest', 'oldest', 'total_desc', 'total_asc'], {
  error: 'harus salah satu dari newest, oldest, total_desc, total_asc',
});
export type BudgetLineSort = z.infer<typeof BudgetLineSort>;

/** What each order sorts by, in turn (the id last, so pages never overlap): both sides read it. */
export const budgetLineSortOrders = {
  newest: [
    ['created_at', 'desc'],
    ['id', 'asc'],
  ],
  oldest: [
    ['created_at', 'asc'],
    ['id', 'desc'],
  ],
  total_desc: [
    ['total_after_tax', 'desc'],
    ['id', 'asc'],
  ],
  total_asc: [
    ['total_after_tax', 'asc'],
    ['id', 'desc'],
  ],
} as const satisfies Record<
  BudgetLineSort,
  readonly (readonly ['created_at' | 'total_after_tax' | 'id', 'asc' | 'desc'])[]
>;

/** The fields a budget-line search looks in (any of them containing the text, ignoring case). */
export const budgetLineSearchFields = [
  'component_code',
  'component_name',
  'specification',
  'program_name',
  'account_code',
  'account_name',
] as const;

/** Which budget lines a list or an export covers, as the caller narrows them. */
export const BudgetLineFilterQuery = z.object({
  year: ReportYear.optional(),
  agency_id: Id.optional().describe(
    'Only the lines whose programme belongs to this Perangkat Daerah',
  ),
  program_id: Id.optional(),
  sub_action_id: Id.optional().describe('Only the lines of this Sub Kegiatan'),
  supporter_id: Id.optional(),
  created_by: Id.optional().describe(
    "Only the lines this user created: an admin's filter (a user always sees their own)",
  ),
  search: ListQuery.shape.search.describe(
    'Text found in the component name or code, the specification, the program, or the account code or name',
  ),
});
export type BudgetLineFilterQuery = z.input<typeof BudgetLineFilterQuery>;

/**
 * A position in a list, as the server gave it (`next_cursor`, `prev_cursor`): opaque text the
 * client sends back unchanged.
 */
export const ListCursor = z
  .string()
  .min(1, { error: 'minimal 1 karakter' })
  .max(200, { error: 'maksimal 200 karakter' });

/**
 * A list's page by position rather than by offset: the lines after `after` (or, with `before`,
 * the ones just before it), in the same order and under the same filters as the page that
 * gave the cursor. `page` then only labels the page (`current_page`); a page number alone is
 * read by offset, as the spec's client asks.
 */
export const CursorQuery = z.object({
  after: ListCursor.optional().describe("The list's next page: a page's `next_cursor`"),
  before: ListCursor.optional().describe("The list's previous page: a page's `prev_cursor`"),
});

export const BudgetLineListQuery = ListQuery.extend({
  ...BudgetLineFilterQuery.shape,
  ...CursorQuery.shape,
  sort: BudgetLineSort.default('newest'),
});
export type BudgetLineListQuery = z.input<typeof BudgetLineListQuery>;

/** The report's layouts: one row per line (the spec's sheet, for analysis), or the RKA. */
export const reportLayouts = ['flat', 'rka'] as const;
export const ReportLayout = z.enum(reportLayouts, { error: 'harus flat atau rka' });
export type ReportLayout = z.infer<typeof ReportLayout>;
export const reportFormats = ['xlsx', 'pdf'] as const;
export const ReportFormat = z.enum(reportFormats, { error: 'harus xlsx atau pdf' });
export type ReportFormat = z.infer<typeof ReportFormat>;

/**
 * The export covers what the list shows under the same filters; one year, 2025 unless asked.
 * The RKA (its header block, then grouped Perangkat Daerah > Program > Kegiatan > Sub Kegiatan >
 * Kode Rekening > Aktivitas > Subtitle with subtotals) is a workbook or a PDF; the flat sheet is
 * a workbook only. A user's `agency_id` must be one of their units (else 403).
 */
export const ReportDownloadQuery = BudgetLineFilterQuery.extend({
  year: ReportYear.default(DEFAULT_REPORT_YEAR),
  layout: ReportLayout.default('flat'),
  format: ReportFormat.default('xlsx'),
}).refine((query) => query.format !== 'pdf' || query.layout === 'rka', {
  path: ['format'],
  error: 'PDF hanya untuk tata letak rka',
});
export type ReportDownloadQuery = z.input<typeof ReportDownloadQuery>;

export const BudgetSummaryQuery = z.object({
  year: ReportYear.optional().describe(
    'Budget year; when absent, the current budget year (the calendar year in Asia/Jakarta)',
  ),
});
export type BudgetSummaryQuery = z.input<typeof BudgetSummaryQuery>;

export const IdParams = z.object({ id: Id });
export const SlugParams = z.object({ slug: z.string().min(1).max(255) });

/** Counts of a list stop here: past it, a list says 'more than' (`filtered_bounded`). */
export const COUNT_BOUND = 10_000;

/** What a list keyed by position adds to its `filter`: the cursors and whether counts stopped. */
export interface ListFilterExtras {
  next_cursor?: string | null;
  prev_cursor?: string | null;
  filtered_bounded?: boolean;
  total_bounded?: boolean;
}

/** The spec's `filter` block for a page of a list (and, for some lists, `extras`). */
export function listFilter(
  page: number,
  limit: number,
  filteredResult: number,
  totalResult: number,
  extras: ListFilterExtras = {},
): ListFilter {
  return {
    current_page: page,
    total_page: Math.max(1, Math.ceil(filteredResult / limit)),
    filtered_result: filteredResult,
    total_result: totalResult,
    ...extras,
  };
}

export const ListFilter = z.object({
  current_page: z.number().int(),
  total_page: z.number().int(),
  filtered_result: z.number().int(),
  total_result: z.number().int(),
  next_cursor: ListCursor.nullable()
    .optional()
    .describe("The next page's `after`; null on the last page (lists paged by position)"),
  prev_cursor: ListCursor.nullable()
    .optional()
    .describe("The previous page's `before`; null on the first page"),
  filtered_bounded: z
    .boolean()
    .optional()
    .describe(
      `true: more than ${COUNT_BOUND} lines match, and \`filtered_result\` (and \`total_page\`) stop at ${COUNT_BOUND}`,
    ),
  total_bounded: z
    .boolean()
    .optional()
    .describe(`true: \`total_result\` stopped at ${COUNT_BOUND}`),
});
export type ListFilter = z.infer<typeof ListFilter>;

/** `{status, message, data}` around every answer. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), data });

/** Lists add `filter` to the envelope. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.number().int(),
    message: z.string(),
    data: z.array(item),
    filter: ListFilter,
  });

/** One field problem in an error answer: where (`path`) and what is wrong. */
export const FieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;

export const ErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.null(),
  code: z.string(),
  issues: z.array(FieldIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
