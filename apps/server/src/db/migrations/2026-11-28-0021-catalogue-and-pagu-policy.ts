import { type Kysely, sql } from 'kysely';

// The catalogue edited in the browser and the pagu policy (issue 33). A catalogue item can be
// retired: no longer offered for new lines, kept by the lines priced from it (a delete would
// break them: detail_program.price_item_id restricts it). Its history is the price_item
// triggers' (migration 0016). The region's planning rules sit in one row, absent until an admin
// sets one: its defaults are the rules (lines need a pagu in a year that has stages).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table price_item add column retired boolean not null default false`.execute(db);
  await sql`
    create table planning_setting (
      id boolean primary key default true check (id),
      lines_need_pagu boolean not null default true,
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists planning_setting`.execute(db);
  await sql`alter table price_item drop column if exists retired`.execute(db);
}
