/**
 * The history of every change (issue 19): each create, edit and delete of a budget line, a
 * hierarchy record, a pagu or a catalogue item, written by the database in the same transaction
 * as the change, with who made it, when and from which address, and the record before and after.
 * Declared once here; the server, the UI and the CLI read them.
 */
import { z } from 'zod';
import { Id, ListQuery, Timestamp } from './schemas.js';

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
  /** The record's id; for a pagu, `sub_action_id/year` (`agency_id/year` for an agency's). */
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
