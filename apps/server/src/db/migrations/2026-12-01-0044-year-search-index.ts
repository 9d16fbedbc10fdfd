import { type Kysely, sql } from 'kysely';

// A year's search (issue 39, services/reports.ts): the trigram index now holds each line's year
// beside its words (btree_gin lets a GIN index key an integer), so `year = 2025 and search_text
// like '% 42%'` is one index scan whose candidates are that year's alone. Before, the trigram
// index found both years' candidates and the year's own index ANDed a bitmap of its 527 000
// lines in: counting the 5 434 lines of 'spesifikasi 42' on the bench's 1 000 000 read 10 309
// table pages (29 ms warm, 80 ms with them out of PostgreSQL's buffers); now 5 434 (11 ms and
// 57 ms). A search with no year uses the same index by its words alone, so it replaces the
// trigram index of migration 0008 (70 MB against 69 MB on that seed).

export async function up(db: Kysely<unknown>): Promise<void> {
  // A trusted extension of PostgreSQL's contrib, as pg_trgm: a database owner may create it.
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index detail_program_year_search_idx on detail_program
    using gin (year, search_text gin_trgm_ops)`.execute(db);
  await sql`drop index detail_program_search_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index detail_program_search_trgm_idx on detail_program
    using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`drop index detail_program_year_search_idx`.execute(db);
}
