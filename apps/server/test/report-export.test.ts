import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setImmediate as tick } from 'node:timers/promises';
import { type BudgetLine, coefficientText, formatDateTimeLong, MAX_LINE_TOTAL } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queuedBytes, writeReportExport } from '../src/services/report-export.js';
import { buildChain, type Chain, REPORT_WORKBOOK_HEADERS as HEADERS } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api/detail-program';
const RUPIAH = '"Rp" #,##0';
const [TOTAL_PRICE, TAX, TOTAL_AFTER_TAX] = [18, 19, 20];

/** The cells of a row from column 1, as exceljs reads them back. */
const cellsOf = (sheet: ExcelJS.Worksheet, row: number) =>
  (sheet.getRow(row).values as ExcelJS.CellValue[]).slice(1);

/** The row a budget line should become (an empty text is no cell). */
const lineCells = (number: number, line: BudgetLine) =>
  [
    number,
    line.program_name,
    line.action_name,
    line.sub_action_name,
    line.activity_name,
    line.subtitle_name,
    line.account_code,
    line.account_name,
    line.component_code,
    line.component_name,
    line.specification,
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
  ].map((value) => (value === '' ? undefined : value));

/** A subtotal or grand total row: the label under Program, the three sums in their columns. */
const totalCells = (label: string, sums: [number, number, number]) => {
  const cells: ExcelJS.CellValue[] = Array(TOTAL_AFTER_TAX).fill(undefined);
  cells[1] = label;
  [cells[TOTAL_PRICE - 1], cells[TAX - 1], cells[TOTAL_AFTER_TAX - 1]] = sums;
  return cells;
};

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook;
}

