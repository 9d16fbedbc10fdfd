import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importLevelKeys } from '@ranwal/core';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { setLanguage } from '../../lang.js';
import { findHeader, type SheetRow } from './columns.js';
import {
  type CsvEncoding,
  CsvRecords,
  decode,
  detectEncoding,
  openSheet,
  readCsv,
  sniffSeparator,
} from './read.js';
import { checkRows, RowChecker } from './validate.js';

const HEADER = 'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening';

// The messages these checks compare are the CLI's English (`--lang en`); its default is Indonesian.
beforeAll(() => setLanguage('en'));
afterAll(() => setLanguage('id'));

describe('header names', () => {
  it.each([
    ['Program', 'program'],
    ['  KEGIATAN ', 'action'],
    ['Nama Kegiatan', 'action'],
    ['Sub-Kegiatan', 'sub_action'],
    ['sub_action', 'sub_action'],
    ['Sub-action', 'sub_action'],
    ['Aktifitas', 'activity'],
    ['Aktivitas', 'activity'],
    ['Activity', 'activity'],
    ['Sub Title', 'subtitle'],
    ['Kode_Rekening', 'account_code'],
    ['Account Code', 'account_code'],
    ['Nama Rekening', 'account_name'],
    ['Uraian', 'account_name'],
    ['PPN', 'program_is_taxed'],
    ['Menggunakan Pajak', 'program_is_taxed'],
  ] as const)('%j names %s', (header, field) => {
    const standard = [
      'Program',
      'Kegiatan',
      'Sub Kegiatan',
      'Aktivitas',
      'Subtitle',
      'Kode Rekening',
      'Nama Rekening',
      'PPN',
    ];
    const fields = [
      'program',
      'action',
      'sub_action',
      'activity',
      'subtitle',
      'account_code',
      'account_name',
      'program_is_taxed',
    ];
    const position = fields.indexOf(field);
    const cells = standard.map((cell, index) => (index === position ? header : cell));
    const { columns } = findHeader([{ row: 1, cells }]);
    expect(columns.index[field]).toBe(position);
    expect(columns.label[field]).toBe(header.trim());
  });

  // The Perangkat Daerah as DPA and RKA sheets spell it, and as Ranwal's catalogues label it.
  it.each([
    ['Perangkat Daerah', 'agency'],
    ['Nama Perangkat Daerah', 'agency'],
    ['SKPD', 'agency'],
    ['Nama SKPD', 'agency'],
    ['OPD', 'agency'],
    ['Unit', 'agency'],
    ['Unit Kerja', 'agency'],
    ['Nama Unit', 'agency'],
    ['Regional Unit', 'agency'],
    ['Kode Perangkat Daerah', 'agency_code'],
    ['Kode SKPD', 'agency_code'],
    ['Kode OPD', 'agency_code'],
    ['Kode Unit', 'agency_code'],
    ['Kode Unit Kerja', 'agency_code'],
    ['Regional Unit Code', 'agency_code'],
  ] as const)('%j names the Perangkat Daerah (%s)', (header, field) => {
    const cells = ['Kode SKPD', 'SKPD', ...HEADER.split(';')];
    cells[field === 'agency_code' ? 0 : 1] = header;
    const { columns, ignored } = findHeader([{ row: 1, cells }]);
    expect(columns.label[field]).toBe(header);
    expect(ignored).toEqual([]);
  });

  it('reads a Sub Unit column as no Perangkat Daerah, and wants an agency name beside its code', () => {
    const subUnit = findHeader([{ row: 1, cells: ['Sub Unit', ...HEADER.split(';')] }]);
    expect(subUnit.columns.index.agency).toBeUndefined();
    expect(subUnit.ignored).toEqual(['Sub Unit']);
    expect(() => findHeader([{ row: 1, cells: ['Kode SKPD', ...HEADER.split(';')] }])).toThrow(
      'the column "Kode SKPD" needs a Perangkat Daerah column beside it: the agency\'s name',
    );
    expect(() =>
      findHeader([{ row: 1, cells: ['SKPD', 'Perangkat Daerah', ...HEADER.split(';')] }]),
    ).toThrow('the columns "SKPD" and "Perangkat Daerah" both mean Perangkat Daerah; keep one');
  });

  it('finds the header below a title and refuses two columns for one field', () => {
    const found = findHeader([
      { row: 1, cells: ['Daftar Rekening 2025'] },
      { row: 3, cells: HEADER.split(';') },
    ]);
    expect(found.position).toBe(1);
    expect(() => findHeader([{ row: 1, cells: [...HEADER.split(';'), 'Kode'] }])).toThrow(
      'the columns "Kode Rekening" and "Kode" both mean Kode Rekening; keep one',
    );
  });
});

