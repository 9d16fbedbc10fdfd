import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { changeActorStatement } from './change-actor.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteDialect } from './pglite-dialect.js';
import { pgliteExtensions } from './pglite-extensions.js';
import {
  primaryOnly,
  type ReplicaOptions,
  type ReplicaReads,
  replicaReads,
} from './read-replica.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the start-up line (never includes a password). */
  description: string;
  /**
   * Runs one compiled read and answers its rows, exactly as `db.executeQuery` would. On
   * PostgreSQL it goes to the pool directly: Kysely's executor wraps every query in layers of
   * promises that cost ~40 µs of CPU per query under load (measured with bench/server), as much
   * as the rest of a small list's handling. For the hot list reads; writes and transactions go
   * through Kysely.
   */
  read<R>(query: CompiledQuery<R>): Promise<R[]>;
  /**
   * The current snapshot (`pg_current_snapshot()` as text): it changes whenever a transaction that
   * wrote anything ends, so two reads in one snapshot see the same data (services/list-cache.ts).
   */
  snapshot(): Promise<string>;
  /**
   * Reads that may lag a moment (exports, comparisons, dashboards, history, the map): on the
   * read replica when DATABASE_READ_URL is set and it has the caller's own writes, on this
   * database otherwise (db/read-replica.ts).
   */
  replica: ReplicaReads;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite directory, or 'memory://' for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
  /**
   * `max_parallel_workers_per_gather` of each PostgreSQL connection, sent when it opens; 0 by
   * default (config.ts, DATABASE_PARALLEL_WORKERS); null leaves the database's setting.
   */
  parallelWorkers?: number | null;
  /** How long a new PostgreSQL connection may take before the call fails (503); 5 s by default. */
  connectTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
  /** A streaming replica of `url` (postgres://…) for lag-tolerant reads; with its own pool of `poolSize`. */
  readUrl?: string | undefined;
  /** Seconds the replica may be behind for others' reads; 1 by default. */
  readMaxLagSeconds?: number;
  /** Milliseconds a replica found down is left alone before it is tried again; 5 s by default. */
  readRetryMs?: number;
  /** A change of the replica's state (down, lagging, back), said once each time. */
  onReplicaState?: ReplicaOptions['onState'];
}

/**
 * Without it, a database host that stops answering (rather than refusing) holds every call until
 * the operating system gives up on the connection, minutes later.
 */
const CONNECT_TIMEOUT_MS = 5_000;

const SNAPSHOT_SQL = 'select pg_current_snapshot()::text as snapshot';
interface SnapshotRow {
  snapshot: string;
}

/**
 * Kysely's PostgreSQL driver, whose `begin` also tells the database who makes the
 * transaction's changes (db/change-actor.ts), in the same round trip: a statement without
 * parameters goes by the simple query protocol, which takes several.
 */
class AttributedPostgresDriver extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const actor = changeActorStatement();
    if (!actor || settings.isolationLevel || settings.accessMode) {
      await super.beginTransaction(connection, settings);
      if (actor) await connection.executeQuery(CompiledQuery.raw(actor));
      return;
    }
    await connection.executeQuery(CompiledQuery.raw(`begin; ${actor}`));
  }
}

class AttributedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new AttributedPostgresDriver(this.#config);
  }
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite. Same SQL either way. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = postgresPool(options.url, options);
    const db = new Kysely<Database>({ dialect: new AttributedPostgresDialect({ pool }) });
    const url = new URL(options.url);
    const snapshot = async () => (await pool.query<SnapshotRow>(SNAPSHOT_SQL)).rows[0]!.snapshot;
    const replica = options.readUrl
      ? replicaReads({
          primary: { pool, driver: new AttributedPostgresDriver({ pool }) },
          replicaPool: postgresPool(options.readUrl, options),
          maxLagSeconds: options.readMaxLagSeconds ?? 1,
          ...(options.readRetryMs !== undefined ? { retryMs: options.readRetryMs } : {}),
          ...(options.onReplicaState ? { onState: options.onReplicaState } : {}),
        })
      : primaryOnly(db, snapshot);
    const readHost = options.readUrl ? new URL(options.readUrl) : null;
    return {
      db,
      kind: 'postgres',
      description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}${
        readHost
          ? `, read replica ${readHost.hostname}:${readHost.port || 5432}${readHost.pathname}`
          : ''
      }`,
      read: async <R>(query: CompiledQuery<R>) =>
        (await pool.query(query.sql, query.parameters as unknown[])).rows as R[],
      snapshot,
      replica,
      close: async () => {
        await replica.close();
        await db.destroy();
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // One process per directory: a second server on it would split and then corrupt the data.
  const unlock = inMemory ? async () => {} : await lockDataDir(dataDir);
  try {
    // The contrib extensions the search indexes need (pglite-extensions.ts).
    const pglite = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    return pgliteDatabase(pglite, inMemory ? 'PGlite (in memory)' : `PGlite ${dataDir}`, unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** A pool on `url` that survives its server restarting (pg emits the loss as an event). */
function postgresPool(url: string, options: DatabaseOptions): pg.Pool {
  // Unset is 0; null (not a default) leaves the database's own setting.
  const { parallelWorkers = 0 } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // A startup option, not a SET: no round trip, and no session state a pooler could mix up.
    // An `options` in the URL itself takes precedence (pg reads the URL last).
    ...(parallelWorkers === null
      ? {}
      : { options: `-c max_parallel_workers_per_gather=${parallelWorkers}` }),
  });
  // An idle client losing its server (a PostgreSQL restart) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => options.onPoolError?.(error));
  // So must one in use: pg emits its loss on the client itself when no query is running
  // (between a transaction's statements, say), and an unheard 'error' event ends the process.
  // Its query fails; the pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  return pool;
}

/** The handle over an open PGlite (`openDatabase`, and tests that make their own PGlite). */
export function pgliteDatabase(
  pglite: PGlite,
  description: string,
  afterClose: () => Promise<void> = async () => {},
): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // Through the dialect, which never runs a query inside another caller's transaction.
  const snapshot = async () =>
    (await db.executeQuery<SnapshotRow>(CompiledQuery.raw(SNAPSHOT_SQL))).rows[0]!.snapshot;
  return {
    db,
    kind: 'pglite',
    description,
    read: async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows,
    snapshot,
    replica: primaryOnly(db, snapshot),
    close: async () => {
      await db.destroy();
      // Kysely destroys only a driver it has used: a handle never queried closes PGlite here.
      if (!pglite.closed) await pglite.close();
      await afterClose();
    },
  };
}
