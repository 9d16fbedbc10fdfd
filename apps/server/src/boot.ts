import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from './config.js';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { createUserService } from './services/users.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@ranwal.local';

/** Opens the configured database and brings its schema up to date. */
export async function openConfiguredDatabase(
  config: Config,
  onPoolError?: (error: Error) => void,
  onReplicaState?: DatabaseOptions['onReplicaState'],
): Promise<DatabaseHandle> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.RANWAL_DATA_DIR),
    poolSize: config.DATABASE_POOL_SIZE,
    parallelWorkers: config.DATABASE_PARALLEL_WORKERS,
    readUrl: config.DATABASE_READ_URL,
    readMaxLagSeconds: config.DATABASE_READ_MAX_LAG_SECONDS,
    ...(onPoolError ? { onPoolError } : {}),
    ...(onReplicaState ? { onReplicaState } : {}),
  });
  await migrateToLatest(database.db);
  return database;
}

/**
 * On a database without an admin: creates one from RANWAL_ADMIN_EMAIL/PASSWORD, or
 * admin@ranwal.local with a random password that is returned so it can be printed once.
 */
export async function ensureFirstAdmin(
  database: DatabaseHandle,
  config: Config,
): Promise<{ email: string; password?: string } | null> {
  const email = config.RANWAL_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const generated = config.RANWAL_ADMIN_PASSWORD
    ? undefined
    : randomBytes(12).toString('base64url');
  const password = config.RANWAL_ADMIN_PASSWORD ?? generated!;
  const result = await createUserService(database.db).ensureFirstAdmin(email, password);
  if (!result.created) return null;
  return generated ? { email, password: generated } : { email };
}
