import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BudgetLine,
  type BudgetLineInput,
  coefficientText,
  createClient,
  currentYear,
  formatDateTimeLong,
  type RanwalClient,
  type Supporter,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_WORKBOOK_HEADERS as HEADERS } from '../../../apps/server/test/fixtures.js';
import type { ExportResult } from '../src/index.js';
import {
  ADMIN,
  logInAsAdmin,
  runCli,
  startServer,
  type TestServer,
  withConfigHome,
} from './support.js';

const WIDTH = HEADERS.length;

type Cell = string | number | null;

/** The row a budget line becomes: the same fields, in the same order, as the server's sheet. */
const lineRow = (number: number, line: BudgetLine): Cell[] => [
  number,
  line.program_name,
  line.action_name,
  line.sub_action_name,
  line.activity_name,
  line.subtitle_name,
  line.account_code,
  line.account_name,
  line.component_code || null,
  line.component_name || null,
  line.specification || null,
  line.unit,
  line.price,
  line.first_volume,
  line.second_volume,
  line.third_volume,
  coefficientText(line),
  line.total_price,
  line.tax,
  line.total_after_tax,
  line.supporter_name,
  formatDateTimeLong(line.created_at),
  // Sumber Harga (issue 34): empty where the year has no catalogue.
  line.price_item_id ? 'Katalog' : line.outside_catalogue ? 'Di luar katalog' : null,
];

/** A subtotal or total row: the label under Program, the three sums in their columns. */
function totalRow(label: string, lines: BudgetLine[]): Cell[] {
  const row: Cell[] = Array(WIDTH).fill(null);
  row[1] = label;
  row[17] = lines.reduce((sum, line) => sum + line.total_price, 0);
  row[18] = lines.reduce((sum, line) => sum + line.tax, 0);
  row[19] = lines.reduce((sum, line) => sum + line.total_after_tax, 0);
  return row;
}

/** Header, then each programme's lines and subtotal in hierarchy order, then the grand total. */
function expectedTable(lines: BudgetLine[]): Cell[][] {
  const sorted = [...lines].sort(
    (a, b) =>
      a.program_name.localeCompare(b.program_name) ||
      a.action_name.localeCompare(b.action_name) ||
      a.sub_action_name.localeCompare(b.sub_action_name) ||
      a.activity_name.localeCompare(b.activity_name) ||
      a.subtitle_name.localeCompare(b.subtitle_name) ||
      a.account_code.localeCompare(b.account_code) ||
      a.created_at.localeCompare(b.created_at),
  );
  const rows: Cell[][] = [HEADERS];
  let number = 0;
  for (const program of [...new Set(sorted.map((line) => line.program_name))]) {
    const own = sorted.filter((line) => line.program_name === program);
    for (const line of own) rows.push(lineRow(++number, line));
    rows.push(totalRow(`Subtotal ${program}`, own));
  }
  rows.push(totalRow('Total Keseluruhan', sorted));
  return rows;
}

/** Every cell of the first sheet, row by row, as plain values (null for no cell). */
async function readCells(file: string): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: Cell[][] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const values = sheet.getRow(number).values as ExcelJS.CellValue[];
    rows.push(Array.from({ length: WIDTH }, (_, column) => (values[column + 1] ?? null) as Cell));
  }
  return rows;
}

