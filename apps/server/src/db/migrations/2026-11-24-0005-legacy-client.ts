import { type Kysely, sql } from 'kysely';

// The spec's own client sends, filters by and prints article categories as their display
// names, so those are the stored values now; the keys they were stored as become the names.
// Uploads learn whether they came without a token (RANWAL_ANONYMOUS_UPLOADS), so the bytes such
// uploads hold can be capped. An article's slug follows its title, and a client that keeps the
// slug it listed (the spec's does, as do shared links) must still reach the article: the slugs an
// article had are kept.

const categoryNames = [
  ['tindak_lanjut_hasil_musrenbang', 'Tindak Lanjut Hasil Musrenbang'],
  ['usulan_reses_dprd', 'Usulan Reses DPRD'],
  ['usulan_langsung_warga_masyarakat', 'Usulan Langsung Warga Masyarakat'],
  ['kegiatan_rutin', 'Kegiatan Rutin'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [key, name] of categoryNames) {
    await sql`update article set category = ${name} where category = ${key}`.execute(db);
  }
  await sql`alter table upload add column anonymous boolean not null default false`.execute(db);
  await sql`
    create table article_former_slug (
      slug text primary key,
      article_id uuid not null references article (id) on delete cascade
    )`.execute(db);
  await sql`create index article_former_slug_article_idx on article_former_slug (article_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table article_former_slug`.execute(db);
  await sql`alter table upload drop column anonymous`.execute(db);
  for (const [key, name] of categoryNames) {
    await sql`update article set category = ${key} where category = ${name}`.execute(db);
  }
}
