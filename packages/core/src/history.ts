/**
 * The history of every change (issue 19): each create, edit and delete of a budget line, a
 * hierarchy record, a pagu or a catalogue item, written by the database in the same transaction
 * as the change, with who made it, when and from which address, and the record before and after.
 * Declared once here; the server, the UI and the CLI read them.
 */
import { z } from 'zod';
import { CursorQuery, Id, ListQuery, ReportYear, Timestamp } from './schemas.js';
import { stageScheduleIssues } from './stage-rules.js';

/** The kinds of record whose changes are kept, by their table. */
export const historyRecordTypes = [
  'agency',
  'program',
  'action',
  'sub_action',
  'activity',
  'subtitle',
  'account',
  'detail_program',
  'pagu',
  'agency_pagu',
  'price_item',
  'sub_action_lock',
  'budget_stage',
  // The settings (issue 34): PPN rules, RKA signatories, people, their units, the pagu rule.
  'tax_rule',
  'rka_signer',
  'app_user',
  'user_agency',
  'planning_setting',
  // Sumber dana (issue 36).
  'funding_source',
  'sub_action_funding',
  // Anggaran Kas (issue 36): one record per sub kegiatan × kode rekening × year.
  'cash_plan',
  // Realisasi keuangan (issue 37): each SP2D row, and a unit's reason for an overrun.
  'sp2d',
  'realisation_reason',
  // The monthly cycle (issue 37): physical progress per sub kegiatan and month, a unit's month.
  'physical_progress',
  'monthly_report',
  // Output indicators per sub kegiatan and year, and their achievement per quarter.
  'sub_action_indicator',
  'indicator_achievement',
  // Evidence from the field (issue 38): a sub kegiatan's place, the photos filed with a month.
  'sub_action_location',
  'evidence_photo',
] as const;
export const HistoryRecordType = z.enum(historyRecordTypes, {
  error: `harus salah satu dari: ${historyRecordTypes.join(', ')}`,
});
export type HistoryRecordType = z.infer<typeof HistoryRecordType>;

/** `restore`: a line brought back from its history (a deleted line re-created, or edited back). */
export const historyActions = ['create', 'update', 'delete', 'restore'] as const;
export const HistoryAction = z.enum(historyActions);
export type HistoryAction = z.infer<typeof HistoryAction>;

/** A record's stored columns as JSON (amounts as text where PostgreSQL writes them so). */
const RecordValues = z.record(z.string(), z.unknown());

