import { type Kysely, sql } from 'kysely';
import { addHistoryTriggers } from './history-triggers.js';

// The monthly cycle of realisation (issue 37). `physical_progress`: a sub kegiatan's cumulative
// physical progress of a month (tenths of a percent) with the problems met and the actions
// taken. `monthly_report`: where a Perangkat Daerah's month stands once it leaves 'draft' (no
// row is a draft): sent, returned with the verifier's note, verified or closed. Both are in the
// history.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table physical_progress (
      id uuid not null unique default gen_random_uuid(),
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      year integer not null,
      month smallint not null check (month between 1 and 12),
      progress_tenths integer not null check (progress_tenths between 0 and 1000),
      problems text not null default '',
      actions text not null default '',
      decrease_reason text,
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null,
      primary key (sub_action_id, year, month)
    )`.execute(db);
  await sql`create index physical_progress_year on physical_progress (year, month)`.execute(db);
  await sql`
    create table monthly_report (
      id uuid not null unique default gen_random_uuid(),
      agency_id uuid not null references agency (id) on delete cascade,
      year integer not null,
      month smallint not null check (month between 1 and 12),
      status text not null check (status in ('sent', 'returned', 'verified', 'closed')),
      note text,
      sent_at timestamptz,
      sent_by uuid references app_user (id) on delete set null,
      reviewed_at timestamptz,
      reviewed_by uuid references app_user (id) on delete set null,
      closed_at timestamptz,
      closed_by uuid references app_user (id) on delete set null,
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null,
      primary key (agency_id, year, month)
    )`.execute(db);
  for (const table of ['physical_progress', 'monthly_report']) await addHistoryTriggers(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists monthly_report`.execute(db);
  await sql`drop table if exists physical_progress`.execute(db);
}