describe('CSV files', () => {
  it.each([
    ['a;b;c,d\n1;2', ';'],
    ['a,b;c\n1,2', ','],
    ['"a;b",c,d\n', ','],
    ['Judul\nProgram\tKegiatan\n', '\t'],
  ])('sniffs the separator of %j as %j', (text, separator) => {
    expect(sniffSeparator(text)).toBe(separator);
  });

  it('numbers records by spreadsheet row and by the line they start on, whatever the line ends', () => {
    const text = 'a;b\r\n"x\r\ny\r\nz";2\r\n\r\nq;"w\rv"\rlast;1';
    expect(readCsv(Buffer.from(`\uFEFF${text}`))).toEqual([
      { row: 1, line: 1, cells: ['a', 'b'] },
      { row: 2, line: 2, cells: ['x\ny\nz', '2'] },
      { row: 4, line: 6, cells: ['q', 'w\nv'] },
      { row: 5, line: 8, cells: ['last', '1'] },
    ]);
  });

  const punctuated = 'Program – “Satu” …';
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
  it.each([
    ['UTF-8', Buffer.from(punctuated), 'utf-8'],
    ['UTF-8 with BOM', Buffer.from(`\uFEFF${punctuated}`), 'utf-8'],
    ['UTF-16LE with BOM', Buffer.from(`\uFEFF${punctuated}`, 'utf16le'), 'utf-16le'],
    ['UTF-16BE with BOM', utf16be(`\uFEFF${punctuated}`), 'utf-16be'],
    [
      'Windows-1252',
      Buffer.concat([
        Buffer.from('Program '),
        Buffer.from([0x96, 0x20, 0x93]),
        Buffer.from('Satu'),
        Buffer.from([0x94, 0x20, 0x85]),
      ]),
      'windows-1252',
    ],
  ] as const)('reads %s as %s', (_, bytes, encoding) => {
    expect(detectEncoding(bytes)).toBe(encoding);
    expect(decode(bytes, encoding)).toBe(punctuated);
  });

  it('decodes the Windows-1252 bytes that are not Latin-1 (Node decodes them as Latin-1)', () => {
    expect(
      decode(Buffer.from([0x80, 0x8a, 0x91, 0x92, 0x97, 0x99, 0x9f, 0x81, 0xe9]), 'windows-1252'),
    ).toBe('€Š‘’—™Ÿ\u0081é');
  });

  it('refuses bytes that are not valid in a forced encoding', () => {
    const bytes = Buffer.from(`\uFEFF${punctuated}`, 'utf16le');
    expect(() => readCsv(bytes, 'utf-8', 'rekening.csv')).toThrow(
      'rekening.csv is not valid utf-8 text (it reads as utf-16le: leave out --encoding)',
    );
    expect(readCsv(bytes, 'utf-16le')[0]!.cells).toEqual([punctuated]);
  });

  it('reads Windows-1252 when the bytes are not UTF-8', () => {
    const latin = Buffer.from([0x4b, 0x65, 0x63, 0x61, 0x6d, 0x61, 0x74, 0x61, 0x6e, 0x20, 0xc9]);
    expect(readCsv(latin)[0]!.cells).toEqual(['Kecamatan É']);
  });
});

