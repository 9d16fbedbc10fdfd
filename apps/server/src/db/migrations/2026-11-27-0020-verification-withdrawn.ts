import { type Kysely, sql } from 'kysely';

// 'Terverifikasi' says the figures of a sub kegiatan's lines of a year were reviewed: any change
// to them (a line made, edited, deleted or restored there, by anyone, through any path) takes
// the mark away until it is given again. One trigger on the lines, so no write forgets it; an
// edit that changes nothing (the history's rule: only updated_at/updated_by differ) keeps it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function withdraw_verification() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        delete from sub_action_verification v using new_rows n
        where v.sub_action_id = n.sub_action_id and v.year = n.year;
      elsif tg_op = 'DELETE' then
        delete from sub_action_verification v using old_rows o
        where v.sub_action_id = o.sub_action_id and v.year = o.year;
      else
        delete from sub_action_verification v using (
          select o.sub_action_id as from_place, o.year as from_year,
            n.sub_action_id as to_place, n.year as to_year
          from old_rows o join new_rows n using (id)
          where to_jsonb(o) - array['updated_at', 'updated_by'] is distinct from
            to_jsonb(n) - array['updated_at', 'updated_by']) c
        where (v.sub_action_id = c.from_place and v.year = c.from_year)
           or (v.sub_action_id = c.to_place and v.year = c.to_year);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger detail_program_verification_insert after insert on detail_program
    referencing new table as new_rows
    for each statement execute function withdraw_verification()`.execute(db);
  await sql`create trigger detail_program_verification_update after update on detail_program
    referencing old table as old_rows new table as new_rows
    for each statement execute function withdraw_verification()`.execute(db);
  await sql`create trigger detail_program_verification_delete after delete on detail_program
    referencing old table as old_rows
    for each statement execute function withdraw_verification()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`detail_program_verification_${event}`)}
      on detail_program`.execute(db);
  }
  await sql`drop function if exists withdraw_verification()`.execute(db);
}
