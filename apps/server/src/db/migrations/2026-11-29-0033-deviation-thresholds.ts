import { type Kysely, sql } from 'kysely';

// A region's own deviation thresholds (issue 37): below `red` a unit's or a sub kegiatan's
// realisation against its plan is red, below `yellow` yellow; tenths of a percent, 75 % and
// 90 % until an admin sets others on Pengaturan Perencanaan.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table planning_setting
    add column deviation_red_below_tenths integer not null default 750
      check (deviation_red_below_tenths between 1 and 1000),
    add column deviation_yellow_below_tenths integer not null default 900
      check (deviation_yellow_below_tenths between 1 and 1000),
    add constraint planning_setting_deviation_order
      check (deviation_red_below_tenths < deviation_yellow_below_tenths)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table planning_setting drop constraint planning_setting_deviation_order,
    drop column deviation_yellow_below_tenths, drop column deviation_red_below_tenths`.execute(db);
}
