import { type Kysely, sql } from 'kysely';

// The spec's own client sends, filters by and prints article categories as their display
// names, so those are the stored values now; the keys they were stored as become the names.
// Uploads learn whether they came without a token (RANWAL_ANONYMOUS_UPLOADS), so the bytes such
// uploads hold can be capped.

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload drop column anonymous`.execute(db);
  for (const [key, name] of categoryNames) {
    await sql`update article set category = ${key} where category = ${name}`.execute(db);
  }
}
