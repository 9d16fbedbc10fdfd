import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Evaluation, messagesEn, messagesId } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../../apps/server/test/rka-reading.js';
import type { PrintoutResult } from '../src/commands/export/index.js';
import {
  ADMIN,
  logInAsAdmin,
  runCli,
  startServer,
  type TestServer,
  withConfigHome,
} from './support.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const printed = messagesId.indicators.print;

describe('ranwal export evaluation', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  let token = '';
  const api = async (method: string, route: string, body?: unknown) => {
    const answer = await fetch(`${server.url}/ranwal/api/${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: each call reads its own answer's shape.
    const json = (await answer.json()) as { data: any };
    expect(answer.ok, JSON.stringify(json)).toBe(true);
    return json.data;
  };
  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
    await logInAsAdmin(server, home.dir);
    token = (await api('POST', 'user/sign-in', ADMIN)).token;
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });
  const ranwal = (args: string[]) =>
    runCli(args, { env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url } });

  it("prints a unit's evaluation to a quarter as the portal does, and asks for the quarter", async () => {
    const hierarchy = await ranwal(['import', 'hierarchy', fixture('dpa-multi-agency-skpd.csv')]);
    expect(hierarchy.code, hierarchy.stderr).toBe(0);
    const { rows } = await sql<{ id: string; code: string; name: string; agency_id: string }>`
      select s.id, ag.code, ag.name, ag.id as agency_id from sub_action s
      join action a on a.id = s.action_id join program p on p.id = a.program_id
      join agency ag on ag.id = p.agency_id
      where s.code = '1.02.02.2.02.0020'`.execute(server.database.db);
    const unit = rows[0]!;
    const indicator = await api('POST', 'indicator/create', {
      sub_action_id: unit.id,
      year: 2026,
      description: 'Jumlah balita yang mendapat makanan tambahan',
      target: '1.200',
      unit: 'Balita',
    });
    await api('PUT', 'indicator/achievement', {
      sub_action_id: unit.id,
      year: 2026,
      quarter: 1,
      achievements: [{ indicator_id: indicator.id, achievement: '450,5' }],
    });
    await api('POST', 'realisation/import', {
      year: 2026,
      rows: [
        ['00001/SP2D/LS/2026', '2026-02-12', 1_000_000],
        ['00002/SP2D/LS/2026', '2026-05-20', 500_000],
      ].map(([number, date, amount], index) => ({
        row: index + 2,
        sp2d_number: number,
        date,
        sub_action_code: '1.02.02.2.02.0020',
        account_code: '5.1.02.01.01.0052',
        amount,
      })),
    });
    const shown: Evaluation = await api(
      'GET',
      `indicator/evaluation?year=2026&quarter=2&agency_id=${unit.agency_id}`,
    );
    expect(shown.totals).toMatchObject({ quarters: ['1000000', '500000'], cumulative: '1500000' });

    const print = (quarter: string, out: string) => [
      'export',
      'evaluation',
      '--year',
      '2026',
      '--quarter',
      quarter,
      '--agency',
      unit.code,
      '--out',
      out,
    ];
    const out = path.join(home.dir, 'evaluasi-tw2.xlsx');
    const run = await ranwal([...print('2', out), '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout) as PrintoutResult).toMatchObject({
      printout: 'evaluation',
      format: 'xlsx',
      year: 2026,
      quarter: 2,
      agency: { id: unit.agency_id },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const cells = (workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map(
      (row) => Array.from(row.slice(1), (cell) => (cell == null ? '' : String(cell))),
    );
    expect(cells.slice(0, 3).map((row) => row[0])).toEqual([
      printed.heading,
      printed.unit(`${unit.code} ${unit.name}`),
      printed.period('Triwulan II', 2026),
    ]);
    const sub = cells.find((row) => row[1] === '1.02.02.2.02.0020')!;
    expect(sub.slice(3, 12)).toEqual([
      'Jumlah balita yang mendapat makanan tambahan',
      '1.200 Balita',
      '0',
      '450,5',
      '1000000',
      '–',
      '500000',
      '450,5',
      '1500000',
    ]);
    // The total in rupiah is the evaluation's.
    const total = cells.find((row) => row[2] === printed.total)!;
    expect([total[5], total[7], total[9], total[11]]).toEqual([
      shown.totals.pagu,
      ...shown.totals.quarters,
      shown.totals.cumulative,
    ]);

    const pdf = path.join(home.dir, 'evaluasi-tw2.pdf');
    const said = await ranwal(print('2', pdf));
    expect(said.code, said.stderr).toBe(0);
    expect(said.stdout).toContain('Saved the 2026 Renja evaluation up to Quarter II');
    const text = (await pdfPages(await readFile(pdf))).join(' ');
    expect(text).toContain(printed.heading);
    expect(text).toMatch(/Jumlah\s+0\s+1\.000\.000\s+500\.000\s+1\.500\.000/);

    const noQuarter = await ranwal(print('5', pdf));
    expect(noQuarter.code).toBe(2);
    expect(noQuarter.stderr).toContain(messagesEn.cli.failures.reportQuarter);
  });
});
