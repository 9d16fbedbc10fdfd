import { type Kysely, sql } from 'kysely';

// Whether a sumber dana is in use (services/funding.ts: the list's `in_use`, what a delete is
// refused by, and the foreign key's own check when one is deleted) asks for any line naming it.
// The only index holding the column led with the sub kegiatan and the year, so each source's
// probe read all of it: the admin's list of 12 sources took 146 ms p50 on the bench's 1 000 000
// lines (210 ms in `explain analyze`, 71 452 index pages). Partial: lines without a source are
// left out, and `= id` implies `is not null`, so every probe can use it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index detail_program_funding_source_idx on detail_program (funding_source_id)
    where funding_source_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index detail_program_funding_source_idx`.execute(db);
}
