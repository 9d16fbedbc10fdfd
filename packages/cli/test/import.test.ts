import type { ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hierarchyLevelKeys, importLevelKeys, managedEntities } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CliError, type ImportReport, importHierarchy } from '../src/index.js';
import {
  logInAsAdmin,
  runBinary,
  runCli,
  startServer,
  type TestServer,
  withConfigHome,
} from './support.js';

type Levels = Record<(typeof hierarchyLevelKeys)[number], number>;

/** The one line a failing run ends with, after the notes (encoding, ignored columns, a hint). */
const reason = (stderr: string) => {
  const lines = stderr.split('\n').filter((line) => line.startsWith('ranwal: '));
  expect(lines).toHaveLength(1);
  return lines[0]!;
};

/** What a run said on stderr before any failure: the notes, one a line. */
const notes = (stderr: string) =>
  stderr
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('ranwal: '));

const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

/** [created, existing] per level, top to bottom. */
const counts = (report: ImportReport) =>
  hierarchyLevelKeys.map((key) => [report.levels[key].created, report.levels[key].existing]);

/** A CSV of `n` account codes over a regular hierarchy (2 programmes … 4 accounts a subtitle). */
function bigCsv(n: number): string {
  const lines = ['program,kegiatan,sub kegiatan,aktivitas,subtitle,kode rekening,nama rekening'];
  for (let i = 0; i < n; i += 1) {
    const s = Math.floor(i / 4);
    lines.push(
      [
        `Program ${s % 2}`,
        `Kegiatan ${s % 6}`,
        `Sub Kegiatan ${s % 12}`,
        `Aktivitas ${s % 24}`,
        `Subtitle ${s}`,
        `5.1.02.${String(i % 4).padStart(2, '0')}`,
        `Belanja ${i}`,
      ].join(','),
    );
  }
  return lines.join('\n');
}

