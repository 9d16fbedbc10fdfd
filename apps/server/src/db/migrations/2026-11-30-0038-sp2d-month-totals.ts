import { type Kysely, sql } from 'kysely';

// What each sub kegiatan was paid per month (issue 37's dashboard budget): the region's
// dashboard, a unit's month and the trends sum SP2D per sub kegiatan and month, and reading the
// year's 200 000 rows for that on every call took most of their time. These sums are kept by
// statement-level triggers on `sp2d` (one grouped upsert per statement, so a 200 000-row import
// adds one pass), in key order so two writers cannot wait on each other. A sum that falls to 0
// stays as a 0 row: it adds nothing.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sp2d_month_total (
      sub_action_id uuid not null,
      year integer not null,
      month smallint not null,
      amount bigint not null,
      primary key (sub_action_id, year, month)
    )`.execute(db);
  await sql`
    create function sp2d_month_total_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        insert into sp2d_month_total as t (sub_action_id, year, month, amount)
          select sub_action_id, year, month, -sum(amount) from old_rows
          group by 1, 2, 3 order by 1, 2, 3
        on conflict (sub_action_id, year, month)
          do update set amount = t.amount + excluded.amount;
      end if;
      if tg_op = 'TRUNCATE' then
        delete from sp2d_month_total;
        return null;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into sp2d_month_total as t (sub_action_id, year, month, amount)
          select sub_action_id, year, month, sum(amount) from new_rows
          group by 1, 2, 3 order by 1, 2, 3
        on conflict (sub_action_id, year, month)
          do update set amount = t.amount + excluded.amount;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger sp2d_month_total_insert after insert on sp2d
    referencing new table as new_rows
    for each statement execute function sp2d_month_total_apply()`.execute(db);
  await sql`create trigger sp2d_month_total_update after update on sp2d
    referencing old table as old_rows new table as new_rows
    for each statement execute function sp2d_month_total_apply()`.execute(db);
  await sql`create trigger sp2d_month_total_delete after delete on sp2d
    referencing old table as old_rows
    for each statement execute function sp2d_month_total_apply()`.execute(db);
  await sql`create trigger sp2d_month_total_truncate after truncate on sp2d
    for each statement execute function sp2d_month_total_apply()`.execute(db);
  await sql`
    insert into sp2d_month_total (sub_action_id, year, month, amount)
      select sub_action_id, year, month, sum(amount) from sp2d group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql`drop trigger ${sql.id(`sp2d_month_total_${event}`)} on sp2d`.execute(db);
  }
  await sql`drop function sp2d_month_total_apply()`.execute(db);
  await sql`drop table sp2d_month_total`.execute(db);
}
