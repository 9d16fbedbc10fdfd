import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { DataDirInUseError, dataDirHolder } from '../src/db/data-dir-lock.js';

// Found while testing faults: two servers on one PGlite directory both started, each saw only its
// own writes, and their pages would have overwritten each other's on disk.
describe('a PGlite data directory is one process’s', () => {
  let work: string;
  let dataDir: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-lock-'));
    dataDir = path.join(work, 'data');
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('refuses a second opening while the first is open, naming the holder; allows it after', async () => {
    const first = await openDatabase({ dataDir });
    try {
      expect(await dataDirHolder(dataDir)).toBe(process.pid);
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toThrow(DataDirInUseError);
      await expect(second).rejects.toThrow(
        `in use by another Ranwal server (process ${process.pid})`,
      );
      // The first is untouched by the refused attempt.
      await sql`create table kept (n int)`.execute(first.db);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    expect(await dataDirHolder(dataDir)).toBeNull();
    const again = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from kept`.execute(
        again.db,
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await again.close();
    }
  });

  it('takes over a lock left by a process that is gone (kill -9, a crash)', async () => {
    // The pid of a process that has exited.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
      encoding: 'utf8',
    });
    await writeFile(`${dataDir}.lock`, `${gone.stdout.trim()}\n`);
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
