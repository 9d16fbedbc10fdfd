import { type Kysely, sql } from 'kysely';
import { addHistoryTriggers } from './history-triggers.js';

// Output indicators and the evaluation of the Renja (issue 37). `sub_action_indicator`: a sub
// kegiatan's indikator keluaran of a budget year (tolok ukur, target, satuan), planned with its
// lines. `indicator_achievement`: what was achieved of it in a quarter (1–4); the year's
// cumulative is the sum of the quarters. An achievement carries its indicator's sub kegiatan and
// year (kept equal by the composite key) so the history ties it to the unit as it does the
// others. Both are in the history.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sub_action_indicator (
      id uuid primary key default gen_random_uuid(),
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      year integer not null,
      description text not null check (length(description) between 1 and 500),
      target numeric(14, 2) not null check (target >= 0),
      unit text not null check (length(unit) between 1 and 50),
      created_at timestamptz not null default now(),
      created_by uuid references app_user (id) on delete set null,
      updated_at timestamptz,
      updated_by uuid references app_user (id) on delete set null,
      unique (id, sub_action_id, year)
    )`.execute(db);
  await sql`create index sub_action_indicator_place
    on sub_action_indicator (sub_action_id, year, created_at)`.execute(db);
  await sql`
    create table indicator_achievement (
      id uuid not null unique default gen_random_uuid(),
      indicator_id uuid not null,
      sub_action_id uuid not null,
      year integer not null,
      quarter smallint not null check (quarter between 1 and 4),
      achievement numeric(14, 2) not null check (achievement >= 0),
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null,
      primary key (indicator_id, quarter),
      foreign key (indicator_id, sub_action_id, year)
        references sub_action_indicator (id, sub_action_id, year) on delete cascade
    )`.execute(db);
  await sql`create index indicator_achievement_place
    on indicator_achievement (sub_action_id, year)`.execute(db);
  for (const table of ['sub_action_indicator', 'indicator_achievement']) {
    await addHistoryTriggers(db, table);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists indicator_achievement`.execute(db);
  await sql`drop table if exists sub_action_indicator`.execute(db);
}
