import { type Kysely, sql } from 'kysely';

// A Perangkat Daerah's lines, searched or paged (issue 39, services/reports.ts): a unit's or a
// programme's lines with what a search and a page need (its words, account, order keys, id) in
// one index, read without the table. The unit's lines are scattered through the table (every
// unit enters lines all year), so checking each in the table read one page per line: 5 818
// pages for a unit of the bench's seed, 30-160 ms; from this index about a hundred, 2 ms.
//
// A b-tree entry holds at most about 2 700 bytes: lines whose search text is longer than
// SEARCH_INDEX_TEXT_BYTES (a 2 000-character specification in a script of three-byte
// characters) are left out of it, and found through the small index beside it; a list uses
// this index only where no such line is in scope. The programme's own index (`program_id`) is
// replaced: the programme-year index leads with the same column.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index detail_program_unit_search_idx on detail_program (program_id, year)
    include (search_text, account_id, created_at, total_after_tax, id)
    where octet_length(search_text) <= 2000`.execute(db);
  await sql`create index detail_program_long_text_idx on detail_program (program_id)
    where octet_length(search_text) > 2000`.execute(db);
  await sql`drop index detail_program_program_id_idx`.execute(db);
  // What the statements' `octet_length(search_text) <= 2000` keeps (all but a few lines): without
  // it the planner guesses a third, and chose worse plans for the lines it then expected.
  await sql`create statistics detail_program_search_bytes on (octet_length(search_text))
    from detail_program`.execute(db);
  await sql`analyze detail_program`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics detail_program_search_bytes`.execute(db);
  await sql`create index detail_program_program_id_idx on detail_program (program_id)`.execute(db);
  await sql`drop index detail_program_long_text_idx`.execute(db);
  await sql`drop index detail_program_unit_search_idx`.execute(db);
}
