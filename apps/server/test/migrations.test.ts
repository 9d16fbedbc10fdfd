import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as legacyClient from '../src/db/migrations/2026-11-24-0005-legacy-client.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

describe.each(databaseTargets)('migration 0005 (the original client) on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  it('turns the category keys of existing articles into their names, and back down', async () => {
    // Migrations run below the typed schema.
    const db = t.database.db as Kysely<unknown>;
    await legacyClient.down(db);
    const keys = [
      'tindak_lanjut_hasil_musrenbang',
      'usulan_reses_dprd',
      'usulan_langsung_warga_masyarakat',
      'kegiatan_rutin',
    ];
    for (const [n, key] of keys.entries()) {
      await sql`insert into article (slug, title, content, status, category, author_name)
        values (${`lama-${n}`}, ${`Lama ${n}`}, '<p>x</p>', 'published', ${key}, 'Admin')`.execute(
        db,
      );
    }
    await legacyClient.up(db);

    const list = await t.call('GET', '/ranwal/api/article/list?search=Lama');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      Object.fromEntries(
        list.json().data.map((a: { slug: string; category: string }) => [a.slug, a.category]),
      ),
    ).toEqual({
      'lama-0': 'Tindak Lanjut Hasil Musrenbang',
      'lama-1': 'Usulan Reses DPRD',
      'lama-2': 'Usulan Langsung Warga Masyarakat',
      'lama-3': 'Kegiatan Rutin',
    });

    await legacyClient.down(db);
    const stored = await sql<{ category: string }>`
      select category from article where slug like 'lama-%' order by slug`.execute(db);
    expect(stored.rows.map((row) => row.category)).toEqual(keys);
    await legacyClient.up(db);
  });
});
