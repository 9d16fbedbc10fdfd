import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StreamingReplica, startStreamingReplica } from '../../../bench/streaming-replica.mjs';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createUserService } from '../src/services/users.js';
import { startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const DATABASE = 'ranwal_replica';
const OTHER_ADMIN = { email: 'admin2@test.local', password: 'admin-password-2' };

describe('without a read replica (PGlite)', () => {
  it('reads lag-tolerant calls from the one database', async () => {
    const t = await startTestApp('pglite');
    try {
      expect(t.database.replica.db).toBe(t.database.db);
      const created = await t.call('POST', `${API}/program/create`, {
        token: t.adminToken,
        body: { name: 'Program Satu' },
      });
      const history = await t.call(
        'GET',
        `${API}/history/list?record_type=program&record_id=${created.json().data.id}`,
        { token: t.adminToken },
      );
      expect(history.json().data).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

/**
 * Lag-tolerant reads on a real streaming replica (issue 39): a primary and its replica started
 * here (bench/streaming-replica.mjs), with the PostgreSQL suites (DATABASE_URL set, as in CI):
 * it needs PostgreSQL's server programs, which a machine running PostgreSQL has. The read
 * watched is the history list (admin-only, kept by the list cache): a program created is one
 * entry in it.
 */
describe.each(process.env.DATABASE_URL ? ['PostgreSQL'] : [])('a streaming replica of %s', () => {
  let cluster: StreamingReplica;
  let t: TestApp;
  /** What the processes said about their replica. */
  const said: string[] = [];
  /** The second admin: another person, who did not write. */
  let otherToken: string;

  /** A handle on the primary with its replica, as a server process with DATABASE_READ_URL opens it. */
  const open = (options: Partial<DatabaseOptions> = {}) =>
    openDatabase({
      url: cluster.primaryUrl(DATABASE),
      readUrl: cluster.replicaUrl(DATABASE),
      poolSize: 3,
      // Others may read what is minutes old (replay is paused for a while below).
      readMaxLagSeconds: 600,
      readRetryMs: 300,
      onReplicaState: (level, message) => said.push(`${level}: ${message}`),
      ...options,
    });

  beforeAll(async () => {
    cluster = await startStreamingReplica();
    const admin = new pg.Client({ connectionString: cluster.primaryUrl() });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const migrating = await openDatabase({ url: cluster.primaryUrl(DATABASE), poolSize: 1 });
    await migrateToLatest(migrating.db);
    await migrating.close();
    await cluster.caughtUp();
    t = await startTestApp('postgres', {}, { openDatabase: async () => open() });
    await createUserService(t.database.db).create({ name: 'Siti', role: 'admin', ...OTHER_ADMIN });
    const signIn = await t.call('POST', `${API}/user/sign-in`, { body: OTHER_ADMIN });
    otherToken = signIn.json().data.token;
    await cluster.caughtUp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cluster?.close();
  });

  const createProgram = async (name: string, app: FastifyInstance = t.app) => {
    const response = await app.inject({
      method: 'POST',
      url: `${API}/program/create`,
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  /** How many history entries the program has, as `token`'s person reads them. */
  const historyOf = async (id: string, token: string, app: FastifyInstance = t.app) => {
    const response = await app.inject({
      method: 'GET',
      url: `${API}/history/list?record_type=program&record_id=${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.length as number;
  };
  /** How many rows the program has in the history workbook `token`'s person downloads. */
  const exportedOf = async (id: string, token: string) => {
    const asked = await t.call('GET', `${API}/history/export?record_type=program&record_id=${id}`, {
      token,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = new URL(asked.json().data.path, 'http://localhost');
    const file = await t.call('GET', `${link.pathname}${link.search}`);
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    // Below the heading row.
    return workbook.getWorksheet('Riwayat Perubahan')!.actualRowCount - 1;
  };
  /** Whether a lag-tolerant read by nobody in particular is answered by a standby. */
  const readsFromStandby = (database: DatabaseHandle) =>
    database.replica.run(null, async () =>
      (await database.replica.snapshot()).startsWith('standby '),
    );

  it('answers others from the replica, and the writer from where their write is', async () => {
    expect(await readsFromStandby(t.database)).toBe(true);
    await cluster.pauseReplay();
    let id: string;
    try {
      id = await createProgram('Program Tertunda');
      // The writer sees their write though the replica has not replayed it...
      expect(await historyOf(id, t.adminToken)).toBe(1);
      // ...and another person is answered by the replica, as it was before the write.
      expect(await historyOf(id, otherToken)).toBe(0);
      // Outside a lag-tolerant call, the same database is the primary.
      const found = await t.database.replica.db
        .selectFrom('program')
        .select('id')
        .where('id', '=', id)
        .execute();
      expect(found).toHaveLength(1);
      // Files are lag-tolerant reads too.
      expect(await exportedOf(id, t.adminToken)).toBe(1);
      expect(await exportedOf(id, otherToken)).toBe(0);
    } finally {
      await cluster.resumeReplay();
    }
    await cluster.caughtUp();
    // Replayed: a new snapshot on the replica, so a new answer (not the one the list cache kept).
    expect(await historyOf(id, otherToken)).toBe(1);
    expect(said).toEqual([]);
  });

  it("keeps a person's write theirs across two processes", async () => {
    const second = await open();
    const other = await buildApp({ config: t.config, database: second, logger: false });
    await other.ready();
    await cluster.pauseReplay();
    try {
      // Written through one process, read through the other.
      const id = await createProgram('Program Dua Proses', t.app);
      expect(await historyOf(id, t.adminToken, other)).toBe(1);
      expect(await historyOf(id, otherToken, other)).toBe(0);
    } finally {
      await cluster.resumeReplay();
      await other.close();
      await second.close();
    }
  });

  it("does not take a quiet primary's replica for a lagging one", async () => {
    // The last transaction the replica replayed is old when the primary has been quiet, and a
    // write's commit reaches it a moment later: neither is lag.
    const quiet = await open({ readMaxLagSeconds: 0.2 });
    const quietApp = await buildApp({ config: t.config, database: quiet, logger: false });
    await quietApp.ready();
    said.length = 0;
    try {
      for (let i = 0; i < 8; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const id = await createProgram(`Program Sepi ${i}`, quietApp);
        expect(await historyOf(id, otherToken, quietApp)).toBeLessThanOrEqual(1);
      }
      expect(said).toEqual([]);
    } finally {
      await quietApp.close();
      await quiet.close();
    }
  });

  it('sends everyone to the primary while the replica lags past the bound, saying so once', async () => {
    const strict = await open({ readMaxLagSeconds: 0.05 });
    const strictApp = await buildApp({ config: t.config, database: strict, logger: false });
    await strictApp.ready();
    said.length = 0;
    await cluster.pauseReplay();
    try {
      const id = await createProgram('Program Tertinggal', strictApp);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await historyOf(id, otherToken, strictApp)).toBe(1);
      expect(await historyOf(id, otherToken, strictApp)).toBe(1);
      expect(said).toEqual([
        'warn: read replica over 0.05 s behind the primary; lag-tolerant reads go to the primary',
      ]);
    } finally {
      await cluster.resumeReplay();
    }
    await cluster.caughtUp();
    expect(await readsFromStandby(strict)).toBe(true);
    expect(said.at(-1)).toBe('info: read replica in use again (was lagging)');
    await strictApp.close();
    await strict.close();
  });

  it('never reads a DATABASE_READ_URL that is not a standby', async () => {
    said.length = 0;
    const misnamed = await open({ readUrl: cluster.primaryUrl(DATABASE) });
    try {
      expect(await readsFromStandby(misnamed)).toBe(false);
      expect(said).toEqual([
        'warn: DATABASE_READ_URL is not a standby (not in recovery); lag-tolerant reads go to the primary',
      ]);
    } finally {
      await misnamed.close();
    }
  });

  it('answers from the primary while the replica is stopped, and from the replica once back', async () => {
    said.length = 0;
    await cluster.stopReplica();
    try {
      const id = await createProgram('Program Tanpa Replika');
      for (let i = 0; i < 3; i++) expect(await historyOf(id, otherToken)).toBe(1);
      // Said once, however many reads fell back.
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        /^warn: read replica unavailable; lag-tolerant reads go to the primary/,
      );
      // A file (a lag-tolerant read too) is made from the primary as well.
      const asked = await t.call('GET', `${API}/history/export`, { token: otherToken });
      const link = new URL(asked.json().data.path, 'http://localhost');
      const file = await t.call('GET', `${link.pathname}${link.search}`);
      expect(file.statusCode, file.body).toBe(200);
    } finally {
      await cluster.startReplica();
    }
    await cluster.caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await readsFromStandby(t.database)).toBe(true);
    expect(said.at(-1)).toBe('info: read replica in use again (was down)');
  });

  it('reads a call again from the primary when the replica stops during it', async () => {
    said.length = 0;
    let attempts = 0;
    const answered = await t.database.replica.run(null, async () => {
      attempts += 1;
      if (attempts === 1) {
        // A long read on the replica, which stops while it runs.
        const failed = sql`select pg_sleep(30)`.execute(t.database.replica.db).then(
          () => null,
          (error: unknown) => error,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await cluster.stopReplica();
        throw (await failed) ?? new Error('the long read ended without the replica');
      }
      return t.database.replica.snapshot();
    });
    expect(attempts).toBe(2);
    expect(answered.startsWith('standby ')).toBe(false);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^warn: read replica unavailable; lag-tolerant reads go to the primary/,
    );
    await cluster.startReplica();
    await cluster.caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await readsFromStandby(t.database)).toBe(true);
    expect(said.at(-1)).toBe('info: read replica in use again (was down)');
  });
});
