import { type Kysely, sql } from 'kysely';

// Anggaran Kas (issue 36): per year, sub kegiatan and kode rekening (account.code; the lines
// name an account record, several records may share a code), twelve monthly amounts. The row
// keeps its own id for the history (change_key names a record by at most two columns). When a
// year moves to its next stage the current plan is kept beside its lines (stage_cash_plan).
// Whether a plan must balance its lines before verification and a stage move is the region's
// rule (planning_setting.cash_plan_required, off by default).

const months = Array.from({ length: 12 }, (_, index) => `month_${index + 1}`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const monthColumns = sql.raw(
    months.map((month) => `${month} bigint not null default 0 check (${month} >= 0)`).join(',\n'),
  );
  await sql`
    create table cash_plan (
      id uuid not null unique default gen_random_uuid(),
      year integer not null,
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      account_code text not null,
      ${monthColumns},
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null,
      primary key (sub_action_id, year, account_code)
    )`.execute(db);
  await sql`create index cash_plan_year on cash_plan (year)`.execute(db);
  await sql`
    create table stage_cash_plan (
      stage_id uuid not null references budget_stage (id) on delete cascade,
      sub_action_id uuid not null,
      account_code text not null,
      months bigint[] not null,
      primary key (stage_id, sub_action_id, account_code)
    )`.execute(db);
  await sql`alter table planning_setting
    add column cash_plan_required boolean not null default false`.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const tables =
      event === 'insert'
        ? sql`referencing new table as new_rows`
        : event === 'update'
          ? sql`referencing old table as old_rows new table as new_rows`
          : sql`referencing old table as old_rows`;
    await sql`create trigger ${sql.id(`cash_plan_history_${event}`)}
      after ${sql.raw(event)} on cash_plan ${tables}
      for each statement execute function record_changes('id')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table planning_setting drop column if exists cash_plan_required`.execute(db);
  await sql`drop table if exists stage_cash_plan`.execute(db);
  await sql`drop table if exists cash_plan`.execute(db);
}
