import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '@ranwal/core';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/**
 * Reads that may lag the primary by a moment (exports, stage comparisons, the monitoring
 * dashboards, the history, the region's map) and the read replica that answers them
 * (DATABASE_READ_URL, issue 39). The rule, in docs/server.md ("A read replica"):
 *
 * - a lag-tolerant read runs on the replica only when the replica has replayed the caller's own
 *   last write (its `read_fence`, a WAL position of the primary recorded after each of their
 *   writing calls, by whichever process served it) and is at most DATABASE_READ_MAX_LAG_SECONDS
 *   behind the primary;
 * - otherwise, and whenever the replica is down or is not a standby, it runs on the primary; a
 *   call the replica fails midway (it stopped, or cancelled a query in a conflict with replay) is
 *   run again on the primary; a change of the replica's state is logged once;
 * - a call decides once, at its first query, and all its queries go to the same server, so its
 *   answer is read from one server (and a list answer kept under that server's snapshot).
 */
export interface ReplicaReads {
  /**
   * The database for lag-tolerant reads: inside `run`, on the replica when it may answer the
   * caller; everywhere else (and for anything that writes) the primary.
   */
  db: Kysely<Database>;
  /**
   * The snapshot of the server this call reads from (services/list-cache.ts): a replica's own
   * snapshot moves as it replays, so an answer read there is kept under it, marked `standby`.
   */
  snapshot(): Promise<string>;
  /** Runs `work` as lag-tolerant reads by `person` (null: nobody signed in). */
  run<T>(person: string | null, work: () => Promise<T>): Promise<T>;
  /** Records that `person` has just written: their lag-tolerant reads wait for the replica to have it. */
  wrote(person: string): Promise<void>;
  close(): Promise<void>;
}

/** Without a replica (PGlite, or DATABASE_READ_URL unset): every read on the one database. */
export function primaryOnly(db: Kysely<Database>, snapshot: () => Promise<string>): ReplicaReads {
  return {
    db,
    snapshot,
    run: (_person, work) => work(),
    wrote: async () => {},
    close: async () => {},
  };
}

export interface ReplicaOptions {
  /** The primary's pool and the driver that runs transactions on its connections. */
  primary: { pool: pg.Pool; driver: Driver };
  /** The replica's pool (its own, sized as the primary's). */
  replicaPool: pg.Pool;
  /** Seconds the replica may be behind the primary for others' reads (DATABASE_READ_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  /** Milliseconds a replica found down (or not a standby) is left alone; REPLICA_RETRY_MS by default. */
  retryMs?: number;
  /** A change of the replica's state, said once: `warn` when reads leave it, `info` when back. */
  onState?: (level: 'warn' | 'info', message: string, error?: Error) => void;
}

/** How long a replica found down is left alone before it is tried again. */
export const REPLICA_RETRY_MS = 5_000;

/** How long a replica just behind a quiet primary is given to replay its newest commit. */
const CATCH_UP_MS = 100;

/** Where a call's lag-tolerant reads go: decided at its first query. */
interface Reading {
  person: string | null;
  onReplica?: Promise<boolean>;
  /** Set once a query of the call has gone to the replica. */
  readReplica?: boolean;
}

const readings = new AsyncLocalStorage<Reading>();

/** `X/Y` (two hexadecimal halves) as one comparable number. */
export const lsnValue = (lsn: string): bigint => {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
};

// The primary's position now and the caller's fence; one short statement (the fence's table is
// a few hundred rows, one per person who ever wrote).
const FENCE_SQL = `select pg_current_wal_insert_lsn()::text as current,
  (select lsn::text from read_fence where person_id = $1::uuid) as fence`;
// What the replica has replayed, and the commit time of the last transaction it replayed.
const REPLAY_SQL = `select pg_is_in_recovery() as standby,
  pg_last_wal_replay_lsn()::text as replayed,
  extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 as behind`;
// After a writing call: at least its commits' end (they were flushed before it answered).
const WROTE_SQL = `insert into read_fence (person_id, lsn) values ($1, pg_current_wal_insert_lsn())
  on conflict (person_id) do update set lsn = greatest(read_fence.lsn, excluded.lsn)`;

interface FenceRow {
  current: string;
  fence: string | null;
}
interface ReplayRow {
  standby: boolean;
  replayed: string | null;
  behind: number | null;
}

