import { type Kysely, sql } from 'kysely';

// The history of the settings (issue 34): PPN rules, RKA signatories, people (their role) and
// their Perangkat Daerah, and the region's planning rules are recorded like the rest, by the
// triggers of migration 0016 (record_changes), so 'who gave this person access to that unit'
// has an answer. A person's password hash and session version are never kept: a password
// change is no recorded change. A record named by a column that may be null (the region-wide
// signatory has no agency_id) is named '-'.

/** The newly recorded tables, with the one or two columns that name a record. */
const recordedTables: Record<string, string[]> = {
  tax_rule: ['effective_from'],
  rka_signer: ['agency_id'],
  app_user: ['id'],
  user_agency: ['user_id', 'agency_id'],
  planning_setting: ['id'],
};

const changeValues = (secrets: boolean) => sql`
  create or replace function change_values(row_values jsonb) returns jsonb
  language sql immutable as $$
    select row_values - array['search_text', 'usable_under', 'name_lower', 'code_lower'${sql.raw(
      secrets ? ", 'password_hash', 'session_version'" : '',
    )}]
  $$`;

const changeKey = (nullNamed: boolean) => {
  const part = (index: number) =>
    nullNamed
      ? sql.raw(`coalesce(row_values ->> key_columns[${index}], '-')`)
      : sql.raw(`(row_values ->> key_columns[${index}])`);
  return sql`
    create or replace function change_key(row_values jsonb, key_columns text[]) returns text
    language sql immutable as $$
      select case when cardinality(key_columns) = 1 then ${part(1)}
        else ${part(1)} || '/' || ${part(2)} end
    $$`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await changeValues(true).execute(db);
  await changeKey(true).execute(db);
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(recordedTables)) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`${table}_history_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await changeKey(false).execute(db);
  await changeValues(false).execute(db);
}