export const HistoryEntry = z.object({
  id: z.number().int(),
  changed_at: Timestamp,
  /** Null for a change made outside a person's call (a migration, the demo seed). */
  actor_id: Id.nullable(),
  /** The person's name now; null when none or since deleted. */
  actor_name: z.string().nullable(),
  /**
   * The client address the change came from; null when unknown. Sent to administrators only: a
   * line's history read by anyone else leaves it out (issue 34).
   */
  address: z.string().nullable().optional(),
  record_type: HistoryRecordType,
  /**
   * The record's id; for a pagu or a lock, `sub_action_id/year` (`agency_id/year` for an
   * agency's pagu); a PPN rule's `effective_from`; a signatory's `agency_id` ('-' for the
   * region's); a person's unit `user_id/agency_id`.
   */
  record_id: z.string(),
  action: HistoryAction,
  /** The record before the change; null for a create. */
  old_values: RecordValues.nullable(),
  /** The record after the change; null for a delete. */
  new_values: RecordValues.nullable(),
  /**
   * The names of the records its values point to, by id ('code - name' where they have a code):
   * as they are now, or as their history last named them once deleted. Ids the server found no
   * name for are left out, and read as ids.
   */
  reference_names: z.record(z.string(), z.string()).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** A date (inclusive) as YYYY-MM-DD, in the server's time zone. */
const HistoryDate = z.iso.date({ error: 'harus berupa tanggal YYYY-MM-DD' });

/** What narrows the history: the audit page's filters, its list's and its export's. */
const historyFilters = {
  record_type: HistoryRecordType.optional(),
  record_id: z.string().trim().max(100).optional(),
  actor_id: Id.optional(),
  /**
   * A Perangkat Daerah: the changes of records that belong to it (docs/history.md says which);
   * records that belong to none are listed only without this filter.
   */
  agency_id: Id.optional(),
  from: HistoryDate.optional(),
  to: HistoryDate.optional(),
};

export const HistoryListQuery = ListQuery.extend({ ...historyFilters, ...CursorQuery.shape });

/**
 * A page of one line's changes, oldest first: a line edited 1 200 times answered 7.8 MB in one
 * call (issue 34).
 */
export const LineHistoryQuery = ListQuery.pick({ page: true, limit: true });
export type LineHistoryQuery = z.input<typeof LineHistoryQuery>;
export type HistoryListQuery = z.input<typeof HistoryListQuery>;

/** The history as a workbook: the list's filters, all pages (newest first, at most the cap). */
export const HistoryExportQuery = z.object(historyFilters);
export type HistoryExportQuery = z.input<typeof HistoryExportQuery>;

/** Changes one history workbook holds at most, the newest; a last row says when it is cut. */
export const HISTORY_EXPORT_MAX_ROWS = 100_000;

/** Bring a budget line back as it was after (or, for a delete, before) a change. */
export const HistoryRestoreInput = z.object({
  change_id: z.number({ error: 'harus berupa angka' }).int().positive(),
});
export type HistoryRestoreInput = z.infer<typeof HistoryRestoreInput>;

// --- Locks (kunci) ------------------------------------------------------------------------------

/**
 * An admin locks a sub kegiatan's lines of a budget year (kunci): users can then neither create,
 * edit nor delete them. Unlocking needs a reason, which the history keeps.
 */
export const SubActionLockInput = z
  .object({
    sub_action_id: Id,
    year: ReportYear,
    locked: z.boolean({ error: 'wajib diisi' }),
    reason: z.string().trim().max(1000, { error: 'maksimal 1000 karakter' }).default(''),
  })
  .refine((input) => input.locked || input.reason !== '', {
    path: ['reason'],
    error: 'wajib diisi bila kunci dibuka',
  });
export type SubActionLockInput = z.input<typeof SubActionLockInput>;

export const SubActionLock = z.object({
  sub_action_id: Id,
  sub_action_name: z.string(),
  year: z.number().int(),
  locked: z.boolean(),
  reason: z.string(),
  changed_by_name: z.string().nullable(),
  changed_at: Timestamp,
});
export type SubActionLock = z.infer<typeof SubActionLock>;

export const SubActionLockListQuery = ListQuery.extend({ year: ReportYear });
export type SubActionLockListQuery = z.input<typeof SubActionLockListQuery>;

// --- Budget-year stages ---------------------------------------------------------------------------

/**
 * The stages a regional plan moves through in a budget year, in order: the initial draft
 * (Rancangan Awal, the "Ranwal"), the draft, the final draft (Ranhir), the adopted budget
 * (Penetapan, the Murni), and the revised budget (Perubahan).
 */
export const stageKinds = ['ranwal', 'rancangan', 'ranhir', 'penetapan', 'perubahan'] as const;
export const StageKind = z.enum(stageKinds, {
  error: `harus salah satu dari: ${stageKinds.join(', ')}`,
});
export type StageKind = z.infer<typeof StageKind>;

const StageDate = z.iso.date({ error: 'harus berupa tanggal YYYY-MM-DD' });

export const StageDefinition = z
  .object({ kind: StageKind, starts_on: StageDate, ends_on: StageDate })
  .refine((stage) => stage.starts_on <= stage.ends_on, {
    path: ['ends_on'],
    error: 'tidak boleh sebelum tanggal mulai',
  });

/** Goes ahead with what the server would otherwise ask to confirm (a 409 saying what it does). */
const Confirm = z.boolean({ error: 'harus berupa true atau false' }).default(false);

/**
 * A year's stages in the order they run; each kind at most once, each starting after the one
 * before it ends (stageScheduleIssues). Dates wholly outside the budget year's planning window
 * are warned, not refused: the server saves them only with `confirm: true`.
 */
export const StageScheduleInput = z
  .object({
    year: ReportYear,
    stages: z.array(StageDefinition).min(1).max(stageKinds.length),
    confirm: Confirm,
  })
  .refine(
    (input) => new Set(input.stages.map((stage) => stage.kind)).size === input.stages.length,
    { path: ['stages'], error: 'setiap tahap paling banyak sekali' },
  )
  .superRefine((input, context) => {
    for (const issue of stageScheduleIssues(input.stages)) {
      context.addIssue({
        code: 'custom',
        path: ['stages', issue.index, 'starts_on'],
        message: issue.message,
      });
    }
  });
export type StageScheduleInput = z.input<typeof StageScheduleInput>;

export const stageStatuses = ['upcoming', 'current', 'closed'] as const;

export const Stage = z.object({
  id: Id,
  year: z.number().int(),
  kind: StageKind,
  position: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  status: z.enum(stageStatuses),
  locked: z.boolean(),
  locked_by_name: z.string().nullable(),
  /** Lines kept when the stage closed (its figures); null while it has not. */
  snapshot_lines: z.number().int().nullable(),
});
export type Stage = z.infer<typeof Stage>;

export const StageYearQuery = z.object({ year: ReportYear });
/**
 * Move the year on. Entering a stage outside its dates needs `confirm: true`; without it the
 * server answers 409 with what it would do to users (stageAdvanceConsequence).
 */
export const StageAdvanceInput = z.object({ year: ReportYear, confirm: Confirm });
export type StageAdvanceInput = z.input<typeof StageAdvanceInput>;

/** Lock or unlock the year's current stage; unlocking needs a reason (kept in the history). */
export const StageLockInput = z
  .object({
    year: ReportYear,
    locked: z.boolean({ error: 'wajib diisi' }),
    reason: z.string().trim().max(1000, { error: 'maksimal 1000 karakter' }).default(''),
  })
  .refine((input) => input.locked || input.reason !== '', {
    path: ['reason'],
    error: 'wajib diisi bila kunci dibuka',
  });
export type StageLockInput = z.input<typeof StageLockInput>;

export const StageCompareQuery = z.object({
  year: ReportYear,
  from: StageKind,
  to: StageKind,
  /** The changed lines listed at most (the sums are over all). */
  limit: z.coerce.number().int().min(0).max(1000).default(100),
});
export type StageCompareQuery = z.input<typeof StageCompareQuery>;

/** The comparison as a workbook: every changed line, so no limit. */
export const StageWorkbookQuery = StageCompareQuery.omit({ limit: true });
export type StageWorkbookQuery = z.input<typeof StageWorkbookQuery>;

/** Whole rupiah as decimal text, signed (a difference). */
const SignedAmount = z.string().regex(/^-?\d+$/);

const CompareSums = z.object({ from: SignedAmount, to: SignedAmount, difference: SignedAmount });

export const StageLineChange = z.object({
  line_id: Id,
  change: z.enum(['added', 'removed', 'changed']),
  component_name: z.string(),
  sub_action_id: Id,
  from_total: SignedAmount.nullable(),
  to_total: SignedAmount.nullable(),
  /** The fields whose values differ, with both values (changed lines only). */
  fields: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  /** The names of the records those values point to, by id (as HistoryEntry's). */
  reference_names: z.record(z.string(), z.string()).optional(),
});

export const StageComparison = z.object({
  year: z.number().int(),
  from: StageKind,
  to: StageKind,
  totals: CompareSums,
  counts: z.object({ added: z.number(), removed: z.number(), changed: z.number() }),
  units: z.array(
    CompareSums.extend({
      agency_id: Id.nullable(),
      agency_name: z.string().nullable(),
      /** The official code, so units and sub kegiatan of one name tell apart (issue 33). */
      agency_code: z.string().nullable().default(null),
    }),
  ),
  sub_actions: z.array(
    CompareSums.extend({
      sub_action_id: Id,
      sub_action_name: z.string(),
      sub_action_code: z.string().nullable().default(null),
    }),
  ),
  /**
   * The sums per sumber dana a line is paid from (issue 36), in code order; the lines without a
   * source last (`funding_source_id` null). A line moved to another source counts under each
   * stage's own.
   */
  sources: z
    .array(
      CompareSums.extend({
        funding_source_id: Id.nullable(),
        code: z.string().nullable(),
        name: z.string().nullable(),
      }),
    )
    .default([]),
  /** The Anggaran Kas of each stage per month, January (1) to December (12) (issue 36). */
  cash_plan_months: z
    .array(CompareSums.extend({ month: z.number().int().min(1).max(12) }))
    .default([]),
  lines: z.array(StageLineChange),
});
export type StageComparison = z.infer<typeof StageComparison>;
