import { type Kysely, sql } from 'kysely';

// The history of every change (issue 19): triggers write each create, edit and delete of the
// recorded tables into change_log in the statement's own transaction, so a change that fails
// leaves no history and a committed one cannot lose its own. Statement-level with transition
// tables: an import of 100 000 records writes its history in one insert per statement.
// Who and from where come from the transaction's settings `ranwal.actor` and
// `ranwal.address` (set by the server for a person's call; empty for a migration or the seed).

/** The recorded tables, with the one or two columns that name a record (a pagu has no id). */
const recordedTables: Record<string, string[]> = {
  agency: ['id'],
  program: ['id'],
  action: ['id'],
  sub_action: ['id'],
  activity: ['id'],
  subtitle: ['id'],
  account: ['id'],
  detail_program: ['id'],
  pagu: ['sub_action_id', 'year'],
  agency_pagu: ['agency_id', 'year'],
  price_item: ['id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table change_log (
      id bigint generated always as identity primary key,
      changed_at timestamptz not null default now(),
      -- No foreign key: the history outlives the person and the record.
      actor_id uuid,
      address text,
      record_type text not null,
      record_id text not null,
      action text not null check (action in ('create', 'update', 'delete')),
      old_values jsonb,
      new_values jsonb
    )`.execute(db);
  await sql`create index change_log_record_idx on change_log (record_type, record_id, id)`.execute(
    db,
  );
  await sql`create index change_log_actor_idx on change_log (actor_id, id)`.execute(db);
  // Rows arrive in time order: a BRIN index finds a day's changes at almost no cost to a write.
  await sql`create index change_log_changed_at_idx on change_log using brin (changed_at)`.execute(
    db,
  );

  // Columns derived from others (search text, lower-cased copies) are not worth keeping.
  await sql`
    create function change_values(row_values jsonb) returns jsonb
    language sql immutable as $$
      select row_values - array['search_text', 'usable_under', 'name_lower', 'code_lower']
    $$`.execute(db);
  // One or two columns name a record. A single expression, so PostgreSQL inlines it.
  await sql`
    create function change_key(row_values jsonb, key_columns text[]) returns text
    language sql immutable as $$
      select case when cardinality(key_columns) = 1 then row_values ->> key_columns[1]
        else (row_values ->> key_columns[1]) || '/' || (row_values ->> key_columns[2]) end
    $$`.execute(db);
  await sql`
    create function record_changes() returns trigger language plpgsql as $$
    declare
      actor uuid := nullif(current_setting('ranwal.actor', true), '')::uuid;
      address text := nullif(current_setting('ranwal.address', true), '');
      -- The trigger's arguments, re-based at 1 (tg_argv counts from 0).
      key_columns text[] := tg_argv[0:tg_nargs - 1];
    begin
      if tg_op = 'INSERT' then
        insert into change_log (actor_id, address, record_type, record_id, action, new_values)
        select actor, address, tg_table_name, change_key(j, key_columns), 'create', change_values(j)
        from new_rows n, lateral to_jsonb(n) j;
      elsif tg_op = 'DELETE' then
        insert into change_log (actor_id, address, record_type, record_id, action, old_values)
        select actor, address, tg_table_name, change_key(j, key_columns), 'delete', change_values(j)
        from old_rows o, lateral to_jsonb(o) j;
      else
        -- An edit that changes nothing but its time stamp is no change.
        insert into change_log (actor_id, address, record_type, record_id, action,
          old_values, new_values)
        select actor, address, tg_table_name, b.k, 'update', b.v, a.v
        from (select change_key(j, key_columns) as k, change_values(j) as v
              from old_rows o, lateral to_jsonb(o) j) b
        join (select change_key(j, key_columns) as k, change_values(j) as v
              from new_rows n, lateral to_jsonb(n) j) a using (k)
        where b.v - array['updated_at', 'updated_by'] is distinct from
          a.v - array['updated_at', 'updated_by'];
      end if;
      return null;
    end
    $$`.execute(db);
  for (const [table, keys] of Object.entries(recordedTables)) {
    const name = (event: string) => sql.id(`${table}_history_${event}`);
    const args = sql.join(keys.map((key) => sql.lit(key)));
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)}
      referencing new table as new_rows
      for each statement execute function record_changes(${args})`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function record_changes(${args})`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)}
      referencing old table as old_rows
      for each statement execute function record_changes(${args})`.execute(db);
  }

  // The history is written by these triggers only: nothing edits or removes it.
  await sql`
    create function refuse_history_change() returns trigger language plpgsql as $$
    begin
      raise exception 'change_log is append-only';
    end
    $$`.execute(db);
  await sql`create trigger change_log_append_only before update or delete on change_log
    for each statement execute function refuse_history_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(recordedTables)) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`${table}_history_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop table if exists change_log`.execute(db);
  await sql`drop function if exists refuse_history_change()`.execute(db);
  await sql`drop function if exists record_changes()`.execute(db);
  await sql`drop function if exists change_key(jsonb, text[])`.execute(db);
  await sql`drop function if exists change_values(jsonb)`.execute(db);
}
