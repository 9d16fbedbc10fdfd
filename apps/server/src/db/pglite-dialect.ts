import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { changeActorStatement } from './change-actor.js';

/**
 * Kysely over embedded PGlite, reusing Kysely's own PostgreSQL adapter, compiler and
 * introspector, so the SQL is exactly what runs on a real PostgreSQL.
 * PGlite is one session: a connection is held exclusively from acquire to release, so a
 * transaction never interleaves with another request's queries.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.queue;
    this.queue = previous.then(() => released);
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const mode = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    // Who makes the transaction's changes, for the history, in the same round trip.
    const actor = changeActorStatement();
    await (connection as PGliteConnection).raw(actor ? `begin${mode}; ${actor}` : `begin${mode}`);
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).raw('commit');
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).raw('rollback');
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }
  async destroy(): Promise<void> {
    await this.queue;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  constructor(private readonly pglite: PGlite) {}

  /** Statements without parameters, several at once (`begin; select …`). */
  async raw(sql: string): Promise<void> {
    await this.pglite.exec(sql);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined
        ? { numAffectedRows: BigInt(result.affectedRows) }
        : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; exports use SQL cursors.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite connections do not stream; use DECLARE CURSOR / FETCH.');
  }
}
