import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  computeTotals,
  formatNumberId,
  formatRupiah,
  type ManagedEntityKey,
  managedEntities,
  messagesId,
} from '@ranwal/core';
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';
import {
  evaluate,
  isFormula,
  pdfPages,
  readWorkbook,
  rkaHeaderBlock,
  rkaSignature,
  rkaTableHeaderRow,
} from './rka-reading.js';

const API = '/ranwal/api/detail-program';
const HEADER_ROW = 5;
const HEADERS = [
  'Kode',
  'Uraian',
  'Spesifikasi',
  'Koefisien',
  'Satuan',
  'Harga',
  'Total Harga',
  'Tarif PPN',
  'PPN',
  'Total Setelah Pajak',
];
/** The amount columns a subtotal sums: Total Harga, PPN, Total Setelah Pajak. */
const AMOUNT_COLUMNS = ['G', 'I', 'J'] as const;

/** Today's date as the signature block writes it (the day the file is made, in Jakarta). */
const today = () =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(
    new Date(),
  );

type Cell = ExcelJS.CellValue;

/** Cells A..J of a row (null for no cell). */
const cellsOf = (sheet: ExcelJS.Worksheet, row: number): Cell[] =>
  HEADERS.map((_, column) => sheet.getRow(row).getCell(column + 1).value ?? null);

interface LineSpec {
  account: string;
  /** The component's code (none unless given). */
  code?: string;
  name: string;
  specification?: string;
  unit: string;
  price: number;
  volumes: [number, number, number];
  units: [string | null, string | null, string | null];
  /** PPN rate and base; none: untaxed. */
  tax?: { rate: number; base: [number, number] };
  year?: number;
  by?: 'admin' | 'user';
}

