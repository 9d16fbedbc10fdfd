import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashPlanExportResult, CashPlanReport } from '../src/commands/planning/index.js';
import { logInAsAdmin, runCli, startServer, type TestServer, withConfigHome } from './support.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const HEADER = [
  'kode_sub_kegiatan',
  'kode_rekening',
  ...Array.from({ length: 12 }, (_, index) => `bulan_${index + 1}`),
].join(',');

describe('ranwal import and export cash-plan (the SIPD layout)', () => {
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
  const planRows = async () =>
    (
      await sql`select account_code, month_1::text, month_12::text from cash_plan
        where year = 2026 order by month_1`.execute(server.database.db)
    ).rows;

  it('loads a sheet, exports it as xlsx and csv, and reads both back unchanged; a bad row stops the sheet', async () => {
    const hierarchy = await ranwal(['import', 'hierarchy', fixture('dpa-multi-agency-skpd.csv')]);
    expect(hierarchy.code, hierarchy.stderr).toBe(0);
    const sheet = path.join(home.dir, 'anggaran-kas.csv');
    const months = (first: number) => Array.from({ length: 12 }, (_, i) => first + i).join(',');
    await writeFile(
      sheet,
      `${HEADER}\n1.02.02.2.02.0020,5.1.02.01.01.0052,${months(1000)}\n1.02.02.2.02.0033,5.1.02.01.01.0052,${months(2000)}\n`,
    );
    const loaded = await json<CashPlanReport>(['import', 'cash-plan', sheet, '--year', '2026']);
    expect(loaded.result).toMatchObject({ sub_actions: 2, created: 2, changed: 0, unchanged: 0 });

    const xlsx = path.join(home.dir, 'kas.xlsx');
    const exported = await json<CashPlanExportResult>([
      'export',
      'cash-plan',
      '--year',
      '2026',
      '--out',
      xlsx,
    ]);
    expect(exported).toMatchObject({ format: 'xlsx', rows: 2 });
    const again = await json<CashPlanReport>(['import', 'cash-plan', xlsx, '--year', '2026']);
    expect(again.result).toMatchObject({ created: 0, changed: 0, unchanged: 2, removed: 0 });
    const csv = path.join(home.dir, 'kas.csv');
    await json<CashPlanExportResult>(['export', 'cash-plan', '--year', '2026', '--out', csv]);
    expect((await readFile(csv, 'utf8')).trim().split(/\r\n/)).toEqual(
      (await readFile(sheet, 'utf8')).trim().split('\n'),
    );
    const before = await planRows();
    expect(before).toEqual([
      { account_code: '5.1.02.01.01.0052', month_1: '1000', month_12: '1011' },
      { account_code: '5.1.02.01.01.0052', month_1: '2000', month_12: '2011' },
    ]);

    // A row whose kode rekening is not under its sub kegiatan: named by its row, nothing written.
    const bad = path.join(home.dir, 'kas-salah.csv');
    await writeFile(
      bad,
      `${HEADER}\n1.02.02.2.02.0020,5.1.02.01.01.0052,${months(5000)}\n1.02.02.2.02.0033,9.9.9,${months(1)}\n`,
    );
    const refused = await ranwal(['import', 'cash-plan', bad, '--year', '2026']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('baris 3 (9.9.9)');
    expect(await planRows()).toEqual(before);
  });
});
