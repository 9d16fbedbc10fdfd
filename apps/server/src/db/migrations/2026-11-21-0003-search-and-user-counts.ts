import { type Kysely, sql } from 'kysely';

// Lists at scale, second round (see bench/server and docs/performance.md, "Server"):
// - each user's number of budget lines kept by triggers, as migration 0002 keeps each table's,
//   so a user's unfiltered list reads its total instead of counting their lines on every page;
// - account search without lower-casing every candidate row: `ILIKE` lower-cases both the text
//   and the pattern on every row it checks (for a UTF-8 database that is exactly
//   `lower(text) LIKE lower(pattern)`), and a trigram index only narrows the candidates, so
//   each one is checked again. The lower-cased name and code are now stored columns with the
//   trigram indexes, and a search compares them with plain `LIKE`: the same matches.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_line_count (
      user_id uuid primary key references app_user (id) on delete cascade,
      line_count bigint not null check (line_count >= 0)
    )`.execute(db);
  // Statement-level with transition tables, as count_table_rows: one update per statement.
  // Lines whose creator was deleted (created_by set to null) are nobody's.
  await sql`
    create function count_user_lines() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        delete from user_line_count;
        return null;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update user_line_count c set line_count = c.line_count - gone.lines
        from (select created_by, count(*) as lines from old_rows
              where created_by is not null group by created_by) gone
        where c.user_id = gone.created_by;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into user_line_count (user_id, line_count)
        select created_by, count(*) from new_rows
        where created_by is not null group by created_by
        on conflict (user_id) do update
          set line_count = user_line_count.line_count + excluded.line_count;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger detail_program_user_count_insert after insert on detail_program
    referencing new table as new_rows
    for each statement execute function count_user_lines()`.execute(db);
  await sql`create trigger detail_program_user_count_delete after delete on detail_program
    referencing old table as old_rows
    for each statement execute function count_user_lines()`.execute(db);
  // Deleting a user sets created_by to null on their lines: an update.
  await sql`create trigger detail_program_user_count_update after update on detail_program
    referencing old table as old_rows new table as new_rows
    for each statement execute function count_user_lines()`.execute(db);
  await sql`create trigger detail_program_user_count_truncate after truncate on detail_program
    for each statement execute function count_user_lines()`.execute(db);
  // After the triggers: creating them locks out writers, so this count misses no line.
  await sql`insert into user_line_count (user_id, line_count)
    select created_by, count(*) from detail_program
    where created_by is not null group by created_by`.execute(db);

  for (const column of ['name', 'code']) {
    const lowered = `${column}_lower`;
    await sql`alter table account add column ${sql.id(lowered)} text
      generated always as (lower(${sql.ref(column)})) stored`.execute(db);
    await sql`drop index if exists ${sql.id(`account_${column}_trgm_idx`)}`.execute(db);
    await sql`create index ${sql.id(`account_${lowered}_trgm_idx`)} on account
      using gin (${sql.ref(lowered)} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['name', 'code']) {
    const lowered = `${column}_lower`;
    await sql`drop index if exists ${sql.id(`account_${lowered}_trgm_idx`)}`.execute(db);
    await sql`alter table account drop column if exists ${sql.id(lowered)}`.execute(db);
    await sql`create index ${sql.id(`account_${column}_trgm_idx`)} on account
      using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
  for (const event of ['insert', 'delete', 'update', 'truncate']) {
    await sql`drop trigger if exists ${sql.id(`detail_program_user_count_${event}`)} on detail_program`.execute(
      db,
    );
  }
  await sql`drop function if exists count_user_lines()`.execute(db);
  await sql`drop table if exists user_line_count`.execute(db);
}
