import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../src/index.js';
import { logInAsAdmin, runCli, startServer, type TestServer, withConfigHome } from './support.js';

/*
 * The import keeps its word (issue 33), on the real-format fixtures: a malformed code is reported
 * by row, not counted as a heading; a name that starts with its own code is refused; a run that
 * renamed says so, with an example; a whole-server export (units and programmes of no unit
 * together) imports into a fresh server as it was. In the CLI's own language, Indonesian.
 */

const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

interface Side {
  server: TestServer;
  home: Awaited<ReturnType<typeof withConfigHome>>;
  ranwal: (args: string[]) => ReturnType<typeof runCli>;
}

async function side(): Promise<Side> {
  const server = await startServer();
  const home = await withConfigHome();
  await logInAsAdmin(server, home.dir);
  return {
    server,
    home,
    // RANWAL_LANG left out: the CLI's default language.
    ranwal: (args) =>
      runCli(args, {
        env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url, RANWAL_LANG: undefined },
      }),
  };
}

const count = async (server: TestServer, table: string) => {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)}`.execute(server.database.db);
  return Number(rows[0]!.n);
};

describe('the import keeps its word', () => {
  let a: Side;
  let b: Side;
  const file = (name: string) => path.join(a.home.dir, name);
  beforeAll(async () => {
    a = await side();
    b = await side();
  });
  afterAll(async () => {
    for (const { server, home } of [a, b]) {
      await server?.close();
      await home?.remove();
    }
  });

  it('reports a reference row whose code is malformed by its row, and loads nothing', async () => {
    const text = await readFile(fixture('nomenklatur.csv'), 'utf8');
    await writeFile(
      file('nomenklatur-salah.csv'),
      `${text.trimEnd()}\n1.03.13. .201;Penyediaan Jasa Penunjang Urusan Pemerintahan Daerah;\n`,
    );
    const run = await a.ranwal(['import', 'reference', file('nomenklatur-salah.csv')]);
    expect(run.code, run.stdout).toBe(3);
    expect(run.stderr).toContain('baris 13: "1.03.13. .201" tampak seperti kode nomenklatur');
    expect(run.stderr).toContain('tidak ada yang dimuat');
    expect(await count(a.server, 'reference_item')).toBe(0);
  });

  it('refuses a reference name that starts with its own code, naming the row and the code', async () => {
    const text = await readFile(fixture('nomenklatur.csv'), 'utf8');
    await writeFile(
      file('nomenklatur-berkode.csv'),
      text.replace(
        '1.01.01.2.01;Perencanaan, Penganggaran',
        '1.01.01.2.01;1.01.01.2.01 Perencanaan, Penganggaran',
      ),
    );
    const run = await a.ranwal(['import', 'reference', file('nomenklatur-berkode.csv')]);
    expect(run.code, run.stdout).toBe(3);
    expect(run.stderr).toContain(
      'baris 6: nama diawali kodenya sendiri (1.01.01.2.01); tulis nama tanpa kode',
    );
    expect(await count(a.server, 'reference_item')).toBe(0);
  });

  it("says a reference load renamed codes, with one of them and the file's name", async () => {
    expect((await a.ranwal(['import', 'reference', fixture('nomenklatur.csv')])).code).toBe(0);
    const text = await readFile(fixture('nomenklatur.csv'), 'utf8');
    await writeFile(
      file('nomenklatur-baru.csv'),
      text.replace(
        'Penyusunan Dokumen Perencanaan Perangkat Daerah',
        'Penyusunan Dokumen Perencanaan Perangkat Daerah (nomenklatur baru)',
      ),
    );
    const run = await a.ranwal(['import', 'reference', file('nomenklatur-baru.csv')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Sub Kegiatan\s+0\s+1\s+1/);
    expect(run.stdout).toContain(
      'Nama baru dari file, mis. 1.01.01.2.01.0001 "Penyusunan Dokumen Perencanaan Perangkat Daerah (nomenklatur baru)"',
    );
  });

  it('refuses a hierarchy name that starts with its own code, by row and column, importing nothing', async () => {
    const text = await readFile(fixture('dpa-multi-unit.csv'), 'utf8');
    await writeFile(
      file('dpa-berkode.csv'),
      text.replace(
        '4.01.01.2.02;Administrasi Keuangan Perangkat Daerah',
        '4.01.01.2.02;4.01.01.2.02 Administrasi Keuangan Perangkat Daerah',
      ),
    );
    const run = await a.ranwal(['import', 'hierarchy', file('dpa-berkode.csv')]);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain(
      'Baris tidak valid:\n  baris 3, Kegiatan: nama diawali kodenya sendiri (4.01.01.2.02); tulis kode hanya di kolom kode, nama tanpa kode\n',
    );
    expect(run.stderr).toContain('1 baris tidak valid di');
    expect(await count(a.server, 'program')).toBe(0);
  });

  it('says a hierarchy run renamed, how many, and which', async () => {
    const csv = fixture('dpa-multi-unit.csv');
    expect((await a.ranwal(['import', 'hierarchy', csv])).code).toBe(0);
    const text = await readFile(csv, 'utf8');
    await writeFile(
      file('dpa-baru.csv'),
      text.replaceAll(
        'Penyusunan Dokumen Perencanaan Perangkat Daerah',
        'Penyusunan Dokumen Perencanaan Perangkat Daerah (nomenklatur baru)',
      ),
    );
    const run = await a.ranwal(['import', 'hierarchy', file('dpa-baru.csv'), '--accept-renames']);
    expect(run.code, run.stderr).toBe(0);
    // Not 'Tidak ada perubahan': two sub kegiatan took the file's name.
    expect(run.stdout).toMatch(
      /^Impor .*dpa-baru\.csv selesai: 6 baris \(0 dibuat, 2 diganti nama, 6 tetap\)\.\n/,
    );
    expect(run.stdout).toMatch(/\n\s+dibuat\s+diganti nama\s+tetap\n/);
    expect(run.stdout).toMatch(/\nSub Kegiatan\s+0\s+2\s+4\n/);
    expect(run.stdout).toContain(
      'Diganti nama (2), nama dari file:\n  baris 2, Sub Kegiatan: Penyusunan Dokumen Perencanaan Perangkat Daerah (nomenklatur baru)\n  baris 4, Sub Kegiatan: Penyusunan Dokumen Perencanaan Perangkat Daerah (nomenklatur baru)',
    );
    const json = await a.ranwal([
      'import',
      'hierarchy',
      file('dpa-baru.csv'),
      '--accept-renames',
      '--json',
    ]);
    expect((JSON.parse(json.stdout) as ImportReport).levels.sub_action.renamed).toBe(0);
  });

  it('imports a whole-server export (units and programmes of no unit) into a fresh server as it was', async () => {
    expect(
      (await a.ranwal(['import', 'hierarchy', fixture('dpa-multi-agency-skpd.csv')])).code,
    ).toBe(0);
    const exported = file('hierarki-semua.csv');
    const out = await a.ranwal(['export', 'hierarchy', '--out', exported]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('6 yang paling atas milik program tanpa Perangkat Daerah');
    const xlsx = file('hierarki-semua.xlsx');
    expect((await a.ranwal(['export', 'hierarchy', '--out', xlsx])).code).toBe(0);

    const imported = await b.ranwal(['import', 'hierarchy', exported, '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as ImportReport;
    expect(report.levels.agency).toEqual({ created: 2, renamed: 0, existing: 0 });
    expect(report.levels.program.created).toBe(6);
    expect(report.levels.account.created).toBe(12);
    const { rows } = await sql<{ agency_id: string | null }>`
      select agency_id from program`.execute(b.server.database.db);
    expect(rows.filter((row) => row.agency_id === null)).toHaveLength(3);

    // Exported again from the fresh server: the same file.
    const back = path.join(b.home.dir, 'kembali.csv');
    expect((await b.ranwal(['export', 'hierarchy', '--out', back])).code).toBe(0);
    expect(await readFile(back, 'utf8')).toBe(await readFile(exported, 'utf8'));
    const again = await b.ranwal(['import', 'hierarchy', xlsx]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('(0 dibuat, 12 tetap)');
  });
});
