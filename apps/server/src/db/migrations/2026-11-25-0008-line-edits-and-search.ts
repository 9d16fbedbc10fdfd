import { type Kysely, sql } from 'kysely';

// Budget lines that can be edited, and lists of them at real sizes (issue 14):
// - who last edited a line and when (a full history comes later): `updated_at`, `updated_by`;
// - search over a line's own text through one lower-cased stored column with a trigram index
//   (the component's code and name and the specification), so a search over a million lines
//   reads the index rather than every line; programmes and accounts are matched by their own
//   indexes and joined to lines by `program_id` and `account_id`;
// - every order a list offers (newest, oldest, by total) served by an index, for everyone's
//   lines, one year's, and one user's; the id in each, so ties need no sort (oldest first is
//   the newest-first index read backwards).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table detail_program
      add column updated_at timestamptz,
      add column updated_by uuid references app_user (id) on delete set null,
      add column search_text text generated always as (
        lower(component_code || ' ' || component_name || ' ' || specification)
      ) stored`.execute(db);
  await sql`create index detail_program_search_trgm_idx on detail_program
    using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index detail_program_total_idx on detail_program
    (total_after_tax desc, id)`.execute(db);
  await sql`create index detail_program_created_by_total_idx on detail_program
    (created_by, total_after_tax desc, id)`.execute(db);
  await sql`create index detail_program_updated_by_idx on detail_program (updated_by)`.execute(db);
  await sql`create index detail_program_year_created_idx on detail_program
    (year, created_at desc, id)`.execute(db);
  await sql`create index detail_program_year_total_idx on detail_program
    (year, total_after_tax desc, id)`.execute(db);
  // The admin's Laporan narrowed to a programme in a year: its page and its count from one index.
  await sql`create index detail_program_program_year_idx on detail_program
    (program_id, year, created_at desc, id)`.execute(db);
  // Replaces (created_by, created_at desc): without the id, a user's oldest-first page sorted
  // all their lines (100 ms for 20 000).
  await sql`drop index if exists detail_program_created_by_idx`.execute(db);
  await sql`create index detail_program_created_by_idx on detail_program
    (created_by, created_at desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists detail_program_created_by_idx`.execute(db);
  await sql`create index detail_program_created_by_idx on detail_program
    (created_by, created_at desc)`.execute(db);
  for (const index of [
    'detail_program_program_year_idx',
    'detail_program_year_total_idx',
    'detail_program_year_created_idx',
    'detail_program_updated_by_idx',
    'detail_program_created_by_total_idx',
    'detail_program_total_idx',
    'detail_program_search_trgm_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`
    alter table detail_program
      drop column if exists search_text,
      drop column if exists updated_by,
      drop column if exists updated_at`.execute(db);
}
