import { type Kysely, sql } from 'kysely';

// The national nomenclature (Kepmendagri 050-5889 / 050-3708): programme, kegiatan, sub kegiatan
// and kode rekening codes with their official names, loaded by an admin (`ranwal import
// reference`) so records are picked from it rather than typed. One name per code and level.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reference_item (
      level text not null check (level in ('program', 'action', 'sub_action', 'account')),
      code text not null,
      name text not null,
      updated_at timestamptz not null default now(),
      primary key (level, code)
    )`.execute(db);
  await sql`create index reference_item_code_idx on reference_item (level, code text_pattern_ops)`.execute(
    db,
  );
}