describe('ranwal import hierarchy', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  const file = (name: string) => path.join(home.dir, name);
  const ranwal = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
    runCli(args, {
      ...options,
      env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url, ...options.env },
    });
  const importJson = async (args: string[], expectedCode = 0) => {
    const run = await ranwal(['import', 'hierarchy', ...args, '--json']);
    expect(run.code, run.stderr).toBe(expectedCode);
    return { run, report: JSON.parse(run.stdout) as ImportReport };
  };

  const tableCounts = async (): Promise<Levels> => {
    const result = {} as Levels;
    for (const key of hierarchyLevelKeys) {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(managedEntities[key].table)}`.execute(
        server.database.db,
      );
      result[key] = Number(rows[0]!.n);
    }
    return result;
  };

  /** Every record of every level is unique under its parent, and has every level below it. */
  const assertWholeAndUnique = async () => {
    for (const key of importLevelKeys) {
      const level = managedEntities[key];
      const parent = level.parentField ? sql.ref(level.parentField) : sql`''`;
      // Named levels by name (their codes may be absent); accounts by code.
      const identity = key === 'account' ? sql`code` : sql`lower(name)`;
      const { rows } = await sql<{ total: number | string; distinct: number | string }>`
        select count(*) as total, count(distinct (${parent}::text, ${identity})) as distinct
        from ${sql.table(level.table)}`.execute(server.database.db);
      expect(Number(rows[0]!.distinct), `${key} has duplicates`).toBe(Number(rows[0]!.total));
      if (level.child) {
        const child = managedEntities[level.child];
        const { rows: childless } = await sql<{ n: number | string }>`
          select count(*) as n from ${sql.table(level.table)} t
          where not exists (select 1 from ${sql.table(child.table)} c
            where c.${sql.ref(child.parentField!)} = t.id)`.execute(server.database.db);
        expect(Number(childless[0]!.n), `${key} records without ${child.key}`).toBe(0);
      }
    }
  };

  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
    await logInAsAdmin(server, home.dir);
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });
  beforeEach(async () => {
    server.beforeImport = null;
    for (const key of [...importLevelKeys].reverse()) {
      await sql`delete from ${sql.table(managedEntities[key].table)}`.execute(server.database.db);
    }
  });

  it('reads what Indonesian Excel saves: semicolons, BOM, CRLF, quoted separators and line breaks', async () => {
    const csv = [
      '  PROGRAM ; kegiatan;Sub  Kegiatan;AKTIFITAS; Sub-title ;Kode_Rekening;nama rekening;Pajak',
      'Program Penunjang;"Perencanaan; Penganggaran";"Sub\r\nKegiatan Satu";Rapat;Operasional;5.1.02.01.01.0024;"Belanja ""ATK""";ya',
      'Program Penunjang;"Perencanaan; Penganggaran";"Sub Kegiatan Satu";Rapat;Operasional;5.1.02.01.01.0025;Belanja Kertas;',
      '',
      'program penunjang;"Perencanaan;  penganggaran";Sub Kegiatan Dua;Rapat;Operasional;5.1.02.01.01.0024;Belanja ATK;Ya',
    ].join('\r\n');
    await writeFile(file('excel-id.csv'), `\uFEFF${csv}\r\n`);
    const { report } = await importJson([file('excel-id.csv')]);
    expect(report).toMatchObject({
      dryRun: false,
      rows: 3,
      sent: 3,
      duplicates: 0,
      invalid: [],
      conflicts: [],
    });
    expect(counts(report)).toEqual([
      [1, 0],
      [1, 0],
      [2, 0],
      [2, 0],
      [2, 0],
      [3, 0],
    ]);
    const { rows } = await sql<{ name: string; is_taxed: boolean }>`
      select name, is_taxed from program`.execute(server.database.db);
    expect(rows).toEqual([{ name: 'Program Penunjang', is_taxed: true }]);
    const { rows: subActions } = await sql<{ name: string }>`
      select name from sub_action order by name`.execute(server.database.db);
    expect(subActions.map((r) => r.name)).toEqual(['Sub Kegiatan Dua', 'Sub Kegiatan Satu']);
    const { rows: accounts } = await sql<{ code: string; name: string }>`
      select code, name from account order by code, name`.execute(server.database.db);
    expect(accounts).toContainEqual({ code: '5.1.02.01.01.0024', name: 'Belanja "ATK"' });
  });

  it('imports the example file of docs/cli.md', async () => {
    const example = fileURLToPath(
      new URL('../../../docs/examples/hierarchy-import.csv', import.meta.url),
    );
    const { report } = await importJson([example]);
    expect(counts(report).map(([created]) => created)).toEqual([2, 2, 2, 2, 3, 4]);
    const { rows } = await sql<{ name: string; is_taxed: boolean }>`
      select name, is_taxed from program order by name`.execute(server.database.db);
    expect(rows.map((r) => r.is_taxed)).toEqual([false, true]);
  });

  it('reads English headers, commas, LF line ends and no BOM', async () => {
    const csv = [
      'No,Program Name,Action,Sub-action,Activity,Subtitle,Account Code,Account Name,Taxed',
      '1,Program A,Action A,"Sub A, first",Activity A,Subtitle A,5.1.1,"Name, with comma",no',
      '2,Program A,Action A,"Sub A, first",Activity A,Subtitle A,5.1.2,Other,no',
    ].join('\n');
    await writeFile(file('english.csv'), csv);
    const { report } = await importJson([file('english.csv')]);
    expect(counts(report).map(([created]) => created)).toEqual([1, 1, 1, 1, 1, 2]);
  });

  it('reads an .xlsx workbook with a title row, numbers and rich text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rekening');
    sheet.addRow(['Daftar Kode Rekening 2025']);
    sheet.addRow([]);
    sheet.addRow([
      'Program',
      'Kegiatan',
      'Sub Kegiatan',
      'Aktivitas',
      'Subtitle',
      'Kode Rekening',
      'Nama Rekening',
      'PPN',
    ]);
    sheet.addRow([
      'Program X',
      'Kegiatan X',
      'Sub X',
      'Aktivitas X',
      'Subtitle X',
      '5.1.02.01',
      'Belanja Satu',
      true,
    ]);
    sheet.addRow([
      'Program X',
      { richText: [{ text: 'Kegiatan ' }, { text: 'X', font: { bold: true } }] },
      'Sub X',
      'Aktivitas X',
      'Subtitle X',
      5102,
      { formula: '"Belanja "&"Dua"', result: 'Belanja Dua' },
      'ya',
    ]);
    await workbook.xlsx.writeFile(file('rekening.xlsx'));
    const { report } = await importJson([file('rekening.xlsx')]);
    expect(counts(report).map(([created]) => created)).toEqual([1, 1, 1, 1, 1, 2]);
    const { rows } = await sql<{ code: string; name: string }>`
      select code, name from account order by code`.execute(server.database.db);
    expect(rows).toEqual([
      { code: '5.1.02.01', name: 'Belanja Satu' },
      { code: '5102', name: 'Belanja Dua' },
    ]);
  });

  it('changes nothing when the same file runs twice', async () => {
    await writeFile(file('twice.csv'), bigCsv(40));
    const first = await importJson([file('twice.csv')]);
    expect(counts(first.report)).toEqual([
      [2, 0],
      [6, 0],
      [10, 0],
      [10, 0],
      [10, 0],
      [40, 0],
    ]);
    const before = await tableCounts();
    const second = await ranwal(['import', 'hierarchy', file('twice.csv'), '--batch-size', '7']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /^Nothing changed: .*twice\.csv has 40 row\(s\) and all are stored already \(0 created, 40 unchanged\)\.\n/,
    );
    expect(second.stdout).toMatch(/Kode Rekening\s+0\s+40/);
    expect(second.stdout).toMatch(/Program\s+0\s+2/);
    // A file without agencies counts none.
    expect(second.stdout).not.toContain('Perangkat Daerah');
    expect(await tableCounts()).toEqual(before);
    await assertWholeAndUnique();
  });

  it('--dry-run tells what would be created and writes nothing', async () => {
    await writeFile(file('half.csv'), bigCsv(20));
    await importJson([file('half.csv')]);
    const before = await tableCounts();
    await writeFile(file('all.csv'), bigCsv(40));
    const { report } = await importJson([file('all.csv'), '--dry-run', '--batch-size', '8']);
    expect(await tableCounts()).toEqual(before);
    expect(report.dryRun).toBe(true);
    expect(report.levels).not.toHaveProperty('agency');
    expect(counts(report)).toEqual([
      [0, 2],
      [1, 5],
      [5, 5],
      [5, 5],
      [5, 5],
      [20, 20],
    ]);
    expect(report.created?.slice(0, 2)).toEqual([
      { level: 'action', row: 22, path: ['Program 1', 'Kegiatan 5'] },
      { level: 'sub_action', row: 22, path: ['Program 1', 'Kegiatan 5', 'Sub Kegiatan 5'] },
    ]);
    expect(report.created).toHaveLength(1 + 5 + 5 + 5 + 20);

    const human = await ranwal(['import', 'hierarchy', file('all.csv'), '--dry-run']);
    expect(human.stdout).toMatch(
      /^Dry run of .*all\.csv: 40 row\(s\) checked \(20 to create, 20 unchanged\); nothing was written\./,
    );
    expect(human.stdout).toContain('Would create:\n  Kegiatan: Program 1 / Kegiatan 5\n');
    expect(human.stdout).toContain('… and 16 more (--json lists all)');

    const real = await importJson([file('all.csv')]);
    expect(counts(real.report)).toEqual(counts(report));
  });

  it('reports bad rows by line and writes nothing unless --skip-invalid', async () => {
    const csv = [
      'Program,Kegiatan,Sub Kegiatan,Aktivitas,Subtitle,Kode Rekening,Nama Rekening,PPN', // 1
      'P,K,S,A,T,5.1.1,Satu,ya', // 2
      'P,,S,A,T,5.1.2,Dua,', // 3: missing level
      'P,K,"S',
      'lanjutan",A,T,5.1.3,Tiga,', // 4-5: a line break in a quoted cell
      'P,K,S,A,T,,Empat,', // 6: empty code
      'P,K,S,A,T,5.1.1,Satu Lagi,', // 7: code 5.1.1 named differently on line 2
      'P,K,S,A,T,5 1 4,Lima,', // 8: not a code
      'P,K,S,A,T,5.1.5,Enam,mungkin', // 9: neither yes nor no
      'P,K,S,A,T,5.1.6,Tujuh,tidak', // 10: the programme is taxed on line 2
      'P,K,S,A,T,5.1.1,satu,', // 11: an exact repeat of line 2
    ].join('\n');
    await writeFile(file('bad.csv'), csv);
    const { run, report } = await importJson([file('bad.csv')], 3);
    expect(reason(run.stderr)).toMatch(
      /^ranwal: 6 invalid row\(s\) in .*bad\.csv; nothing was imported \(fix them, or pass --skip-invalid/,
    );
    // Rows as a spreadsheet numbers them; below the cell with a line break, lines are one more.
    expect(report.invalid).toEqual([
      { row: 3, column: 'Kegiatan', message: 'is empty' },
      { row: 5, line: 6, column: 'Kode Rekening', message: 'is empty' },
      {
        row: 6,
        line: 7,
        column: 'Kode Rekening',
        message: 'code 5.1.1 is named "Satu" on row 2 under the same subtitle',
      },
      {
        row: 7,
        line: 8,
        column: 'Kode Rekening',
        message:
          'is not an account code (digits or letters separated by dots, e.g. 5.1.02.01.01.0024)',
      },
      { row: 8, line: 9, column: 'PPN', message: '"mungkin" is neither ya/yes nor tidak/no' },
      { row: 9, line: 10, column: 'PPN', message: 'row 2 says the programme is taxed' },
    ]);
    expect(report).toMatchObject({ rows: 9, sent: 0, duplicates: 1 });
    expect(await tableCounts()).toMatchObject({ program: 0, account: 0 });

    const human = await ranwal(['import', 'hierarchy', file('bad.csv')]);
    expect(human.code).toBe(3);
    expect(human.stdout).toContain(
      'Invalid rows:\n  row 3, Kegiatan: is empty\n  row 5 (line 6), Kode Rekening: is empty\n',
    );

    const skipped = await importJson([file('bad.csv'), '--skip-invalid']);
    expect(skipped.report.sent).toBe(2);
    expect(skipped.report.invalid).toHaveLength(6);
    const { rows } = await sql<{ code: string; name: string }>`
      select code, name from account order by code`.execute(server.database.db);
    expect(rows).toEqual([
      { code: '5.1.1', name: 'Satu' },
      { code: '5.1.3', name: 'Tiga' },
    ]);
    const { rows: subActions } = await sql<{ name: string }>`
      select name from sub_action order by name`.execute(server.database.db);
    expect(subActions.map((r) => r.name)).toEqual(['S', 'S lanjutan']);
  });

  it('reports codes stored under another name, applies the rest, and exits 3 unless --skip-invalid', async () => {
    await writeFile(file('stored.csv'), bigCsv(8));
    await importJson([file('stored.csv')]);
    const renamed = bigCsv(12).replace(',Belanja 1\n', ',Belanja Satu\n');
    await writeFile(file('renamed.csv'), renamed);
    const { run, report } = await importJson([file('renamed.csv')], 3);
    expect(reason(run.stderr)).toMatch(/^ranwal: 1 row\(s\) conflict with records stored on http/);
    expect(report.conflicts).toEqual([
      {
        row: 3,
        column: 'nama rekening',
        message:
          'kode 5.1.02.01 sudah ada di subtitle ini dengan nama "Belanja 1"; nama tidak diubah',
      },
    ]);
    expect(report.levels.account).toEqual({ created: 4, renamed: 0, existing: 7 });
    expect((await tableCounts()).account).toBe(12);
    const again = await importJson([file('renamed.csv'), '--skip-invalid']);
    expect(again.report.conflicts).toHaveLength(1);
  });

  it('an import stopped by Ctrl-C leaves whole batches only, and a re-run completes it', async () => {
    await writeFile(file('big.csv'), bigCsv(1200));
    let child: ChildProcess | null = null;
    let count = 0;
    server.beforeImport = async () => {
      count += 1;
      if (count !== 3) return;
      const gone = new Promise((resolve) => child!.once('close', resolve));
      child!.kill('SIGINT');
      // The server takes up the third batch once the CLI has gone, as it would a request in
      // flight: it must not keep it.
      await gone;
    };
    const handledBefore = server.importsHandled;
    const run = await runBinary(
      ['import', 'hierarchy', file('big.csv'), '--batch-size', '150', '--json'],
      {
        env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url },
        onSpawn: (spawned) => {
          child = spawned;
        },
      },
    );
    expect(run.code).toBe(130);
    expect(reason(run.stderr)).toBe(
      'ranwal: interrupted: the server confirmed 300 of 1,200 rows (whole batches); run the same command again to complete the import',
    );
    await vi.waitFor(() => expect(server.importsHandled - handledBefore).toBe(3), {
      timeout: 20_000,
    });
    const partial = await tableCounts();
    expect(partial.account).toBe(300);
    await assertWholeAndUnique();

    server.beforeImport = null;
    const { report } = await importJson([file('big.csv'), '--batch-size', '150']);
    expect(report.levels.account).toEqual({
      created: 1200 - partial.account,
      renamed: 0,
      existing: partial.account,
    });
    expect(await tableCounts()).toEqual({
      program: 2,
      action: 6,
      sub_action: 12,
      activity: 24,
      subtitle: 300,
      account: 1200,
    });
    await assertWholeAndUnique();
  });

  it('an import cut off by the server stopping fails with exit code 5, and a re-run completes it', async () => {
    await writeFile(file('cut.csv'), bigCsv(600));
    let count = 0;
    server.beforeImport = async (request) => {
      count += 1;
      if (count !== 3) return;
      // The server goes away between two batches: the third is never applied.
      request.raw.socket.destroy();
      void server.stop();
      throw new Error('stopped');
    };
    const run = await ranwal(['import', 'hierarchy', file('cut.csv'), '--batch-size', '150']);
    expect(run.code).toBe(5);
    expect(reason(run.stderr)).toMatch(
      /^ranwal: import stopped: the connection to http:\/\/127\.0\.0\.1:\d+ failed \(.+\); the server confirmed 300 of 600 rows \(whole batches\); run the same command again to complete the import$/,
    );
    expect((await tableCounts()).account).toBe(300);
    await assertWholeAndUnique();

    server.beforeImport = null;
    await server.restart();
    const { report } = await importJson([file('cut.csv'), '--batch-size', '150']);
    expect(report.levels.account).toEqual({ created: 300, renamed: 0, existing: 300 });
    expect((await tableCounts()).account).toBe(600);
    await assertWholeAndUnique();
  });

  it('is a function too: the same command called in-process', async () => {
    await writeFile(file('direct.csv'), bigCsv(8));
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = home.dir;
    try {
      const progress: number[] = [];
      const report = await importHierarchy({
        file: file('direct.csv'),
        server: server.url,
        batchSize: 3,
        onProgress: (done) => progress.push(done),
      });
      expect(progress).toEqual([3, 6, 8]);
      expect(report.levels.account).toEqual({ created: 8, renamed: 0, existing: 0 });
      const rejected = await importHierarchy({
        file: file('direct.csv'),
        server: server.url,
        batchSize: 100_001,
      }).catch((error: unknown) => error);
      expect(rejected).toBeInstanceOf(CliError);
      expect(rejected).toMatchObject({ kind: 'usage', exitCode: 2 });
    } finally {
      process.env.XDG_CONFIG_HOME = saved;
    }
  });

  it('sends nothing when the file changes between its check and its sending', async () => {
    const changing = file('changing.csv');
    await writeFile(changing, bigCsv(40).replace('program,', 'no,program,').replace(/\n/g, '\n1,'));
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = home.dir;
    try {
      const rejected = await importHierarchy({
        file: changing,
        server: server.url,
        // Told while the first reading is under way (it found the header): a row is added.
        onNote: (text) => {
          // 'Kolom yang tidak dipakai: no' (in-process, the CLI speaks Indonesian by default).
          if (text.startsWith('Kolom yang tidak dipakai')) {
            appendFileSync(changing, '\n1,Program 9,K,S,A,T,5.9.9,Baru');
          }
        },
      }).catch((error: unknown) => error);
      expect(rejected).toBeInstanceOf(CliError);
      expect(rejected).toMatchObject({
        kind: 'failure',
        // In Indonesian, as the onNote above.
        message: `${changing} berubah selama diimpor; jalankan perintah lagi`,
      });
      expect(await tableCounts()).toMatchObject({ program: 0, account: 0 });
    } finally {
      process.env.XDG_CONFIG_HOME = saved;
    }
  });

  /** A level's records as the server's API lists them (`ranwal <level> list --json`). */
  const listed = async (command: string) => {
    const run = await ranwal([command, 'list', '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Record<string, string>[];
  };
  const names = async (command: string) => (await listed(command)).map((r) => r.name).sort();

  it('reads a CSV that Excel on Windows saved as Windows-1252, and says so once', async () => {
    const csv = fixture('windows-1252.csv');
    const run = await ranwal(['import', 'hierarchy', csv]);
    expect(run.code, run.stderr).toBe(0);
    expect(notes(run.stderr)).toEqual([`Reading ${csv} as windows-1252`]);
    expect(run.stdout).toMatch(
      /^Imported .*windows-1252\.csv: 2 row\(s\) \(2 created, 0 unchanged\)\./,
    );
    // – “ ” … are the bytes 0x96 0x93 0x94 0x85 there, not the control characters U+0096 …
    expect(await names('accounts')).toEqual([
      'Belanja Bahan Cetak – Fotokopi',
      'Belanja “ATK” – Alat Tulis Kantor…',
    ]);
    expect(await names('kegiatan')).toEqual(['Perencanaan – Penganggaran']);
    expect(await names('sub-kegiatan')).toEqual(['Penyusunan Dokumen “Renja”']);
    expect(await names('aktivitas')).toEqual(['Rapat Koordinasi…']);
  });

  it('reads UTF-16 by its byte order mark, and the encoding --encoding names', async () => {
    const text = [
      'Program\tKegiatan\tSub Kegiatan\tAktivitas\tSubtitle\tKode Rekening\tNama Rekening',
      'Program “Satu”\tKegiatan – A\tSub A\tAktivitas A\tSubtitle A\t5.1.1\tBelanja…',
    ].join('\r\n');
    // Excel's "Unicode Text": UTF-16LE with a byte order mark, tab separated.
    await writeFile(file('unicode.txt'), Buffer.from(`\uFEFF${text}\r\n`, 'utf16le'));
    const unicode = await ranwal(['import', 'hierarchy', file('unicode.txt')]);
    expect(unicode.code, unicode.stderr).toBe(0);
    expect(notes(unicode.stderr)).toEqual([`Reading ${file('unicode.txt')} as utf-16le`]);

    // Without a byte order mark, UTF-16 text is also valid UTF-8 (with NUL bytes): only the flag tells.
    const second = text.replace('5.1.1', '5.1.2');
    await writeFile(file('utf16be.csv'), Buffer.from(second, 'utf16le').swap16());
    const guessed = await ranwal(['import', 'hierarchy', file('utf16be.csv')]);
    expect(guessed.code).toBe(3);
    expect(notes(guessed.stderr)[0]).toBe(`Reading ${file('utf16be.csv')} as utf-8`);
    expect(reason(guessed.stderr)).toMatch(/invalid row\(s\).*nothing was imported/);
    const told = await ranwal([
      'import',
      'hierarchy',
      file('utf16be.csv'),
      '--encoding',
      'utf-16be',
    ]);
    expect(told.code, told.stderr).toBe(0);
    expect(notes(told.stderr)).toEqual([`Reading ${file('utf16be.csv')} as utf-16be`]);
    expect((await listed('accounts')).map((r) => `${r.code} ${r.name}`)).toEqual([
      '5.1.1 Belanja…',
      '5.1.2 Belanja…',
    ]);
    expect(await names('programs')).toEqual(['Program “Satu”']);

    const wrong = await ranwal(['import', 'hierarchy', file('unicode.txt'), '--encoding', 'utf-8']);
    expect(wrong.code).toBe(2);
    expect(reason(wrong.stderr)).toBe(
      `ranwal: ${file('unicode.txt')} is not valid utf-8 text (it reads as utf-16le: leave out --encoding)`,
    );
    const unknown = await ranwal([
      'import',
      'hierarchy',
      file('unicode.txt'),
      '--encoding',
      'latin2',
    ]);
    expect(unknown.code).toBe(2);
    expect(reason(unknown.stderr)).toMatch(/--encoding/);
  });

  /** Where the fill-down sheet's subtitles and accounts ended up, through the API. */
  const fillDownPlacement = async () => ({
    subtitles: (await listed('subtitles')).map((r) => `${r.activity_name} / ${r.name}`).sort(),
    accounts: (await listed('accounts')).map((r) => `${r.subtitle_name} / ${r.code}`).sort(),
  });
  const filledDown = {
    subtitles: [
      'Monitoring dan Evaluasi / Belanja Operasional Kantor',
      'Rapat Koordinasi / Belanja Operasional Kantor',
      'Rapat Koordinasi / Perjalanan Dinas Dalam Daerah',
      'Rekonsiliasi Aset / Konsumsi Rapat',
    ],
    accounts: [
      'Belanja Operasional Kantor / 5.1.02.01.01.0024',
      'Belanja Operasional Kantor / 5.1.02.01.01.0024',
      'Belanja Operasional Kantor / 5.1.02.01.01.0026',
      'Konsumsi Rapat / 5.1.02.01.01.0052',
      'Konsumsi Rapat / 5.1.02.01.01.0053',
      'Perjalanan Dinas Dalam Daerah / 5.1.02.04.01.0001',
    ],
  };
  const fillDownHint =
    'Hint: 4 row(s) leave Program, Kegiatan, Sub Kegiatan, Aktivitas, Subtitle empty below a filled cell; if the sheet leaves repeated names blank, run again with --fill-down';

  it('--fill-down takes blank cells of a sheet laid out for print from the row above (CSV)', async () => {
    const csv = fixture('fill-down.csv');
    const refused = await ranwal(['import', 'hierarchy', csv]);
    expect(refused.code).toBe(3);
    expect(notes(refused.stderr)).toEqual([
      `Reading ${csv} as utf-8`,
      'Ignored columns: No, Pagu',
      fillDownHint,
    ]);
    expect(refused.stdout).toContain('  row 3, Program: is empty\n');
    expect(await names('programs')).toEqual([]);

    const { run, report } = await importJson([csv, '--fill-down']);
    expect(notes(run.stderr)).toEqual([`Reading ${csv} as utf-8`, 'Ignored columns: No, Pagu']);
    expect(counts(report).map(([created]) => created)).toEqual([2, 2, 2, 3, 4, 6]);
    expect(await fillDownPlacement()).toEqual(filledDown);
  });

  it('--fill-down reads the blank and merged cells of a workbook the same way (XLSX)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rekening');
    const rows = (await readFile(fixture('fill-down.csv'), 'utf8')).trimEnd().split('\r\n');
    for (const line of rows) sheet.addRow(line.split(';').map((cell) => cell || null));
    // The first programme's Program and Kegiatan cells merged down its rows, as printed.
    sheet.mergeCells('B2:B5');
    sheet.mergeCells('C2:C5');
    await workbook.xlsx.writeFile(file('fill-down.xlsx'));

    const refused = await ranwal(['import', 'hierarchy', file('fill-down.xlsx')]);
    expect(refused.code).toBe(3);
    expect(notes(refused.stderr)).toEqual(['Ignored columns: No, Pagu', fillDownHint]);
    const { report } = await importJson([file('fill-down.xlsx'), '--fill-down']);
    expect(counts(report).map(([created]) => created)).toEqual([2, 2, 2, 3, 4, 6]);
    expect(await fillDownPlacement()).toEqual(filledDown);
  });

  it('names the spreadsheet row of a problem, and the text line when a name above holds a line break', async () => {
    const csv = [
      'Program,Kegiatan,Sub Kegiatan,Aktivitas,Subtitle,Kode Rekening,Nama Rekening', // row 1, line 1
      'P,K,"Penyusunan Dokumen',
      'Perencanaan",A,T,5.1.1,Satu', // row 2, lines 2-3
      'P,K,"Penyusunan Dokumen',
      'Perencanaan",A,T,,Dua', // row 3, lines 4-5: no code
      'P,K,S,A,T,5.1.3,Tiga', // row 4, line 6
      'P,K,S,A,T,5.1.4', // row 5, line 7: no name
    ].join('\r\n');
    await writeFile(file('multi-line.csv'), csv);
    const human = await ranwal(['import', 'hierarchy', file('multi-line.csv')]);
    expect(human.code).toBe(3);
    expect(human.stdout).toContain(
      'Invalid rows:\n  row 3 (line 4), Kode Rekening: is empty\n  row 5 (line 7), Nama Rekening: is empty\n',
    );
    const { report } = await importJson([file('multi-line.csv'), '--skip-invalid']);
    expect(report.invalid.map(({ row, line }) => ({ row, line }))).toEqual([
      { row: 3, line: 4 },
      { row: 5, line: 7 },
    ]);
    expect(await names('sub-kegiatan')).toEqual(['Penyusunan Dokumen Perencanaan', 'S']);
  });

  it('keeps apart what official codes keep apart in a multi-unit DPA, and re-runs as a no-op', async () => {
    const csv = fixture('dpa-multi-unit.csv');
    const run = await ranwal(['import', 'hierarchy', csv]);
    expect(run.code, run.stderr).toBe(0);
    const coded = async (command: string) =>
      (await listed(command)).map((record) => `${record.code} ${record.name}`);
    // Two units' support programmes share a name; each keeps its own code and kegiatan.
    expect(await coded('programs')).toEqual([
      '1.02.01 PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA',
      '1.02.02 PROGRAM PEMENUHAN UPAYA KESEHATAN PERORANGAN DAN UPAYA KESEHATAN MASYARAKAT',
      '4.01.01 PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA',
    ]);
    expect(await listed('kegiatan')).toHaveLength(5);
    // Two sub kegiatan codes with one name stay two, in code order.
    expect((await coded('sub-kegiatan')).filter((text) => text.includes('Gizi'))).toEqual([
      '1.02.02.2.02.0020 Pengelolaan Pelayanan Kesehatan Gizi Masyarakat',
      '1.02.02.2.02.0033 Pengelolaan Pelayanan Kesehatan Gizi Masyarakat',
    ]);
    expect(await listed('accounts')).toHaveLength(6);
    const again = await ranwal(['import', 'hierarchy', csv]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('(0 created, 6 unchanged)');
  });

  it('takes official renames by code only with --accept-renames', async () => {
    const csv = fixture('dpa-multi-unit.csv');
    expect((await ranwal(['import', 'hierarchy', csv])).code).toBe(0);
    const renamed = file('renamed.csv');
    const text = await readFile(csv, 'utf8');
    await writeFile(
      renamed,
      text.replaceAll(
        'Penyusunan Dokumen Perencanaan Perangkat Daerah',
        'Penyusunan Dokumen Perencanaan Perangkat Daerah (nomenklatur baru)',
      ),
    );
    // Without the flag: a conflict named by row and column, and the stored name stays.
    const refused = await ranwal(['import', 'hierarchy', renamed]);
    expect(refused.code).toBe(3);
    expect(refused.stdout + refused.stderr).toContain(
      'row 2, Kode Sub Kegiatan: kode 4.01.01.2.01.0001 sudah ada di kegiatan ini dengan nama "Penyusunan Dokumen Perencanaan Perangkat Daerah"; nama tidak diubah',
    );
    const accepted = await ranwal(['import', 'hierarchy', renamed, '--accept-renames']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('(0 created, 2 renamed, 6 unchanged)');
    const names = (await listed('sub-kegiatan')).map((record) => record.name);
    expect(names.filter((name) => name?.endsWith('(nomenklatur baru)'))).toHaveLength(2);
  });

  const SUPPORT = 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA';
  const HEALTH = 'PROGRAM PEMENUHAN UPAYA KESEHATAN PERORANGAN DAN UPAYA KESEHATAN MASYARAKAT';
  const BAPPEDA = 'Badan Perencanaan Pembangunan Daerah';

  it('makes one X.XX.01 support programme per Perangkat Daerah: nothing merges, and a re-run changes nothing', async () => {
    const csv = fixture('dpa-multi-agency-skpd.csv');
    const run = await ranwal(['import', 'hierarchy', csv]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Imported .*dpa-multi-agency-skpd\.csv: 6 row\(s\) \(6 created, 0 unchanged\)\.\n/,
    );
    expect(run.stdout).toMatch(/\n\s*Perangkat Daerah\s+2\s+0\n\s*Program\s+3\s+0\n/);
    expect((await listed('agencies')).map((agency) => `${agency.code} ${agency.name}`)).toEqual([
      '1.02.0.00.0.00.01.0000 Dinas Kesehatan',
      `4.01.0.00.0.00.01.0000 ${BAPPEDA}`,
    ]);
    // The same code and name under two agencies: two programmes, each with its own kegiatan.
    expect(
      (await listed('programs')).map((p) => `${p.agency_name} / ${p.code} ${p.name}`).sort(),
    ).toEqual([
      `${BAPPEDA} / X.XX.01 ${SUPPORT}`,
      `Dinas Kesehatan / 1.02.02 ${HEALTH}`,
      `Dinas Kesehatan / X.XX.01 ${SUPPORT}`,
    ]);
    expect(await listed('kegiatan')).toHaveLength(5);
    expect(await listed('sub-kegiatan')).toHaveLength(6);
    expect(await listed('accounts')).toHaveLength(6);
    const table = await ranwal(['perangkat-daerah', 'list']);
    expect(table.stdout).toMatch(/^ID\s+CODE\s+NAME\n/);
    expect(table.stdout).toMatch(/\s1\.02\.0\.00\.0\.00\.01\.0000\s+Dinas Kesehatan\n/);
    expect((await ranwal(['programs', 'list'])).stdout).toMatch(/\sPERANGKAT DAERAH\n/);

    // Again, a row a call: each call names the agency again, and it is counted once.
    const before = await tableCounts();
    const again = await ranwal(['import', 'hierarchy', csv, '--batch-size', '1']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Nothing changed: .* \(0 created, 6 unchanged\)\.\n/);
    expect(again.stdout).toMatch(/\n\s*Perangkat Daerah\s+0\s+2\n/);
    expect(await tableCounts()).toEqual(before);
    expect(await listed('agencies')).toHaveLength(2);
  });

  it('--dry-run lists the Perangkat Daerah it would create, and each programme under its agency', async () => {
    const csv = fixture('dpa-multi-agency-skpd.csv');
    const { report } = await importJson([csv, '--dry-run']);
    expect(report.levels.agency).toEqual({ created: 2, renamed: 0, existing: 0 });
    expect(report.created?.slice(0, 5)).toEqual([
      { level: 'agency', row: 2, path: [BAPPEDA] },
      { level: 'agency', row: 4, path: ['Dinas Kesehatan'] },
      { level: 'program', row: 2, path: [BAPPEDA, SUPPORT] },
      { level: 'program', row: 4, path: ['Dinas Kesehatan', SUPPORT] },
      { level: 'program', row: 6, path: ['Dinas Kesehatan', HEALTH] },
    ]);
    const human = await ranwal(['import', 'hierarchy', csv, '--dry-run']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(
      `Would create:\n  Perangkat Daerah: ${BAPPEDA}\n  Perangkat Daerah: Dinas Kesehatan\n  Program: ${BAPPEDA} / ${SUPPORT}\n  Program: Dinas Kesehatan / ${SUPPORT}\n`,
    );
    expect(await listed('agencies')).toEqual([]);
    expect(await tableCounts()).toMatchObject({ program: 0, account: 0 });
  });

  it('wants a Perangkat Daerah on every row of a file with agencies: a blank cell is refused by row, or filled down', async () => {
    const lines = (await readFile(fixture('dpa-multi-agency-skpd.csv'), 'utf8')).split('\n');
    // Row 3 leaves Bappeda's cells blank below its first row, as a sheet laid out for print.
    lines[2] = lines[2]!.replace(`4.01.0.00.0.00.01.0000;${BAPPEDA};`, ';;');
    await writeFile(file('blank-agency.csv'), lines.join('\n'));
    const refused = await ranwal(['import', 'hierarchy', file('blank-agency.csv')]);
    expect(refused.code).toBe(3);
    expect(reason(refused.stderr)).toMatch(
      /^ranwal: 1 invalid row\(s\) in .*blank-agency\.csv; nothing was imported/,
    );
    expect(refused.stdout).toContain(
      'Invalid rows:\n  row 3, Nama SKPD: is empty (after a row that names a Perangkat Daerah, every row names one; programmes of no Perangkat Daerah go on top, as ranwal export hierarchy writes them)\n',
    );
    expect(notes(refused.stderr)).toContain(
      'Hint: 1 row(s) leave Nama SKPD empty below a filled cell; if the sheet leaves repeated names blank, run again with --fill-down',
    );
    expect(await listed('agencies')).toEqual([]);

    const { report } = await importJson([file('blank-agency.csv'), '--fill-down']);
    expect(report.levels.agency).toEqual({ created: 2, renamed: 0, existing: 0 });
    expect(report.levels.program).toEqual({ created: 3, renamed: 0, existing: 0 });
    // Row 3 took Bappeda and its code from the row above: the sheet as written finds it all.
    const whole = await ranwal(['import', 'hierarchy', fixture('dpa-multi-agency-skpd.csv')]);
    expect(whole.stdout).toContain('(0 created, 6 unchanged)');
  });

  it('reports an agency code stored under another name in its code column, and renames it with --accept-renames', async () => {
    expect((await ranwal(['import', 'hierarchy', fixture('dpa-multi-agency-skpd.csv')])).code).toBe(
      0,
    );
    const text = await readFile(fixture('dpa-multi-agency-skpd.csv'), 'utf8');
    await writeFile(
      file('renamed-agency.csv'),
      text.replaceAll(';Dinas Kesehatan;', ';Dinas Kesehatan Kabupaten;'),
    );
    const refused = await ranwal(['import', 'hierarchy', file('renamed-agency.csv')]);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain(
      'Conflicts with stored records:\n  row 4, Kode SKPD: kode 1.02.0.00.0.00.01.0000 sudah ada dengan nama "Dinas Kesehatan"; nama tidak diubah\n',
    );
    const accepted = await ranwal([
      'import',
      'hierarchy',
      file('renamed-agency.csv'),
      '--accept-renames',
    ]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('(0 created, 1 renamed, 6 unchanged)');
    expect((await listed('agencies')).map((agency) => agency.name)).toEqual([
      'Dinas Kesehatan Kabupaten',
      BAPPEDA,
    ]);
  });

  it("exports the hierarchy in the import's own format: importing it again changes nothing", async () => {
    // Names a spreadsheet would run as formulas (issue 34): the export guards them, the import
    // takes the guard off again. A name typed '=… in a CSV is written ''=… there.
    const source = (await readFile(fixture('dpa-multi-unit.csv'), 'utf8'))
      .replaceAll(';Penyusunan Renja;', ';@SUM(1+1);')
      .replaceAll(';Belanja Operasional;', ';"=HYPERLINK(""http://contoh.test"";""klik"")";')
      .replaceAll(';Belanja Gaji Pokok PNS', ";''=bukan formula");
    await writeFile(file('formula.csv'), source);
    const first = await ranwal(['import', 'hierarchy', file('formula.csv')]);
    expect(first.code, first.stderr).toBe(0);
    const csv = file('hierarki.csv');
    const exported = await ranwal(['export', 'hierarchy', '--out', csv]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('Saved 6 account code(s) with their paths');
    const written = await readFile(csv, 'utf8');
    expect(written).toContain(`,"'@SUM(1+1)",`);
    expect(written).toContain(`,"'=HYPERLINK(""http://contoh.test"";""klik"")",`);
    expect(written).toContain(`,"''=bukan formula"\r\n`);
    expect(written).not.toMatch(/(^|[,\n])"?[=+@]/);
    const lines = written.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Kode Program,Program,PPN,Kode Kegiatan,Kegiatan,Kode Sub Kegiatan,Sub Kegiatan,Kode Aktivitas,Aktivitas,Kode Subtitle,Subtitle,Kode Rekening,Nama Rekening',
    );
    // In official code order: the units' programmes 1.02.01, 1.02.02, 4.01.01.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      '1.02.01',
      '1.02.01',
      '1.02.02',
      '1.02.02',
      '4.01.01',
      '4.01.01',
    ]);
    for (const out of [csv, file('hierarki.xlsx')]) {
      if (out.endsWith('.xlsx')) {
        expect((await ranwal(['export', 'hierarchy', '--out', out])).code).toBe(0);
      }
      const again = await ranwal(['import', 'hierarchy', out]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('(0 created, 6 unchanged)');
    }
  });

  it('exports the Perangkat Daerah first, in agency code order, and reads them back: nothing changes', async () => {
    expect((await ranwal(['import', 'hierarchy', fixture('dpa-multi-agency-skpd.csv')])).code).toBe(
      0,
    );
    const csv = file('hierarki-skpd.csv');
    const exported = await ranwal(['export', 'hierarchy', '--out', csv]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(
      `Saved 6 account code(s) with their paths to ${csv} (csv); ranwal import hierarchy reads it back\n`,
    );
    const lines = (await readFile(csv, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Kode Perangkat Daerah,Perangkat Daerah,Kode Program,Program,PPN,Kode Kegiatan,Kegiatan,Kode Sub Kegiatan,Sub Kegiatan,Kode Aktivitas,Aktivitas,Kode Subtitle,Subtitle,Kode Rekening,Nama Rekening',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(' '))).toEqual([
      '1.02.0.00.0.00.01.0000 Dinas Kesehatan 1.02.02',
      '1.02.0.00.0.00.01.0000 Dinas Kesehatan 1.02.02',
      '1.02.0.00.0.00.01.0000 Dinas Kesehatan X.XX.01',
      '1.02.0.00.0.00.01.0000 Dinas Kesehatan X.XX.01',
      `4.01.0.00.0.00.01.0000 ${BAPPEDA} X.XX.01`,
      `4.01.0.00.0.00.01.0000 ${BAPPEDA} X.XX.01`,
    ]);
    const before = await tableCounts();
    for (const out of [csv, file('hierarki-skpd.xlsx')]) {
      if (out.endsWith('.xlsx')) {
        expect((await ranwal(['export', 'hierarchy', '--out', out])).code).toBe(0);
      }
      const again = await ranwal(['import', 'hierarchy', out]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('(0 created, 6 unchanged)');
      expect(again.stdout).toMatch(/\n\s*Perangkat Daerah\s+0\s+2\n/);
    }
    expect(await tableCounts()).toEqual(before);
    expect(await listed('agencies')).toHaveLength(2);

    // Programmes of no agency besides: their agency cells are blank, on top, where the import
    // reads them as programmes of no agency (and --fill-down finds no agency above them).
    expect((await ranwal(['import', 'hierarchy', fixture('dpa-multi-unit.csv')])).code).toBe(0);
    const mixed = await ranwal(['export', 'hierarchy', '--out', file('campur.csv')]);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stdout).toContain(
      `Saved 12 account code(s) with their paths to ${file('campur.csv')} (csv). The 6 on top belong to programmes of no Perangkat Daerah (their Perangkat Daerah cells are blank); ranwal import hierarchy reads it back`,
    );
    const mixedLines = (await readFile(file('campur.csv'), 'utf8')).trimEnd().split('\r\n');
    expect(mixedLines.slice(1).map((line) => line.split(',').slice(0, 3).join(' '))).toEqual([
      '  1.02.01',
      '  1.02.01',
      '  1.02.02',
      '  1.02.02',
      '  4.01.01',
      '  4.01.01',
      ...lines.slice(1).map((line) => line.split(',').slice(0, 3).join(' ')),
    ]);
    for (const args of [[], ['--fill-down']]) {
      const again = await ranwal(['import', 'hierarchy', file('campur.csv'), ...args]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('(0 created, 12 unchanged)');
    }
    expect(await tableCounts()).toMatchObject({ program: 6, account: 12 });
  });

  it('lists the columns it does not use, once', async () => {
    await writeFile(
      file('extra.csv'),
      [
        'Keterangan;Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening;Pagu;',
        'baru;P;K;S;A;T;5.1.1;Satu;1500000;',
        'baru;P;K;S;A;T;5.1.2;Dua;750000;',
      ].join('\n'),
    );
    const { run, report } = await importJson([file('extra.csv')]);
    expect(notes(run.stderr)).toEqual([
      `Reading ${file('extra.csv')} as utf-8`,
      'Ignored columns: Keterangan, Pagu',
    ]);
    expect(report.ignoredColumns).toEqual(['Keterangan', 'Pagu']);
  });

  it('says what is wrong with a file it cannot use', async () => {
    const missing = await ranwal(['import', 'hierarchy', file('nope.csv')]);
    expect(missing.code).toBe(2);
    expect(reason(missing.stderr)).toMatch(/^ranwal: cannot read .*nope\.csv: ENOENT/);

    await writeFile(file('old.xls'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]));
    const xls = await ranwal(['import', 'hierarchy', file('old.xls')]);
    expect(xls.code).toBe(2);
    expect(reason(xls.stderr)).toMatch(
      /Excel 97-2003 workbook \(\.xls\): save it as \.xlsx or CSV/,
    );

    await writeFile(file('columns.csv'), 'Program;Kegiatan;Subtitle;Kode Rekening\nA;B;C;1\n');
    const columns = await ranwal(['import', 'hierarchy', file('columns.csv')]);
    expect(columns.code).toBe(3);
    expect(reason(columns.stderr)).toBe(
      'ranwal: the header row (row 1) lacks the columns Sub Kegiatan, Aktivitas, Nama Rekening',
    );
  });
});
