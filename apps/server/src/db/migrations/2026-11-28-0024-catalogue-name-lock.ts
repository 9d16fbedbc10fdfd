import { type Kysely, sql } from 'kysely';

// The catalogue price lock (issue 34): a line without a catalogue item whose component name is an
// item's of its year is held to the item's price. Every such write looks the year's items up by
// name as core's `catalogueNameKey` compares it (trimmed, white space collapsed, lower case), so
// the expression is indexed with the year: one probe per write, however large the catalogue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index price_item_year_name_key on price_item
      (year, (lower(regexp_replace(btrim(name), '\\s+', ' ', 'g'))))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists price_item_year_name_key`.execute(db);
}