describe.each(databaseTargets)('report export on %s', (target) => {
  let t: TestApp;
  let alfa: Chain;
  let beta: Chain;
  /** Where this app writes report files before sending them. */
  let temporary: string;
  /** Lines of 2025 by name, as the API answered them. */
  const lines: Record<string, BudgetLine> = {};

  const create = async (token: string, chain: Chain, body: Record<string, unknown>) => {
    const response = await t.call('POST', `${API}/create`, {
      token,
      body: {
        ...chain,
        component_name: 'Kertas A4',
        unit: 'Rim',
        price: 1000,
        is_taxed: true,
        year: 2025,
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as BudgetLine;
  };

  /** The signed link the report call hands out, as a path and query for inject. */
  const linkFor = async (token: string, query: string) => {
    const response = await t.call('GET', `${API}/report?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().data.path, 'http://localhost');
    return `${url.pathname}${url.search}`;
  };

  const download = async (token: string, query: string) =>
    t.call('GET', await linkFor(token, query));

  const sheetOf = async (token: string, query: string) => {
    const response = await download(token, query);
    expect(response.statusCode, response.body).toBe(200);
    const workbook = await readWorkbook(response.rawPayload);
    expect(workbook.worksheets).toHaveLength(1);
    return workbook.worksheets[0]!;
  };

  beforeAll(async () => {
    temporary = await mkdtemp(path.join(tmpdir(), 'ranwal-report-export-test-'));
    t = await startTestApp(target, { RANWAL_TEMP_DIR: temporary });
    alfa = await buildChain(t, 'Alfa');
    beta = await buildChain(t, 'Beta');
    // A second account under Alfa's subtitle whose code sorts first.
    const account = await t.call('POST', '/ranwal/api/account/create', {
      token: t.adminToken,
      body: { code: '5.1.01.Alfa', name: 'Belanja Awal', subtitle_id: alfa.subtitle_id },
    });
    expect(account.statusCode, account.body).toBe(201);
    const alfaFirstAccount = { ...alfa, account_id: account.json().data.id };

    // Created in an order unlike the hierarchy's, to see the export sort them.
    lines.beta = await create(t.userToken, beta, { component_name: 'Map', price: 1000 });
    lines.alfaAdmin = await create(t.adminToken, alfa, {
      component_code: 'K-02',
      component_name: 'Laptop',
      specification: 'RAM 16 GB',
      unit: 'Unit',
      price: 2_500_000,
      first_volume: 2,
      second_volume: 3,
      third_volume: 1.5,
    });
    lines.alfaFirst = await create(t.userToken, alfaFirstAccount, {
      component_name: 'Kertas',
      price: 1001,
    });
    lines.alfaUntaxed = await create(t.userToken, alfa, {
      component_name: 'Tinta',
      price: 50_000,
      first_volume: 1.25,
      second_volume: 2,
      is_taxed: false,
    });
    await create(t.userToken, alfa, { component_name: 'Tahun lalu', price: 7, year: 2024 });
  });
  afterAll(async () => {
    await t?.close();
    await rm(temporary, { recursive: true, force: true });
  });

  it('streams an .xlsx with title, headers, lines in hierarchy order, subtotals and total', async () => {
    const response = await download(t.adminToken, 'year=2025');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="laporan-detail-program-2025.xlsx"',
    );
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.getWorksheet('Laporan 2025')!;
    expect(sheet).toBeDefined();

    expect(sheet.getCell('A1').value).toBe('Laporan Detail Program Tahun 2025');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('V1').isMerged).toBe(true);
    expect(cellsOf(sheet, 2)).toEqual(HEADERS);
    expect(sheet.getCell('A2').font?.bold).toBe(true);

    const { alfaFirst, alfaAdmin, alfaUntaxed, beta } = lines as Record<string, BudgetLine>;
    expect(alfaAdmin).toMatchObject({ total_price: 22_500_000, tax: 2_700_000 });
    expect(cellsOf(sheet, 3)).toEqual(lineCells(1, alfaFirst!));
    expect(cellsOf(sheet, 4)).toEqual(lineCells(2, alfaAdmin!));
    expect(cellsOf(sheet, 5)).toEqual(lineCells(3, alfaUntaxed!));
    expect(cellsOf(sheet, 6)).toEqual(
      totalCells('Subtotal Program Alfa', [22_626_001, 2_700_120, 25_326_121]),
    );
    expect(cellsOf(sheet, 7)).toEqual(lineCells(4, beta!));
    expect(cellsOf(sheet, 8)).toEqual(totalCells('Subtotal Program Beta', [1000, 120, 1120]));
    expect(cellsOf(sheet, 9)).toEqual(
      totalCells('Total Keseluruhan', [22_627_001, 2_700_240, 25_327_241]),
    );
    expect(sheet.rowCount).toBe(9);

    for (const column of [13, TOTAL_PRICE, TAX, TOTAL_AFTER_TAX]) {
      expect(sheet.getRow(4).getCell(column).numFmt).toBe(RUPIAH);
    }
    for (const column of [14, 15, 16]) expect(sheet.getRow(4).getCell(column).numFmt).toBe('0.00');
    expect(sheet.getRow(4).getCell(16).value).toBe(1.5);
    for (const row of [6, 8, 9]) {
      expect(sheet.getRow(row).getCell(2).font?.bold).toBe(true);
      expect(sheet.getRow(row).getCell(TOTAL_AFTER_TAX).font?.bold).toBe(true);
      expect(sheet.getRow(row).getCell(TOTAL_AFTER_TAX).numFmt).toBe(RUPIAH);
    }
  });

  it("exports only the user's own lines from a user's link", async () => {
    const sheet = await sheetOf(t.userToken, 'year=2025');
    const { alfaFirst, alfaUntaxed, beta } = lines as Record<string, BudgetLine>;
    expect(cellsOf(sheet, 3)).toEqual(lineCells(1, alfaFirst!));
    expect(cellsOf(sheet, 4)).toEqual(lineCells(2, alfaUntaxed!));
    expect(cellsOf(sheet, 5)).toEqual(totalCells('Subtotal Program Alfa', [126_001, 120, 126_121]));
    expect(cellsOf(sheet, 6)).toEqual(lineCells(3, beta!));
    expect(cellsOf(sheet, 7)).toEqual(totalCells('Subtotal Program Beta', [1000, 120, 1120]));
    expect(cellsOf(sheet, 8)).toEqual(totalCells('Total Keseluruhan', [127_001, 240, 127_241]));
    expect(sheet.rowCount).toBe(8);
  });

  it('filters by year, programme and supporter', async () => {
    const lastYear = await sheetOf(t.userToken, 'year=2024');
    expect(lastYear.name).toBe('Laporan 2024');
    expect(lastYear.getCell('J3').value).toBe('Tahun lalu');
    expect(cellsOf(lastYear, 5)).toEqual(totalCells('Total Keseluruhan', [7, 1, 8]));
    expect(lastYear.rowCount).toBe(5);

    const byProgram = await sheetOf(t.adminToken, `year=2025&program_id=${beta.program_id}`);
    expect(byProgram.getCell('J3').value).toBe('Map');
    expect(byProgram.rowCount).toBe(5);

    const bySupporter = await sheetOf(t.adminToken, `year=2025&supporter_id=${alfa.supporter_id}`);
    expect(bySupporter.getColumn(10).values.slice(3)).toEqual(['Kertas', 'Laptop', 'Tinta']);
    expect(bySupporter.rowCount).toBe(7);

    const empty = await sheetOf(t.adminToken, 'year=2040');
    expect(cellsOf(empty, 2)).toEqual(HEADERS);
    expect(cellsOf(empty, 3)).toEqual(totalCells('Total Keseluruhan', [0, 0, 0]));
    expect(empty.rowCount).toBe(3);
  });

  it('writes the same workbook whatever the batch size', async () => {
    const cellsFor = async (batchSize: number) => {
      const output = new PassThrough();
      const body = buffer(output);
      await writeReportExport(t.database.db, { year: 2025 }, output, { chunkLines: batchSize });
      const sheet = (await readWorkbook(await body)).worksheets[0]!;
      return Array.from({ length: sheet.rowCount }, (_, index) => cellsOf(sheet, index + 1));
    };
    const [one, two, many] = [await cellsFor(1), await cellsFor(2), await cellsFor(2000)];
    expect(one).toEqual(many);
    expect(two).toEqual(many);
    expect(many).toHaveLength(9);
  });

  it.each([
    ['no token', () => ''],
    ['a malformed token', () => 'token=abc.def.ghi'],
    ['a session token', () => `token=${t.userToken}`],
  ])('answers 401 Token Invalid to %s', async (_, query) => {
    const response = await t.call('GET', `${API}/report/file?${query()}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: 401,
      message: 'Token Invalid',
      data: null,
      code: 'unauthorized',
    });
  });

  it("answers 401 to a user's link widened to every line", async () => {
    const link = await linkFor(t.userToken, 'year=2025');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...claims, scope: 'all' })).toString('base64url');
    const response = await t.call(
      'GET',
      `${API}/report/file?token=${header}.${widened}.${signature}`,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Token Invalid' });
  });

  it('answers 401 to a link after its 10 minutes', async () => {
    const link = await linkFor(t.adminToken, 'year=2025');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 9 * 60 * 1000);
      expect((await t.call('GET', link)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 2 * 60 * 1000);
      const expired = await t.call('GET', link);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'Token Invalid' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes totals past what a spreadsheet number holds exactly as their exact text', async () => {
    // Ten lines of the most a line may hold, and one rupiah: 10 000 000 000 000 001, which a
    // spreadsheet's number would show as ...000.
    for (let i = 0; i < 10; i++) {
      await create(t.adminToken, alfa, { price: MAX_LINE_TOTAL, is_taxed: false, year: 2031 });
    }
    await create(t.adminToken, alfa, { price: 1, is_taxed: false, year: 2031 });
    const sheet = await sheetOf(t.adminToken, 'year=2031');
    const last = sheet.rowCount;
    for (const row of [last - 1, last]) {
      expect(sheet.getRow(row).getCell(TOTAL_PRICE).value).toBe('Rp 10.000.000.000.000.001');
      expect(sheet.getRow(row).getCell(TOTAL_AFTER_TAX).value).toBe('Rp 10.000.000.000.000.001');
      expect(sheet.getRow(row).getCell(TAX).value).toBe(0);
    }
    // Each line itself stays a number.
    expect(sheet.getRow(4).getCell(TOTAL_AFTER_TAX).value).toBe(MAX_LINE_TOTAL);
  });

  describe('a large report', () => {
    const LINES = 20_000;

    beforeAll(async () => {
      const me = await t.call('GET', '/ranwal/api/user/me', { token: t.adminToken });
      const adminId: string = me.json().data.id;
      await sql`
        insert into detail_program (component_code, component_name, unit, price, first_volume,
          second_volume, third_volume, total_price, tax, total_after_tax, year, program_id,
          action_id, sub_action_id, activity_id, subtitle_id, account_id, supporter_id, created_by)
        select 'B-' || n, 'Barang ' || n, 'Pcs', 1000 + n, 1, 1, 1, 1000 + n,
          round((1000 + n) * 0.12), 1000 + n + round((1000 + n) * 0.12), 2030,
          ${alfa.program_id}, ${alfa.action_id}, ${alfa.sub_action_id}, ${alfa.activity_id},
          ${alfa.subtitle_id}, ${alfa.account_id}, ${alfa.supporter_id}, ${adminId}
        from generate_series(1, ${LINES}) as n`.execute(t.database.db);
    });

    it('exports every line across batches with exact sums', async () => {
      const sheet = await sheetOf(t.adminToken, 'year=2030');
      const { rows } = await sql<{ price: string; tax: string; after: string }>`
        select sum(total_price)::text as price, sum(tax)::text as tax,
          sum(total_after_tax)::text as after
        from detail_program where year = 2030`.execute(t.database.db);
      const sums = [rows[0]!.price, rows[0]!.tax, rows[0]!.after].map(Number);
      expect(sheet.rowCount).toBe(2 + LINES + 2);
      expect(sheet.getCell(`A${2 + LINES}`).value).toBe(LINES);
      expect(cellsOf(sheet, 2 + LINES + 2)).toEqual(
        totalCells('Total Keseluruhan', sums as [number, number, number]),
      );
      // Writing and reading back 20 000 rows: 15-30 s on PGlite under a full run's load.
    }, 120_000);

    it('releases the database and removes the file when the client disconnects', async () => {
      const link = await linkFor(t.adminToken, 'year=2030');
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const received = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${address}${link}`, (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        });
        request.on('error', (error) => {
          if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
        });
        request.end();
      });
      expect(received).toBeGreaterThan(0);

      // PGlite has one session: a transaction left open would block this query forever.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ busy: string | number }>`
            select count(*) as busy from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`.execute(
            t.database.db,
          );
          expect(Number(rows[0]!.busy)).toBe(0);
        },
        { timeout: 10_000, interval: 50 },
      );
      const after = await t.call('GET', `${API}/list?limit=1`, { token: t.adminToken });
      expect(after.statusCode).toBe(200);
      await vi.waitFor(async () => expect(await readdir(temporary)).toEqual([]), {
        timeout: 10_000,
        interval: 50,
      });
    });
  });

  it('keeps flow control on the queue exceljs 4.4 builds in front of deflate', async () => {
    const output = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false });
    const sheet = workbook.addWorksheet('probe');
    for (let row = 0; row < 20_000; row++) sheet.addRow([row, 'x'.repeat(50)]).commit();
    await tick();
    // Nothing reads `output`, so the sheet's XML waits in front of the compressor.
    expect(queuedBytes(sheet)).toBeGreaterThan(1024 * 1024);
  });
});
