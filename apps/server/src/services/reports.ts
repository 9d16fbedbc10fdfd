import {
  type BudgetLine,
  type BudgetLineInput,
  type BudgetLineListQuery,
  chainIssues,
  computeTotals,
  issuesRefusal,
  listFilter,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  refusals,
  taxRequested,
  type User,
} from '@ranwal/core';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { countFromLastPage, tableRowCounter } from './hierarchy.js';
import {
  containsPattern,
  likeLowered,
  offsetOf,
  type Parsed,
  type ReadRows,
  readThrough,
  toCount,
} from './pagination.js';

type CreateInput = Parsed<typeof BudgetLineInput>;
type ListQuery = Parsed<typeof BudgetLineListQuery>;
type Caller = Pick<User, 'id' | 'role'>;

// Join aliases and table names come from the level table, not from Kysely's static types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type LineQuery = SelectQueryBuilder<any, any, any>;

/** Which budget lines a list, a read or an export covers. */
export interface BudgetLineFilter {
  /** Only this user's lines: a user's own scope. */
  created_by?: string | undefined;
  year?: number | undefined;
  program_id?: string | undefined;
  supporter_id?: string | undefined;
  search?: string | undefined;
}

const numericFields = [
  'price',
  'first_volume',
  'second_volume',
  'third_volume',
  'total_price',
  'tax',
  'total_after_tax',
] as const;
type NumericField = (typeof numericFields)[number];

/** A line as selected: int8 and numeric arrive as text (pg) or number (PGlite), dates as Date. */
export type BudgetLineRow = Omit<BudgetLine, NumericField | 'created_at'> &
  Record<NumericField, string | number> & { created_at: Date | string };

/** What the joins of `withLevels` add to a line: each level's name and the account's code. */
export type JoinedField = `${ManagedEntityKey}_name` | 'account_code';

/** A line refers to each level and to its supporter by `{key}_id`. */
const referenceField = (key: ManagedEntityKey) => `${key}_id` as const;

const notFound = () => refusals.notFound('Laporan');

/**
 * Joins a query over lines (`line`) to every level of the level table, each aliased by its key,
 * and adds its name as `{key}_name` (and the account's code as `account_code`): with all the
 * line's columns, the BudgetLine read shape. For bulk reads; see `levelNamesOf`.
 */
export function withLevels(lines: LineQuery): LineQuery {
  let query = lines;
  for (const key of managedEntityKeys) {
    const level = managedEntities[key];
    query = query
      .innerJoin(`${level.table} as ${key}`, `${key}.id`, `line.${referenceField(key)}`)
      .select(`${key}.name as ${key}_name`);
    if (level.hasCode) query = query.select(`${key}.code as ${key}_code`);
  }
  return query;
}

/**
 * Levels whose names a page or a single line joins, where the other levels' are looked up by a
 * correlated subquery. These are few (programmes and kegiatan of one government, its
 * supporters): as subqueries PostgreSQL scans each table once per line (a sequential scan
 * estimates cheaper than an index probe on a table that small) for every line; joined, it hashes, memoizes or probes them (3.1 → 2.0 ms of PostgreSQL CPU
 * for a 100-line page). More joins cost more to plan than they save: the eight-way join spent
 * ~10 ms per query choosing a join order.
 */
const joinedLevels: ReadonlySet<ManagedEntityKey> = new Set(['program', 'action', 'supporter']);

/**
 * Adds the names `withLevels` adds (each level's name as `{key}_name`, the account's code as
 * `account_code`) to a query over lines (`line`), in the same order: the joined levels by
 * inner join (every reference is a foreign key), the others by correlated subquery. For a page
 * or a single line; bulk reads (the export) use `withLevels`.
 */
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables, checked by the level table.
function levelNamesOf(db: Kysely<any>): (lines: LineQuery) => LineQuery {
  const columns = managedEntityKeys.flatMap((key) => {
    const level = managedEntities[key];
    return (level.hasCode ? ['name', 'code'] : ['name']).map((column) =>
      joinedLevels.has(key)
        ? `${key}.${column} as ${key}_${column}`
        : db
            .selectFrom(`${level.table} as ${key}`)
            .select(`${key}.${column}`)
            .whereRef(`${key}.id`, '=', `line.${referenceField(key)}`)
            .as(`${key}_${column}`),
    );
  });
  return (lines) => {
    let query = lines;
    for (const key of joinedLevels) {
      const { table } = managedEntities[key];
      query = query.innerJoin(`${table} as ${key}`, `${key}.id`, `line.${referenceField(key)}`);
    }
    return query.select(columns);
  };
}

