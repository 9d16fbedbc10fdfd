import { type Kysely, sql } from 'kysely';

// The monthly report's reminders (issue 37): a unit's people are told once that its month is
// late, and once a month that its money fell below the red threshold. Rounds run every hour in
// every server process; this index makes 'once' hold when two processes run a round together.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index notification_month_reminder_once
    on notification (user_id, kind, agency_id, year, month)
    where kind in ('month_late', 'month_red')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notification_month_reminder_once`.execute(db);
}
