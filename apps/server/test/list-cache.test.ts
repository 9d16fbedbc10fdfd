import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { budgetLineInput, buildChain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

// List answers are kept until the database changes (services/list-cache.ts). What a caller must
// be able to rely on: a list is never stale, whoever wrote last (this server, another process on
// the same database, psql), and a caller never gets another caller's answer.

const PROGRAMS = '/ranwal/api/program/list?limit=100';
const LINES = '/ranwal/api/detail-program/list?limit=100';

/** The app's database, telling `onRead` of every list read it runs. */
const countingReads =
  (onRead: () => void) =>
  (database: DatabaseHandle): DatabaseHandle => ({
    ...database,
    read: (query) => {
      onRead();
      return database.read(query);
    },
  });

const names = (response: { json(): { data: { name: string }[] } }) =>
  response.json().data.map((row) => row.name);

describe.each(databaseTargets)('list answers kept between writes, on %s', (target) => {
  let t: TestApp;
  /** List reads the app sent to the database since the test began. */
  let listReads = 0;

  beforeAll(async () => {
    t = await startTestApp(
      target,
      {},
      {
        wrapDatabase: countingReads(() => {
          listReads += 1;
        }),
      },
    );
  });
  afterAll(async () => t?.close());

  const listPrograms = async () => {
    const response = await t.call('GET', PROGRAMS, { token: t.adminToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response;
  };

  /**
   * Runs `calls` until nothing was written anywhere while they ran (the database's snapshot the
   * same before and after), at most 20 times, and returns what they returned then. On
   * PostgreSQL transaction ids are the whole cluster's: another database's writes (the suite's
   * other files run beside this one) move the snapshot, and a kept answer is rightly read again.
   */
  const inOneSnapshot = async <T>(calls: () => Promise<T>) => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const before = await t.database.snapshot();
      const result = await calls();
      if ((await t.database.snapshot()) === before) return result;
    }
    throw new Error('the database was written to during each of 20 tries');
  };

  it('answers a repeated list call without reading the list again, with the same answer', async () => {
    await buildChain(t, 'cache-1');
    const result = await inOneSnapshot(async () => {
      const first = await listPrograms();
      const readsAfterFirst = listReads;
      const second = await listPrograms();
      // Another spelling of the same query (page 1 is the default) is the same answer…
      const spelled = await t.call('GET', `${PROGRAMS}&page=1`, { token: t.adminToken });
      return { first, second, spelled, repeatReads: listReads - readsAfterFirst };
    });
    expect(result.second.body).toBe(result.first.body);
    expect(result.spelled.body).toBe(result.first.body);
    expect(result.repeatReads).toBe(0);
    // …and another query is another answer.
    const readsBefore = listReads;
    const searched = await t.call('GET', `${PROGRAMS}&search=cache-1`, { token: t.adminToken });
    expect(names(searched)).toEqual(['Program cache-1']);
    expect(listReads).toBeGreaterThan(readsBefore);
  });

  it('shows a write through the API on the next call', async () => {
    await listPrograms();
    const created = await t.call('POST', '/ranwal/api/program/create', {
      token: t.adminToken,
      body: { name: 'Program Baru Lewat API' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(names(await listPrograms())).toContain('Program Baru Lewat API');
  });

  it('shows writes made outside this server (another process, psql) on the next call', async () => {
    await listPrograms();
    await sql`insert into program (name) values ('Program Dari Luar')`.execute(t.database.db);
    expect(names(await listPrograms())).toContain('Program Dari Luar');

    await sql`update program set name = 'Program Dari Luar, Diubah'
      where name = 'Program Dari Luar'`.execute(t.database.db);
    const renamed = names(await listPrograms());
    expect(renamed).toContain('Program Dari Luar, Diubah');
    expect(renamed).not.toContain('Program Dari Luar');

    await sql`delete from program where name = 'Program Dari Luar, Diubah'`.execute(t.database.db);
    expect(names(await listPrograms())).not.toContain('Program Dari Luar, Diubah');
  });

  it('shows a write made by a second server process on the same database', async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await listPrograms();
      const created = await second.inject({
        method: 'POST',
        url: '/ranwal/api/program/create',
        headers: { authorization: `Bearer ${t.adminToken}` },
        payload: { name: 'Program Dari Proses Kedua' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(names(await listPrograms())).toContain('Program Dari Proses Kedua');
    } finally {
      await second.close();
    }
  });

  it("never answers one caller with another's list", async () => {
    const chain = await buildChain(t, 'cache-2');
    for (const [token, name] of [
      [t.adminToken, 'Baris Admin'],
      [t.userToken, 'Baris Pengguna'],
    ] as const) {
      const created = await t.call('POST', '/ranwal/api/detail-program/create', {
        token,
        body: budgetLineInput(chain, { component_name: name }),
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const components = async (token: string) =>
      (await t.call('GET', LINES, { token }))
        .json()
        .data.map((row: { component_name: string }) => row.component_name)
        .sort();
    // The admin's answer is read (and kept) first; the user's must still be their own.
    expect(await components(t.adminToken)).toEqual(['Baris Admin', 'Baris Pengguna']);
    expect(await components(t.adminToken)).toEqual(['Baris Admin', 'Baris Pengguna']);
    expect(await components(t.userToken)).toEqual(['Baris Pengguna']);
    expect(await components(t.userToken)).toEqual(['Baris Pengguna']);
    // An anonymous caller is refused, not answered from what a signed-in caller was given.
    expect((await t.call('GET', LINES)).statusCode).toBe(401);
  });
});

describe('RANWAL_LIST_CACHE_MB=0', () => {
  it('reads every list call from the database', async () => {
    let reads = 0;
    const t = await startTestApp(
      'pglite',
      { RANWAL_LIST_CACHE_MB: '0' },
      {
        wrapDatabase: countingReads(() => {
          reads += 1;
        }),
      },
    );
    try {
      const first = await t.call('GET', PROGRAMS, { token: t.adminToken });
      const readsAfterFirst = reads;
      const second = await t.call('GET', PROGRAMS, { token: t.adminToken });
      expect(second.body).toBe(first.body);
      expect(reads).toBeGreaterThan(readsAfterFirst);
    } finally {
      await t.close();
    }
  });
});