/** Narrows a query over `line` (the stored line alone: no join is needed to filter). */
export function whereLines(query: LineQuery, filter: BudgetLineFilter): LineQuery {
  let narrowed = query;
  if (filter.created_by) narrowed = narrowed.where('line.created_by', '=', filter.created_by);
  if (filter.year !== undefined) narrowed = narrowed.where('line.year', '=', filter.year);
  if (filter.program_id) narrowed = narrowed.where('line.program_id', '=', filter.program_id);
  if (filter.supporter_id) {
    narrowed = narrowed.where('line.supporter_id', '=', filter.supporter_id);
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    narrowed = narrowed.where((eb) =>
      eb.or([
        eb('line.component_name', 'ilike', pattern),
        eb('line.component_code', 'ilike', pattern),
        // Programmes and accounts are few: match them once (a hashed subplan), not per line.
        eb(
          'line.program_id',
          'in',
          eb.selectFrom('program').select('program.id').where('program.name', 'ilike', pattern),
        ),
        eb(
          'line.account_id',
          'in',
          eb
            .selectFrom('account')
            .select('account.id')
            .where((account) =>
              account.or([
                likeLowered(account, 'account.code', pattern),
                likeLowered(account, 'account.name', pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  return narrowed;
}

/**
 * The JSON read shape of whichever columns a row has: amounts and volumes as numbers (exact:
 * amounts are safe integers), created_at as ISO text. Reshapes the row it is given, in place:
 * rows come fresh from the driver, and a 100-row page is not worth copying.
 */
export function toReadShape<K extends keyof BudgetLine>(
  row: Pick<BudgetLineRow, K>,
): Pick<BudgetLine, K> {
  const shaped = row as Record<string, unknown>;
  for (const field of numericFields) {
    if (field in shaped) shaped[field] = Number(shaped[field]);
  }
  if ('created_at' in shaped) {
    shaped.created_at = new Date(shaped.created_at as Date | string).toISOString();
  }
  return shaped as Pick<BudgetLine, K>;
}

/** Budget lines (spec: detail-programme reports): list, read, create, delete. */
export function createBudgetLineService(
  typedDb: Kysely<Database>,
  read: ReadRows = readThrough(typedDb),
) {
  // biome-ignore lint/suspicious/noExplicitAny: dynamic tables, checked by the level table.
  const db = typedDb as unknown as Kysely<any>;

  // The fixed parts of the queries, built once: builders are immutable, and building these per
  // request is a measurable share of a page's cost.
  const withLevelNames = levelNamesOf(db);
  const allLines = withLevelNames(db.selectFrom('detail_program as line').selectAll('line'));
  const newestFirst = db
    .selectFrom('detail_program as line')
    .select('line.id')
    .orderBy('line.created_at', 'desc')
    .orderBy('line.id');
  const lineCount = db
    .selectFrom('detail_program as line')
    .select((eb) => eb.fn.countAll().as('count'));
  const userLineCount = db.selectFrom('user_line_count').select('line_count');

  const scopeOf = (caller: Caller): BudgetLineFilter =>
    caller.role === 'admin' ? {} : { created_by: caller.id };

  const rowCount = tableRowCounter(typedDb, read);

  async function countLines(filter: BudgetLineFilter): Promise<number> {
    const [row] = await read<{ count: unknown }>(whereLines(lineCount, filter).compile());
    return toCount(row?.count);
  }

  /** A user's number of lines, kept by triggers (migration 0003): no count over their lines. */
  async function countUserLines(userId: string): Promise<number> {
    const [row] = await read(userLineCount.where('user_id', '=', userId).compile());
    return toCount(row?.line_count);
  }

  /**
   * Every referenced id must exist and each level must sit under the level above it, as the
   * level table says. One query finds them all; every wrong field is reported.
   */
  async function assertReferences(input: CreateInput): Promise<void> {
    const lookups = managedEntityKeys.map((key) => {
      const level = managedEntities[key];
      return db
        .selectFrom(level.table)
        .select([
          sql.lit(key).as('level'),
          level.parentField
            ? sql.ref(level.parentField).as('parent_id')
            : sql`null::uuid`.as('parent_id'),
        ])
        .where('id', '=', input[referenceField(key)]);
    });
    const rows = await lookups.reduce((union, lookup) => union.unionAll(lookup)).execute();
    const found = new Map(rows.map((row) => [row.level, row.parent_id as string | null]));
    const issues = chainIssues(input, (key) => found.get(key));
    if (issues.length > 0) throw issuesRefusal(issues);
  }

  return {
    async list(query: ListQuery, caller: Caller) {
      const scope = scopeOf(caller);
      const filter: BudgetLineFilter = {
        ...scope,
        year: query.year,
        program_id: query.program_id,
        supporter_id: query.supporter_id,
        search: query.search,
      };
      const narrowed = Boolean(
        query.year !== undefined || query.program_id || query.supporter_id || query.search,
      );
      // Newest first, served by the (created_at desc, id) and (created_by, created_at) indexes.
      // The page is chosen on the bare table and only its lines are joined, so a deep offset
      // skips index entries rather than joined rows.
      const offset = offsetOf(query.page, query.limit);
      const page = whereLines(newestFirst, filter).limit(query.limit).offset(offset);
      const rows = await read<BudgetLineRow>(
        withLevelNames(
          db
            .selectFrom(page.as('page'))
            .innerJoin('detail_program as line', 'line.id', 'page.id')
            .selectAll('line'),
        )
          .orderBy('line.created_at', 'desc')
          .orderBy('line.id')
          .compile(),
      );
      // An unfiltered total is a kept count (the table's for an admin, the user's own for a
      // user): no count(*) over every line, or all of a user's, per page.
      const scopeTotal = () =>
        caller.role === 'admin' ? rowCount('detail_program') : countUserLines(caller.id);
      const [filtered, total] = await Promise.all([
        countFromLastPage(rows.length, query.limit, offset) ??
          (narrowed ? countLines(filter) : scopeTotal()),
        narrowed ? scopeTotal() : undefined,
      ]);
      return {
        data: rows.map((row) => toReadShape(row)),
        filter: listFilter(query.page, query.limit, filtered, total ?? filtered),
      };
    },

    /** A line the caller may see; a user's view of another user's line is a 404. */
    async get(id: string, caller: Caller): Promise<BudgetLine> {
      const row = (await whereLines(allLines, scopeOf(caller))
        .where('line.id', '=', id)
        .executeTakeFirst()) as BudgetLineRow | undefined;
      if (!row) throw notFound();
      return toReadShape(row);
    },

    /** The server computes the money; the client's totals are ignored. */
    async create(input: CreateInput, caller: Caller): Promise<BudgetLine> {
      const taxed = taxRequested(input);
      // Throws MoneyError naming the field when a total is not exact in a JS number.
      const totals = computeTotals({
        price: input.price,
        first_volume: input.first_volume,
        second_volume: input.second_volume,
        third_volume: input.third_volume,
        taxed,
      });
      await assertReferences(input);
      const values = {
        component_code: input.component_code,
        component_name: input.component_name,
        specification: input.specification,
        unit: input.unit,
        price: input.price,
        first_volume: input.first_volume,
        second_volume: input.second_volume,
        third_volume: input.third_volume,
        ...totals,
        year: input.year,
        program_id: input.program_id,
        action_id: input.action_id,
        sub_action_id: input.sub_action_id,
        activity_id: input.activity_id,
        subtitle_id: input.subtitle_id,
        account_id: input.account_id,
        supporter_id: input.supporter_id,
        created_by: caller.id,
      };
      // One statement inserts the line and reads it back with every name joined.
      const creator = db.with('inserted', (qb) =>
        qb.insertInto('detail_program').values(values).returningAll(),
      );
      const inserted = creator.selectFrom('inserted as line').selectAll('line');
      const row = (await withLevelNames(inserted).executeTakeFirstOrThrow()) as BudgetLineRow;
      return toReadShape(row);
    },

    async remove(id: string): Promise<void> {
      const result = await db.deleteFrom('detail_program').where('id', '=', id).executeTakeFirst();
      if (result.numDeletedRows === 0n) throw notFound();
    },
  };
}
