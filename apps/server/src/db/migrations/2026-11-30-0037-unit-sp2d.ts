import { type Kysely, sql } from 'kysely';

// Units that record their own SP2D (issue 37: realisation "entered by the unit where a region
// has no such export"): a region's choice on Pengaturan Perencanaan, off by default; and each
// SP2D row says whether the unit recorded it (a later finance system load replaces it by number).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table planning_setting
    add column units_enter_sp2d boolean not null default false`.execute(db);
  await sql`alter table sp2d add column entered_by_unit boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sp2d drop column entered_by_unit`.execute(db);
  await sql`alter table planning_setting drop column units_enter_sp2d`.execute(db);
}
