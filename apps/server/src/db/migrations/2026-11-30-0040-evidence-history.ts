import type { Kysely } from 'kysely';
import { addHistoryTriggers, dropHistoryTriggers } from './history-triggers.js';

// A sub kegiatan's place and the photos filed from the field join the history (issue 38): who
// moved the place, who filed or took back a photo, and when. A place is one row per sub
// kegiatan, named by it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await addHistoryTriggers(db, 'sub_action_location', ['sub_action_id']);
  await addHistoryTriggers(db, 'evidence_photo');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropHistoryTriggers(db, 'evidence_photo');
  await dropHistoryTriggers(db, 'sub_action_location');
}
