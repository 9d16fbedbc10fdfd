import { COUNT_BOUND, issuesRefusal, messagesId } from '@ranwal/core';
import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
} from 'kysely';
import type { z } from 'zod';

/** A schema's parsed (output) type: what a handler receives after validation. */
export type Parsed<S extends z.ZodType> = z.output<S>;

/** Runs a compiled read and answers its rows: `DatabaseHandle.read` (see db/connect.ts). */
export type ReadRows = <R>(query: CompiledQuery<R>) => Promise<R[]>;

/** A ReadRows through Kysely's own executor, for callers that have only a Kysely instance. */
export const readThrough =
  <DB>(db: Kysely<DB>): ReadRows =>
  async (query) =>
    (await db.executeQuery(query)).rows;

/** Text for a LIKE pattern, its wildcards and escape character taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A user's search text as an ILIKE pattern that matches it literally anywhere. */
export function containsPattern(search: string): string {
  return `%${likeLiteral(search)}%`;
}

/** The codes below `code` (`1.01.01` → `1.01.01.…`) as a LIKE pattern. */
export const belowCodePattern = (code: string): string => `${likeLiteral(code)}.%`;

/**
 * `column ILIKE pattern` for a column also stored lower-cased as `{column}_lower` (migration
 * 0003): ILIKE lower-cases the text and the pattern on every row it checks, this only the
 * pattern, once. The same matches: on a UTF-8 database ILIKE is `lower(text) LIKE lower(pattern)`.
 */
export function likeLowered<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  pattern: string,
): Expression<SqlBool> {
  return eb(sql.ref(`${column}_lower`), 'like', sql<string>`lower(${pattern})`);
}

export const offsetOf = (page: number, limit: number): number => (page - 1) * limit;

/**
 * A row's place in a list ordered by one column, then the id: the order's name, the column's
 * value as exact text (a timestamp to the microsecond) and the id. Sent to clients as opaque
 * base64url text (`next_cursor`, `prev_cursor`), read back from `after` or `before`.
 */
export interface ListPosition {
  order: string;
  key: string;
  /** The row's id, when the key alone does not name one row (the history's key is its id). */
  id?: string;
}

export const encodeCursor = (position: ListPosition): string =>
  Buffer.from(
    JSON.stringify(
      position.id === undefined
        ? [position.order, position.key]
        : [position.order, position.key, position.id],
    ),
  ).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The position a cursor names, for a list in `order` whose keys read as `keyPattern` (with a
 * row's id, unless `withId` is false); anything else (another order's cursor, edited text) is
 * a 400 on `field`, never a failed cast.
 */
export function decodeCursor(
  text: string,
  order: string,
  keyPattern: RegExp,
  field: 'after' | 'before',
  withId = true,
): ListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === (withId ? 3 : 2) &&
    parsed[0] === order &&
    typeof parsed[1] === 'string' &&
    keyPattern.test(parsed[1]) &&
    (!withId || (typeof parsed[2] === 'string' && UUID.test(parsed[2])))
  ) {
    return { order, key: parsed[1], ...(withId && { id: parsed[2] as string }) };
  }
  throw issuesRefusal([{ path: field, message: messagesId.server.cursorInvalid }]);
}

/**
 * Where a list's page starts, from its query's `after` (the rows past a position) or `before`
 * (the rows up to it, read backward); none for a page by number.
 */
export function pageStartOf(
  query: { after?: string | undefined; before?: string | undefined },
  order: string,
  keyPattern: RegExp,
  withId = true,
): { position: ListPosition | undefined; backward: boolean } {
  if (query.after !== undefined) {
    return {
      position: decodeCursor(query.after, order, keyPattern, 'after', withId),
      backward: false,
    };
  }
  if (query.before !== undefined) {
    return {
      position: decodeCursor(query.before, order, keyPattern, 'before', withId),
      backward: true,
    };
  }
  return { position: undefined, backward: false };
}

/**
 * A page read with one row past it (`limit + 1`, the row furthest from where the page starts:
 * last, or first when read backward): the page's rows, and the cursors of the pages beside it.
 * `started`: the page is not the first (it starts at a position or an offset).
 */
export function pageWithCursors<R>(
  withExtra: R[],
  { limit, backward, started }: { limit: number; backward: boolean; started: boolean },
  cursorOf: (row: R) => string | null,
) {
  const more = withExtra.length > limit;
  const rows = more ? (backward ? withExtra.slice(1) : withExtra.slice(0, limit)) : withExtra;
  const at = (row: R | undefined) => (row === undefined ? null : cursorOf(row));
  return {
    rows,
    cursors: {
      next_cursor: backward || more ? at(rows.at(-1)) : null,
      prev_cursor: (backward ? more : started) ? at(rows[0]) : null,
    },
  };
}

/** A count that stops at COUNT_BOUND: `bounded` when more rows match than it says. */
export interface BoundedCount {
  count: number;
  bounded: boolean;
}

/** A count over at most COUNT_BOUND + 1 rows (`select count(*) from (… limit 10001)`), read. */
export const boundedCount = (counted: unknown): BoundedCount => {
  const count = toCount(counted);
  return count > COUNT_BOUND ? { count: COUNT_BOUND, bounded: true } : { count, bounded: false };
};

/** count(*) arrives as a string from pg and a number from PGlite. */
export const toCount = (value: unknown): number => Number(value ?? 0);

/** A sum as exact decimal text, 0 for none (int8 sums arrive as text from pg, a number from PGlite). */
export const sumText = (value: unknown): string =>
  value === null || value === undefined ? '0' : BigInt(String(value)).toString();

/**
 * Runs `work` in a transaction: the caller's own when it is one already (the demo seed's). Its
 * changes are recorded as the calling person's (db/change-actor.ts).
 */
export const inTransaction = <DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * Runs a read of many rows (a dashboard, a unit's month) with PostgreSQL's JIT compiler off for
 * its transaction alone. The planner's estimates for these reads pass JIT's threshold, and
 * compiling took 40–150 ms of calls that run in 30 (docs/performance.md, 'The monitoring
 * dashboard'); `set local` ends with the transaction, so pooled connections and PgBouncer
 * see nothing of it. (PGlite has no JIT; it accepts the setting.)
 */
export const readWithoutJit = <DB, T>(db: Kysely<DB>, read: (trx: Kysely<DB>) => Promise<T>) =>
  inTransaction(db, async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return read(trx);
  });
