import { type Kysely, sql } from 'kysely';

// Delete, restore and verification told truly (issue 33):
// - A line brought back from its history is recorded as a restore ('restore'), not as a create
//   or an edit: the server sets `ranwal.restore` for the restore's transaction and the history's
//   trigger (migration 0016) reads it.
// - When a change to a verified sub kegiatan's lines withdraws the mark (migration 0020), the
//   unit is told too, not only the verifier who gave it: the users of the sub kegiatan's
//   Perangkat Daerah and whoever made its lines that year (a deleted line's maker included),
//   never the person who made the change.

/** The history's trigger of migration 0016, with the restore's action. */
const recordChanges = (restoreAction: boolean) => {
  const created = restoreAction ? sql.raw('created_action') : sql.lit('create');
  const updated = restoreAction ? sql.raw('updated_action') : sql.lit('update');
  return sql`
    create or replace function record_changes() returns trigger language plpgsql as $$
    declare
      actor uuid := nullif(current_setting('ranwal.actor', true), '')::uuid;
      address text := nullif(current_setting('ranwal.address', true), '');
      -- The trigger's arguments, re-based at 1 (tg_argv counts from 0).
      key_columns text[] := tg_argv[0:tg_nargs - 1];
      restoring boolean := coalesce(current_setting('ranwal.restore', true), '') = 'on';
      created_action text := case when restoring then 'restore' else 'create' end;
      updated_action text := case when restoring then 'restore' else 'update' end;
    begin
      if tg_op = 'INSERT' then
        insert into change_log (actor_id, address, record_type, record_id, action, new_values)
        select actor, address, tg_table_name, change_key(j, key_columns), ${created},
          change_values(j)
        from new_rows n, lateral to_jsonb(n) j;
      elsif tg_op = 'DELETE' then
        insert into change_log (actor_id, address, record_type, record_id, action, old_values)
        select actor, address, tg_table_name, change_key(j, key_columns), 'delete', change_values(j)
        from old_rows o, lateral to_jsonb(o) j;
      else
        -- An edit that changes nothing but its time stamp is no change.
        insert into change_log (actor_id, address, record_type, record_id, action,
          old_values, new_values)
        select actor, address, tg_table_name, b.k, ${updated}, b.v, a.v
        from (select change_key(j, key_columns) as k, change_values(j) as v
              from old_rows o, lateral to_jsonb(o) j) b
        join (select change_key(j, key_columns) as k, change_values(j) as v
              from new_rows n, lateral to_jsonb(n) j) a using (k)
        where b.v - array['updated_at', 'updated_by'] is distinct from
          a.v - array['updated_at', 'updated_by'];
      end if;
      return null;
    end
    $$`;
};

/** Migration 0020's trigger function, each place now with the maker of the line written. */
const withdrawVerification = (withMakers: boolean) => {
  const place = (rows: string) =>
    sql.raw(`select jsonb_agg(distinct jsonb_build_object('sub_action_id', sub_action_id,
      'year', year${withMakers ? ", 'created_by', created_by" : ''})) from ${rows}`);
  const changedPlace = (side: 'from' | 'to') =>
    withMakers
      ? sql.raw(`jsonb_build_object('sub_action_id', c.${side}_place, 'year', c.${side}_year,
          'created_by', c.${side}_maker)`)
      : sql.raw(`jsonb_build_object('sub_action_id', c.${side}_place, 'year', c.${side}_year)`);
  return sql`
    create or replace function withdraw_verification() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform withdraw_verification_of((${place('new_rows')}));
      elsif tg_op = 'DELETE' then
        perform withdraw_verification_of((${place('old_rows')}));
      else
        perform withdraw_verification_of((
          select jsonb_agg(distinct place) from (
            select o.sub_action_id as from_place, o.year as from_year, o.created_by as from_maker,
              n.sub_action_id as to_place, n.year as to_year, n.created_by as to_maker
            from old_rows o join new_rows n using (id)
            where to_jsonb(o) - array['updated_at', 'updated_by'] is distinct from
              to_jsonb(n) - array['updated_at', 'updated_by']) c,
          lateral (values (${changedPlace('from')}), (${changedPlace('to')})) as v(place)));
      end if;
      return null;
    end
    $$`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table change_log drop constraint change_log_action_check`.execute(db);
  await sql`alter table change_log add constraint change_log_action_check
    check (action in ('create', 'update', 'delete', 'restore'))`.execute(db);
  await recordChanges(true).execute(db);

  // Who gave the mark, the unit's users and the lines' makers are told; never the actor.
  await sql`
    create or replace function withdraw_verification_of(places jsonb) returns void
    language sql as $$
      with place as (
        select distinct p.sub_action_id, p.year, p.created_by
        from jsonb_to_recordset(places) as p(sub_action_id uuid, year integer, created_by uuid)
      ), gone as (
        delete from sub_action_verification v
        using (select distinct sub_action_id, year from place) p
        where v.sub_action_id = p.sub_action_id and v.year = p.year
        returning v.sub_action_id, v.year, v.verified_by
      ), actor as (
        select nullif(current_setting('ranwal.actor', true), '')::uuid as id
      ), told as (
        select gone.verified_by as user_id, gone.sub_action_id, gone.year from gone
        union
        select ua.user_id, gone.sub_action_id, gone.year from gone
          join sub_action sa on sa.id = gone.sub_action_id
          join action a on a.id = sa.action_id
          join program p on p.id = a.program_id
          join user_agency ua on ua.agency_id = p.agency_id
          join app_user u on u.id = ua.user_id and u.role = 'user'
        union
        select line.created_by, gone.sub_action_id, gone.year from gone
          join detail_program line
            on line.sub_action_id = gone.sub_action_id and line.year = gone.year
        union
        select place.created_by, gone.sub_action_id, gone.year from gone
          join place on place.sub_action_id = gone.sub_action_id and place.year = gone.year
      )
      insert into notification (user_id, kind, sub_action_id, year, actor_id)
      select told.user_id, 'verification_withdrawn', told.sub_action_id, told.year, actor.id
      from told
        cross join actor
        join app_user still on still.id = told.user_id
      where told.user_id is distinct from actor.id
    $$`.execute(db);
  await withdrawVerification(true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawVerification(false).execute(db);
  await sql`
    create or replace function withdraw_verification_of(places jsonb) returns void
    language sql as $$
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
  await recordChanges(false).execute(db);
  await sql`alter table change_log drop constraint change_log_action_check`.execute(db);
  await sql`alter table change_log add constraint change_log_action_check
    check (action in ('create', 'update', 'delete'))`.execute(db);
}
