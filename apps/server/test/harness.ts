import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase, pgliteDatabase } from '../src/db/connect.js';
import { migratedPostgresTemplate, openMigratedPglite } from '../src/db/migrated-template.js';
import { createUserService } from '../src/services/users.js';

export type DatabaseTarget = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too whenever DATABASE_URL is set (CI sets it). */
export const databaseTargets: DatabaseTarget[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close
 * (with its `url`, for a second pool on it as another server process would have). Both start
 * from a copy of one migrated database (src/db/migrated-template.ts), not from migrations each time.
 */
export async function freshDatabase(
  target: DatabaseTarget,
): Promise<DatabaseHandle & { url?: string }> {
  if (target === 'pglite') {
    return pgliteDatabase(await openMigratedPglite(), 'PGlite (in memory)');
  }
  const base = new URL(process.env.DATABASE_URL!);
  const template = await migratedPostgresTemplate(base.toString());
  const name = `ranwal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: base.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };
export const USER = { email: 'user@test.local', password: 'user-password-1' };

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle & { url?: string };
  config: Config;
  adminToken: string;
  userToken: string;
  userId: string;
  /** The region's date the app takes as today, when the suite fixes it (`startTestApp`'s `today`). */
  today: (() => string) | undefined;
  /** app.inject with an optional bearer token and JSON body. */
  call(
    method: InjectOptions['method'],
    url: string,
    options?: { token?: string | undefined; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a fresh database, with one admin and one user signed in. */
export async function startTestApp(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  options: {
    /** What the app is given instead of the fresh database itself (to watch its reads, say). */
    wrapDatabase?: (database: DatabaseHandle) => DatabaseHandle;
    /** Opens what the app runs on instead of a fresh database of `target` (a primary with a replica). */
    openDatabase?: () => Promise<DatabaseHandle & { url?: string }>;
    /**
     * The region's date (ISO) the app takes as today; the clock's by default. A suite that owns a
     * year to come fixes it in that year, so the year's months take progress and photos.
     */
    today?: () => string;
  } = {},
): Promise<TestApp> {
  const database = await (options.openDatabase?.() ?? freshDatabase(target));
  // Sign-in limits out of the way of suites that sign in often; sign-in-limits.test.ts sets them.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RANWAL_SIGN_IN_LIMIT: '1000',
    RANWAL_SIGN_IN_ADDRESS_LIMIT: '100000',
    RANWAL_SIGN_IN_ACCOUNT_LIMIT: '100000',
    ...env,
  });
  const app = await buildApp({
    config,
    database: options.wrapDatabase?.(database) ?? database,
    logger: false,
    today: options.today,
  });
  await app.ready();
  const users = createUserService(database.db);
  await users.ensureFirstAdmin(ADMIN.email, ADMIN.password);
  const user = await users.create({
    name: 'Budi Santoso',
    email: USER.email,
    role: 'user',
    password: USER.password,
  });

  const call: TestApp['call'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });

  const signIn = async (credentials: { email: string; password: string }) => {
    const response = await call('POST', '/ranwal/api/user/sign-in', { body: credentials });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return response.json().data.token as string;
  };

  return {
    app,
    database,
    config,
    adminToken: await signIn(ADMIN),
    userToken: await signIn(USER),
    userId: user.id,
    today: options.today,
    call,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second app on `t`'s database with its own pool, as a second server process would have (on
 * PGlite, which one process holds, the same handle). `close` leaves `t`'s database to `t`.
 */
export async function startSecondApp(
  t: TestApp,
  /** The region's date of this app, when not the first one's (a day of the year in between). */
  options: { today?: () => string } = {},
): Promise<{ app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> }> {
  const database = t.database.url ? await openDatabase({ url: t.database.url }) : t.database;
  const today = options.today ?? t.today;
  const app = await buildApp({ config: t.config, database, logger: false, today });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}
