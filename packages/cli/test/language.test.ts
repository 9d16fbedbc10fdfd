import { writeFile } from 'node:fs/promises';
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
    expect(unknown.stderr).toContain("'fr' is invalid");
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
