import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messagesEn, messagesId } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../../apps/server/test/rka-reading.js';
import type { PrintoutResult } from '../src/commands/export/index.js';
import type {
  CashPlanExportResult,
  CashPlanReport,
  Sp2dReport,
} from '../src/commands/planning/index.js';
import { logInAsAdmin, runCli, startServer, type TestServer, withConfigHome } from './support.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const HEADER = [
  'kode_sub_kegiatan',
  'kode_rekening',
  ...Array.from({ length: 12 }, (_, index) => `bulan_${index + 1}`),
].join(',');

describe('ranwal import and export cash-plan (the SIPD layout), import sp2d', () => {
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

  it('prints the plan and the recap by source as workbooks and PDFs, and refuses a mixed request', async () => {
    const printed = messagesId.cashPlan.workbook;
    // The plan loaded above: 12 066 and 24 066 over the year.
    const pdf = path.join(home.dir, 'anggaran-kas.pdf');
    const asPdf = await json<PrintoutResult>([
      'export',
      'cash-plan',
      '--year',
      '2026',
      '--out',
      pdf,
    ]);
    expect(asPdf).toMatchObject({ printout: 'cash-plan', format: 'pdf', year: 2026 });
    const text = (await pdfPages(await readFile(pdf))).join(' ');
    expect(text).toContain(printed.title);
    expect(text).toContain('1.02.02.2.02.0020');
    expect(text).toContain(`${printed.grandTotal} 0 3.000 3.002`);

    const xlsx = path.join(home.dir, 'anggaran-kas-cetak.xlsx');
    const run = await ranwal(['export', 'cash-plan', '--layout', 'print', '--out', xlsx]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Saved the 2026 cash plan to ${xlsx}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe(printed.sheet(2026));
    const grand = (sheet.getSheetValues() as unknown[][]).find(
      (row) => row?.[2] === printed.grandTotal,
    )!;
    // Total Rincian 0 (no lines yet), then January 3 000; Jumlah and Selisih 36 132.
    expect([grand[3], grand[4], grand.at(-2), grand.at(-1)]).toEqual([0, 3000, 36_132, 36_132]);

    const recap = path.join(home.dir, 'rekap.xlsx');
    const recapRun = await json<PrintoutResult>(['export', 'funding-recap', '--out', recap]);
    expect(recapRun).toMatchObject({ printout: 'funding-recap', format: 'xlsx' });
    const recapBook = new ExcelJS.Workbook();
    await recapBook.xlsx.readFile(recap);
    expect(recapBook.worksheets[0]!.name).toBe(messagesId.funding.recap.sheet(recapRun.year));

    const mixed = await ranwal(['export', 'cash-plan', '--layout', 'sipd', '--out', pdf]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain(messagesEn.cli.failures.pdfIsPrint);
    const csv = await ranwal(['export', 'funding-recap', '--out', path.join(home.dir, 'r.csv')]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain(messagesEn.cli.failures.printIsNotCsv);
  });

  it('loads SP2D from a workbook with its own dates and from a CSV as people write it; a bad date stops the sheet', async () => {
    const paid = async () =>
      (
        await sql`select sp2d_number, to_char(sp2d_date, 'YYYY-MM-DD') as date, month,
          amount::text from sp2d where year = 2026 order by sp2d_number, amount`.execute(
          server.database.db,
        )
      ).rows;
    // The finance system's export: real dates, amounts as numbers, one SP2D over two rekening.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('SP2D');
    sheet.addRow([
      'Nomor SP2D',
      'Tanggal',
      'Kode Sub Kegiatan',
      'Kode Rekening',
      'Sumber Dana',
      'Nilai',
    ]);
    sheet.addRow([
      '00012/SP2D/LS/2026',
      new Date(Date.UTC(2026, 2, 31)),
      '1.02.02.2.02.0020',
      '5.1.02.01.01.0052',
      'DAU',
      2_500_000,
    ]);
    sheet.addRow([
      '00012/SP2D/LS/2026',
      new Date(Date.UTC(2026, 2, 31)),
      '1.02.02.2.02.0033',
      '5.1.02.01.01.0052',
      'DAU',
      1_000,
    ]);
    const xlsx = path.join(home.dir, 'sp2d.xlsx');
    // Whole on disk before the command reads it: fs's writeFile resolves once the file is closed
    // (a CI run once read this workbook as unreadable; exceljs' writeFile resolves on the stream's
    // 'finish').
    await writeFile(xlsx, Buffer.from(await workbook.xlsx.writeBuffer()));
    const loaded = await json<Sp2dReport>(['import', 'sp2d', xlsx, '--year', '2026']);
    expect(loaded.result).toMatchObject({ sp2d: 1, created: 1, rows: 2, amount: '2501000' });
    // No lines under these sub kegiatan yet: every rupiah is above them, and the units are asked.
    const summary = await ranwal(['import', 'sp2d', xlsx, '--year', '2026']);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toContain('Loaded 1 SP2D of 2026 (2 row(s))');
    expect(summary.stdout).toContain('0 new, 0 changed, 1 unchanged');
    expect(summary.stdout).toContain(messagesEn.cli.planning.sp2dOverruns('2'));
    expect(summary.stdout).toContain('1.02.02.2.02.0020 5.1.02.01.01.0052: Rp 2.500.000 of Rp 0');

    // A CSV as a person saves it: day first, Indonesian thousands, a semicolon.
    const csv = path.join(home.dir, 'sp2d.csv');
    await writeFile(
      csv,
      'nomor_sp2d;tanggal;kode_sub_kegiatan;kode_rekening;sumber_dana;nilai\n00013/SP2D/LS/2026;05/04/2026;1.02.02.2.02.0020;5.1.02.01.01.0052;;1.250.000\n',
    );
    const fromCsv = await json<Sp2dReport>(['import', 'sp2d', csv, '--year', '2026']);
    expect(fromCsv.result).toMatchObject({ created: 1, amount: '1250000' });
    const stored = await paid();
    expect(stored).toEqual([
      { sp2d_number: '00012/SP2D/LS/2026', date: '2026-03-31', month: 3, amount: '1000' },
      { sp2d_number: '00012/SP2D/LS/2026', date: '2026-03-31', month: 3, amount: '2500000' },
      { sp2d_number: '00013/SP2D/LS/2026', date: '2026-04-05', month: 4, amount: '1250000' },
    ]);

    const bad = path.join(home.dir, 'sp2d-salah.csv');
    await writeFile(
      bad,
      'nomor_sp2d,tanggal,kode_sub_kegiatan,kode_rekening,nilai\n00014/SP2D/LS/2026,2026-04-06,1.02.02.2.02.0020,5.1.02.01.01.0052,10\n00015/SP2D/LS/2026,31/02/2026,1.02.02.2.02.0020,5.1.02.01.01.0052,10\n',
    );
    const refused = await ranwal(['import', 'sp2d', bad, '--year', '2026']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('row 3');
    expect(refused.stderr).toContain(messagesEn.cli.failures.notADate('31/02/2026'));
    expect(await paid()).toEqual(stored);
  });

  it("prints a unit's monthly report as the portal does, and asks for the month", async () => {
    const { rows } = await sql<{ code: string; name: string }>`
      select ag.code, ag.name from sub_action s join action a on a.id = s.action_id
      join program p on p.id = a.program_id join agency ag on ag.id = p.agency_id
      where s.code = '1.02.02.2.02.0020'`.execute(server.database.db);
    const unit = rows[0]!;
    const printed = messagesId.monthlyReport.print;
    const print = (month: string, out: string) => [
      'export',
      'monthly-report',
      '--year',
      '2026',
      '--month',
      month,
      '--agency',
      unit.code,
      '--out',
      out,
    ];
    const out = path.join(home.dir, 'laporan-april.xlsx');
    const run = await json<PrintoutResult>(print('4', out));
    expect(run).toMatchObject({ printout: 'monthly-report', format: 'xlsx', year: 2026, month: 4 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const cells = (workbook.worksheets[0]!.getSheetValues() as unknown[][])
      .filter(Boolean)
      .map((row) => row[1]);
    expect(cells.slice(0, 3)).toEqual([
      printed.heading,
      printed.unit(`${unit.code} ${unit.name}`),
      printed.month('April 2026'),
    ]);
    const pdf = path.join(home.dir, 'laporan-april.pdf');
    const said = await ranwal(print('4', pdf));
    expect(said.code, said.stderr).toBe(0);
    expect(said.stdout).toContain(`Saved the 2026 monthly report of April`);
    expect((await pdfPages(await readFile(pdf))).join(' ')).toContain(printed.heading);
    const noMonth = await ranwal(print('13', pdf));
    expect(noMonth.code).toBe(2);
    expect(noMonth.stderr).toContain(messagesEn.cli.failures.reportMonth);
  });
});
