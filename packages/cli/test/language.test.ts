import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  logInAsAdmin,
  runCli,
  startServer,
  type TestServer,
  withConfigHome,
} from './support.js';

/** The `ranwal` commands whose `--help` is checked: all but most level commands (one template). */
const commandPaths = [
  [],
  ['login'],
  ['logout'],
  ['whoami'],
  ['import'],
  ['import', 'hierarchy'],
  ['import', 'reference'],
  ['import', 'catalogue'],
  ['import', 'pagu'],
  ['import', 'cash-plan'],
  ['export'],
  ['export', 'reports'],
  ['export', 'hierarchy'],
  ['export', 'cash-plan'],
  ['users'],
  ['users', 'list'],
  ['users', 'create'],
  ['users', 'set-password'],
  ['password'],
  // The level commands share one template: one by its Indonesian name, one by its English.
  ['kegiatan'],
  ['kegiatan', 'list'],
  ['accounts', 'list'],
];

/**
 * English words a sentence of the CLI would hold (commander's and ours before issue 33). The
 * command names (`import`, `list`, `set-password`, `help` …), flags, choice values, paths and the
 * example lines are the interface, not words, and are taken out before the search.
 */
const englishWord = new RegExp(
  `\\b(${[
    'the and or of to for from with by in on at into only this that these its their is are be',
    'was not no yes none all every each else when if new nothing would write written read',
    'reading importing downloading display output version number options option usage command',
    'commands arguments argument default choices allowed unknown missing required invalid',
    'specified mean too many file files rows row name names code codes year report account user',
    'signed sign run stopped interrupted failed cannot empty header column columns found',
    'expected programme programmes supporter budget line lines search text saved such',
    'directory exists show forget keep change',
  ]
    .join(' ')
    .split(' ')
    .join('|')})\\b`,
  'i',
);

/** The English words in what `ranwal` printed, less the interface (see `englishWord`). */
function englishIn(printed: string): string[] {
  const words = printed
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('$ '))
    .join('\n')
    .replace(/"[^"\n]*"|'[^'\n]*'/g, ' ')
    .replace(/\S*\/\S*/g, ' ')
    .replace(/-{1,2}[a-z][a-z-]*/gi, ' ');
  return [...words.matchAll(new RegExp(englishWord, 'gi'))].map((match) => match[0]);
}

/*
 * The CLI speaks Indonesian by default (the product's language), English on request (--lang en
 * or RANWAL_LANG=en), and prints PPN as ya/tidak; --json stays the same whatever the language.
 */