describe.each(databaseTargets)('RKA export on %s', (target) => {
  let t: TestApp;
  let temporary: string;
  let adminId: string;
  let supporterId: string;
  /** Each account's chain of ids, by a short name. */
  const chains: Record<string, Record<string, string>> = {};
  const agencies: Record<string, string> = {};
  const totals: Record<string, ReturnType<typeof computeTotals>> = {};

  const create = async (key: ManagedEntityKey, body: Record<string, unknown>) => {
    const response = await t.call('POST', `/ranwal/api/${managedEntities[key].path}/create`, {
      token: t.adminToken,
      body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };

  /** Program down to the sub kegiatan, then an aktivitas, subtitles and their accounts. */
  const buildProgram = async (
    agency: string | null,
    levels: Record<'program' | 'action' | 'sub_action', { code?: string; name: string }>,
    subtitles: Record<string, { code: string; name: string }>[],
  ) => {
    const program = await create('program', { ...levels.program, agency_id: agency });
    const action = await create('action', { ...levels.action, program_id: program });
    const subAction = await create('sub_action', { ...levels.sub_action, action_id: action });
    const activity = await create('activity', { name: 'Aktivitas', sub_action_id: subAction });
    for (const [index, accounts] of subtitles.entries()) {
      const subtitle = await create('subtitle', {
        name: `Subtitle ${index + 1}`,
        activity_id: activity,
      });
      for (const [short, account] of Object.entries(accounts)) {
        chains[short] = {
          program_id: program,
          action_id: action,
          sub_action_id: subAction,
          activity_id: activity,
          subtitle_id: subtitle,
          account_id: await create('account', { ...account, subtitle_id: subtitle }),
        };
      }
    }
  };

  /** A line with its volume units and PPN rule, priced with core's maths, stored by SQL. */
  const insertLine = async (spec: LineSpec) => {
    const computed = computeTotals({
      price: spec.price,
      first_volume: spec.volumes[0],
      second_volume: spec.volumes[1],
      third_volume: spec.volumes[2],
      taxed: spec.tax !== undefined,
      ...(spec.tax
        ? {
            rule: {
              effective_from: '2000-01-01',
              rate: spec.tax.rate,
              base_numerator: spec.tax.base[0],
              base_denominator: spec.tax.base[1],
            },
          }
        : {}),
    });
    totals[spec.name] = computed;
    await t.database.db
      .insertInto('detail_program')
      .values({
        ...(chains[spec.account] as Record<string, string>),
        supporter_id: supporterId,
        component_code: spec.code ?? '',
        component_name: spec.name,
        specification: spec.specification ?? '',
        unit: spec.unit,
        price: spec.price,
        first_volume: spec.volumes[0],
        second_volume: spec.volumes[1],
        third_volume: spec.volumes[2],
        first_volume_unit: spec.units[0],
        second_volume_unit: spec.units[1],
        third_volume_unit: spec.units[2],
        ...computed,
        tax_rate: spec.tax?.rate ?? 0,
        tax_base_numerator: spec.tax?.base[0] ?? 1,
        tax_base_denominator: spec.tax?.base[1] ?? 1,
        year: spec.year ?? 2025,
        created_by: spec.by === 'user' ? t.userId : adminId,
      } as never)
      .execute();
  };

  const linkFor = async (token: string, query: string) => {
    const response = await t.call('GET', `${API}/report?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const { path: link, originalName } = response.json().data;
    const url = new URL(link, 'http://localhost');
    return { link: `${url.pathname}${url.search}`, originalName: originalName as string };
  };

  const download = async (token: string, query: string) => {
    const { link } = await linkFor(token, query);
    const response = await t.call('GET', link);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  const sheetOf = async (token: string, query: string) => {
    const response = await download(token, `layout=rka&${query}`);
    const workbook = await readWorkbook(response.rawPayload);
    expect(workbook.worksheets).toHaveLength(1);
    return workbook.worksheets[0]!;
  };

  beforeAll(async () => {
    temporary = await mkdtemp(path.join(tmpdir(), 'ranwal-report-rka-test-'));
    // Downloads per person out of the way of the PDF limit's test, which makes three of one
    // person's at once (the download limit has its own, reliability-slow-readers).
    t = await startTestApp(target, { RANWAL_TEMP_DIR: temporary, RANWAL_EXPORTS_PER_USER: '10' });
    const me = await t.call('GET', '/ranwal/api/user/me', { token: t.adminToken });
    adminId = me.json().data.id;
    supporterId = await create('supporter', { name: 'Bappeda' });
    agencies.education = await create('agency', {
      code: '1.01.0.00.0.00.01.0000',
      name: 'Dinas Pendidikan',
    });
    // Named to sort first, coded to sort second.
    agencies.health = await create('agency', {
      code: '1.02.0.00.0.00.01.0000',
      name: 'Dinas Anggaran Kesehatan',
    });

    await buildProgram(
      agencies.education,
      {
        program: { code: '1.01.01', name: 'Program Penunjang Urusan' },
        action: { code: '1.01.01.2.01', name: 'Perencanaan dan Penganggaran' },
        sub_action: { code: '1.01.01.2.01.0001', name: 'Penyusunan Dokumen Perencanaan' },
      },
      [
        {
          meals: { code: '5.1.02.01.01.0029', name: 'Belanja Makanan dan Minuman Rapat' },
          stationery: { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor' },
        },
        // The same code under another subtitle: one group with the first.
        { stationery2: { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor' } },
      ],
    );
    // No codes: after the coded programme, though its name sorts first.
    await buildProgram(
      agencies.education,
      {
        program: { name: 'Program Alfa' },
        action: { name: 'Kegiatan Alfa' },
        sub_action: { name: 'Sub Kegiatan Alfa' },
      },
      [{ fees: { code: '5.1.02.02.01.0003', name: 'Honorarium Narasumber' } }],
    );
    await buildProgram(
      agencies.health,
      {
        program: { code: '1.02.02', name: 'Program Pemenuhan Upaya Kesehatan' },
        action: { code: '1.02.02.2.01', name: 'Penyediaan Fasilitas' },
        sub_action: { code: '1.02.02.2.01.0001', name: 'Pengadaan Alat Kesehatan' },
      },
      [{ masks: { code: '5.1.02.01.01.0033', name: 'Belanja Bahan Obat-Obatan' } }],
    );
    // A programme of the region as a whole: after every Perangkat Daerah.
    await buildProgram(
      null,
      {
        program: { code: '1.01.01', name: 'Program Wilayah' },
        action: { code: '1.01.01.2.02', name: 'Koordinasi' },
        sub_action: { code: '1.01.01.2.02.0001', name: 'Rapat Koordinasi' },
      },
      [{ tents: { code: '5.1.02.02.01.0010', name: 'Belanja Jasa Penyelenggaraan Acara' } }],
    );

    await insertLine({
      account: 'meals',
      name: 'Nasi Kotak',
      specification: 'Rapat penyusunan',
      unit: 'OH',
      price: 35_000,
      volumes: [2, 3, 1],
      units: ['Orang', 'Hari', 'Kali'],
      by: 'user',
    });
    await insertLine({
      account: 'stationery2',
      name: 'Tinta Printer',
      unit: 'Botol',
      price: 150_000,
      volumes: [2, 1, 1],
      units: ['Botol', null, null],
      tax: { rate: 12, base: [11, 12] },
    });
    await insertLine({
      account: 'stationery',
      name: 'Kertas A4',
      specification: '80 gram',
      unit: 'Rim',
      price: 50_000,
      volumes: [10, 1, 1],
      units: ['Rim', null, null],
      tax: { rate: 12, base: [1, 1] },
    });
    await insertLine({
      account: 'fees',
      name: 'Honor Narasumber',
      unit: 'OJ',
      price: 1_000_000,
      volumes: [1.5, 1, 1],
      units: ['Jam', null, null],
    });
    await insertLine({
      account: 'masks',
      name: 'Masker',
      unit: 'Box',
      price: 25_000,
      volumes: [100, 1, 1],
      units: ['Box', null, null],
      tax: { rate: 11.5, base: [1, 1] },
    });
    await insertLine({
      account: 'tents',
      name: 'Sewa Tenda',
      specification: 'Tenda (5 x 10 m) \\ 2 tiang',
      unit: 'Unit',
      price: 4_000_000,
      volumes: [1, 1, 1],
      units: ['Unit', null, null],
      tax: { rate: 12, base: [1, 1] },
    });
    await insertLine({
      account: 'tents',
      name: 'Tahun Lalu',
      unit: 'Unit',
      price: 7,
      volumes: [1, 1, 1],
      units: ['Unit', null, null],
      year: 2024,
    });

    await sql`insert into rka_signer (agency_id, place, position, name, nip) values
      (${agencies.education}, 'Bandung', 'Kepala Dinas Pendidikan', 'Dr. Siti Aminah, M.Pd.',
        '197001011995032001'),
      (null, 'Bandung', 'Sekretaris Daerah', 'Ir. Budi Hartono', '19650505 199003 1 002')`.execute(
      t.database.db,
    );
  });
  afterAll(async () => {
    await t?.close();
    await rm(temporary, { recursive: true, force: true });
  });

  const sumOf = (...names: string[]) =>
    (['total_price', 'tax', 'total_after_tax'] as const).map((key) =>
      names.reduce((sum, name) => sum + totals[name]![key], 0),
    );

  it('writes the RKA workbook: title, header, groups in code order, lines, SUM subtotals, signer', async () => {
    const before = today();
    const { link, originalName } = await linkFor(t.adminToken, 'year=2025&layout=rka');
    expect(originalName).toBe('rka-2025.xlsx');
    const response = await t.call('GET', link);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="rka-2025.xlsx"');
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.getWorksheet('RKA 2025')!;
    expect(sheet).toBeDefined();

    // Printing: A4 landscape, one page wide, the header row on every page.
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      paperSize: 9,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${HEADER_ROW}:${HEADER_ROW}`,
    });
    expect(sheet.headerFooter.oddFooter).toBe('&RHalaman &P dari &N');

    expect(sheet.getCell('A1').value).toBe('RENCANA KERJA DAN ANGGARAN');
    expect(sheet.getCell('A2').value).toBe('TAHUN ANGGARAN 2025');
    // The lines span several units: the header block says only when they are carried out.
    expect(cellsOf(sheet, 3).slice(0, 2)).toEqual([
      'Waktu Pelaksanaan',
      ': Januari s.d. Desember 2025',
    ]);
    expect(sheet.getCell('A4').value).toBeNull();
    expect(sheet.getCell('J1').isMerged).toBe(true);
    expect(cellsOf(sheet, HEADER_ROW)).toEqual(HEADERS);

    // Column A and B of every row of the table, down to the grand total.
    const table: [Cell, Cell][] = [];
    let totalRow = 0;
    for (let row = HEADER_ROW + 1; row <= sheet.rowCount; row++) {
      const [code, description] = cellsOf(sheet, row);
      table.push([code ?? null, description ?? null]);
      if (description === 'Total Keseluruhan') {
        totalRow = row;
        break;
      }
    }
    /** An account's lines under the buildProgram's Aktivitas and its subtitles. */
    const underActivity = (...subtitles: [string, string[]][]): [Cell, Cell][] => [
      [null, 'Aktivitas'],
      ...subtitles.flatMap(([subtitle, lines]): [Cell, Cell][] => [
        [null, subtitle],
        ...lines.map((line): [Cell, Cell] => [null, line]),
        [null, `Jumlah ${subtitle}`],
      ]),
      [null, 'Jumlah Aktivitas'],
    ];
    expect(table).toEqual([
      ['1.01.0.00.0.00.01.0000', 'Dinas Pendidikan'],
      ['1.01.01', 'Program Penunjang Urusan'],
      ['1.01.01.2.01', 'Perencanaan dan Penganggaran'],
      ['1.01.01.2.01.0001', 'Penyusunan Dokumen Perencanaan'],
      ['5.1.02.01.01.0024', 'Belanja Alat Tulis Kantor'],
      ...underActivity(['Subtitle 1', ['Kertas A4']], ['Subtitle 2', ['Tinta Printer']]),
      [null, 'Jumlah Belanja Alat Tulis Kantor'],
      ['5.1.02.01.01.0029', 'Belanja Makanan dan Minuman Rapat'],
      ...underActivity(['Subtitle 1', ['Nasi Kotak']]),
      [null, 'Jumlah Belanja Makanan dan Minuman Rapat'],
      [null, 'Jumlah Penyusunan Dokumen Perencanaan'],
      [null, 'Jumlah Perencanaan dan Penganggaran'],
      [null, 'Jumlah Program Penunjang Urusan'],
      [null, 'Program Alfa'],
      [null, 'Kegiatan Alfa'],
      [null, 'Sub Kegiatan Alfa'],
      ['5.1.02.02.01.0003', 'Honorarium Narasumber'],
      ...underActivity(['Subtitle 1', ['Honor Narasumber']]),
      [null, 'Jumlah Honorarium Narasumber'],
      [null, 'Jumlah Sub Kegiatan Alfa'],
      [null, 'Jumlah Kegiatan Alfa'],
      [null, 'Jumlah Program Alfa'],
      [null, 'Jumlah Dinas Pendidikan'],
      ['1.02.0.00.0.00.01.0000', 'Dinas Anggaran Kesehatan'],
      ['1.02.02', 'Program Pemenuhan Upaya Kesehatan'],
      ['1.02.02.2.01', 'Penyediaan Fasilitas'],
      ['1.02.02.2.01.0001', 'Pengadaan Alat Kesehatan'],
      ['5.1.02.01.01.0033', 'Belanja Bahan Obat-Obatan'],
      ...underActivity(['Subtitle 1', ['Masker']]),
      [null, 'Jumlah Belanja Bahan Obat-Obatan'],
      [null, 'Jumlah Pengadaan Alat Kesehatan'],
      [null, 'Jumlah Penyediaan Fasilitas'],
      [null, 'Jumlah Program Pemenuhan Upaya Kesehatan'],
      [null, 'Jumlah Dinas Anggaran Kesehatan'],
      ['1.01.01', 'Program Wilayah'],
      ['1.01.01.2.02', 'Koordinasi'],
      ['1.01.01.2.02.0001', 'Rapat Koordinasi'],
      ['5.1.02.02.01.0010', 'Belanja Jasa Penyelenggaraan Acara'],
      ...underActivity(['Subtitle 1', ['Sewa Tenda']]),
      [null, 'Jumlah Belanja Jasa Penyelenggaraan Acara'],
      [null, 'Jumlah Rapat Koordinasi'],
      [null, 'Jumlah Koordinasi'],
      [null, 'Jumlah Program Wilayah'],
      [null, 'Total Keseluruhan'],
    ]);
    const rowOf = (description: string) =>
      HEADER_ROW + 1 + table.findIndex(([, text]) => text === description);

    // Each line: name, specification, coefficient, satuan, harga, totals and PPN with its rate.
    const { total_price, tax, total_after_tax } = totals['Nasi Kotak']!;
    expect(cellsOf(sheet, rowOf('Nasi Kotak')).slice(1)).toEqual([
      'Nasi Kotak',
      'Rapat penyusunan',
      '2 Orang x 3 Hari x 1 Kali',
      'OH',
      35_000,
      total_price,
      null,
      tax,
      total_after_tax,
    ]);
    expect(total_price).toBe(210_000);
    expect(cellsOf(sheet, rowOf('Tinta Printer')).slice(2)).toEqual([
      null,
      '2 Botol',
      'Botol',
      150_000,
      300_000,
      'PPN 12% x 11/12',
      33_000,
      333_000,
    ]);
    expect(cellsOf(sheet, rowOf('Kertas A4')).slice(3, 10)).toEqual([
      '10 Rim',
      'Rim',
      50_000,
      500_000,
      'PPN 12%',
      60_000,
      560_000,
    ]);
    expect(sheet.getCell(`D${rowOf('Honor Narasumber')}`).value).toBe('1,5 Jam');
    expect(sheet.getCell(`H${rowOf('Masker')}`).value).toBe('PPN 11,5%');
    expect(sheet.getCell(`F${rowOf('Masker')}`).numFmt).toBe('"Rp" #,##0');

    // Subtotals are SUMs of their lines or of their groups' subtotals, with the right values.
    const expected: Record<string, string[]> = {
      'Jumlah Belanja Alat Tulis Kantor': ['Kertas A4', 'Tinta Printer'],
      'Jumlah Penyusunan Dokumen Perencanaan': ['Kertas A4', 'Tinta Printer', 'Nasi Kotak'],
      'Jumlah Program Penunjang Urusan': ['Kertas A4', 'Tinta Printer', 'Nasi Kotak'],
      'Jumlah Dinas Pendidikan': ['Kertas A4', 'Tinta Printer', 'Nasi Kotak', 'Honor Narasumber'],
      'Jumlah Dinas Anggaran Kesehatan': ['Masker'],
      'Jumlah Program Wilayah': ['Sewa Tenda'],
      'Total Keseluruhan': [
        'Kertas A4',
        'Tinta Printer',
        'Nasi Kotak',
        'Honor Narasumber',
        'Masker',
        'Sewa Tenda',
      ],
    };
    for (const [label, lines] of Object.entries(expected)) {
      const row = rowOf(label);
      AMOUNT_COLUMNS.forEach((column, index) => {
        const value = sheet.getCell(`${column}${row}`).value;
        expect(isFormula(value), `${label} ${column}`).toBe(true);
        const { formula, result } = value as ExcelJS.CellFormulaValue;
        expect(formula).toMatch(/^SUM\(/);
        expect(result, `${label} ${column}`).toBe(sumOf(...lines)[index]);
        expect(evaluate(sheet, formula), `${label} ${column}`).toBe(sumOf(...lines)[index]);
      });
    }
    expect(sheet.getCell(`G${rowOf('Jumlah Subtitle 2')}`).value).toMatchObject({
      formula: `SUM(G${rowOf('Tinta Printer')}:G${rowOf('Tinta Printer')})`,
    });
    expect(sheet.getCell(`G${rowOf('Jumlah Aktivitas')}`).value).toMatchObject({
      formula: `SUM(G${rowOf('Jumlah Subtitle 1')},G${rowOf('Jumlah Subtitle 2')})`,
    });
    expect(sheet.getCell(`G${rowOf('Jumlah Belanja Alat Tulis Kantor')}`).value).toMatchObject({
      formula: `SUM(G${rowOf('Jumlah Aktivitas')})`,
    });
    expect(sheet.getCell(`J${rowOf('Jumlah Dinas Pendidikan')}`).value).toMatchObject({
      formula: `SUM(J${rowOf('Jumlah Program Penunjang Urusan')},J${rowOf('Jumlah Program Alfa')})`,
    });
    // Every formula in the sheet gives what it stores, recomputed from the cells.
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (!isFormula(cell.value)) return;
        formulas += 1;
        // exceljs reads a stored 0 (`<v>0</v>`) back as no result at all.
        expect(evaluate(sheet, cell.value.formula), cell.address).toBe(cell.value.result ?? 0);
      }),
    );
    const sums = table.filter(
      ([, text]) => typeof text === 'string' && /^(Jumlah |Total Keseluruhan)/.test(text),
    );
    expect(formulas).toBe(3 * sums.length);

    // An edited line recomputes up to the grand total.
    const grandTotal = sheet.getCell(`J${totalRow}`).value as ExcelJS.CellFormulaValue;
    sheet.getCell(`J${rowOf('Masker')}`).value = totals.Masker!.total_after_tax + 1000;
    expect(evaluate(sheet, grandTotal.formula)).toBe((grandTotal.result as number) + 1000);

    // The signature block: the region's signer (no agency asked for), dated the day it was made.
    const block = [];
    for (let row = totalRow + 1; row <= sheet.rowCount; row++) {
      const value = sheet.getCell(`H${row}`).value;
      if (value !== null) block.push(value);
    }
    expect([`Bandung, ${before}`, `Bandung, ${today()}`]).toContain(block[0]);
    expect(block.slice(1)).toEqual([
      'Sekretaris Daerah',
      'Ir. Budi Hartono',
      'NIP. 19650505 199003 1 002',
    ]);
    expect(sheet.getCell(`J${sheet.rowCount}`).isMerged).toBe(true);
  });

  it('narrows to a Perangkat Daerah: its header block and its signer', async () => {
    const sheet = await sheetOf(t.adminToken, `year=2025&agency_id=${agencies.education}`);
    expect(rkaHeaderBlock(sheet)).toEqual([
      [
        'Urusan Pemerintahan',
        ': 1 URUSAN PEMERINTAHAN WAJIB YANG BERKAITAN DENGAN PELAYANAN DASAR',
      ],
      ['Bidang Urusan', ': 1.01'],
      ['Organisasi', ': 1.01.0.00.0.00.01.0000 Dinas Pendidikan'],
      ['Waktu Pelaksanaan', ': Januari s.d. Desember 2025'],
    ]);
    const descriptions = sheet.getColumn(2).values as Cell[];
    expect(descriptions).not.toContain('Dinas Anggaran Kesehatan');
    expect(descriptions).not.toContain('Program Wilayah');
    const totalRow = descriptions.indexOf('Total Keseluruhan');
    expect(sheet.getCell(`J${totalRow}`).value).toMatchObject({
      result: sumOf('Kertas A4', 'Tinta Printer', 'Nasi Kotak', 'Honor Narasumber')[2],
    });
    expect(rkaSignature(sheet).slice(1)).toEqual([
      'Kepala Dinas Pendidikan',
      'Dr. Siti Aminah, M.Pd.',
      'NIP. 19700101 199503 2 001',
    ]);

    // No signer set for this one: lines to sign on.
    const blank = rkaSignature(
      await sheetOf(t.adminToken, `year=2025&agency_id=${agencies.health}`),
    );
    expect(blank).toHaveLength(4);
    expect(blank[0]).toMatch(/^\.{10,}, \d{1,2} \w+ 2\d{3}$/);
    expect(blank[1]).toMatch(/^\.{10,}$/);
    expect(blank[2]).toMatch(/^\.{10,}$/);
    expect(blank[3]).toMatch(/^NIP\. \.{10,}$/);
  });

  it("signs an admin's RKA of one unit's lines by that unit's signer, with no unit asked for", async () => {
    const sheet = await sheetOf(t.adminToken, `year=2025&program_id=${chains.meals!.program_id}`);
    expect(rkaHeaderBlock(sheet)).toEqual([
      [
        'Urusan Pemerintahan',
        ': 1 URUSAN PEMERINTAHAN WAJIB YANG BERKAITAN DENGAN PELAYANAN DASAR',
      ],
      ['Bidang Urusan', ': 1.01'],
      ['Organisasi', ': 1.01.0.00.0.00.01.0000 Dinas Pendidikan'],
      ['Program', ': 1.01.01 Program Penunjang Urusan'],
      ['Kegiatan', ': 1.01.01.2.01 Perencanaan dan Penganggaran'],
      ['Sub Kegiatan', ': 1.01.01.2.01.0001 Penyusunan Dokumen Perencanaan'],
      // No place set for it yet (issue 38): a line to write on, as the format has the row.
      ['Lokasi', ': ....................................'],
      ['Waktu Pelaksanaan', ': Januari s.d. Desember 2025'],
      // The filter, under the block (one cell merged over the row).
      ['Program: Program Penunjang Urusan', 'Program: Program Penunjang Urusan'],
    ]);
    expect(rkaSignature(sheet).slice(1)).toEqual([
      'Kepala Dinas Pendidikan',
      'Dr. Siti Aminah, M.Pd.',
      'NIP. 19700101 199503 2 001',
    ]);
    // Lines of two units (and of none): the region's signer, no Organisasi.
    const region = await sheetOf(t.adminToken, 'year=2025');
    expect(rkaHeaderBlock(region).map(([label]) => label)).toEqual(['Waktu Pelaksanaan']);
    expect(rkaSignature(region)[1]).toBe('Sekretaris Daerah');
  });

  it("prints a unit user's own unit with its signer, and refuses another unit's RKA", async () => {
    const made = await t.call('POST', '/ranwal/api/user/create', {
      token: t.adminToken,
      body: {
        name: 'Ani Perencana',
        email: 'ani.rka@test.local',
        role: 'user',
        password: 'ani-password-1',
        agency_ids: [agencies.education],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const signedIn = await t.call('POST', '/ranwal/api/user/sign-in', {
      body: { email: 'ani.rka@test.local', password: 'ani-password-1' },
    });
    const ani = signedIn.json().data.token as string;

    // Her unit's lines, whoever made them; none of another unit's; her unit's signer.
    const sheet = await sheetOf(ani, 'year=2025');
    const descriptions = sheet.getColumn(2).values as Cell[];
    for (const line of ['Kertas A4', 'Tinta Printer', 'Nasi Kotak', 'Honor Narasumber']) {
      expect(descriptions).toContain(line);
    }
    expect(descriptions).not.toContain('Masker');
    expect(descriptions).not.toContain('Sewa Tenda');
    expect(rkaHeaderBlock(sheet)).toContainEqual([
      'Organisasi',
      ': 1.01.0.00.0.00.01.0000 Dinas Pendidikan',
    ]);
    expect(rkaSignature(sheet).slice(1)).toEqual([
      'Kepala Dinas Pendidikan',
      'Dr. Siti Aminah, M.Pd.',
      'NIP. 19700101 199503 2 001',
    ]);
    // A year without lines is still her unit's RKA, signed by its signer.
    const empty = await sheetOf(ani, 'year=2041');
    expect(rkaHeaderBlock(empty)).toContainEqual([
      'Organisasi',
      ': 1.01.0.00.0.00.01.0000 Dinas Pendidikan',
    ]);
    expect(rkaSignature(empty)[1]).toBe('Kepala Dinas Pendidikan');
    // Asking for her own unit is fine; another unit's is refused, for the PDF too.
    await sheetOf(ani, `year=2025&agency_id=${agencies.education}`);
    for (const format of ['xlsx', 'pdf']) {
      const refused = await t.call(
        'GET',
        `${API}/report?year=2025&layout=rka&format=${format}&agency_id=${agencies.health}`,
        { token: ani },
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe('Data ini di luar Perangkat Daerah Anda.');
    }
    // A link she was given before leaving the unit no longer opens.
    const { link } = await linkFor(ani, `year=2025&layout=rka&agency_id=${agencies.education}`);
    const left = await t.call('PUT', `/ranwal/api/user/${made.json().data.id}/update`, {
      token: t.adminToken,
      body: {
        name: 'Ani Perencana',
        email: 'ani.rka@test.local',
        role: 'user',
        agency_ids: [agencies.health],
      },
    });
    expect(left.statusCode, left.body).toBe(200);
    const stale = await t.call('GET', link);
    expect(stale.statusCode, stale.body).toBe(403);
    expect(stale.json().message).toBe('Data ini di luar Perangkat Daerah Anda.');
    // A person without units has no unit to ask for either.
    const unitless = await t.call(
      'GET',
      `${API}/report?year=2025&agency_id=${agencies.education}`,
      { token: t.userToken },
    );
    expect(unitless.statusCode).toBe(403);
  });

  it('writes a zero subtotal as 0 in both formats, and a long code on one line', async () => {
    await insertLine({
      account: 'masks',
      name: 'Sumbangan Gratis',
      code: '1.1.12.01.01.0004.000054',
      unit: 'Box',
      price: 0,
      volumes: [5, 1, 1],
      units: ['Box', null, null],
      year: 2030,
    });
    const response = await download(
      t.adminToken,
      `year=2030&layout=rka&agency_id=${agencies.health}`,
    );
    // Each a SUM that makes 0 (exceljs reads a stored 0 result back as none, so recomputed).
    const sheet = (await readWorkbook(response.rawPayload)).worksheets[0]!;
    const descriptions = sheet.getColumn(2).values as Cell[];
    for (const label of [
      'Jumlah Subtitle 1',
      'Jumlah Belanja Bahan Obat-Obatan',
      'Total Keseluruhan',
    ]) {
      const row = descriptions.indexOf(label);
      for (const column of AMOUNT_COLUMNS) {
        const value = sheet.getCell(`${column}${row}`).value;
        expect(isFormula(value), `${label} ${column}`).toBe(true);
        expect(evaluate(sheet, (value as ExcelJS.CellFormulaValue).formula)).toBe(0);
      }
    }
    expect(sheet.getCell(`I${descriptions.indexOf('Sumbangan Gratis')}`).value).toBe(0);
    const pdf = await download(
      t.adminToken,
      `year=2030&layout=rka&format=pdf&agency_id=${agencies.health}`,
    );
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    // Its code on one line, not broken over two (pdf.js would read the parts apart).
    expect(text).toContain('1.1.12.01.01.0004.000054 Sumbangan Gratis 5 Box Box 0 0 0 0');
    expect(text).toContain('Jumlah Subtitle 1 0 0 0');
    expect(text).toContain('Jumlah Belanja Bahan Obat-Obatan 0 0 0');
    expect(text).toContain('Total Keseluruhan 0 0 0');
  });

  it("exports nothing of a unit's from the link of a user without one, not the lines they made there either (issue 34)", async () => {
    // The harness's user made 'Nasi Kotak' under Dinas Pendidikan's programme: it stays the
    // unit's (its people print it above), and the account without a unit reaches none of it.
    const sheet = await sheetOf(t.userToken, 'year=2025');
    const descriptions = (sheet.getColumn(2).values as Cell[]).slice(rkaTableHeaderRow(sheet) + 1);
    expect(descriptions.slice(0, 1)).toEqual(['Total Keseluruhan']);
    expect(descriptions).not.toContain('Nasi Kotak');
    expect(descriptions).not.toContain('Kertas A4');
  });

  it('answers an empty year with the header, a zero total and the signature block', async () => {
    const sheet = await sheetOf(t.adminToken, 'year=2040');
    expect(cellsOf(sheet, HEADER_ROW)).toEqual(HEADERS);
    expect(cellsOf(sheet, HEADER_ROW + 1)).toEqual([
      null,
      'Total Keseluruhan',
      null,
      null,
      null,
      null,
      0,
      null,
      0,
      0,
    ]);
  });

  it('writes the same RKA as a PDF: header and page number on every page, total and signer last', async () => {
    // Enough lines of one year for several pages.
    const lines = 150;
    await sql`
      insert into detail_program (component_code, component_name, specification, unit, price,
        first_volume, second_volume, third_volume, first_volume_unit, second_volume_unit,
        total_price, tax, total_after_tax, tax_rate, year, program_id, action_id, sub_action_id,
        activity_id, subtitle_id, account_id, supporter_id, created_by)
      select '', 'Snack Rapat ' || n, 'Kue basah dan air mineral untuk rapat koordinasi ' || n,
        'OK', 1000 + n, 2, 3, 1, 'Orang', 'Kali', 6 * (1000 + n), round(6 * (1000 + n) * 0.12),
        6 * (1000 + n) + round(6 * (1000 + n) * 0.12), 12, 2027,
        ${chains.meals!.program_id}, ${chains.meals!.action_id}, ${chains.meals!.sub_action_id},
        ${chains.meals!.activity_id}, ${chains.meals!.subtitle_id}, ${chains.meals!.account_id},
        ${supporterId}, ${adminId}
      from generate_series(1, ${lines}) as n`.execute(t.database.db);
    const { rows } = await sql<{ price: string; tax: string; after: string }>`
      select sum(total_price)::text as price, sum(tax)::text as tax,
        sum(total_after_tax)::text as after
      from detail_program where year = 2027`.execute(t.database.db);
    const grandTotal = [rows[0]!.price, rows[0]!.tax, rows[0]!.after]
      .map((sum) => formatNumberId(BigInt(sum)))
      .join(' ');

    const before = today();
    const { link, originalName } = await linkFor(
      t.adminToken,
      `year=2027&layout=rka&format=pdf&agency_id=${agencies.education}`,
    );
    expect(originalName).toBe('rka-2027.pdf');
    const response = await t.call('GET', link);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rka-2027.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toContain('RENCANA KERJA DAN ANGGARAN');
    expect(pages[0]).toContain('TAHUN ANGGARAN 2027');
    // The header block: the unit's affair, field and organisation, and when.
    expect(pages[0]).toContain(
      'Urusan Pemerintahan : 1 URUSAN PEMERINTAHAN WAJIB YANG BERKAITAN DENGAN PELAYANAN DASAR',
    );
    expect(pages[0]).toContain('Bidang Urusan : 1.01');
    expect(pages[0]).toContain('Organisasi : 1.01.0.00.0.00.01.0000 Dinas Pendidikan');
    expect(pages[0]).toContain('Waktu Pelaksanaan : Januari s.d. Desember 2027');
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toContain('Kode Uraian Spesifikasi Koefisien Satuan');
      expect(page, `page ${index + 1}`).toContain(`Halaman ${index + 1}`);
    });
    expect(pages[0]).toContain('1.01.0.00.0.00.01.0000 Dinas Pendidikan');
    expect(pages[0]).toContain('2 Orang x 3 Kali OK');
    const all = `${pages.join(' ')} `;
    for (let n = 1; n <= lines; n++) expect(all).toContain(`Snack Rapat ${n} `);

    const last = pages.at(-1)!;
    expect(last).toContain(`Total Keseluruhan ${grandTotal}`);
    expect([`Bandung, ${before}`, `Bandung, ${today()}`].some((text) => last.includes(text))).toBe(
      true,
    );
    expect(last).toContain('Kepala Dinas Pendidikan');
    expect(last).toContain('Dr. Siti Aminah, M.Pd.');
    expect(last).toContain('NIP. 19700101 199503 2 001');
    expect(pages.slice(0, -1).join(' ')).not.toContain('Total Keseluruhan');
  });

  it('puts the PPN rule and the subtotals of the RKA in the PDF', async () => {
    const response = await download(t.adminToken, 'year=2025&layout=rka&format=pdf');
    const text = (await pdfPages(response.rawPayload)).join(' ');
    expect(text).toContain(
      'Tinta Printer 2 Botol Botol 150.000 300.000 PPN 12% x 11/12 33.000 333.000',
    );
    expect(text).toContain(
      `Jumlah Dinas Pendidikan ${sumOf(
        'Kertas A4',
        'Tinta Printer',
        'Nasi Kotak',
        'Honor Narasumber',
      )
        .map((amount) => formatNumberId(amount))
        .join(' ')}`,
    );
    expect(text).toContain('Sewa Tenda Tenda (5 x 10 m) \\ 2 tiang 1 Unit');
    expect(text).toContain('Sekretaris Daerah');
  });

  // Issue 34: 300 lines whose specification held 1 000 line breaks made a 5.2 MB PDF.
  it('bounds what one field puts in the PDF: blank lines left out, 16 lines at most, then …', async () => {
    const hostile = 'x\n'.repeat(1000).trim();
    await insertLine({
      account: 'meals',
      name: 'Spesifikasi Panjang',
      specification: hostile,
      unit: 'OH',
      price: 1_000,
      volumes: [1, 1, 1],
      units: ['Orang', null, null],
      year: 2031,
    });
    await insertLine({
      account: 'meals',
      name: 'Baris Kosong',
      specification: `awal${'\n \n'.repeat(40)}akhir`,
      unit: 'OH',
      price: 1_000,
      volumes: [1, 1, 1],
      units: ['Orang', null, null],
      year: 2031,
    });
    const pdf = await download(t.adminToken, 'year=2031&layout=rka&format=pdf');
    const pages = await pdfPages(pdf.rawPayload);
    const text = pages.join(' ');
    // Fifteen lines of 'x', then the sixteenth ending in the marker; the workbook keeps it all.
    expect(text).toContain(`Spesifikasi Panjang ${'x '.repeat(15)}x…`);
    expect(text.match(/\bx\b/g)).toHaveLength(16);
    // Blank lines take no room: the text after forty of them is printed.
    expect(text).toContain('Baris Kosong awal akhir');
    expect(pages.length).toBeLessThanOrEqual(2);
    const sheet = await sheetOf(t.adminToken, 'year=2031');
    expect(sheet.getColumn(3).values).toContain(hostile);
  });

  it('makes one PDF of a person at a time, telling them to wait; other files go on', async () => {
    for (let n = 0; n < 40; n++) {
      await insertLine({
        account: 'stationery',
        name: `Barang Antre ${n}`,
        specification: 'Kertas HVS A4 80 gram, satu rim berisi lima ratus lembar',
        unit: 'Rim',
        price: 50_000,
        volumes: [1, 1, 1],
        units: ['Rim', null, null],
        year: 2032,
        by: 'user',
      });
    }
    const pdf = 'year=2032&layout=rka&format=pdf';
    const [first, second] = await Promise.all([
      linkFor(t.userToken, pdf),
      linkFor(t.userToken, pdf),
    ]);
    const workbook = await linkFor(t.userToken, 'year=2032&layout=rka');
    const others = await linkFor(t.adminToken, pdf);
    const answers = await Promise.all([
      t.call('GET', first.link),
      t.call('GET', second.link),
      t.call('GET', workbook.link),
      t.call('GET', others.link),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: messagesId.server.pdfRendersBusy(1),
    });
    // The workbook and another person's PDF are made meanwhile; once the first PDF is made,
    // the person's next one is.
    expect([answers[2]!.statusCode, answers[3]!.statusCode]).toEqual([200, 200]);
    const again = await t.call('GET', second.link);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a PDF of the flat layout, naming the format', async () => {
    const response = await t.call('GET', `${API}/report?year=2025&format=pdf`, {
      token: t.adminToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation' });
    expect(response.json().issues).toEqual([
      expect.objectContaining({ path: 'format', message: expect.stringContaining('PDF') }),
    ]);
  });

  it("names the printed lines' sumber dana with their totals under Sumber Pendanaan", async () => {
    const query = `year=2025&program_id=${chains.meals!.program_id}`;
    const labels = (sheet: ExcelJS.Worksheet) => rkaHeaderBlock(sheet).map(([label]) => label);
    // No line names a source: no row (the lines above, as every RKA before issue 36).
    expect(labels(await sheetOf(t.adminToken, query))).not.toContain('Sumber Pendanaan');

    // Nasi Kotak from DAU, the others from none: both named, in code order, with totals.
    const { rows } = await sql<{ id: string }>`
      select id from funding_source where code = 'DAU'`.execute(t.database.db);
    await sql`update detail_program set funding_source_id = ${rows[0]!.id}
      where component_name = 'Nasi Kotak'`.execute(t.database.db);
    try {
      const sheet = await sheetOf(t.adminToken, query);
      const nasi = totals['Nasi Kotak']!.total_after_tax;
      const { rows: others } = await sql<{ total: string }>`
        select sum(d.total_after_tax)::text as total from detail_program d
        where d.program_id = ${chains.meals!.program_id} and d.year = 2025
          and d.funding_source_id is null`.execute(t.database.db);
      expect(rkaHeaderBlock(sheet)).toContainEqual([
        'Sumber Pendanaan',
        `: DAU ${formatRupiah(nasi)}; Tanpa sumber dana ${formatRupiah(others[0]!.total)}`,
      ]);
      // Right under Sub Kegiatan, before Lokasi, as the format has it.
      const order = labels(sheet);
      expect(order.indexOf('Sumber Pendanaan')).toBe(order.indexOf('Sub Kegiatan') + 1);
    } finally {
      await sql`update detail_program set funding_source_id = null`.execute(t.database.db);
    }
  });

  it('keeps the flat workbook as the default layout', async () => {
    const { originalName, link } = await linkFor(t.adminToken, 'year=2025');
    expect(originalName).toBe('laporan-detail-program-2025.xlsx');
    const response = await t.call('GET', link);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="laporan-detail-program-2025.xlsx"',
    );
    const sheet = (await readWorkbook(response.rawPayload)).worksheets[0]!;
    expect(sheet.name).toBe('Laporan 2025');
  });
});
