import { type Kysely, sql } from 'kysely';

// Two account indexes nothing reads: accounts are listed, exported and matched by code
// ((subtitle_id, code) and (code, id)), searched through the trigram indexes, and never looked
// up or ordered by name. Migration 0001 gave every level a (parent, name) and a (name, id) index;
// for accounts they only cost writes: 10–18% of inserting 100 000 accounts (measured on their own).

const unused = [
  { name: 'account_parent_name_idx', columns: sql`(subtitle_id, name)` },
  { name: 'account_name_idx', columns: sql`(name, id)` },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of unused) await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of unused) {
    await sql`create index if not exists ${sql.id(index.name)} on account ${index.columns}`.execute(
      db,
    );
  }
}