/** Lag-tolerant reads over a primary and its streaming replica (see ReplicaReads). */
export function replicaReads({
  primary,
  replicaPool,
  maxLagSeconds,
  retryMs = REPLICA_RETRY_MS,
  onState = () => {},
}: ReplicaOptions): ReplicaReads {
  let state: 'ready' | 'down' | 'lagging' | 'not a standby' = 'ready';
  let downUntil = 0;
  const enter = (next: typeof state, message = '', error?: Error) => {
    if (next === state) return;
    const was = state;
    state = next;
    if (next === 'ready') onState('info', `read replica in use again (was ${was})`);
    else onState('warn', `${message}; lag-tolerant reads go to the primary`, error);
  };
  const wentDown = (error: Error) => {
    downUntil = Date.now() + retryMs;
    enter('down', 'read replica unavailable', error);
  };

  async function mayAnswer(person: string | null): Promise<boolean> {
    if (Date.now() < downUntil) return false;
    const [fence, replay] = await Promise.all([
      primary.pool.query<FenceRow>(FENCE_SQL, [person]),
      replicaPool.query<ReplayRow>(REPLAY_SQL).then(
        (result) => result.rows[0]!,
        (error: Error) => {
          wentDown(error);
          return null;
        },
      ),
    ]);
    if (!replay) return false;
    if (!replay.standby || replay.replayed === null) {
      // A promoted replica, or the URL of a primary: its data may have left ours.
      downUntil = Date.now() + retryMs;
      enter('not a standby', 'DATABASE_READ_URL is not a standby (not in recovery)');
      return false;
    }
    const { current, fence: own } = fence.rows[0]!;
    const primaryAt = lsnValue(current);
    // Behind by the age of the last transaction it replayed, unless it has everything.
    const behindOf = (row: ReplayRow, replayed: bigint) =>
      replayed >= primaryAt ? 0 : (row.behind ?? Number.POSITIVE_INFINITY);
    let replayed = lsnValue(replay.replayed);
    let behind = behindOf(replay, replayed);
    // After a quiet spell the last transaction replayed is old while the newest commit is a
    // moment from being replayed: that is no lag. Look again for a moment before saying so
    // (not while already lagging: then every call would wait).
    const until = Date.now() + Math.min(CATCH_UP_MS, maxLagSeconds * 1000);
    while (behind > maxLagSeconds && state !== 'lagging' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await replicaPool.query<ReplayRow>(REPLAY_SQL).then(
        (result) => result.rows[0]!,
        () => null,
      );
      if (!again?.replayed) break;
      replayed = lsnValue(again.replayed);
      behind = behindOf(again, replayed);
    }
    if (behind > maxLagSeconds) {
      enter('lagging', `read replica over ${maxLagSeconds} s behind the primary`);
      return false;
    }
    enter('ready');
    return own === null || replayed >= lsnValue(own);
  }

  const driver = new LagTolerantDriver(primary.driver, new PostgresDriver({ pool: replicaPool }), {
    choose: (reading) => {
      reading.onReplica ??= mayAnswer(reading.person);
      return reading.onReplica;
    },
    failed: (reading, error) => {
      wentDown(error);
      reading.onReplica = Promise.resolve(false);
    },
  });
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  return {
    db,
    snapshot: async () => {
      const { rows } = await sql<{ snapshot: string }>`
        select case when pg_is_in_recovery() then 'standby ' else '' end
          || pg_current_snapshot()::text as snapshot`.execute(db);
      return rows[0]!.snapshot;
    },
    run: async (person, work) => {
      const reading: Reading = { person };
      try {
        return await readings.run(reading, work);
      } catch (error) {
        // The replica failed the call (it stopped, or cancelled a query in a conflict with its
        // replay): a lag-tolerant call only reads, so it is read again from the primary.
        if (!reading.readReplica || error instanceof AppError) throw error;
        wentDown(error as Error);
        return readings.run({ person, onReplica: Promise.resolve(false) }, work);
      }
    },
    wrote: async (person) => {
      await primary.pool.query(WROTE_SQL, [person]);
    },
    close: async () => {
      await db.destroy();
      await replicaPool.end();
    },
  };
}

/**
 * Kysely's PostgreSQL driver over two pools: a connection from the replica's when the call is a
 * lag-tolerant read the replica may answer, else from the primary's. Transactions run as the
 * primary's driver runs them (the same statements on either connection); the pools belong to the
 * handle, which ends them.
 */
class LagTolerantDriver implements Driver {
  constructor(
    readonly primary: Driver,
    readonly replica: Driver,
    readonly route: {
      choose(reading: Reading): Promise<boolean>;
      failed(reading: Reading, error: Error): void;
    },
  ) {}

  async init(): Promise<void> {
    await this.primary.init();
    await this.replica.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const reading = readings.getStore();
    if (reading && (await this.route.choose(reading))) {
      try {
        const connection = await this.replica.acquireConnection();
        reading.readReplica = true;
        return connection;
      } catch (error) {
        this.route.failed(reading, error as Error);
      }
    }
    return this.primary.acquireConnection();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.primary.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.primary.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.primary.rollbackTransaction(connection);
  }
  // Either pool's connection releases itself back to its own pool.
  releaseConnection(connection: DatabaseConnection) {
    return this.primary.releaseConnection(connection);
  }
  async destroy(): Promise<void> {}
}
