import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type ManagedEntityKey, managedEntities } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../../apps/server/test/rka-reading.js';
import type { ExportResult } from '../src/index.js';
import {
  ADMIN,
  logInAsAdmin,
  runCli,
  startServer,
  type TestServer,
  withConfigHome,
} from './support.js';

describe('ranwal export reports --layout rka', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  const file = (name: string) => path.join(home.dir, name);
  const ranwal = (args: string[]) =>
    runCli(args, { env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url } });
  const exportJson = async (args: string[]) => {
    const run = await ranwal(['export', 'reports', '--year', '2025', ...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as ExportResult;
  };

  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
    await logInAsAdmin(server, home.dir);

    // The hierarchy through the API; the lines, with their volume units and PPN rule, by SQL.
    const { data: session } = await createClient({ baseUrl: server.url }).user.signIn(ADMIN);
    const create = async (key: ManagedEntityKey, body: Record<string, unknown>) => {
      const response = await fetch(`${server.url}/ranwal/api/${managedEntities[key].path}/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${session.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { data: { id: string } };
      expect(response.status, JSON.stringify(answer)).toBe(201);
      return answer.data.id;
    };
    const agency_id = await create('agency', {
      code: '1.01.0.00.0.00.01.0000',
      name: 'Dinas Pendidikan',
    });
    const program_id = await create('program', {
      code: '1.01.01',
      name: 'Program Penunjang',
      agency_id,
    });
    const action_id = await create('action', {
      code: '1.01.01.2.01',
      name: 'Perencanaan',
      program_id,
    });
    const sub_action_id = await create('sub_action', {
      code: '1.01.01.2.01.0001',
      name: 'Penyusunan Dokumen',
      action_id,
    });
    const activity_id = await create('activity', { name: 'Rapat', sub_action_id });
    const subtitle_id = await create('subtitle', { name: 'Rapat Tim', activity_id });
    const account_id = await create('account', {
      code: '5.1.02.01.01.0029',
      name: 'Belanja Makanan dan Minuman Rapat',
      subtitle_id,
    });
    const supporter_id = await create('supporter', { name: 'Bappeda' });
    const chain = { program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id };
    // A second unit with one line: the region's RKA spans two units.
    const health = await create('agency', {
      code: '1.02.0.00.0.00.01.0000',
      name: 'Dinas Kesehatan',
    });
    const healthProgram = await create('program', {
      code: '1.02.02',
      name: 'Program Upaya Kesehatan',
      agency_id: health,
    });
    const healthAction = await create('action', {
      code: '1.02.02.2.01',
      name: 'Penyediaan Fasilitas',
      program_id: healthProgram,
    });
    const healthSubAction = await create('sub_action', {
      code: '1.02.02.2.01.0001',
      name: 'Pengadaan Alat',
      action_id: healthAction,
    });
    const healthActivity = await create('activity', {
      name: 'Pengadaan',
      sub_action_id: healthSubAction,
    });
    const healthSubtitle = await create('subtitle', {
      name: 'Alat Pelindung',
      activity_id: healthActivity,
    });
    const healthAccount = await create('account', {
      code: '5.1.02.01.01.0033',
      name: 'Belanja Bahan Obat',
      subtitle_id: healthSubtitle,
    });
    // One statement each, so they are made in this order.
    const lines = [
      {
        ...chain,
        supporter_id,
        component_name: 'Nasi Kotak',
        unit: 'OH',
        price: 35_000,
        first_volume: 2,
        second_volume: 3,
        third_volume: 1,
        first_volume_unit: 'Orang',
        second_volume_unit: 'Hari',
        third_volume_unit: 'Kali',
        total_price: 210_000,
        tax: 23_100,
        total_after_tax: 233_100,
        tax_rate: 11,
        tax_base_numerator: 1,
        tax_base_denominator: 1,
        year: 2025,
      },
      {
        ...chain,
        supporter_id,
        component_name: 'Air Mineral',
        unit: 'Dus',
        price: 50_000,
        first_volume: 4,
        second_volume: 1,
        third_volume: 1,
        first_volume_unit: 'Dus',
        total_price: 200_000,
        tax: 22_000,
        total_after_tax: 222_000,
        tax_rate: 12,
        tax_base_numerator: 11,
        tax_base_denominator: 12,
        year: 2025,
      },
      {
        program_id: healthProgram,
        action_id: healthAction,
        sub_action_id: healthSubAction,
        activity_id: healthActivity,
        subtitle_id: healthSubtitle,
        account_id: healthAccount,
        supporter_id,
        component_name: 'Masker',
        unit: 'Box',
        price: 10_000,
        first_volume: 1,
        second_volume: 1,
        third_volume: 1,
        first_volume_unit: 'Box',
        total_price: 10_000,
        tax: 0,
        total_after_tax: 10_000,
        tax_rate: 0,
        tax_base_numerator: 1,
        tax_base_denominator: 1,
        year: 2025,
      },
    ];
    for (const line of lines) {
      await server.database.db
        .insertInto('detail_program')
        .values(line as never)
        .execute();
    }
    await server.database.db
      .insertInto('rka_signer')
      .values([
        {
          agency_id: null,
          place: 'Bandung',
          position: 'Sekretaris Daerah',
          name: 'Ir. Budi Hartono',
          nip: '19650505 199003 1 002',
        },
        {
          agency_id,
          place: 'Bandung',
          position: 'Kepala Dinas Pendidikan',
          name: 'Dr. Siti Aminah, M.Pd.',
          nip: '197001011995032001',
        },
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });

  it('writes the RKA workbook: groups, SUM subtotals, the grand total', async () => {
    const result = await exportJson(['--layout', 'rka', '--out', file('rka.xlsx')]);
    expect(result).toMatchObject({ file: file('rka.xlsx'), format: 'xlsx', layout: 'rka' });
    expect(result.bytes).toBe((await stat(file('rka.xlsx'))).size);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file('rka.xlsx'));
    const sheet = workbook.getWorksheet('RKA 2025')!;
    expect(sheet.getCell('A1').value).toBe('RENCANA KERJA DAN ANGGARAN');
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', printTitlesRow: '5:5' });
    const descriptions = (sheet.getColumn(2).values as ExcelJS.CellValue[]).slice(6);
    expect(descriptions.slice(0, 9)).toEqual([
      'Dinas Pendidikan',
      'Program Penunjang',
      'Perencanaan',
      'Penyusunan Dokumen',
      'Belanja Makanan dan Minuman Rapat',
      'Rapat',
      'Rapat Tim',
      'Nasi Kotak',
      'Air Mineral',
    ]);
    const rowOf = (text: string) =>
      (sheet.getColumn(2).values as ExcelJS.CellValue[]).indexOf(text);
    expect(sheet.getCell(`J${rowOf('Total Keseluruhan')}`).value).toMatchObject({
      formula: expect.stringMatching(/^SUM\(/),
      result: 465_100,
    });
    expect(sheet.getCell(`D${rowOf('Air Mineral')}`).value).toBe('4 Dus');
    expect(sheet.getCell(`H${rowOf('Air Mineral')}`).value).toBe('PPN 12% x 11/12');
  });

  it('writes the RKA as a PDF for a .pdf file, its total and signer on the last page', async () => {
    const run = await ranwal(['export', 'reports', '--year', '2025', '--out', file('rka.pdf')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Saved the 2025 RKA to .*rka\.pdf \(.+\)\n$/);
    expect((await readFile(file('rka.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(await readFile(file('rka.pdf')));
    const last = pages.at(-1)!;
    expect(last).toContain('Total Keseluruhan 420.000 45.100 465.100');
    expect(pages.join(' ')).toContain(
      'Nasi Kotak 2 Orang x 3 Hari x 1 Kali OH 35.000 210.000 PPN 11%',
    );
    expect(last).toContain('Sekretaris Daerah');
    expect(last).toContain('Ir. Budi Hartono NIP. 19650505 199003 1 002');
  });

  it("--agency prints one Perangkat Daerah's RKA, found by code or name, with its signer", async () => {
    const result = await exportJson([
      '--agency',
      '1.01.0.00.0.00.01.0000',
      '--out',
      file('rka-pdk.pdf'),
    ]);
    expect(result).toMatchObject({
      layout: 'rka',
      format: 'pdf',
      agency: { name: 'Dinas Pendidikan' },
    });
    const text = (await pdfPages(await readFile(file('rka-pdk.pdf')))).join(' ');
    expect(text).toContain('Organisasi : 1.01.0.00.0.00.01.0000 Dinas Pendidikan');
    expect(text).toContain('Sub Kegiatan : 1.01.01.2.01.0001 Penyusunan Dokumen');
    expect(text).toContain('Total Keseluruhan 410.000 45.100 455.100');
    expect(text).toContain('Kepala Dinas Pendidikan');
    expect(text).toContain('Dr. Siti Aminah, M.Pd. NIP. 19700101 199503 2 001');
    expect(text).not.toContain('Masker');
    expect(text).not.toContain('Sekretaris Daerah');

    const byName = await ranwal([
      'export',
      'reports',
      '--year',
      '2025',
      '--layout',
      'rka',
      '--agency',
      'dinas kesehatan',
      '--out',
      file('rka-kes.xlsx'),
    ]);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toMatch(/^Saved the 2025 RKA \(Perangkat Daerah Dinas Kesehatan\) to /);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file('rka-kes.xlsx'));
    const descriptions = workbook.worksheets[0]!.getColumn(2).values as ExcelJS.CellValue[];
    expect(descriptions).toContain('Masker');
    expect(descriptions).not.toContain('Nasi Kotak');

    const unknown = await ranwal([
      'export',
      'reports',
      '--year',
      '2025',
      '--agency',
      'Dinas Tidak Ada',
      '--out',
      file('none.xlsx'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^ranwal: no Perangkat Daerah is named "Dinas Tidak Ada"/);
  });

  it.each([
    [
      ['--layout', 'flat', '--out', 'flat.pdf'],
      'a PDF is of the RKA only: use --layout rka, or xlsx or csv',
    ],
    [
      ['--layout', 'rka', '--out', 'rka.csv'],
      'CSV is of the flat layout only: the RKA is xlsx or pdf',
    ],
  ])('refuses %j before calling the server', async (args, message) => {
    const run = await ranwal(['export', 'reports', '--year', '2025', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`ranwal: ${message}\n`);
  });

  it('refuses a PDF of the hierarchy', async () => {
    const run = await ranwal(['export', 'hierarchy', '--format', 'pdf', '--out', file('h.pdf')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('ranwal: --format must be one of xlsx, csv\n');
  });
});