describe('row checks', () => {
  const sheet = (...rows: string[]) => readCsv(Buffer.from([`${HEADER};PPN`, ...rows].join('\n')));
  const check = (...rows: string[]) => {
    const [header, ...records] = sheet(...rows);
    return checkRows(records, findHeader([header!]).columns);
  };

  it('collapses spacing and reads the PPN flag', () => {
    const { rows, problems } = check('  Program\u00a0 A ;K;S;A;T; 5.1.02 ;Belanja  ATK;Ya');
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        place: { row: 2 },
        row: {
          program: 'Program A',
          action: 'K',
          sub_action: 'S',
          activity: 'A',
          subtitle: 'T',
          account_code: '5.1.02',
          account_name: 'Belanja ATK',
          program_is_taxed: true,
        },
        records: [0, 0, 0, 0, 0, 0],
      },
    ]);
  });

  it('skips blank rows, drops exact repeats and keeps one problem per cell', () => {
    const { rows, problems, duplicates } = check(
      'P;K;S;A;T;5.1;Satu;',
      ';;;;;;;',
      'p;k;s;a;t;5.1;SATU;',
      'P;K;S;A;T;;Dua;',
      `P;K;S;A;T;5.2;${'x'.repeat(1001)};`,
    );
    expect(rows.map((r) => r.place)).toEqual([{ row: 2 }]);
    expect(duplicates).toBe(1);
    expect(problems).toEqual([
      { row: 5, column: 'Kode Rekening', message: 'is empty' },
      {
        row: 6,
        column: 'Nama Rekening',
        message: expect.stringMatching(/^is longer than \d+ characters$/),
      },
    ]);
  });

  it('numbers records by path: a code apart under another subtitle, names by their key', () => {
    const { rows, problems } = check(
      'P;K;S;A;T1;5.1;Satu;',
      'P;K;S;A;T2;5.1;Lain;',
      'p;k;s;a;t1;5.2;Dua;',
      'P;K2;S;A;T1;5.1;Satu;',
    );
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.records)).toEqual([
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 1, 1],
      [0, 0, 0, 0, 0, 2],
      [0, 1, 1, 1, 2, 3],
    ]);
  });

  it('numbers a programme within its Perangkat Daerah, and wants one on every row after one names it', () => {
    const [header, ...records] = readCsv(
      Buffer.from(
        [
          `SKPD;${HEADER}`,
          'Bappeda;P;K;S;A;T;5.1;Satu',
          'Dinas Kesehatan;P;K;S;A;T;5.1;Satu',
          ';P;K;S;A;T;5.2;Dua',
        ].join('\n'),
      ),
    );
    const { levels, rows, problems } = checkRows(records, findHeader([header!]).columns);
    expect(levels).toEqual(importLevelKeys);
    expect(rows.map((r) => r.records)).toEqual([
      [0, 0, 0, 0, 0, 0, 0],
      [1, 1, 1, 1, 1, 1, 1],
    ]);
    expect(problems).toEqual([
      {
        row: 4,
        column: 'SKPD',
        message:
          'is empty (after a row that names a Perangkat Daerah, every row names one; programmes of no Perangkat Daerah go on top, as ranwal export hierarchy writes them)',
      },
    ]);
    expect(
      checkRows(records, findHeader([header!]).columns, { fillDown: true }).rows.at(-1),
    ).toEqual({
      place: { row: 4 },
      row: expect.objectContaining({ agency: 'Dinas Kesehatan', account_code: '5.2' }),
      records: [1, 1, 1, 1, 1, 1, 2],
    });
  });

  it('reads blank agency cells on top of a file as programmes of no Perangkat Daerah', () => {
    const [header, ...records] = readCsv(
      Buffer.from(
        [
          `SKPD;${HEADER}`,
          ';P;K;S;A;T;5.1;Satu',
          ';P;K;S;A;T;5.2;Dua',
          'Bappeda;P;K;S;A;T;5.1;Satu',
        ].join('\n'),
      ),
    );
    const { rows, problems } = checkRows(records, findHeader([header!]).columns);
    expect(problems).toEqual([]);
    expect(rows.map((r) => [r.row.agency ?? null, r.records])).toEqual([
      [null, [0, 0, 0, 0, 0, 0, 0]],
      [null, [0, 0, 0, 0, 0, 0, 1]],
      ['Bappeda', [1, 1, 1, 1, 1, 1, 2]],
    ]);
  });

  it('refuses a name that starts with its own code, in the name column', () => {
    const [header, ...records] = readCsv(
      Buffer.from(
        [
          'Kode Program;Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening',
          '1.01.01;1.01.01 PROGRAM PENUNJANG;K;S;A;T;5.1.02.01.01.0024;Belanja ATK',
          '1.01.01;PROGRAM PENUNJANG;K;S;A;T;5.1.02.01.01.0026;5.1.02.01.01.0026 - Belanja Cetak',
          '1.01.01;PROGRAM PENUNJANG;K;S;A;T;5.1.02.01.01.0027;Belanja 5.1.02.01.01.0027',
        ].join('\n'),
      ),
    );
    const { rows, problems } = checkRows(records, findHeader([header!]).columns);
    expect(problems).toEqual([
      {
        row: 2,
        column: 'Program',
        message:
          'the name starts with its own code (1.01.01); write the code in its code column only, and the name without it',
      },
      {
        row: 3,
        column: 'Nama Rekening',
        message:
          'the name starts with its own code (5.1.02.01.01.0026); write the code in its code column only, and the name without it',
      },
    ]);
    expect(rows).toHaveLength(1);
  });

  describe('fill-down', () => {
    const printed = [
      'P1;K1;S1;A1;T1;5.1;Satu;',
      ';;;;;5.2;Dua;',
      ';;S2;A2;T2;5.3;Tiga;',
      ';K2;;;;5.4;Empat;',
    ];

    it('fills an empty level cell from the row above while the levels before it are the same', () => {
      const [header, ...records] = sheet(...printed);
      const { rows, problems } = checkRows(records, findHeader([header!]).columns, {
        fillDown: true,
      });
      expect(
        rows.map(({ row }) => [row.program, row.action, row.sub_action, row.subtitle]),
      ).toEqual([
        ['P1', 'K1', 'S1', 'T1'],
        ['P1', 'K1', 'S1', 'T1'],
        ['P1', 'K1', 'S2', 'T2'],
      ]);
      // K2 is another kegiatan: the sub kegiatan S2 above belongs to K1, not to it.
      expect(problems[0]).toEqual({
        row: 5,
        column: 'Sub Kegiatan',
        message: "is empty (not filled down: this row's Kegiatan differs from the row above)",
      });
      expect(problems).toHaveLength(3);
    });

    it('without it, counts the rows it would fill', () => {
      const [header, ...records] = sheet(...printed);
      const { rows, blankBelowFilled } = checkRows(records, findHeader([header!]).columns);
      expect(rows).toHaveLength(1);
      expect(blankBelowFilled).toEqual({
        rows: 3,
        columns: ['Program', 'Kegiatan', 'Sub Kegiatan', 'Aktivitas', 'Subtitle'],
      });
    });
  });

  it('refuses a quoted cell that never ends', () => {
    expect(() => sheet('P;K;"S;A;T;5.1;Satu;')).toThrow('row 2: a quoted cell never ends');
  });
});

