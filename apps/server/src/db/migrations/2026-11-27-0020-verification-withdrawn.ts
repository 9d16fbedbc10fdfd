import { type Kysely, sql } from 'kysely';

// 'Terverifikasi' says the figures of a sub kegiatan's lines of a year were reviewed: any change
// to them (a line made, edited, deleted or restored there, by anyone, through any path) takes
// the mark away until it is given again. One trigger on the lines, so no write forgets it; an
// edit that changes nothing (the history's rule: only updated_at/updated_by differ) keeps it.
// The verifier who gave the mark is told in the app (notification 'verification_withdrawn').

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who gave the mark is told, unless they made the change themselves (the history's actor).
  await sql`
    create function withdraw_verification_of(places jsonb) returns void language sql as $$
      with gone as (
        delete from sub_action_verification v
        using jsonb_to_recordset(places) as p(sub_action_id uuid, year integer)
        where v.sub_action_id = p.sub_action_id and v.year = p.year
        returning v.sub_action_id, v.year, v.verified_by
      ), actor as (
        select nullif(current_setting('ranwal.actor', true), '')::uuid as id
      )
      insert into notification (user_id, kind, sub_action_id, year, actor_id)
      select gone.verified_by, 'verification_withdrawn', gone.sub_action_id, gone.year, actor.id
      from gone, actor
      where gone.verified_by is not null and gone.verified_by is distinct from actor.id
    $$`.execute(db);
  await sql`
    create function withdraw_verification() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform withdraw_verification_of(
          (select jsonb_agg(distinct jsonb_build_object('sub_action_id', sub_action_id, 'year', year))
           from new_rows));
      elsif tg_op = 'DELETE' then
        perform withdraw_verification_of(
          (select jsonb_agg(distinct jsonb_build_object('sub_action_id', sub_action_id, 'year', year))
           from old_rows));
      else
        perform withdraw_verification_of((
          select jsonb_agg(distinct place) from (
            select o.sub_action_id as from_place, o.year as from_year,
              n.sub_action_id as to_place, n.year as to_year
            from old_rows o join new_rows n using (id)
            where to_jsonb(o) - array['updated_at', 'updated_by'] is distinct from
              to_jsonb(n) - array['updated_at', 'updated_by']) c,
          lateral (values
            (jsonb_build_object('sub_action_id', c.from_place, 'year', c.from_year)),
            (jsonb_build_object('sub_action_id', c.to_place, 'year', c.to_year))) as v(place)));
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
  await sql`drop function if exists withdraw_verification_of(jsonb)`.execute(db);
}
