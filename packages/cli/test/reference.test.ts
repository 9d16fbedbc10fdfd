import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceReport } from '../src/commands/reference/index.js';
import { logInAsAdmin, runCli, startServer, type TestServer, withConfigHome } from './support.js';

const fixture = fileURLToPath(new URL('./fixtures/nomenklatur.csv', import.meta.url));

describe('ranwal import reference', () => {
  let server: TestServer;
  let home: Awaited<ReturnType<typeof withConfigHome>>;
  beforeAll(async () => {
    server = await startServer();
    home = await withConfigHome();
    await logInAsAdmin(server, home.dir);
  });
  afterAll(async () => {
    await server?.close();
    await home?.remove();
  });
  const ranwal = (args: string[]) =>
    runCli(args, { env: { XDG_CONFIG_HOME: home.dir, RANWAL_SERVER: server.url } });
  const loaded = async (args: string[]) => {
    const run = await ranwal(['import', 'reference', ...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as ReferenceReport;
  };

  it('loads the annex by level, leaves the groupings out, and a second load adds nothing', async () => {
    const dry = await loaded([fixture, '--dry-run']);
    expect(dry).toMatchObject({ dryRun: true, items: 7, groupings: 3 });
    const first = await ranwal(['import', 'reference', fixture]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Program\s+2\s+0\s+0/);
    expect(first.stdout).toMatch(/Sub Kegiatan\s+2\s+0\s+0/);
    expect(first.stdout).toContain('Loaded 7 code(s)');
    expect(first.stdout).toContain('3 grouping row(s)');
    const again = await loaded([fixture]);
    expect(again.levels.action).toEqual({ created: 0, renamed: 0, unchanged: 2 });

    const { rows } = await sql<{ code: string }>`
      select code from reference_item where level = 'sub_action' order by code`.execute(
      server.database.db,
    );
    expect(rows.map((row) => row.code)).toEqual(['1.01.01.2.01.0001', '1.01.01.2.01.0002']);
  });

  it('refuses a level code without a name, naming the row, and loads nothing', async () => {
    const file = path.join(home.dir, 'tanpa-nama.csv');
    await writeFile(file, 'Kode,Uraian\n2.02.01,Program Baru\n2.02.01.2.01,\n');
    const run = await ranwal(['import', 'reference', file]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('row 3: code 2.02.01.2.01 has no name');
    const dry = await loaded([fixture, '--dry-run']);
    expect(dry.levels.program.created).toBe(0);
  });

  it('says which columns it needs when the file has none of them', async () => {
    const file = path.join(home.dir, 'lain.csv');
    await writeFile(file, 'Nomor,Keterangan\n1,x\n');
    const run = await ranwal(['import', 'reference', file]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('expected a code column (Kode, Kode Rekening)');
  });
});