describe('reading a file a chunk at a time', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ranwal-read-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Every row of a file, read the way the import reads it, and the largest chunk given. */
  async function readInChunks(file: string, encoding?: CsvEncoding) {
    const source = await openSheet(file, encoding);
    const rows: SheetRow[] = [];
    let largest = 0;
    for await (const chunk of source.chunks()) {
      largest = Math.max(largest, chunk.length);
      rows.push(...chunk);
    }
    return { rows, largest, encoding: source.encoding };
  }

  /** 20 000 rows as Excel saves them, some with a line break or a separator in a quoted cell. */
  function bigCsv(): string {
    const lines = [`Daftar Rekening – 2025`, '', `${HEADER};PPN`];
    for (let i = 0; i < 20_000; i += 1) {
      const subtitle = i % 7 === 0 ? `"Subtitle\r\n${i}"` : `"Subtitle; ${Math.floor(i / 10)}"`;
      lines.push(
        `Program “${i % 3}”;K;S;A;${subtitle};5.1.${i};Belanja ${i} …;${i % 2 ? 'ya' : ''}`,
      );
      if (i % 1000 === 0) lines.push('');
    }
    return `${lines.join('\r\n')}\r\n`;
  }

  it.each([
    ['UTF-8', (text: string) => Buffer.from(text), 'utf-8'],
    ['UTF-8 with BOM', (text: string) => Buffer.from(`\uFEFF${text}`), 'utf-8'],
    ['UTF-16LE', (text: string) => Buffer.from(`\uFEFF${text}`, 'utf16le'), 'utf-16le'],
    [
      'Windows-1252',
      (text: string) =>
        Buffer.from(
          text.replaceAll('–', '\u0096').replaceAll('…', '\u0085').replace(/[“”]/g, '"'),
          'latin1',
        ),
      'windows-1252',
    ],
  ] as const)(
    'gives the rows of a %s file in chunks, numbered as when read whole',
    async (_, encode, encoding) => {
      const bytes = encode(bigCsv());
      const file = path.join(dir, `big-${encoding}.csv`);
      await writeFile(file, bytes);
      const whole = readCsv(bytes);
      const read = await readInChunks(file);
      expect(read.encoding).toBe(encoding);
      expect(read.rows).toEqual(whole);
      // Three rows above the accounts, a blank one every 1 000, a line break in every 7th subtitle.
      expect(read.rows.at(-1)).toMatchObject({
        row: 3 + 20 + 20_000,
        line: 3 + 20 + 20_000 + 2857,
      });
      // A chunk of the text at a time (64 KB): a few thousand of its short rows, never the file.
      expect(read.largest).toBeLessThan(read.rows.length / 5);
    },
  );

  it('reads a workbook again from the rows its first reading kept, then lets them go', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rekening');
    sheet.addRow(['Daftar Rekening']);
    sheet.addRow([]);
    sheet.addRow(HEADER.split(';'));
    for (let i = 0; i < 1200; i += 1) {
      sheet.addRow([
        'P',
        'K',
        'S',
        'A',
        `T\n${i % 3}`,
        5000 + i,
        { richText: [{ text: `Belanja ${i}` }] },
      ]);
    }
    const file = path.join(dir, 'rekening.xlsx');
    await workbook.xlsx.writeFile(file);
    // The kept rows go to the system's temporary folder; this test's own, so that another
    // import running beside it (the CLI's other tests, the journeys) is not counted.
    const systemTmp = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    onTestFinished(() => {
      if (systemTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = systemTmp;
    });
    const source = await openSheet(file, undefined, { again: true });
    const read = async () => {
      const rows: SheetRow[] = [];
      for await (const chunk of source.chunks()) rows.push(...chunk);
      return rows;
    };
    const first = await read();
    expect(first).toHaveLength(1 + 1 + 1200);
    expect(first.at(-1)).toEqual({
      row: 1203,
      cells: ['P', 'K', 'S', 'A', 'T\n2', '6199', 'Belanja 1199'],
    });
    expect(await read()).toEqual(first);
    const kept = (await readdir(dir)).filter((name) => name.startsWith('ranwal-import-'));
    expect(kept).toHaveLength(1);
    await source.close();
    const left = (await readdir(dir)).filter((name) => name.startsWith('ranwal-import-'));
    expect(left).toEqual([]);

    // Past a limit once unpacked (issue 34; the defaults in workbook-limits.ts): refused, naming
    // the limit, before a row is read.
    const roomy = { unpackedBytes: 1e9, sharedStringsBytes: 1e9, sharedStrings: 1e9, rows: 1e9 };
    const refusal = (limits: Partial<typeof roomy>) =>
      openSheet(file, undefined, { limits: { ...roomy, ...limits } });
    await expect(refusal({ rows: 1000 })).rejects.toThrow(
      `${file} has over 1,000 rows, the import's limit. Split it into several files.`,
    );
    await expect(refusal({ sharedStrings: 5 })).rejects.toThrow(
      `${file} holds shared strings past the import's limit: over 5 strings or 953.7 MB.`,
    );
    await expect(refusal({ sharedStringsBytes: 100 })).rejects.toThrow('shared strings');
    await expect(refusal({ unpackedBytes: 50_000 })).rejects.toThrow(
      `${file} is too large once unpacked: over 48.8 kB, the import's limit.`,
    );
    await (await refusal({ rows: 1203 })).close();
  });

  it('cuts the same records however the text comes in pieces', () => {
    const text = 'a;b\r\n"x\r\ny\r\nz";2\r\n\r\nq;"w\rv"\rlast;"1"";"\r\n';
    const whole = readCsv(Buffer.from(text));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 })), (cuts) => {
        const records = new CsvRecords();
        const rows: SheetRow[] = [];
        let at = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          rows.push(...records.push(text.slice(at, cut)));
          at = cut;
        }
        rows.push(...records.push(text.slice(at)), ...records.end());
        expect(rows).toEqual(whole);
      }),
    );
  });

  it('refuses a file that is not valid in the encoding --encoding names, wherever the bad bytes are', async () => {
    const file = path.join(dir, 'late-1252.csv');
    await writeFile(
      file,
      Buffer.concat([Buffer.from(bigCsv()), Buffer.from([0x93, 0x41, 0x94, 0x0d, 0x0a])]),
    );
    expect((await readInChunks(file)).encoding).toBe('windows-1252');
    await expect(readInChunks(file, 'utf-8')).rejects.toThrow(
      `${file} is not valid utf-8 text (it reads as windows-1252: leave out --encoding)`,
    );
  });

  it('reads the rows again for the second reading: the same rows pass, with the same numbers, and no problem twice', () => {
    const [header, ...records] = readCsv(
      Buffer.from(
        [
          `${HEADER};PPN`,
          'P;K;S;A;T1;5.1;Satu;ya',
          'P;K;S;A;T1;5.1;Satu;',
          'P;K;S;A;T1;5.1;Lain;',
          'P;K;S;A;T2;5.2;Dua;tidak',
          'P;K2;S;A;T1;;Tiga;',
          'Q;K;S;A;T1;5.1;Satu;',
        ].join('\n'),
      ),
    );
    const checker = new RowChecker(findHeader([header!]).columns);
    const pass = () =>
      records.flatMap((record) =>
        checker.check(record) ? [{ row: checker.row, records: [...checker.records] }] : [],
      );
    const first = pass();
    const { problems, duplicates, valid } = checker.summary();
    checker.rewind();
    const second = pass();
    expect(first.map(({ row }) => row)).toEqual([2, 7]);
    expect(second.map(({ row }) => row)).toEqual([2, 7]);
    // Above the account the same numbers; accounts numbered in the order passed.
    expect(second.map(({ records }) => records.slice(0, -1))).toEqual(
      first.map(({ records }) => records.slice(0, -1)),
    );
    expect(second.map(({ records }) => records.at(-1))).toEqual([0, 1]);
    expect(checker.summary()).toMatchObject({ problems, duplicates, valid });
    expect(problems.map(({ row }) => row)).toEqual([4, 5, 6]);
  });
});
