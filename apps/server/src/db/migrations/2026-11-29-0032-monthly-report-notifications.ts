import { type Kysely, sql } from 'kysely';

// The monthly cycle tells people (issue 37): a unit's verifiers when the month is sent, its
// planners when it is sent back or verified. Such a notification is about a unit's month, not
// a sub kegiatan: it names the unit and the month.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification
    add column agency_id uuid references agency (id) on delete cascade,
    add column month smallint check (month between 1 and 12)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification drop column month, drop column agency_id`.execute(db);
}
