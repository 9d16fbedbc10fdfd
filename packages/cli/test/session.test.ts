import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  BIN,
  closedPort,
  runBinary,
  runCli,
  runShell,
  startServer,
  type TestServer,
  USER,
  withConfigHome,
} from './support.js';

/** The one line a failing run leaves on stderr. */
const reason = (stderr: string) => {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
};

describe('ranwal login, whoami, logout and the read commands', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  const env = () => ({ XDG_CONFIG_HOME: home.dir });
  const configFile = () => path.join(home.dir, 'ranwal', 'config.json');
  const ranwal = (args: string[], extra: Record<string, string | undefined> = {}, input?: string) =>
    runCli(args, { env: { ...env(), ...extra }, ...(input === undefined ? {} : { input }) });

  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });

  it('refuses commands before login with exit code 4 and one line', async () => {
    const run = await ranwal(['whoami']);
    expect(run.code).toBe(4);
    expect(reason(run.stderr)).toMatch(/^ranwal: not signed in/);
    expect(run.stdout).toBe('');
  });

  it('asks for the flags it cannot prompt for when not at a terminal', async () => {
    const run = await ranwal(['login', '--server', server.url], { RANWAL_PASSWORD: 'x' });
    expect(run.code).toBe(2);
    expect(reason(run.stderr)).toBe('ranwal: --email is required when not running in a terminal');
  });

  it('reports a wrong password as a refused sign-in with the server message', async () => {
    const run = await ranwal(['login', '--server', server.url, '--email', ADMIN.email], {
      RANWAL_PASSWORD: 'wrong-password',
    });
    expect(run.code).toBe(4);
    expect(reason(run.stderr)).toBe(
      `ranwal: sign-in refused by ${server.url}: Email atau kata sandi salah.`,
    );
  });

  it('logs in from RANWAL_PASSWORD and keeps the token readable by the owner only', async () => {
    const run = await ranwal(
      ['login', '--server', `${server.url}/ranwal/`, '--email', ADMIN.email, '--json'],
      { RANWAL_PASSWORD: ADMIN.password },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      server: server.url,
      user: { email: ADMIN.email, role: 'admin' },
      configFile: configFile(),
    });
    expect(result.user.token).toBeUndefined();

    expect((await stat(configFile())).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(configFile()))).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(await readFile(configFile(), 'utf8'));
    expect(stored.current).toBe(server.url);
    expect(stored.sessions[server.url].token).toMatch(/^ey/);
  });

  it('says who is signed in, for people and for scripts', async () => {
    const human = await ranwal(['whoami']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`<${ADMIN.email}> \\(admin\\) on ${server.url}`));
    const json = await ranwal(['whoami', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ server: server.url, user: { role: 'admin' } });
  });

  it('creates and lists users non-interactively', async () => {
    const created = await ranwal(
      [
        'users',
        'create',
        '--name',
        'Siti Aminah',
        '--email',
        'siti@example.go.id',
        '--role',
        'user',
        '--password-stdin',
        '--json',
      ],
      {},
      'rahasia-siti-1\n',
    );
    expect(created.stderr).toBe('');
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'Siti Aminah', role: 'user' });

    const signIn = await ranwal(['login', '--email', 'siti@example.go.id', '--json'], {
      RANWAL_PASSWORD: 'rahasia-siti-1',
      XDG_CONFIG_HOME: path.join(home.dir, 'siti'),
      RANWAL_SERVER: server.url,
    });
    expect(signIn.code).toBe(0);

    const listed = await ranwal(['users', 'list', '--json']);
    expect(
      JSON.parse(listed.stdout)
        .map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual([ADMIN.email, 'siti@example.go.id', USER.email].sort());
    const table = await ranwal(['users', 'list', '--search', 'siti']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+AGENCIES$/);
    expect(table.stdout).toMatch(/Siti Aminah .* user\s+none$/m);
    // The accounts without a Perangkat Daerah (issue 34): users and verifiers, never admins.
    const withoutAgency = await ranwal(['users', 'list', '--without-agency', '--json']);
    expect(withoutAgency.code).toBe(0);
    expect(
      JSON.parse(withoutAgency.stdout)
        .map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual(['siti@example.go.id', USER.email].sort());

    const invalid = await ranwal(
      ['users', 'create', '--name', 'X', '--email', 'x@example.go.id', '--role', 'chief'],
      {},
    );
    expect(invalid.code).toBe(2);
    expect(reason(invalid.stderr)).toMatch(/--role/);
  });

  it("sets a user's password and changes one's own; the sessions they end stop working", async () => {
    const siti = {
      XDG_CONFIG_HOME: path.join(home.dir, 'siti-password'),
      RANWAL_SERVER: server.url,
    };
    const login = (password: string) =>
      ranwal(['login', '--email', 'siti.sandi@example.go.id'], {
        ...siti,
        RANWAL_PASSWORD: password,
      });
    await ranwal(
      [
        'users',
        'create',
        '--name',
        'Siti',
        '--email',
        'siti.sandi@example.go.id',
        '--role',
        'user',
        '--password-stdin',
      ],
      {},
      'rahasia-awal-1\n',
    );
    expect((await login('rahasia-awal-1')).code).toBe(0);

    const weak = await ranwal(
      ['users', 'set-password', 'siti.sandi@example.go.id', '--password-stdin'],
      {},
      'hanyahuruf\n',
    );
    expect(weak.code).toBe(2);
    expect(reason(weak.stderr)).toBe('ranwal: password: harus berisi huruf dan angka');
    const nobody = await ranwal(
      ['users', 'set-password', 'tidak.ada@example.go.id', '--password-stdin'],
      {},
      'rahasia-baru-2\n',
    );
    expect(nobody.code).toBe(2);

    const reset = await ranwal(
      ['users', 'set-password', 'SITI.SANDI@example.go.id', '--password-stdin'],
      {},
      'diatur-admin-2\n',
    );
    expect(reset.stderr).toBe('');
    expect(reset.stdout).toMatch(
      /^Password set for Siti <siti\.sandi@example\.go\.id>; every session of theirs has ended/,
    );
    // Siti's stored session ended with the reset; her old password no longer signs in.
    expect((await ranwal(['whoami'], siti)).code).toBe(4);
    expect((await login('rahasia-awal-1')).code).toBe(4);
    expect((await login('diatur-admin-2')).code).toBe(0);

    const wrong = await ranwal(
      ['password', '--password-stdin'],
      siti,
      'bukan-ini-1\nsandi-sendiri-3\n',
    );
    expect(wrong.code).toBe(1);
    expect(reason(wrong.stderr)).toMatch(
      /^ranwal: changing the password: .*Kata sandi saat ini salah/,
    );
    const changed = await ranwal(
      ['password', '--password-stdin'],
      siti,
      'diatur-admin-2\nsandi-sendiri-3\n',
    );
    expect(changed.stderr).toBe('');
    expect(changed.stdout).toMatch(/^Password changed for Siti/);
    // The CLI keeps working on the token the change answered.
    expect((await ranwal(['whoami'], siti)).code).toBe(0);
    expect((await login('diatur-admin-2')).code).toBe(4);
  });

  it('lists the levels, under a parent and by search', async () => {
    const rows = [
      'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening',
      'Program A;Kegiatan A;Sub A;Aktivitas A;Subtitle A;5.1.1;Belanja Satu',
      'Program B;Kegiatan B;Sub B;Aktivitas B;Subtitle B;5.1.2;Belanja Dua',
    ];
    const file = path.join(home.dir, 'levels.csv');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, rows.join('\n')));
    expect((await ranwal(['import', 'hierarchy', file])).code).toBe(0);

    const programs = JSON.parse((await ranwal(['programs', 'list', '--json'])).stdout);
    expect(programs.map((p: { name: string }) => p.name)).toEqual(['Program A', 'Program B']);
    const actions = JSON.parse(
      (await ranwal(['kegiatan', 'list', '--parent', programs[1].id, '--json'])).stdout,
    );
    expect(actions).toMatchObject([{ name: 'Kegiatan B', program_name: 'Program B' }]);
    const accounts = await ranwal(['accounts', 'list', '--search', '5.1.2']);
    expect(accounts.stdout.trimEnd()).toMatch(
      /^ID\s+CODE\s+NAME\s+SUBTITLE\n\S+\s+5\.1\.2\s+Belanja Dua\s+Subtitle B$/,
    );
  });

  it('cuts long names in tables to 60 characters, never in --json', async () => {
    const longName = `Belanja Jasa Konsultansi ${'Perencanaan Rekayasa '.repeat(10)}`.trim();
    const longSubtitle = `Subtitle ${'Panjang '.repeat(30)}`.trim();
    const file = path.join(home.dir, 'long.csv');
    await writeFile(
      file,
      [
        'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening',
        `Program Panjang;Kegiatan C;Sub C;Aktivitas C;${longSubtitle};5.2.9;${longName}`,
      ].join('\n'),
    );
    expect((await ranwal(['import', 'hierarchy', file])).code).toBe(0);
    const table = await ranwal(['accounts', 'list', '--search', '5.2.9']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const cut = (text: string) => `${text.slice(0, 59)}…`;
    expect(lines[1]).toMatch(
      new RegExp(`^\\S+ {2}5\\.2\\.9 {2}${cut(longName)} {2}${cut(longSubtitle)}$`),
    );
    // The columns are as wide as what they show: at most 60 for a name.
    expect(lines[0]).toMatch(/^ID {36}CODE {3}NAME {58}SUBTITLE$/);
    const json = JSON.parse(
      (await ranwal(['accounts', 'list', '--search', '5.2.9', '--json'])).stdout,
    );
    expect(json).toMatchObject([{ name: longName, subtitle_name: longSubtitle }]);
  });

  it('the installed binary answers every kind of run as runRanwal does in-process', async () => {
    // The other tests run command lines in-process (support.ts); this one holds the two together:
    // help, a result, a usage error, a refusal by the server, the default language and stdin.
    const login = await ranwal(['login', '--email', ADMIN.email, '--server', server.url], {
      RANWAL_PASSWORD: ADMIN.password,
    });
    expect(login.code).toBe(0);
    const runs: [string[], Record<string, string | undefined>, string?][] = [
      [['help', 'kegiatan', 'list'], {}],
      [['--version'], {}],
      [['whoami', '--json'], {}],
      [['accounts', 'list', '--search', 'tidak-ada'], { RANWAL_LANG: undefined }],
      [['programs', 'list', '--bogus'], {}],
      [
        [
          'users',
          'create',
          '--name',
          'A',
          '--email',
          'bukan-email',
          '--role',
          'user',
          '--password-stdin',
        ],
        {},
        'rahasia-baru-9\n',
      ],
      [['whoami'], { XDG_CONFIG_HOME: path.join(home.dir, 'nobody') }],
    ];
    const codes: (number | null)[] = [];
    for (const [args, extra, input] of runs) {
      const options = { env: { ...env(), ...extra }, ...(input === undefined ? {} : { input }) };
      const binary = await runBinary(args, options);
      const inProcess = await runCli(args, options);
      expect(inProcess, args.join(' ')).toEqual(binary);
      codes.push(binary.code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 2, 2, 4]);
  });

  it('ends quietly, with exit code 0, when the reader of its output stops early (| head -1)', async () => {
    const rows = ['Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening'];
    for (let i = 0; i < 1500; i += 1) {
      rows.push(`Program Banyak;Kegiatan D;Sub D;Aktivitas D;Subtitle D;9.${i};Belanja Nomor ${i}`);
    }
    const file = path.join(home.dir, 'many.csv');
    await writeFile(file, rows.join('\n'));
    expect((await ranwal(['import', 'hierarchy', file])).code).toBe(0);
    // More than a pipe holds, so `head` has gone before the last of it is written.
    const run = await runShell(`set -o pipefail; "$NODE" "$BIN" accounts list | head -1`, {
      ...env(),
      NODE: process.execPath,
      BIN,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ID\s+CODE\s+NAME\s+SUBTITLE\n$/);
  });

  it('help of a level command names it as typed and lists the global options', async () => {
    const help = await ranwal(['kegiatan', 'list', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: ranwal kegiatan list \[options\]\n\nlist kegiatan\n/);
    expect(help.stdout).toContain('$ ranwal kegiatan list --search rapat --json');
    expect(help.stdout).not.toMatch(/actions/);
    expect(help.stdout).toMatch(/Global Options:\n(.*\n)*\s+--server <url>/);
    expect(help.stdout).toMatch(/\n\s+--json\s+print machine-readable JSON/);
    const english = await ranwal(['actions', 'list', '--help']);
    expect(english.stdout).toMatch(/^Usage: ranwal actions list \[options\]\n\nlist kegiatan\n/);
    // `help kegiatan` and the group's own help say the command once, as typed.
    for (const args of [
      ['help', 'kegiatan'],
      ['kegiatan', '--help'],
    ]) {
      const group = await ranwal(args);
      expect(group.code).toBe(0);
      expect(group.stdout).toMatch(/^Usage: ranwal kegiatan \[options\] \[command\]\n/);
      expect(group.stdout).not.toMatch(/actions/);
    }
    const helpList = await ranwal(['help', 'kegiatan', 'list']);
    expect(helpList.stdout).toMatch(/^Usage: ranwal kegiatan list \[options\]\n/);
    const importHelp = await ranwal(['import', 'hierarchy', '--help']);
    expect(importHelp.stdout).toMatch(/Global Options:\n(.*\n)*\s+--json/);
  });

  it('answers usage mistakes with exit code 2 and one line', async () => {
    const unknown = await ranwal(['improt', 'hierarchy']);
    expect(unknown.code).toBe(2);
    expect(reason(unknown.stderr)).toBe("ranwal: unknown command 'improt' (Did you mean import?)");
    const missing = await ranwal(['export', 'reports', '--year', '2025']);
    expect(missing.code).toBe(2);
    expect(reason(missing.stderr)).toMatch(/--out <file>/);
    const help = await ranwal(['export', 'reports', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:\n  $ ranwal export reports --year 2025');
  });

  it('refuses admin commands to a user with exit code 4', async () => {
    const userHome = path.join(home.dir, 'budi');
    const asUser = { XDG_CONFIG_HOME: userHome, RANWAL_SERVER: server.url };
    expect(
      (
        await ranwal(['login', '--email', USER.email], {
          ...asUser,
          RANWAL_PASSWORD: USER.password,
        })
      ).code,
    ).toBe(0);
    const run = await ranwal(['users', 'list'], asUser);
    expect(run.code).toBe(4);
    expect(reason(run.stderr)).toMatch(/^ranwal: listing users: not allowed for this account/);
  });

  it('reports an unreachable server (a mistyped port, say) as that, with exit code 5', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    for (const command of [['whoami'], ['accounts', 'list']]) {
      const run = await ranwal([...command, '--server', nowhere]);
      expect(run.code, command.join(' ')).toBe(5);
      expect(reason(run.stderr)).toBe(
        `ranwal: the server ${nowhere} is unreachable (ECONNREFUSED)`,
      );
    }
    const login = await ranwal(['login', '--server', nowhere, '--email', ADMIN.email], {
      RANWAL_PASSWORD: ADMIN.password,
    });
    expect(login.code).toBe(5);
    expect(reason(login.stderr)).toBe(
      `ranwal: signing in: the server ${nowhere} is unreachable (ECONNREFUSED)`,
    );
  });

  it('logs out, forgetting the token', async () => {
    const run = await ranwal(['logout']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Signed out of ${server.url}\n`);
    const stored = JSON.parse(await readFile(configFile(), 'utf8').catch(() => '{"sessions":{}}'));
    expect(stored.sessions[server.url]).toBeUndefined();
    expect((await ranwal(['whoami'])).code).toBe(4);
  });
});
