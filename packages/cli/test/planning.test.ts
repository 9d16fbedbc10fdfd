import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentYear } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogueReport,
  FundingSourceReport,
  PaguReport,
} from '../src/commands/planning/index.js';
import { logInAsAdmin, runCli, startServer, type TestServer, withConfigHome } from './support.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('ranwal import catalogue and pagu', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
    await logInAsAdmin(server, home.dir);
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });
  const ranwal = (args: string[]) =>
    runCli(args, { env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url } });
  const json = async <T>(args: string[]) => {
    const run = await ranwal([...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };

  it('loads a published SSH sheet: titles and group headings left out, prices as written, several kode rekening', async () => {
    const dry = await json<CatalogueReport>([
      'import',
      'catalogue',
      fixture('ssh-2026.csv'),
      '--year',
      '2026',
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ dryRun: true, items: 5, result: { created: 5 } });
    const first = await ranwal(['import', 'catalogue', fixture('ssh-2026.csv'), '--year', '2026']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Loaded 5 item(s) of the 2026 catalogue from');
    expect(first.stdout).toContain('5 new, 0 changed, 0 unchanged');
    const again = await json<CatalogueReport>([
      'import',
      'catalogue',
      fixture('ssh-2026.csv'),
      '--year',
      '2026',
    ]);
    expect(again.result).toEqual({ dry_run: false, created: 0, changed: 0, unchanged: 5 });

    const { rows } = await sql<{
      code: string;
      price: string;
      account_codes: string[];
      kind: string;
    }>`
      select code, price::text, account_codes, kind from price_item where year = 2026 order by code`.execute(
      server.database.db,
    );
    expect(rows.find((row) => row.code === '1.1.7.01.01.01.001.00002')).toMatchObject({
      price: '68500',
      kind: 'SSH',
    });
    expect(rows.find((row) => row.code === '1.1.7.01.01.01.004.00011')?.account_codes).toEqual([
      '5.1.02.01.01.0024',
      '5.1.02.01.01.0026',
    ]);
  });

  it('refuses a price it cannot read, naming the row, and loads nothing', async () => {
    const file = path.join(home.dir, 'harga-salah.csv');
    await writeFile(
      file,
      'Kode Barang;Uraian Barang;Satuan;Harga Satuan\nA.1;Map Plastik;Buah;2.500\nA.2;Map Kertas;Buah;2,500,000\n',
    );
    const run = await ranwal(['import', 'catalogue', file, '--year', '2027']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('row 3, Harga: "2,500,000" memakai koma sebagai pemisah ribuan');
    const { rows } = await sql`select 1 from price_item where year = 2027`.execute(
      server.database.db,
    );
    expect(rows).toEqual([]);
  });

  it('loads sumber dana by code from a sheet, and refuses a kelompok it does not know by its row', async () => {
    const file = path.join(home.dir, 'sumber-dana.csv');
    await writeFile(
      file,
      'Daftar Sumber Dana\nKode;Nama;Kelompok;Berlaku Mulai;Berlaku Sampai\n' +
        'DAU;Dana Alokasi Umum;Pendapatan Transfer;;\n' +
        'DBH-CHT;DBH Cukai Hasil Tembakau;Transfer;2024;\n' +
        'SILPA;Sisa Lebih Perhitungan Anggaran Tahun Lalu;Pembiayaan;;2030\n',
    );
    const report = await json<FundingSourceReport>(['import', 'funding-sources', file]);
    expect(report.result).toEqual({ created: 1, updated: 1, unchanged: 1 });
    const { rows } = await sql<{ code: string; funding_group: string; active_from: number }>`
      select code, funding_group, active_from, active_to from funding_source
      where code in ('DBH-CHT', 'SILPA') order by code`.execute(server.database.db);
    expect(rows).toEqual([
      { code: 'DBH-CHT', funding_group: 'transfer', active_from: 2024, active_to: null },
      { code: 'SILPA', funding_group: 'financing', active_from: null, active_to: 2030 },
    ]);

    const wrong = path.join(home.dir, 'sumber-dana-salah.csv');
    await writeFile(
      wrong,
      'Kode;Nama;Kelompok\nHIBAH-X;Hibah Pusat;Lain-lain\nPAJAK;Pajak Rokok;Pajak\n',
    );
    const run = await ranwal(['import', 'funding-sources', wrong]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      'row 3, Kelompok: "Pajak" is none of Pendapatan Asli Daerah, Pendapatan Transfer',
    );
    const none = await sql`select 1 from funding_source where code = 'HIBAH-X'`.execute(
      server.database.db,
    );
    expect(none.rows).toEqual([]);
  });

  it('sets the pagu of sub kegiatan by code within their SKPD, naming the rows it cannot place', async () => {
    const hierarchy = await ranwal(['import', 'hierarchy', fixture('dpa-multi-agency-skpd.csv')]);
    expect(hierarchy.code, hierarchy.stderr).toBe(0);
    const set = await json<PaguReport>([
      'import',
      'pagu',
      fixture('pagu-2026.csv'),
      '--year',
      '2026',
    ]);
    expect(set.result).toEqual({ dry_run: false, created: 3, changed: 0, unchanged: 0 });
    const { rows } = await sql<{ agency: string; code: string; amount: string }>`
      select ag.code as agency, s.code, pg.amount::text as amount
      from pagu pg join sub_action s on s.id = pg.sub_action_id join action a on a.id = s.action_id
      join program p on p.id = a.program_id join agency ag on ag.id = p.agency_id
      where pg.year = 2026 order by pg.amount`.execute(server.database.db);
    expect(rows).toEqual([
      { agency: '1.02.0.00.0.00.01.0000', code: 'X.XX.01.2.01.0001', amount: '95000000' },
      { agency: '4.01.0.00.0.00.01.0000', code: 'X.XX.01.2.01.0001', amount: '150000000' },
      { agency: '1.02.0.00.0.00.01.0000', code: '1.02.02.2.02.0020', amount: '1250000000' },
    ]);

    // Without the SKPD, the support sub kegiatan is in two Perangkat Daerah: the row is refused.
    const file = path.join(home.dir, 'pagu-tanpa-skpd.csv');
    await writeFile(
      file,
      'Kode Sub Kegiatan;Pagu\n1.02.02.2.02.0033;10.000.000\nX.XX.01.2.01.0001;5.000.000\n',
    );
    const refused = await ranwal(['import', 'pagu', file, '--year', '2026']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      'row 3: kode X.XX.01.2.01.0001 dipakai 2 sub kegiatan; sebutkan Perangkat Daerahnya',
    );
    const { rows: after } = await sql`select 1 from pagu where year = 2026`.execute(
      server.database.db,
    );
    expect(after).toHaveLength(3);
  });

  it("loads into the server's default year when --year is not given (no stage runs: this year)", async () => {
    const report = await json<CatalogueReport>([
      'import',
      'catalogue',
      fixture('ssh-2026.csv'),
      '--dry-run',
    ]);
    expect(report).toMatchObject({ year: currentYear(), dryRun: true, items: 5 });
  });
});