describe('ranwal export reports', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  let api: RanwalClient;
  let lines: BudgetLine[];
  const file = (name: string) => path.join(home.dir, name);
  const ranwal = (args: string[]) =>
    runCli(args, { env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url } });
  const exportJson = async (args: string[]) => {
    const run = await ranwal(['export', 'reports', ...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as ExportResult;
  };

  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
    await logInAsAdmin(server, home.dir);

    // The hierarchy through the CLI, the budget lines through the API.
    await writeFile(
      file('hierarchy.csv'),
      [
        'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening;PPN',
        'Program Alfa;Kegiatan A2;Sub A;Aktivitas A;Subtitle A;5.1.02.02;Belanja Cetak;ya',
        'Program Alfa;Kegiatan A1;Sub A;Aktivitas A;Subtitle A;5.1.02.01;Belanja "ATK"; ya',
        'Program Beta;Kegiatan B;Sub B;Aktivitas B;Subtitle B;5.2.01;Belanja Modal, Laptop;tidak',
      ].join('\n'),
    );
    const imported = await ranwal(['import', 'hierarchy', file('hierarchy.csv')]);
    expect(imported.code, imported.stderr).toBe(0);

    const { data: session } = await createClient({ baseUrl: server.url }).user.signIn(ADMIN);
    api = createClient({ baseUrl: server.url, getToken: () => session.token });
    const supporters: Supporter[] = [];
    for (const name of ['Bappeda', 'Dinas Kesehatan']) {
      supporters.push((await api.supporter.create({ name })).data);
    }
    const { data: accounts } = await api.account.list({ limit: 100 });
    /** The whole chain of ids above an account, read back level by level. */
    const chainOf = async (code: string) => {
      const account = accounts.find((a) => a.code === code)!;
      const subtitle = (await api.subtitle.list({ limit: 100 })).data.find(
        (s) => s.id === account.subtitle_id,
      )!;
      const activity = (await api.activity.list({ limit: 100 })).data.find(
        (a) => a.id === subtitle.activity_id,
      )!;
      const sub_action = (await api.sub_action.list({ limit: 100 })).data.find(
        (s) => s.id === activity.sub_action_id,
      )!;
      const action = (await api.action.list({ limit: 100 })).data.find(
        (a) => a.id === sub_action.action_id,
      )!;
      return {
        program_id: action.program_id,
        action_id: action.id,
        sub_action_id: sub_action.id,
        activity_id: activity.id,
        subtitle_id: subtitle.id,
        account_id: account.id,
      };
    };
    const line = async (
      code: string,
      supporter: number,
      body: Partial<BudgetLineInput> & Pick<BudgetLineInput, 'component_name' | 'price'>,
    ) =>
      (
        await api.budgetLine.create({
          ...(await chainOf(code)),
          supporter_id: supporters[supporter]!.id,
          year: 2025,
          ...body,
        })
      ).data;
    lines = [
      await line('5.2.01', 1, {
        component_name: 'Laptop',
        // A spreadsheet formula: the CSV must not let it run (issue 34).
        specification: '=HYPERLINK("http://contoh.test","klik")',
        unit: 'Unit',
        price: 15_000_000,
      }),
      await line('5.1.02.02', 0, {
        component_code: 'K-02',
        component_name: 'Spanduk; 3 x 1 m',
        specification: 'Bahan flexi\nfull colour',
        unit: 'Lembar',
        price: 150_000,
        first_volume: 2,
        second_volume: 1.5,
        is_taxed: true,
      }),
      await line('5.1.02.01', 0, {
        component_name: 'Kertas "A4"',
        unit: 'Rim',
        price: 1001,
        is_taxed: true,
      }),
      await line('5.1.02.01', 1, { component_name: 'Tinta', price: 50_000, is_taxed: false }),
    ];
    await line('5.1.02.01', 0, { component_name: 'Tahun lalu', price: 7, year: 2024 });
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });

  it('a downloaded report workbook imports back as the hierarchy it was made from: nothing changes', async () => {
    const xlsx = file('laporan-reimport.xlsx');
    await exportJson(['--year', '2025', '--out', xlsx]);
    const run = await ranwal(['import', 'hierarchy', xlsx]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'Reading a Ranwal report workbook: its subtotal rows are skipped and its PPN column (an amount) is ignored',
    );
    // Every account of the lines, each once however many lines it has; nothing new.
    const accounts = new Set(lines.map((line) => line.account_code)).size;
    expect(run.stdout).toContain(`(0 created, ${accounts} unchanged)`);
  });

  it("writes the server's workbook, checked cell by cell", async () => {
    const result = await exportJson(['--year', '2025', '--out', file('laporan.xlsx')]);
    expect(result).toMatchObject({
      file: file('laporan.xlsx'),
      format: 'xlsx',
      year: 2025,
      program: null,
      supporter: null,
    });
    expect(result.bytes).toBe((await stat(file('laporan.xlsx'))).size);

    const cells = await readCells(file('laporan.xlsx'));
    expect(cells[0]![0]).toBe('Laporan Detail Program Tahun 2025');
    expect(cells.slice(1)).toEqual(expectedTable(lines));

    // The very workbook the portal's 'Download Laporan' serves.
    const { data: link } = await api.budgetLine.report({ year: 2025 });
    const served = Buffer.from(await (await api.fetchFile(link.path)).arrayBuffer());
    await writeFile(file('served.xlsx'), served);
    expect(await readCells(file('served.xlsx'))).toEqual(cells);
  });

  it('filters by programme and supporter, by name or id', async () => {
    const alfa = await exportJson([
      '--year',
      '2025',
      '--program',
      'program ALFA',
      '--out',
      file('alfa.xlsx'),
    ]);
    expect(alfa.program).toEqual({ id: lines[1]!.program_id, name: 'Program Alfa' });
    const alfaLines = lines.filter((line) => line.program_name === 'Program Alfa');
    expect((await readCells(file('alfa.xlsx'))).slice(1)).toEqual(expectedTable(alfaLines));

    const both = await exportJson([
      '--year',
      '2025',
      '--program',
      lines[1]!.program_id,
      '--supporter',
      'Dinas Kesehatan',
      '--out',
      file('alfa-dinkes.xlsx'),
    ]);
    expect(both.supporter?.name).toBe('Dinas Kesehatan');
    const own = alfaLines.filter((line) => line.supporter_name === 'Dinas Kesehatan');
    expect((await readCells(file('alfa-dinkes.xlsx'))).slice(1)).toEqual(expectedTable(own));

    const unknown = await ranwal([
      'export',
      'reports',
      '--year',
      '2025',
      '--program',
      'Program Gamma',
      '--out',
      file('x.xlsx'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('ranwal: no programme is named "Program Gamma"\n');
    await expect(stat(file('x.xlsx'))).rejects.toThrow();
  });

  it("takes the list's search and an admin's user filter, naming them in the title", async () => {
    const found = await exportJson([
      '--year',
      '2025',
      '--search',
      'kertas',
      '--user',
      ADMIN.email.toUpperCase(),
      '--out',
      file('kertas.xlsx'),
    ]);
    expect(found).toMatchObject({ search: 'kertas', user: { name: expect.any(String) } });
    const kertas = lines.filter((line) => line.component_name.toLowerCase().includes('kertas'));
    expect(kertas.length).toBeGreaterThan(0);
    const cells = await readCells(file('kertas.xlsx'));
    expect(cells.slice(1)).toEqual(expectedTable(kertas));
    expect(String(cells[0]?.[0])).toBe(
      `Laporan Detail Program Tahun 2025 (Dibuat oleh: ${found.user?.name}; Pencarian: "kertas")`,
    );

    const nobody = await ranwal([
      'export',
      'reports',
      '--year',
      '2025',
      '--user',
      'tidak.ada@example.go.id',
      '--out',
      file('y.xlsx'),
    ]);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toBe('ranwal: no user has the email "tidak.ada@example.go.id"\n');
    await expect(stat(file('y.xlsx'))).rejects.toThrow();
  });

  it('writes RFC 4180 CSV, and semicolon CSV for Indonesian Excel', async () => {
    const table = expectedTable(lines);
    const result = await exportJson(['--year', '2025', '--out', file('laporan.csv')]);
    expect(result).toMatchObject({ format: 'csv', rows: table.length });
    const quote = (cell: Cell, separator: string, decimal: string) => {
      if (cell === null) return '';
      if (typeof cell === 'number') return String(cell).replace('.', decimal);
      // Text a spreadsheet would run as a formula: a quote in front, inside double quotes.
      const text = /^[=+@-]/.test(cell) ? `'${cell}` : cell;
      return text !== cell || text.includes(separator) || /["\r\n]/.test(text)
        ? `"${text.replaceAll('"', '""')}"`
        : text;
    };
    const csv = (separator: string, decimal: string) =>
      table
        .map((row) => `${row.map((c) => quote(c, separator, decimal)).join(separator)}\r\n`)
        .join('');
    const comma = await readFile(file('laporan.csv'), 'utf8');
    expect(comma).toBe(csv(',', '.'));
    expect(comma).toContain(`,"'=HYPERLINK(""http://contoh.test"",""klik"")",`);

    const human = await ranwal([
      'export',
      'reports',
      '--year',
      '2025',
      '--out',
      file('laporan-id.txt'),
      '--format',
      'csv',
      '--separator',
      'semicolon',
    ]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toBe(
      `Saved the 2025 report to ${file('laporan-id.txt')} (${table.length} rows)\n`,
    );
    const text = await readFile(file('laporan-id.txt'), 'utf8');
    expect(text).toBe(`\uFEFF${csv(';', ',')}`);
    expect(text).toContain(';1,5;');
  });

  it('refuses a bad year before calling the server', async () => {
    const run = await ranwal(['export', 'reports', '--year', '25', '--out', file('y.xlsx')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('ranwal: --year must be a year from 2000 to 2100\n');
  });

  it("exports the server's default year when no year is given (no stage runs: this year)", async () => {
    const result = await exportJson(['--out', file('tahun-ini.xlsx')]);
    expect(result).toMatchObject({ year: currentYear(), format: 'xlsx' });
    const cells = await readCells(file('tahun-ini.xlsx'));
    expect(cells[0]![0]).toBe(`Laporan Detail Program Tahun ${currentYear()}`);
  });
});
