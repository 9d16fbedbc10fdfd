import { describe, expect, it } from 'vitest';
import { findHeader } from './columns.js';
import { readCsv, sniffSeparator } from './read.js';
import { checkRows } from './validate.js';

const HEADER = 'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening';

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
    const { columns } = findHeader([{ line: 1, cells }]);
    expect(columns.index[field]).toBe(position);
    expect(columns.label[field]).toBe(header.trim());
  });

  it('finds the header below a title and refuses two columns for one field', () => {
    const found = findHeader([
      { line: 1, cells: ['Daftar Rekening 2025'] },
      { line: 3, cells: HEADER.split(';') },
    ]);
    expect(found.position).toBe(1);
    expect(() => findHeader([{ line: 1, cells: [...HEADER.split(';'), 'Kode'] }])).toThrow(
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

  it('numbers records by the line they start on, whatever the line ends', () => {
    const text = 'a;b\r\n"x\r\ny\r\nz";2\r\n\r\nq;"w\rv"\rlast;1';
    expect(readCsv(Buffer.from(`\uFEFF${text}`))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x\ny\nz', '2'] },
      { line: 6, cells: ['q', 'w\nv'] },
      { line: 8, cells: ['last', '1'] },
    ]);
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
        line: 2,
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
      `P;K;S;A;T;5.2;${'x'.repeat(300)};`,
    );
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(duplicates).toBe(1);
    expect(problems).toEqual([
      { line: 5, column: 'Kode Rekening', message: 'is empty' },
      { line: 6, column: 'Nama Rekening', message: 'is longer than 255 characters' },
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

  it('refuses a quoted cell that never ends', () => {
    expect(() => sheet('P;K;"S;A;T;5.1;Satu;')).toThrow('line 2: a quoted cell never ends');
  });
});
