import { type Kysely, sql } from 'kysely';

// 'Terverifikasi' says a sub kegiatan's figures of a year were reviewed, and since issue 36 its
// Anggaran Kas is among them (verification may require it to balance). A plan changed after the
// mark takes it away as a changed line does, through the same withdraw_verification_of
// (migrations 0020, 0022: the verifier and the unit are told; a plan has no maker to tell).
// Saving a plan unchanged writes no row; a row whose months are the same keeps the mark.

const events = ['insert', 'update', 'delete'] as const;

const places = (rows: string) =>
  sql.raw(`(select jsonb_agg(distinct jsonb_build_object('sub_action_id', sub_action_id,
    'year', year)) from ${rows})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function withdraw_verification_by_plan() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform withdraw_verification_of(${places('new_rows')});
      elsif tg_op = 'DELETE' then
        perform withdraw_verification_of(${places('old_rows')});
      else
        perform withdraw_verification_of((
          select jsonb_agg(distinct jsonb_build_object('sub_action_id', n.sub_action_id,
            'year', n.year))
          from old_rows o join new_rows n using (id)
          where to_jsonb(o) - array['updated_at', 'updated_by'] is distinct from
            to_jsonb(n) - array['updated_at', 'updated_by']));
      end if;
      return null;
    end
    $$`.execute(db);
  for (const event of events) {
    const tables =
      event === 'insert'
        ? sql`referencing new table as new_rows`
        : event === 'update'
          ? sql`referencing old table as old_rows new table as new_rows`
          : sql`referencing old table as old_rows`;
    await sql`create trigger ${sql.id(`cash_plan_verification_${event}`)}
      after ${sql.raw(event)} on cash_plan ${tables}
      for each statement execute function withdraw_verification_by_plan()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of events) {
    await sql`drop trigger if exists ${sql.id(`cash_plan_verification_${event}`)}
      on cash_plan`.execute(db);
  }
  await sql`drop function if exists withdraw_verification_by_plan()`.execute(db);
}
