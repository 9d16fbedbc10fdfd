/**
 * The history of every change (issue 19): each create, edit and delete of a budget line, a
 * hierarchy record, a pagu or a catalogue item, written by the database in the same transaction
 * as the change, with who made it, when and from which address, and the record before and after.
 * Declared once here; the server, the UI and the CLI read them.
 */
import { z } from 'zod';
import { Id, ListQuery, ReportYear, Timestamp } from './schemas.js';

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
] as const;
export const HistoryRecordType = z.enum(historyRecordTypes, {
  error: `harus salah satu dari: ${historyRecordTypes.join(', ')}`,
});
export type HistoryRecordType = z.infer<typeof HistoryRecordType>;

export const historyActions = ['create', 'update', 'delete'] as const;
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
  address: z.string().nullable(),
  record_type: HistoryRecordType,
  /**
   * The record's id; for a pagu or a lock, `sub_action_id/year` (`agency_id/year` for an
   * agency's pagu).
   */
  record_id: z.string(),
  action: HistoryAction,
  /** The record before the change; null for a create. */
  old_values: RecordValues.nullable(),
  /** The record after the change; null for a delete. */
  new_values: RecordValues.nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** A date (inclusive) as YYYY-MM-DD, in the server's time zone. */
const HistoryDate = z.iso.date({ error: 'harus berupa tanggal YYYY-MM-DD' });

export const HistoryListQuery = ListQuery.extend({
  record_type: HistoryRecordType.optional(),
  record_id: z.string().trim().max(100).optional(),
  actor_id: Id.optional(),
  from: HistoryDate.optional(),
  to: HistoryDate.optional(),
});
export type HistoryListQuery = z.input<typeof HistoryListQuery>;

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
