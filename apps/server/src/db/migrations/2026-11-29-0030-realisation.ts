import { type Kysely, sql } from 'kysely';
import { addHistoryTriggers } from './history-triggers.js';

// Realisasi keuangan (issue 37): the finance system's paid orders (SP2D), one row per SP2D ×
// sub kegiatan × kode rekening line of its export, kept as given (an SP2D's rows are replaced
// whole when it is imported again). The month is the SP2D's date's, stored for the monthly sums.
// A unit's reason for a kode rekening realised above its lines is kept per year.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sp2d (
      id uuid primary key default gen_random_uuid(),
      year integer not null,
      sp2d_number text not null,
      sp2d_date date not null,
      month smallint not null check (month between 1 and 12),
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      account_code text not null,
      funding_source_id uuid references funding_source (id) on delete set null,
      amount bigint not null check (amount > 0),
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null
    )`.execute(db);
  await sql`create index sp2d_number on sp2d (year, sp2d_number)`.execute(db);
  await sql`create index sp2d_sub_action on sp2d (sub_action_id, year, account_code)`.execute(db);
  await sql`
    create table realisation_reason (
      id uuid not null unique default gen_random_uuid(),
      year integer not null,
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      account_code text not null,
      reason text not null,
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null,
      primary key (sub_action_id, year, account_code)
    )`.execute(db);
  for (const table of ['sp2d', 'realisation_reason']) await addHistoryTriggers(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists realisation_reason`.execute(db);
  await sql`drop table if exists sp2d`.execute(db);
}
