import { type Kysely, sql } from 'kysely';

// Lists at scale (1 000 000 budget lines, 100 000 accounts; see bench/server):
// - exact row counts kept by triggers, so an unfiltered list reads its total instead of
//   counting the whole table on every page;
// - account pages in code order straight from an index;
// - substring search on account names and codes through trigram indexes.

/** The tables whose lists show an unfiltered total. */
const countedTables = [
  'program',
  'action',
  'sub_action',
  'activity',
  'subtitle',
  'account',
  'supporter',
  'detail_program',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table table_row_count (
      table_name text primary key,
      row_count bigint not null check (row_count >= 0)
    )`.execute(db);
  // Statement-level with transition tables: a bulk insert or import adds its rows in one update.
  await sql`
    create function count_table_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update table_row_count set row_count = row_count + (select count(*) from inserted_rows)
        where table_name = tg_table_name;
      elsif tg_op = 'DELETE' then
        update table_row_count set row_count = row_count - (select count(*) from deleted_rows)
        where table_name = tg_table_name;
      else
        update table_row_count set row_count = 0 where table_name = tg_table_name;
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of countedTables) {
    const name = (event: string) => sql.id(`${table}_count_${event}`);
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)}
      referencing new table as inserted_rows
      for each statement execute function count_table_rows()`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)}
      referencing old table as deleted_rows
      for each statement execute function count_table_rows()`.execute(db);
    await sql`create trigger ${name('truncate')} after truncate on ${sql.table(table)}
      for each statement execute function count_table_rows()`.execute(db);
    // After the triggers: creating them locks out writers, so this count misses no row.
    await sql`insert into table_row_count (table_name, row_count)
      select ${table}, count(*) from ${sql.table(table)}`.execute(db);
  }

  await sql`create index account_code_idx on account (code, id)`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of ['name', 'code']) {
    await sql`create index ${sql.id(`account_${column}_trgm_idx`)} on account
      using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['name', 'code']) {
    await sql`drop index if exists ${sql.id(`account_${column}_trgm_idx`)}`.execute(db);
  }
  await sql`drop index if exists account_code_idx`.execute(db);
  for (const table of countedTables) {
    for (const event of ['insert', 'delete', 'truncate']) {
      await sql`drop trigger if exists ${sql.id(`${table}_count_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop function if exists count_table_rows()`.execute(db);
  await sql`drop table if exists table_row_count`.execute(db);
}