describe('the language of ranwal', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  const ranwal = (args: string[], lang?: string) =>
    runCli(args, {
      env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url, RANWAL_LANG: lang },
    });
  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
    await logInAsAdmin(server, home.dir);
    const csv = path.join(home.dir, 'ppn.csv');
    await writeFile(
      csv,
      [
        'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening;PPN',
        'Program Pajak;Kegiatan A;Sub A;Aktivitas A;Subtitle A;5.1.02.01.01.0024;Belanja ATK;ya',
        'Program Bebas;Kegiatan B;Sub B;Aktivitas B;Subtitle B;5.1.02.01.01.0026;Belanja Cetak;tidak',
      ].join('\n'),
    );
    const imported = await ranwal(['import', 'hierarchy', csv]);
    if (imported.code !== 0) throw new Error(imported.stderr);
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });

  it('speaks Indonesian by default, and prints PPN as ya/tidak', async () => {
    const who = await ranwal(['whoami']);
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toBe(`Administrator <${ADMIN.email}> (admin) di ${server.url}\n`);
    const programs = await ranwal(['programs', 'list']);
    expect(programs.code, programs.stderr).toBe(0);
    const [header, ...rows] = programs.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+KODE\s+NAMA\s+PPN\s+PERANGKAT DAERAH$/);
    expect(rows.find((row) => row.includes('Program Pajak'))).toMatch(/Program Pajak\s+ya\b/);
    expect(rows.find((row) => row.includes('Program Bebas'))).toMatch(/Program Bebas\s+tidak\b/);
    expect(programs.stdout).not.toMatch(/\b(true|false|yes|no)\b/);
    const none = await ranwal(['programs', 'list', '--search', 'tidak-ada-yang-begini']);
    expect(none.stdout).toBe('Tidak ada program.\n');
    // Someone who has not signed in is told how, in Indonesian.
    const stranger = await runCli(['whoami'], {
      env: {
        XDG_CONFIG_HOME: path.join(home.dir, 'belum-masuk'),
        RANWAL_SERVER: server.url,
        RANWAL_LANG: undefined,
      },
    });
    expect(stranger.code).toBe(4);
    expect(stranger.stderr).toBe(
      `ranwal: belum masuk ke ${server.url}: jalankan \`ranwal login --server ${server.url}\`\n`,
    );
  });

  it('speaks English with --lang en or RANWAL_LANG=en', async () => {
    for (const [args, lang] of [
      [['--lang', 'en'], undefined],
      [['--lang=en'], undefined],
      [[], 'en'],
    ] as const) {
      const who = await ranwal(['whoami', ...args], lang);
      expect(who.stdout).toBe(`Administrator <${ADMIN.email}> (admin) on ${server.url}\n`);
      const programs = await ranwal(['programs', 'list', ...args], lang);
      expect(programs.stdout).toMatch(/^ID\s+CODE\s+NAME\s+PPN\s+PERANGKAT DAERAH\n/);
      expect(programs.stdout).toMatch(/Program Pajak\s+yes\b/);
      expect(programs.stdout).toMatch(/Program Bebas\s+no\b/);
    }
    // --lang wins over RANWAL_LANG; a language it does not speak is a usage error.
    expect((await ranwal(['whoami', '--lang', 'id'], 'en')).stdout).toContain(' di ');
    const unknown = await ranwal(['whoami', '--lang', 'fr']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      "ranwal: nilai 'fr' untuk opsi '--lang <bahasa>' tidak valid; pilihannya: id, en\n",
    );
    expect(
      (await ranwal(['export', 'reports', '--out', 'x', '--format', 'doc'], 'en')).stderr,
    ).toBe(
      "ranwal: option '--format <format>' argument 'doc' is invalid. Allowed choices are xlsx, csv, pdf.\n",
    );
  });

  it('says why an import refused its rows in Indonesian, and in English on request', async () => {
    const bad = path.join(home.dir, 'salah.csv');
    await writeFile(
      bad,
      'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening;PPN\nP;K;S;A;T;5.1.02.01.01.0024;Belanja;mungkin\n',
    );
    const id = await ranwal(['import', 'hierarchy', bad]);
    expect(id.code).toBe(3);
    expect(id.stdout).toContain('baris 2, PPN: "mungkin" bukan ya/yes maupun tidak/no');
    expect(id.stderr).toMatch(
      /ranwal: 1 baris tidak valid di .*salah\.csv; tidak ada yang diimpor/,
    );
    const en = await ranwal(['import', 'hierarchy', bad, '--lang', 'en']);
    expect(en.stdout).toContain('row 2, PPN: "mungkin" is neither ya/yes nor tidak/no');
  });

  it("says commander's own words in Indonesian, in English with --lang en", async () => {
    const id = await ranwal(['--help']);
    expect(id.stdout).toMatch(/^Penggunaan: ranwal /);
    expect(id.stdout).toContain('Opsi:');
    expect(id.stdout).toContain('Perintah:');
    expect(id.stdout).toContain('tampilkan bantuan perintah');
    expect(id.stdout).not.toContain('Usage:');
    expect(id.stdout).toContain('impor massal (khusus admin)');
    const sub = await ranwal(['import', '--help']);
    expect(sub.stdout).toMatch(/^Penggunaan: ranwal import /);
    expect(sub.stdout).toContain('Opsi Global:');
    const en = await ranwal(['import', '--help', '--lang', 'en']);
    expect(en.stdout).toMatch(/^Usage: ranwal import /);
    expect(en.stdout).toContain('Global Options:');
    expect(en.stdout).toContain('display help for command');
    expect((await ranwal(['--help'], 'en')).stdout).toContain('bulk imports (admin only)');
    const unknown = await ranwal(['whoami', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("ranwal: opsi tidak dikenal '--bogus'");
    expect((await ranwal(['whoami', '--bogus'], 'en')).stderr).toContain(
      "ranwal: unknown option '--bogus'",
    );
  });

  it("prints every command's help in Indonesian: descriptions, options and commander's notes", async () => {
    const helps = await Promise.all(
      commandPaths.map(async (args) => {
        const run = await ranwal([...args, '--help']);
        expect(run.code, `ranwal ${args.join(' ')} --help: ${run.stderr}`).toBe(0);
        return [args.join(' '), run.stdout] as const;
      }),
    );
    const english = helps.flatMap(([command, printed]) =>
      englishIn(printed).map((word) => `ranwal ${command} --help: "${word}"`),
    );
    expect(english).toStrictEqual([]);
    const help = Object.fromEntries(helps);
    expect(help['import hierarchy']).toMatch(
      /^Penggunaan: ranwal import hierarchy \[opsi\] <berkas>\n/,
    );
    expect(help['import hierarchy']).toContain(
      'laporkan apa yang akan dibuat dan apa yang sudah ada;',
    );
    expect(help['export reports']).toContain('--out <berkas>');
    expect(help['export reports']).toContain('berkas yang ditulis (diganti utuh, tidak pernah');
    expect(help['export reports']).toMatch(
      /\(pilihan:\s+"comma",\s+"semicolon",\s+bawaan:\s+"comma"\)/,
    );
    expect(help['import catalogue']).toContain('tahun anggaran lembar ini');
    expect(help['import hierarchy']).toMatch(/\(bawaan 1\.000,\s+paling banyak 100\.000\)/);
    expect(help.kegiatan).toMatch(/^Penggunaan: ranwal kegiatan \[opsi\] \[perintah\]\n/);
    expect(help['kegiatan list']).toContain('daftar kegiatan');
    expect(help['accounts list']).toContain('daftar kode rekening');
    expect(help['']).toContain('help [perintah]');
    expect(help['']).toContain('-V, --version              tampilkan nomor versi');
    // English on request, as before.
    const en = await ranwal(['export', 'reports', '--help', '--lang', 'en']);
    expect(en.stdout).toMatch(/^Usage: ranwal export reports \[options\]\n/);
    expect(en.stdout).toContain('--out <file>');
    expect(en.stdout).toContain('file to write (replaced whole, never half-written)');
    expect(en.stdout).toMatch(/\(choices:\s+"comma",\s+"semicolon",\s+default:\s+"comma"\)/);
  });

  it('says what is wrong with a command line, a file or an export in Indonesian', async () => {
    const file = (name: string) => path.join(home.dir, name);
    await writeFile(file('judul.csv'), 'Nama;Nilai\nRapat;1\n');
    await writeFile(file('lama.xls'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]));
    await writeFile(file('ansi.csv'), Buffer.from('Program;Uraian \x96 Catatan\n', 'latin1'));
    const failures: [string[], string][] = [
      [['whoami', '--bogus'], "opsi tidak dikenal '--bogus'"],
      [['expor'], "perintah tidak dikenal 'expor' (maksud Anda export?)"],
      [['import', 'hierarchy'], "argumen wajib 'berkas' tidak diberikan"],
      [['export', 'reports'], "opsi wajib '--out <berkas>' tidak diberikan"],
      [
        ['export', 'reports', '--out', file('x.doc'), '--format', 'doc'],
        "nilai 'doc' untuk opsi '--format <format>' tidak valid; pilihannya: xlsx, csv, pdf",
      ],
      [
        ['import', 'hierarchy', file('judul.csv'), '--batch-size', '0'],
        "nilai '0' untuk opsi '--batch-size <baris>' tidak valid: bukan bilangan bulat positif",
      ],
      [['whoami', 'lagi'], "terlalu banyak argumen untuk 'whoami': seharusnya 0, diberikan 1"],
      [['login', '--email'], "opsi '--email <email>' perlu nilai"],
      [
        ['import', 'hierarchy', file('tidak-ada.csv')],
        `tidak dapat membaca ${file('tidak-ada.csv')}: berkas tidak ada`,
      ],
      [
        ['import', 'hierarchy', file('judul.csv')],
        'baris judul kolom tidak ditemukan: perlu kolom Program, Kegiatan, Sub Kegiatan, Aktivitas, Subtitle, Kode Rekening, Nama Rekening (nama Indonesia atau Inggris)',
      ],
      [
        ['import', 'hierarchy', file('lama.xls')],
        `${file('lama.xls')} adalah workbook Excel 97-2003 (.xls): simpan dulu sebagai .xlsx atau CSV di Excel`,
      ],
      [
        ['import', 'reference', file('ansi.csv'), '--encoding', 'utf-8'],
        `${file('ansi.csv')} bukan teks utf-8 yang valid (terbaca sebagai windows-1252: jangan pakai --encoding)`,
      ],
      [
        ['export', 'reports', '--out', file('r.pdf'), '--layout', 'flat'],
        'PDF hanya untuk RKA: pakai --layout rka, atau xlsx atau csv',
      ],
      [
        ['export', 'reports', '--year', '1999', '--out', file('r.xlsx')],
        '--year harus tahun dari 2000 sampai 2100',
      ],
      [
        ['export', 'reports', '--program', 'Program Yang Tidak Ada', '--out', file('r.xlsx')],
        'tidak ada program bernama "Program Yang Tidak Ada"',
      ],
      [
        ['import', 'catalogue', file('judul.csv'), '--year', '25'],
        '--year harus tahun anggaran dari 2000 sampai 2100 (diberikan "25")',
      ],
    ];
    const runs = await Promise.all(failures.map(([args]) => ranwal(args)));
    runs.forEach((run, index) => {
      const [args, reason] = failures[index]!;
      expect(run.code, args.join(' ')).not.toBe(0);
      expect(run.stderr, args.join(' ')).toContain(`ranwal: ${reason}`);
      expect(englishIn(run.stderr), run.stderr).toStrictEqual([]);
    });
    // An export says what it saved in Indonesian, and in English on request.
    const report = await ranwal(['export', 'reports', '--year', '2025', '--out', file('l.xlsx')]);
    expect(report.code, report.stderr).toBe(0);
    const { size } = await stat(file('l.xlsx'));
    expect(report.stdout).toBe(
      `Disimpan laporan tahun 2025 ke ${file('l.xlsx')} (${(size / 1024).toFixed(1).replace('.', ',')} kB)\n`,
    );
    const csv = await ranwal(['export', 'reports', '--year', '2025', '--out', file('l.csv')]);
    expect(csv.stdout).toBe(`Disimpan laporan tahun 2025 ke ${file('l.csv')} (2 baris)\n`);
    const rka = await ranwal([
      'export',
      'reports',
      '--year',
      '2025',
      '--program',
      'Program Pajak',
      '--search',
      'kertas',
      '--out',
      file('rka.xlsx'),
      '--layout',
      'rka',
    ]);
    expect(rka.stdout).toMatch(
      /^Disimpan RKA tahun 2025 \(program Program Pajak, pencarian "kertas"\) ke \S+rka\.xlsx \(/,
    );
    const hierarchy = await ranwal(['export', 'hierarchy', '--out', file('h.csv')]);
    expect(hierarchy.stdout).toBe(
      `Disimpan 2 kode rekening beserta jalurnya ke ${file('h.csv')} (csv); ranwal import hierarchy membacanya kembali\n`,
    );
    const en = await ranwal(['export', 'reports', '--year', '2025', '--out', file('l.csv')], 'en');
    expect(en.stdout).toBe(`Saved the 2025 report to ${file('l.csv')} (2 rows)\n`);
    const missing = await ranwal(['import', 'hierarchy', file('tidak-ada.csv'), '--lang', 'en']);
    expect(missing.stderr).toMatch(/^ranwal: cannot read \S+tidak-ada\.csv: ENOENT/);
    expect((await ranwal(['import', 'hierarchy'], 'en')).stderr).toBe(
      "ranwal: missing required argument 'file'\n",
    );
  });

  it('keeps --json the same in both languages: English keys, PPN as a boolean', async () => {
    const id = await ranwal(['programs', 'list', '--json']);
    const en = await ranwal(['programs', 'list', '--json', '--lang', 'en']);
    expect(id.stdout).toBe(en.stdout);
    const programs = JSON.parse(id.stdout) as { name: string; is_taxed: boolean }[];
    expect(programs.find((program) => program.name === 'Program Pajak')?.is_taxed).toBe(true);
    const whoId = await ranwal(['whoami', '--json']);
    expect(whoId.stdout).toBe((await ranwal(['whoami', '--json'], 'en')).stdout);
    expect(JSON.parse(whoId.stdout)).toMatchObject({ user: { email: ADMIN.email } });
  });
});
