import { type Kysely, sql } from 'kysely';

// Budget-year stages (issue 19): a year's stages in order with their dates; one is current.
// When the year moves on, the current stage's lines are copied into stage_line (its figures,
// readable afterwards) and it closes. Stages are in the history (record_changes, migration 0016).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table budget_stage (
      id uuid primary key default gen_random_uuid(),
      year integer not null,
      kind text not null
        check (kind in ('ranwal', 'rancangan', 'ranhir', 'penetapan', 'perubahan')),
      position integer not null,
      starts_on date not null,
      ends_on date not null check (ends_on >= starts_on),
      status text not null default 'upcoming' check (status in ('upcoming', 'current', 'closed')),
      locked boolean not null default false,
      lock_reason text not null default '',
      locked_by uuid references app_user (id) on delete set null,
      updated_at timestamptz not null default now(),
      unique (year, kind)
    )`.execute(db);
  await sql`create unique index budget_stage_current_key on budget_stage (year)
    where status = 'current'`.execute(db);
  await sql`
    create table stage_line (
      stage_id uuid not null references budget_stage (id) on delete cascade,
      line_id uuid not null,
      sub_action_id uuid not null,
      program_id uuid not null,
      total_after_tax bigint not null,
      line_values jsonb not null,
      primary key (stage_id, line_id)
    )`.execute(db);
  const name = (event: string) => sql.id(`budget_stage_history_${event}`);
  await sql`create trigger ${name('insert')} after insert on budget_stage
    referencing new table as new_rows
    for each statement execute function record_changes('id')`.execute(db);
  await sql`create trigger ${name('update')} after update on budget_stage
    referencing old table as old_rows new table as new_rows
    for each statement execute function record_changes('id')`.execute(db);
  await sql`create trigger ${name('delete')} after delete on budget_stage
    referencing old table as old_rows
    for each statement execute function record_changes('id')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists stage_line`.execute(db);
  await sql`drop table if exists budget_stage`.execute(db);
}
