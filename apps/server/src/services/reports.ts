import {
  type BudgetLine,
  type BudgetLineFilterQuery,
  type BudgetLineInput,
  type BudgetLineListQuery,
  type BudgetLineSort,
  budgetLineSortOrders,
  COUNT_BOUND,
  chainIssues,
  issuesRefusal,
  type LineReferenceKey,
  lineReferenceKeys,
  lineWriteRefusal,
  listFilter,
  managedEntities,
  messagesId,
  outsideScopeRefusal,
  pricedLine,
  reachesLine,
  reachesProgramme,
  refusals,
  scopeOf,
  type User,
  type WorkScope,
} from '@ranwal/core';
import {
  CompiledQuery,
  type Expression,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type WhereInterface,
} from 'kysely';
import {
  asLevelDatabase,
  type Database,
  type LevelDatabase,
  type NamedColumns,
} from '../db/schema.js';
import { createFundingService } from './funding.js';
import { countFromLastPage, levelsAboveAccount, tableRowCounter } from './hierarchy.js';
import { createLockService, type LockedPlace } from './locks.js';
import {
  type BoundedCount,
  boundedCount,
  containsPattern,
  encodeCursor,
  inTransaction,
  type ListPosition,
  likeLowered,
  offsetOf,
  type Parsed,
  pageStartOf,
  pageWithCursors,
  type ReadRows,
  readThrough,
  toCount,
} from './pagination.js';
import { createPaguService } from './pagu.js';
import { taxRuleOf } from './planning.js';
import { createPriceItemService, outsideCatalogueSql } from './price-items.js';
import { programmesWhere } from './scope.js';
import { createSearchSampler, estimateSearch, type SearchEstimate } from './search-sample.js';

type CreateInput = Parsed<typeof BudgetLineInput>;
type ListQuery = Parsed<typeof BudgetLineListQuery>;
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;

/**
 * The tables a line query reaches, as the level table names them: the line (`line`), each level
 * by its key (`program`, `action`, …), and people for the names of who made and edited it;
 * columns are read by name and their values checked by core's schemas.
 */
type LineAliases = { line: NamedColumns } & { [K in LineReferenceKey]: NamedColumns };
type LinePeople = { app_user: NamedColumns };
export type LineDatabase = Omit<LevelDatabase, keyof LinePeople> & LineAliases & LinePeople;

/**
 * The typed database as a line query sees it (LineDatabase): the same connection, its type
 * changed by Kysely's `$omitTables` and `$extendTables` only.
 */
export const asLineDatabase = (db: Kysely<Database>): Kysely<LineDatabase> =>
  asLevelDatabase(db).$omitTables<keyof LinePeople>().$extendTables<LineAliases & LinePeople>();
type LineQuery = SelectQueryBuilder<LineDatabase, keyof LineAliases, NamedColumns>;
/** A join whose alias comes from the level table: the query keeps the one shape above. */
const joined = (query: unknown) => query as LineQuery;

/**
 * Which budget lines a list, a read or an export covers (BudgetLineFilterQuery, parsed), and
 * `programmes`: only lines of these programmes (a caller's scope, core's scopeOf: the
 * programmes of these Perangkat Daerah, or those without one).
 */
export type BudgetLineFilter = Partial<Parsed<typeof BudgetLineFilterQuery>> & {
  programmes?: Exclude<WorkScope['programmes'], 'all'>;
  /**
   * Only lines whose search text the unit-search index holds (SEARCH_INDEX_TEXT_BYTES): set
   * by a list of a unit's or a programme's lines when none of them is longer, so they are read
   * from that index alone (PostgreSQL uses a partial index only where the query implies its
   * condition).
   */
  indexedTextOnly?: boolean;
  /**
   * The search checked on each line an order's index is walked to (search-sample.ts): its
   * text by `strpos`, its programme and account each by one look-up of the line's own.
   */
  searchWalked?: boolean;
};

/**
 * The longest search text (in bytes) the unit-search index holds (migration 0042: a b-tree
 * entry is at most about 2 700 bytes). A literal in the statements, as in the index's
 * condition: PostgreSQL proves one implies the other only for constants.
 */
const SEARCH_INDEX_TEXT_BYTES = 2000;
const indexedText = sql<boolean>`octet_length(line.search_text) <= ${sql.lit(SEARCH_INDEX_TEXT_BYTES)}`;
const longText = sql<boolean>`octet_length(line.search_text) > ${sql.lit(SEARCH_INDEX_TEXT_BYTES)}`;

/**
 * The lines a caller sees and changes, as core's scopeOf says (issues 19 and 34): an admin
 * everyone's (or one person's, when asked); a user or a verifier with units their units' lines;
 * a user without a unit their own under programmes without a unit; a verifier without a unit
 * every line under those.
 */
export function lineScopeOf(caller: Caller, asked?: string): BudgetLineFilter {
  const { programmes, owner } = scopeOf(caller);
  return { ...(programmes !== 'all' && { programmes }), created_by: owner ?? asked };
}

/**
 * Whether a line (as stored, or as its history last knew it) is in the caller's scope: core's
 * reachesLine, with its programme's Perangkat Daerah read.
 */
export async function isLineInScope(
  db: Kysely<Database>,
  caller: Caller,
  line: { created_by?: unknown; program_id?: unknown },
): Promise<boolean> {
  const scope = scopeOf(caller);
  if (scope.programmes === 'all') return true;
  if (typeof line.program_id !== 'string') return false;
  const program = await db
    .selectFrom('program')
    .select('agency_id')
    .where('id', '=', line.program_id)
    .executeTakeFirst();
  if (!program) return false;
  const createdBy = typeof line.created_by === 'string' ? line.created_by : null;
  return reachesLine(scope, { agency_id: program.agency_id, created_by: createdBy });
}

/**
 * A sub kegiatan the caller may work on: under a programme of their scope (core's
 * reachesProgramme). A missing one is a 400 on `sub_action_id`, one outside the scope a 403.
 */
export async function assertSubActionInScope(
  db: Kysely<Database>,
  caller: Caller,
  subActionId: string,
): Promise<void> {
  const place = await db
    .selectFrom('sub_action as sa')
    .innerJoin('action as a', 'a.id', 'sa.action_id')
    .innerJoin('program as p', 'p.id', 'a.program_id')
    .select('p.agency_id')
    .where('sa.id', '=', subActionId)
    .executeTakeFirst();
  if (!place) {
    throw issuesRefusal([
      {
        path: 'sub_action_id',
        message: messagesId.server.recordNotFound(messagesId.levels.sub_action.label),
      },
    ]);
  }
  const scope = scopeOf(caller);
  if (!reachesProgramme(scope, place.agency_id)) throw outsideScopeRefusal(scope);
}

/**
 * A sub kegiatan whose figures the caller may write as they write its lines (its Anggaran Kas,
 * the reasons of its realisation): `assertSubActionInScope`, and never a verifier (403).
 */
export async function assertSubActionWritable(
  db: Kysely<Database>,
  caller: Caller,
  subActionId: string,
): Promise<void> {
  await assertSubActionInScope(db, caller, subActionId);
  if (caller.role === 'verifier') throw refusals.verifierReadOnly();
}

/**
 * A list in the asked order, or (`reversed`) its exact reverse, to read the lines just before a
 * position; each order has its index (migrations 0001 and 0008), read either way. `sorted`: the
 * lines are found first and then sorted, never by walking the order's index (a rare search,
 * SEARCH_PROBE_LINES): the first column as an expression no index is in the order of.
 */
function ordered(
  query: LineQuery,
  sort: BudgetLineSort,
  reversed = false,
  sorted: 'walk or sort' | 'sort' = 'walk or sort',
): LineQuery {
  let list = query;
  for (const [column, direction] of budgetLineSortOrders[sort]) {
    const flipped = direction === 'asc' ? 'desc' : 'asc';
    const by =
      sorted === 'sort' && column !== 'id' ? sortKeys[column].unindexed : sql.ref(`line.${column}`);
    list = list.orderBy(by, reversed ? flipped : direction);
  }
  return list;
}

/**
 * Each order's first column as exact text for a cursor (a timestamp to the microsecond, in UTC;
 * an amount as digits), the pattern that text has, and the text back as the column's type.
 */
const sortKeys = {
  created_at: {
    text: sql<string>`to_char(line.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/,
    value: (key: string) => sql`(${key}::timestamp at time zone 'UTC')`,
    unindexed: sql`line.created_at + interval '0 seconds'`,
  },
  total_after_tax: {
    text: sql<string>`line.total_after_tax::text`,
    pattern: /^-?\d{1,19}$/,
    value: (key: string) => sql`${key}::bigint`,
    unindexed: sql`line.total_after_tax + 0`,
  },
} as const;
const sortColumnOf = (sort: BudgetLineSort) => budgetLineSortOrders[sort][0][0];

/**
 * A page of the admin's whole list this deep or deeper starts from its bucket of migration
 * 0043's marks instead of skipping every line before it (a page at 450 000 of 1 000 000: 60 ms).
 */
export const MARKED_FROM = 10_000;
const BIGINT_MAX = 2n ** 63n - 1n;
const DAY_MS = 86_400_000;

/**
 * The bounds of one bucket of migration 0043 as keys of its order's column (`sortKeys`' text
 * form): its lines' keys are `from` or more and under `to`; null is no bound. The migration's
 * `line_created_bucket` and `line_total_bucket` make the buckets; this is their inverse.
 */
export function orderMarkBounds(
  column: keyof typeof sortKeys,
  bucket: number,
): { from: string | null; to: string | null } {
  if (column === 'created_at') {
    // sortKeys' created_at key: UTC, to the microsecond.
    const key = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}000`;
    return { from: key(bucket * DAY_MS), to: key((bucket + 1) * DAY_MS) };
  }
  if (bucket < 0) return { from: null, to: '0' };
  // Its number of digits and its first two digits (a one-digit total is its own bucket).
  const digits = Math.floor(bucket / 100);
  const leading = BigInt(bucket % 100);
  const scale = digits === 1 ? 1n : 10n ** BigInt(digits - 2);
  const to = (leading + 1n) * scale;
  return { from: String(leading * scale), to: to > BIGINT_MAX ? null : String(to) };
}

/**
 * A search the planner expects to match more lines than this is past COUNT_BOUND without being
 * counted: twice the bound, so an estimate off by half still says the truth.
 */
const SURELY_PAST_BOUND = 2 * COUNT_BOUND;

/**
 * A whole-province search walks its order's index, checking each line's text, when the sample
 * (search-sample.ts) says its page is found within this many lines: a walk of a few thousand
 * lines is a millisecond or two, where the trigram index reads each match (5 434 of 'spesifikasi
 * 42') to sort them.
 */
const SEARCH_WALK_LINES = 10_000;

/**
 * A whole-province search the sample says finds at most this many lines (and that is not
 * walked) is read from the indexes and sorted, whatever PostgreSQL estimates: its estimate of a
 * rare word swings with each ANALYZE (a histogram of a hundred whole texts holds a line with it
 * or not), and at the high end it walked the whole order's index for 5 lines of 40 000.
 */
const SEARCH_PROBE_LINES = 2_000;

/**
 * A walked page checks each line's own programme and account by a look-up (about 0.1 ms each)
 * while it expects to pass at most this many lines; past it the search's programmes and
 * accounts are looked up once as ids (1–10 ms).
 */
const WALK_PROBED_LINES = 100;

/**
 * Whether a search's page is walked in its order (each line checked) rather than read from the
 * indexes: when the sample finds it often enough that the page at `offset` lies within
 * SEARCH_WALK_LINES lines of its order, even with three standard deviations fewer sampled lines
 * found. The sample takes whole table pages, and lines written together share a page: a rare
 * word's few lines were sampled together often enough (5 lines of 40 000, 2 of them sampled) to
 * plan a walk through the whole year for them. A word found that rarely is read from the trigram
 * index and sorted, a few hundred lines at most.
 */
export function walks({ found, share }: SearchEstimate, offset: number, limit: number): boolean {
  if (found === 0) return false;
  const fewest = share * ((found - 3 * Math.sqrt(found)) / found);
  return fewest > 0 && (offset + limit + 1) / fewest <= SEARCH_WALK_LINES;
}

/**
 * Whether the sample says the search surely finds more than COUNT_BOUND lines: even with three
 * standard deviations fewer sampled lines found (a one-in-a-thousand shortfall), and at least
 * 20 found. Counting 10 001 scattered lines costs 50–150 ms; the answer would be the same.
 */
function sampleSaysPast({ found, lines }: SearchEstimate): boolean {
  if (found < 20) return false;
  return (lines * (found - 3 * Math.sqrt(found))) / found > COUNT_BOUND;
}

/**
 * The lines past `position` in the order (`backward`: before it), as one condition an index
 * range serves: `column <= key and (column < key or id > position's id)` for a descending
 * column and an ascending id, and so on for each pair of directions.
 */
function beyond(sort: BudgetLineSort, position: ListPosition, backward: boolean) {
  const [[column, direction], [, idDirection]] = budgetLineSortOrders[sort];
  const further = (towards: 'asc' | 'desc') =>
    sql.raw((towards === 'desc') !== backward ? '<' : '>');
  const key = sortKeys[column].value(position.key);
  const ref = sql.ref(`line.${column}`);
  return sql<boolean>`(${ref} ${further(direction)}= ${key} and (${ref} ${further(direction)} ${key} or line.id ${further(idDirection)} ${position.id!}::uuid))`;
}

/** A line refers to each level and to its supporter by `{key}_id`. */
function referenceFieldOf(key: LineReferenceKey) {
  return `${key}_id` as const;
}
const referenceField = referenceFieldOf;

const numericFields = [
  'price',
  'first_volume',
  'second_volume',
  'third_volume',
  'total_price',
  'tax',
  'total_after_tax',
  'tax_rate',
] as const;
type NumericField = (typeof numericFields)[number];

/** A line as selected: int8 and numeric arrive as text (pg) or number (PGlite), dates as Date. */
type VerificationField = 'sub_action_verified_at' | 'sub_action_open_notes';
export type BudgetLineRow = Omit<
  BudgetLine,
  NumericField | 'created_at' | 'updated_at' | 'sub_action_verified_at'
> &
  Record<NumericField, string | number> & {
    created_at: Date | string;
    updated_at: Date | string | null;
    sub_action_verified_at: Date | string | null;
  };

/** The stored columns a line is read with (not its search text, nor the editor's id). */
const lineColumns = [
  'id',
  'component_code',
  'component_name',
  'specification',
  'unit',
  'first_volume_unit',
  'second_volume_unit',
  'third_volume_unit',
  ...numericFields,
  'tax_base_numerator',
  'tax_base_denominator',
  'price_item_id',
  'funding_source_id',
  'year',
  ...lineReferenceKeys.map(referenceFieldOf),
  'created_by',
  'created_at',
  'updated_at',
].map((column) => `line.${column}`);

/** What the joins of `withLevels` add to a line: each level's name and the account's code. */
export type JoinedField = `${LineReferenceKey}_name` | 'account_code';

const notFound = () => refusals.notFound(messagesId.server.records.line);

/**
 * Joins a query over lines (`line`) to every level of the level table, each aliased by its key,
 * and adds its name as `{key}_name` (and the account's code as `account_code`): with all the
 * line's columns, the BudgetLine read shape. For bulk reads; see `levelNamesOf`.
 */
export function withLevels(
  lines: SelectQueryBuilder<LineDatabase, keyof LineAliases, object>,
): LineQuery {
  let query = lines;
  for (const key of lineReferenceKeys) {
    const level = managedEntities[key];
    query = joined(
      query.innerJoin(`${level.table} as ${key}`, `${key}.id`, `line.${referenceField(key)}`),
    ).select(`${key}.name as ${key}_name`);
    if (level.codeRequired) query = query.select(`${key}.code as ${key}_code`);
  }
  // The programme's Perangkat Daerah, when it has one.
  return joined(query.leftJoin('agency', 'agency.id', 'program.agency_id')).select([
    'agency.id as agency_id',
    'agency.name as agency_name',
  ]);
}

/**
 * Levels whose names a page or a single line joins, where the other levels' are looked up by a
 * correlated subquery. These are few (programmes and kegiatan of one government, its
 * supporters): as subqueries PostgreSQL scans each table once per line (a sequential scan
 * estimates cheaper than an index probe on a table that small) for every line; joined, it hashes, memoizes or probes them (3.1 → 2.0 ms of PostgreSQL CPU
 * for a 100-line page). More joins cost more to plan than they save: the eight-way join spent
 * ~10 ms per query choosing a join order.
 */
const joinedLevels: ReadonlySet<LineReferenceKey> = new Set(['program', 'action', 'supporter']);

/**
 * Adds the names `withLevels` adds (each level's name as `{key}_name`, the account's code as
 * `account_code`) to a query over lines (`line`), in the same order: the joined levels by
 * inner join (every reference is a foreign key), the others by correlated subquery. For a page
 * or a single line; bulk reads (the export) use `withLevels`.
 */
function levelNamesOf(db: Kysely<LineDatabase>): (lines: LineQuery) => LineQuery {
  const columns = lineReferenceKeys.flatMap((key) => {
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
  const nameOfUser = (column: 'created_by' | 'updated_by') =>
    db
      .selectFrom('app_user as person')
      .select('person.name')
      .whereRef('person.id', '=', `line.${column}`)
      .as(`${column}_name`);
  const people = [nameOfUser('created_by'), nameOfUser('updated_by')];
  // The programme's Perangkat Daerah (the programme is joined), when it has one.
  const agency = [
    'program.agency_id as agency_id',
    db
      .selectFrom('agency')
      .select('agency.name')
      .whereRef('agency.id', '=', 'program.agency_id')
      .as('agency_name'),
    db
      .selectFrom('agency')
      .select('agency.code')
      .whereRef('agency.id', '=', 'program.agency_id')
      .as('agency_code'),
  ];
  return (lines) => {
    let query = lines;
    for (const key of joinedLevels) {
      const { table } = managedEntities[key];
      query = query.innerJoin(`${table} as ${key}`, `${key}.id`, `line.${referenceField(key)}`);
    }
    return query.select([
      ...columns,
      ...agency,
      ...people,
      outsideCatalogueSql.as('outside_catalogue'),
    ]);
  };
}

/**
 * Where the verification of each line's sub kegiatan of its year stands: when it was marked
 * verified and how many of its notes are open (two index probes per line). For a list or a
 * read only: a write's own answer is read before the trigger that withdraws the mark runs.
 */
function withVerificationState(lines: LineQuery) {
  return lines.select([
    sql<Date | null>`(select v.verified_at from sub_action_verification v
      where v.sub_action_id = line.sub_action_id and v.year = line.year)`.as(
      'sub_action_verified_at',
    ),
    sql<number>`(select count(*)::integer from verification_note n
      where n.sub_action_id = line.sub_action_id and n.year = line.year
        and n.status <> 'closed')`.as('sub_action_open_notes'),
  ]);
}

/**
 * The programmes and accounts a search names, looked up once for the many statements of an
 * export: each statement then finds them in a hashed array instead of building the hash again
 * (4 000 accounts for a common word, about 37 ms of PostgreSQL's time per statement).
 */
export interface SearchMatches {
  programs: string[];
  accounts: string[];
  /**
   * What the process's sample says of a whole-province search (search-sample.ts). With rare
   * pieces, the line's own text is asked of the trigram index by them, the whole search checked
   * on the lines found, instead of by the whole search.
   */
  estimate?: SearchEstimate;
}

/**
 * The search's other tables (budgetLineSearchFields): the programmes whose name and the accounts
 * whose code or name hold `pattern`, as statements to run or to embed in a line's condition.
 */
function searchedParents(
  from: { selectFrom: Kysely<LineDatabase>['selectFrom'] },
  pattern: string,
) {
  return {
    programs: from
      .selectFrom('program')
      .select('program.id')
      .where('program.name', 'ilike', pattern),
    accounts: from
      .selectFrom('account')
      .select('account.id')
      .where((account) =>
        account.or([
          likeLowered(account, 'account.code', pattern),
          likeLowered(account, 'account.name', pattern),
        ]),
      ),
  };
}

/** The ids of the programmes and accounts whose names (an account's code too) hold `search`. */
export async function searchMatchesOf(
  db: Kysely<LineDatabase>,
  search: string,
  read: ReadRows = readThrough(db),
): Promise<SearchMatches> {
  const named = searchedParents(db, containsPattern(search));
  const [programs, accounts] = await Promise.all([
    read(named.programs.compile()),
    read(named.accounts.compile()),
  ]);
  return {
    programs: programs.map((row) => row.id as string),
    accounts: accounts.map((row) => row.id as string),
  };
}

/**
 * How many accounts a list's search names as ids in its statement: past this, the word is
 * common (every account is 'Belanja …') and its lines are found by walking the order's index,
 * for which the accounts' own lookup (a hashed subplan) serves as well as a long array.
 */
const NAMED_ACCOUNTS_MAX = 5_000;

/**
 * A list's search matches as ids (`searchMatchesOf`), so PostgreSQL plans the lines' query
 * knowing how many lines the word finds: a rare word (or none) is an index probe of each part
 * (trigram, programme, account) and a sort of the few lines found; a common one a walk down
 * the order's index, each line checked. Undefined when the word names too many accounts to
 * list (NAMED_ACCOUNTS_MAX).
 */
async function listSearchMatches(
  db: Kysely<LineDatabase>,
  search: string,
  read: ReadRows,
  /** A unit's search: only the accounts under these Perangkat Daerah's programmes. */
  units?: readonly string[],
): Promise<SearchMatches | undefined> {
  const named = searchedParents(db, containsPattern(search));
  const accounts = units
    ? named.accounts.where(sql<boolean>`account.id in (${accountsOfUnits(units)})`)
    : named.accounts;
  const [programRows, accountRows] = await Promise.all([
    read(named.programs.compile()),
    read(accounts.limit(NAMED_ACCOUNTS_MAX + 1).compile()),
  ]);
  if (accountRows.length > NAMED_ACCOUNTS_MAX) return undefined;
  return {
    programs: programRows.map((row) => row.id as string),
    accounts: accountRows.map((row) => row.id as string),
  };
}

/**
 * The accounts under these Perangkat Daerah's programmes, joined up the levels from account to
 * programme (each by its parent's index): a unit's few hundred, where a common word names
 * thousands of the province's (16 512 for 'perjalanan dinas' on the bench's seed, a scan of
 * every account in each statement, 30 ms).
 */
function accountsOfUnits(units: readonly string[]) {
  const reached = programmesWhere({ programmes: [...units], owner: null }, 'program.agency_id');
  return sql`select account.id from account as account ${levelsAboveAccount} where ${reached}`;
}

/**
 * The line's own text holds `search`: what `search_text like lower('%…%')` asks, in a form no
 * index serves (a walk keeps its order's index; a search asked by its rare pieces checks the
 * whole of it on the lines the pieces found).
 */
const textHolds = (search: string) => sql<boolean>`strpos(line.search_text, lower(${search})) > 0`;

/**
 * Narrows a read, an update or a delete of lines aliased `line` (the stored line alone: no join
 * is needed to filter). With `matches` (searchMatchesOf the filter's search), the search's
 * programmes and accounts are those ids rather than looked up by the statement.
 */
export function whereLines<Q extends WhereInterface<LineDatabase, 'line'>>(
  query: Q,
  filter: BudgetLineFilter,
  matches?: SearchMatches,
): Q {
  let narrowed: WhereInterface<LineDatabase, 'line'> = query;
  if (filter.created_by) narrowed = narrowed.where('line.created_by', '=', filter.created_by);
  if (filter.year !== undefined) narrowed = narrowed.where('line.year', '=', filter.year);
  if (filter.program_id) narrowed = narrowed.where('line.program_id', '=', filter.program_id);
  if (filter.sub_action_id) {
    narrowed = narrowed.where('line.sub_action_id', '=', filter.sub_action_id);
  }
  if (filter.programmes) {
    const reached = programmesWhere(
      { programmes: filter.programmes, owner: null },
      'program.agency_id',
    );
    narrowed = narrowed.where((eb) =>
      eb('line.program_id', 'in', eb.selectFrom('program').select('program.id').where(reached)),
    );
  }
  if (filter.agency_id) {
    // A line reaches its agency through its programme (few rows: programmes of one government).
    const agencyId = filter.agency_id;
    narrowed = narrowed.where((eb) =>
      eb(
        'line.program_id',
        'in',
        eb.selectFrom('program').select('program.id').where('program.agency_id', '=', agencyId),
      ),
    );
  }
  if (filter.supporter_id) {
    narrowed = narrowed.where('line.supporter_id', '=', filter.supporter_id);
  }
  if (filter.indexedTextOnly) narrowed = narrowed.where(indexedText);
  const { search } = filter;
  if (search && filter.searchWalked && matches) {
    // A long walk: the programmes' few ids as a constant array, the accounts' in a hash built
    // once from the parameter (a hashed subplan), not estimated one by one while planning (as
    // `= any` of 4 128 ids: 17 ms).
    const { programs, accounts } = matches;
    narrowed = narrowed.where((eb) =>
      eb.or([
        textHolds(search),
        ...(programs.length > 0 ? [sql<boolean>`line.program_id = any(${programs}::uuid[])`] : []),
        ...(accounts.length > 0
          ? [sql<boolean>`line.account_id in (select unnest(${accounts}::uuid[]))`]
          : []),
      ]),
    );
  } else if (search && filter.searchWalked) {
    const pattern = containsPattern(search);
    narrowed = narrowed.where((eb) => {
      const parents = searchedParents(eb, pattern);
      // The line's own programme and account, each one look-up by id: true when it holds the
      // search, null otherwise. (As `exists` PostgreSQL hashed every matching account first:
      // 16 512 for 'perjalanan dinas', 150 ms, for a page that checks 40 lines.)
      const found = sql<boolean>`true`.as('found');
      const programHolds = parents.programs
        .clearSelect()
        .select(found)
        .where('program.id', '=', sql<string>`line.program_id`);
      const accountHolds = parents.accounts
        .clearSelect()
        .select(found)
        .where('account.id', '=', sql<string>`line.account_id`);
      return eb.or([
        textHolds(search),
        sql<boolean>`(${programHolds})`,
        sql<boolean>`(${accountHolds})`,
      ]);
    });
  } else if (search && matches) {
    const pattern = containsPattern(search);
    // A constant array of ids is looked up in a hash, built once per statement from the
    // parameter; an empty one is left out.
    const byId = (column: 'line.program_id' | 'line.account_id', ids: string[]) =>
      ids.length > 0 ? [sql<boolean>`${sql.ref(column)} = any(${ids}::uuid[])`] : [];
    const pieces = matches.estimate?.pieces;
    narrowed = narrowed.where((eb) =>
      eb.or([
        pieces
          ? eb.and([
              ...pieces.map((piece) =>
                eb('line.search_text', 'like', sql<string>`lower(${containsPattern(piece)})`),
              ),
              textHolds(search),
            ])
          : eb('line.search_text', 'like', sql<string>`lower(${pattern})`),
        ...byId('line.program_id', matches.programs),
        ...byId('line.account_id', matches.accounts),
      ]),
    );
  } else if (search) {
    const pattern = containsPattern(search);
    // budgetLineSearchFields: the line's own text (one lower-cased column with a trigram
    // index), its programme's name, its account's code or name. Programmes and accounts are
    // matched in their own tables first, once, and looked up per line in a hash (a hashed
    // subplan): `= any(array(...))` compared each line with every matching account, thousands
    // of them for a common word, and counting a year's matches took 3 s instead of 0.14 s.
    narrowed = narrowed.where((eb) => {
      const parents = searchedParents(eb, pattern);
      return eb.or([
        eb('line.search_text', 'like', sql<string>`lower(${pattern})`),
        eb('line.program_id', 'in', parents.programs),
        eb('line.account_id', 'in', parents.accounts),
      ]);
    });
  }
  return narrowed as Q;
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
  for (const field of ['created_at', 'updated_at', 'sub_action_verified_at'] as const) {
    const value = shaped[field] as Date | string | null | undefined;
    if (value) shaped[field] = new Date(value).toISOString();
  }
  return shaped as Pick<BudgetLine, K>;
}

/** Budget lines (spec: detail-programme reports): list, read, create, delete. */
export function createBudgetLineService(
  typedDb: Kysely<Database>,
  read: ReadRows = readThrough(typedDb),
  options: { freeForm?: boolean } = {},
) {
  const db = asLineDatabase(typedDb);
  const pagu = createPaguService(typedDb);
  const funding = createFundingService(typedDb);
  const locks = createLockService(typedDb);
  /** Where a stored line sits (the caller's own for a user), for the locks; none when not found. */
  const placeOf = async (trx: Kysely<Database>, id: string, caller: Caller) =>
    (await whereLines(
      asLineDatabase(trx)
        .selectFrom('detail_program as line')
        .select(['line.sub_action_id', 'line.year']),
      lineScopeOf(caller),
    )
      .where('line.id', '=', id)
      .executeTakeFirst()) as LockedPlace | undefined;
  const priceItems = createPriceItemService(typedDb);
  const freeForm = options.freeForm ?? true;

  // The fixed parts of the queries, built once: builders are immutable, and building these per
  // request is a measurable share of a page's cost.
  const withLevelNames = levelNamesOf(db);
  const allLines = withVerificationState(
    withLevelNames(db.selectFrom('detail_program as line').select(lineColumns)),
  );
  const lineIds = db.selectFrom('detail_program as line').select('line.id');
  const lineOnes = db.selectFrom('detail_program as line').select(sql.lit(1).as('one'));
  const userLineCount = db.selectFrom('user_line_count').select('line_count');

  /** core's lineWriteRefusal, with the programme's Perangkat Daerah read in the write's transaction. */
  async function assertMayWrite(trx: Kysely<Database>, caller: Caller, programId: string) {
    const program = await trx
      .selectFrom('program')
      .select('agency_id')
      .where('id', '=', programId)
      .executeTakeFirst();
    const refusal = lineWriteRefusal(caller, program?.agency_id);
    if (refusal) throw refusal;
  }

  const rowCount = tableRowCounter(typedDb, read);
  const searchSample = createSearchSampler(read, () => rowCount('detail_program'));

  /**
   * A written line's sub kegiatan verification as it stands once the write's statement is done
   * (the trigger of migration 0020 may have withdrawn the mark).
   */
  async function withVerificationAfterWrite(
    trx: Kysely<Database>,
    row: BudgetLineRow,
  ): Promise<BudgetLineRow> {
    const { rows } = await sql<Pick<BudgetLineRow, VerificationField>>`
      select (select v.verified_at from sub_action_verification v
          where v.sub_action_id = ${row.sub_action_id} and v.year = ${row.year})
          as sub_action_verified_at,
        (select count(*)::integer from verification_note n
          where n.sub_action_id = ${row.sub_action_id} and n.year = ${row.year}
            and n.status <> 'closed') as sub_action_open_notes`.execute(trx);
    return Object.assign(row, rows[0]);
  }

  /** The history records this transaction's line write as a restore (migration 0022). */
  async function markRestore(trx: Kysely<Database>) {
    await sql`select set_config('ranwal.restore', 'on', true)`.execute(trx);
  }

  /** Tells a restored line's owner who brought it back, unless they did it themselves. */
  async function restoredTold(trx: Kysely<Database>, line: BudgetLineRow, caller: Caller) {
    await sql`select set_config('ranwal.restore', '', true)`.execute(trx);
    if (!line.created_by || line.created_by === caller.id) return;
    await trx
      .insertInto('notification')
      .values({
        user_id: line.created_by,
        kind: 'line_restored',
        sub_action_id: line.sub_action_id,
        year: line.year,
        line_id: line.id,
        actor_id: caller.id,
      })
      .execute();
  }

  /**
   * How many lines match, up to COUNT_BOUND: a count over `limit COUNT_BOUND + 1` lines. A
   * search the process's sample (over the whole province) or else PostgreSQL's planner expects
   * to match more than SURELY_PAST_BOUND lines is not counted: it is
   * past the bound, and finding 10 001 of its lines scattered through a year costs more than a
   * page (100–350 ms for 20 000 matches among 527 000 lines on the bench's seed).
   */
  async function countLines(
    filter: BudgetLineFilter,
    matches?: SearchMatches,
  ): Promise<BoundedCount> {
    const matching = whereLines(lineOnes, filter, matches);
    const estimate = matches?.estimate;
    const surelyPast = estimate
      ? sampleSaysPast(estimate)
      : filter.search && (await estimatedRows(matching)) > SURELY_PAST_BOUND;
    if (surelyPast) return { count: COUNT_BOUND, bounded: true };
    const [row] = await read<{ count: unknown }>(
      db
        .selectFrom(matching.limit(COUNT_BOUND + 1).as('matching'))
        .select((eb) => eb.fn.countAll().as('count'))
        .compile(),
    );
    return boundedCount(row?.count);
  }

  /**
   * Whether a line of the filter's units and programme has a search text the unit-search index
   * leaves out (SEARCH_INDEX_TEXT_BYTES; read from the small index of those lines).
   */
  async function anyLongSearchText({
    programmes,
    program_id,
    agency_id,
  }: BudgetLineFilter): Promise<boolean> {
    const scope = { programmes, program_id, agency_id };
    const [row] = await read(whereLines(lineOnes, scope).where(longText).limit(1).compile());
    return row !== undefined;
  }

  /**
   * Where the whole list's page at `offset` starts, from migration 0043's marks: the lines on
   * the near side of its bucket's bound (counted in the buckets before it) are not skipped one
   * by one; `skip` are left to skip, all of them in the page's bucket. Null past the last line.
   */
  async function markedStart(
    sort: BudgetLineSort,
    offset: number,
  ): Promise<{ condition: Expression<SqlBool> | null; skip: number } | null> {
    const [[column, direction]] = budgetLineSortOrders[sort];
    const kind = column === 'created_at' ? 'created' : 'total';
    const order = sql.raw(direction);
    const [row] = await read<{ bucket: number; before: unknown }>(
      sql`select bucket, before from (
          select bucket, lines, coalesce(sum(lines) over (order by bucket ${order}
            rows between unbounded preceding and 1 preceding), 0) as before
          from detail_program_order_mark where kind = ${kind} and lines > 0) marks
        where before <= ${offset} and before + lines > ${offset}
        order by bucket ${order} limit 1`.compile(db),
    );
    if (!row) return null;
    const bounds = orderMarkBounds(column, Number(row.bucket));
    const bound = direction === 'desc' ? bounds.to : bounds.from;
    const ref = sql.ref(`line.${column}`);
    return {
      condition:
        bound === null
          ? null
          : sql<boolean>`${ref} ${sql.raw(direction === 'desc' ? '<' : '>=')} ${sortKeys[column].value(bound)}`,
      skip: offset - Number(row.before),
    };
  }

  /** The rows PostgreSQL's planner expects a query to answer (`explain (format json)`). */
  async function estimatedRows(query: { compile(): CompiledQuery }): Promise<number> {
    const { sql: text, parameters } = query.compile();
    const [row] = await read<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]),
    );
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return parsed[0].Plan['Plan Rows'];
  }

  /**
   * Whether any programme belongs to a Perangkat Daerah: until one does, a user's lines are all
   * under programmes without one, and their kept count is their scope's.
   */
  async function anyProgrammeOfAUnit(): Promise<boolean> {
    const [row] = await read<{ found: boolean }>(
      sql<{
        found: boolean;
      }>`select exists (select 1 from program where agency_id is not null) as found`.compile(
        typedDb,
      ),
    );
    return Boolean(row?.found);
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
  async function assertReferences(input: CreateInput, trx: Kysely<Database>): Promise<void> {
    const lookups = lineReferenceKeys.map((key) => {
      const level = managedEntities[key];
      return asLineDatabase(trx)
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

  /**
   * The stored values of a line as given: the server prices it (the client's totals are ignored)
   * with the PPN rule of its year, from its catalogue item when it names one.
   */
  async function checkedValues(
    input: CreateInput,
    trx: Kysely<Database>,
    /** The line edited or restored: it may keep a catalogue item retired since. */
    place: { line_id?: string; restoring?: boolean } = {},
  ) {
    const rule = await taxRuleOf(trx, input.year);
    await assertReferences(input, trx);
    const priceItemId = input.price_item_id ?? null;
    let component = {
      component_code: input.component_code,
      component_name: input.component_name,
      specification: input.specification,
      unit: input.unit,
    };
    if (priceItemId) {
      const { pricing, issues } = await priceItems.pricing(trx, {
        price_item_id: priceItemId,
        year: input.year,
        price: input.price,
        account_id: input.account_id,
        ...place,
      });
      if (issues.length > 0) throw issuesRefusal(issues);
      component = pricing!;
    } else if (!freeForm) {
      throw issuesRefusal([{ path: 'price_item_id', message: messagesId.server.freeFormRefused }]);
    } else {
      // A free-form line named as a catalogue item is held to its price (issue 34).
      const issues = await priceItems.lockIssues(trx, {
        ...component,
        year: input.year,
        price: input.price,
      });
      if (issues.length > 0) throw issuesRefusal(issues);
    }
    return {
      ...component,
      // Throws MoneyError naming the field when a total is not exact in a JS number.
      ...pricedLine({ ...input, unit: component.unit }, rule),
      price: input.price,
      first_volume: input.first_volume,
      second_volume: input.second_volume,
      third_volume: input.third_volume,
      price_item_id: priceItemId,
      year: input.year,
      ...(Object.fromEntries(
        lineReferenceKeys.map((key) => [referenceField(key), input[referenceField(key)]]),
      ) as Record<`${LineReferenceKey}_id`, string>),
    };
  }

  return {
    async list(query: ListQuery, caller: Caller) {
      const scope = scopeOf(caller);
      const filter: BudgetLineFilter = {
        ...lineScopeOf(caller, query.created_by),
        year: query.year,
        agency_id: query.agency_id,
        program_id: query.program_id,
        sub_action_id: query.sub_action_id,
        supporter_id: query.supporter_id,
        search: query.search,
      };
      const narrowed = Boolean(
        query.year !== undefined ||
          query.agency_id ||
          query.program_id ||
          query.sub_action_id ||
          query.supporter_id ||
          query.search ||
          (!scope.owner && query.created_by),
      );
      // The page is chosen on the bare table in the asked order (each order has its index, for
      // everyone's lines and for one user's) and only its lines are joined. With a cursor it
      // starts at the cursor's line (an index range: a deep page costs what the first does);
      // by page number it skips `offset` index entries. One line more than the page says
      // whether another page follows.
      const { position, backward } = pageStartOf(
        query,
        query.sort,
        sortKeys[sortColumnOf(query.sort)].pattern,
      );
      const offset = offsetOf(query.page, query.limit);
      // An unfiltered total is a kept count (the table's for an admin, the user's own for a
      // user without a unit while no programme has one): no count(*) over every line, or all
      // of a user's, per page. Other counts stop at COUNT_BOUND (a count of 126 000 matches
      // took 140 ms). A search's count is asked beside its page (on another connection): it
      // is the dearer of the two.
      const exact = (count: number): BoundedCount => ({ count, bounded: false });
      // While no programme has a unit, a user without one has every line of theirs in scope:
      // their kept count is their scope's, and their pages need not look at the programme.
      const owner = scope.owner;
      const ownLinesAll =
        owner !== null && scope.programmes === 'unitless' && !(await anyProgrammeOfAUnit());
      const kept =
        caller.role === 'admin'
          ? () => rowCount('detail_program')
          : ownLinesAll && owner !== null
            ? () => countUserLines(owner)
            : undefined;
      // The lines of a unit (a user's or a verifier's with units, or an admin's unit or
      // programme filter) are read from the unit-search index alone (migration 0042: they are
      // scattered through the table, and an order's index walked for them read tens of
      // thousands of others) while no line in scope has a search text past its bound. A unit's
      // search names only the unit's accounts.
      const units = Array.isArray(filter.programmes) ? filter.programmes : undefined;
      const programmeScoped = units ?? filter.program_id ?? filter.agency_id;
      // A search over the whole province (no unit, programme, sub kegiatan or person, whose
      // lines come from their own indexes) is planned by what the sample says of it.
      const wholeProvince =
        !programmeScoped &&
        !filter.programmes &&
        !filter.sub_action_id &&
        !filter.created_by &&
        !filter.supporter_id;
      const [longLines, sample] = await Promise.all([
        programmeScoped ? anyLongSearchText(filter) : true,
        query.search && wholeProvince ? searchSample.current() : undefined,
      ]);
      const estimate =
        sample && query.search ? estimateSearch(sample, query.search, filter.year) : undefined;
      const pageOffset = position ? 0 : offset;
      const walked = estimate !== undefined && walks(estimate, pageOffset, query.limit);
      const sortedFound =
        estimate !== undefined && !walked && estimate.lines <= SEARCH_PROBE_LINES
          ? 'sort'
          : 'walk or sort';
      // The programmes and accounts the search names, looked up when a statement asks the
      // indexes for them (a walked page checks each line's own).
      let named: Promise<SearchMatches | undefined> | undefined;
      const searchMatches = () => {
        named ??= query.search
          ? listSearchMatches(db, query.search, read, units).then((found) =>
              found && estimate ? { ...found, estimate } : found,
            )
          : Promise.resolve(undefined);
        return named;
      };
      // A short walk checks each line's own programme and account (a look-up each); a longer
      // one, past WALK_PROBED_LINES, the search's ids looked up once.
      const matches =
        walked && (pageOffset + query.limit + 1) / estimate.share <= WALK_PROBED_LINES
          ? undefined
          : await searchMatches();
      const indexed = longLines ? {} : { indexedTextOnly: true };
      const searched: BudgetLineFilter = { ...filter, ...indexed };
      // The caller's whole scope only when the check above was over all of it (no programme
      // or unit filter narrowed it).
      const wholeScopeChecked = units && !filter.program_id && !filter.agency_id;
      const inScope: BudgetLineFilter = {
        ...lineScopeOf(caller),
        ...(wholeScopeChecked ? indexed : {}),
      };
      const scopeTotal = async (): Promise<BoundedCount> =>
        kept ? exact(await kept()) : countLines(inScope);
      const searchCount = query.search
        ? estimate && sampleSaysPast(estimate)
          ? Promise.resolve({ count: COUNT_BOUND, bounded: true })
          : searchMatches().then((found) => countLines(searched, found))
        : undefined;
      const totalCount = narrowed || kept ? scopeTotal() : undefined;
      // Awaited below; a failed page read must not leave them unhandled meanwhile.
      for (const pending of [searchCount, totalCount]) pending?.catch(() => undefined);

      let chosen = whereLines(
        lineIds,
        ownLinesAll
          ? { ...searched, programmes: undefined }
          : { ...searched, searchWalked: walked },
        matches,
      );
      if (position) chosen = chosen.where(beyond(query.sort, position, backward));
      // A page by number past the middle of a kept count is read from the other end: the
      // same lines (every order is total, the id last), at worst half as many index entries
      // skipped.
      const known = !narrowed && !position && offset > 0 && totalCount ? await totalCount : null;
      const fromEnd =
        known && offset > known.count / 2 ? known.count - offset - (query.limit + 1) : null;
      // The admin's deep page: from its bucket of the marks when that skips fewer lines than
      // either end of the index would (a bucket of one day's or one total's lines).
      const marked =
        caller.role === 'admin' && known && offset >= MARKED_FROM
          ? await markedStart(query.sort, offset)
          : null;
      const useMarked = marked !== null && marked.skip < (fromEnd ?? offset);
      const page = useMarked
        ? ordered(marked.condition ? chosen.where(marked.condition) : chosen, query.sort)
            .limit(query.limit + 1)
            .offset(marked.skip)
        : fromEnd !== null
          ? ordered(chosen, query.sort, true, sortedFound)
              .limit(Math.max(0, query.limit + 1 + Math.min(0, fromEnd)))
              .offset(Math.max(0, fromEnd))
          : ordered(chosen, query.sort, backward, sortedFound)
              .limit(query.limit + 1)
              .offset(position ? 0 : offset);
      const withExtra = await read<BudgetLineRow & { sort_key?: string }>(
        ordered(
          withVerificationState(
            withLevelNames(
              joined(
                db
                  .selectFrom(page.as('page'))
                  .innerJoin('detail_program as line', 'line.id', 'page.id')
                  .select(lineColumns)
                  // The page's lines' keys only: in the page's query it would be worked out
                  // for every line an offset skips (to_char of 400 000 lines: 100 ms).
                  .select(sortKeys[sortColumnOf(query.sort)].text.as('sort_key')),
              ),
            ),
          ),
          query.sort,
        ).compile(),
      );
      const { rows, cursors } = pageWithCursors(
        withExtra,
        { limit: query.limit, backward, started: position !== undefined || offset > 0 },
        (row) =>
          row.sort_key === undefined
            ? null
            : encodeCursor({ order: query.sort, key: row.sort_key, id: row.id }),
      );
      for (const row of rows) delete row.sort_key;
      const fromPage = position ? null : countFromLastPage(rows.length, query.limit, offset);
      const [filtered, total] = await Promise.all([
        searchCount ??
          (fromPage !== null
            ? exact(fromPage)
            : narrowed
              ? countLines(searched, matches)
              : (totalCount ?? scopeTotal())),
        narrowed ? totalCount : undefined,
      ]);
      const totals = total ?? filtered;
      return {
        data: rows.map((row) => toReadShape(row)),
        filter: listFilter(query.page, query.limit, filtered.count, totals.count, {
          ...cursors,
          filtered_bounded: filtered.bounded,
          total_bounded: totals.bounded,
        }),
      };
    },

    /** A line the caller may see; a user's view of another user's line is a 404. */
    async get(id: string, caller: Caller): Promise<BudgetLine> {
      const row = (await whereLines(allLines, lineScopeOf(caller))
        .where('line.id', '=', id)
        .executeTakeFirst()) as BudgetLineRow | undefined;
      if (!row) throw notFound();
      return toReadShape(row);
    },

    /**
     * The server computes the money (the client's totals are ignored) and checks the pagu in
     * the same transaction as the write.
     */
    async create(
      input: CreateInput,
      caller: Caller,
      restoring?: { id: string; owner: string | null },
    ): Promise<BudgetLine> {
      return inTransaction(typedDb, async (trx) => {
        await assertMayWrite(trx, caller, input.program_id);
        const values = {
          ...(await checkedValues(input, trx, { restoring: restoring !== undefined })),
          created_by: caller.id,
          // A deleted line brought back from its history: its own id and owner, and who did it.
          ...(restoring && {
            id: restoring.id,
            created_by: restoring.owner,
            updated_by: caller.id,
            updated_at: sql`now()`,
          }),
        };
        await locks.assertUnlocked(trx, caller, [values]);
        await pagu.assertWithin(trx, values);
        const fundingSourceId = await funding.resolveLineSource(trx, {
          ...values,
          funding_source_id: input.funding_source_id,
        });
        if (restoring) await markRestore(trx);
        const lines = asLineDatabase(trx);
        // One statement inserts the line and reads it back with every name joined.
        const creator = lines.with('inserted', (qb) =>
          qb
            .insertInto('detail_program')
            .values({ ...values, funding_source_id: fundingSourceId })
            .returningAll(),
        );
        const inserted = creator.selectFrom('inserted as line').select(lineColumns);
        const row = (await withLevelNames(inserted).executeTakeFirstOrThrow()) as BudgetLineRow;
        if (restoring) await restoredTold(trx, row, caller);
        return toReadShape(await withVerificationAfterWrite(trx, row));
      });
    },

    /**
     * Edits a line the caller may change (a user their own, an admin any; another's is a 404, as
     * a read is): checked and priced as a create, with who edited it and when. The database
     * keeps the chain whole against a concurrent move (migration 0006's composite keys).
     */
    async update(
      id: string,
      input: CreateInput,
      caller: Caller,
      restoring?: { restored: true },
    ): Promise<BudgetLine> {
      return inTransaction(typedDb, async (trx) => {
        await assertMayWrite(trx, caller, input.program_id);
        if (restoring) await markRestore(trx);
        const values = await checkedValues(input, trx, { line_id: id });
        // Neither out of a locked sub kegiatan nor into one.
        const stored = await placeOf(trx, id, caller);
        await locks.assertUnlocked(trx, caller, stored ? [stored, values] : [values]);
        await pagu.assertWithin(trx, { ...values, line_id: id });
        const fundingSourceId = await funding.resolveLineSource(trx, {
          ...values,
          funding_source_id: input.funding_source_id,
          line_id: id,
        });
        const lines = asLineDatabase(trx);
        const editor = lines.with('updated', (qb) =>
          whereLines(
            qb.updateTable('detail_program as line').set({
              ...values,
              funding_source_id: fundingSourceId,
              updated_at: sql`now()`,
              updated_by: caller.id,
            }),
            lineScopeOf(caller),
          )
            .where('line.id', '=', id)
            .returningAll(),
        );
        const updated = editor.selectFrom('updated as line').select(lineColumns);
        const row = (await withLevelNames(updated).executeTakeFirst()) as BudgetLineRow | undefined;
        if (!row) throw notFound();
        if (restoring) await restoredTold(trx, row, caller);
        return toReadShape(await withVerificationAfterWrite(trx, row));
      });
    },

    /** Deletes a line the caller may change (a user their own, an admin any). */
    async remove(id: string, caller: Caller): Promise<void> {
      const result = await inTransaction(typedDb, async (trx) => {
        if (caller.role === 'verifier') {
          throw refusals.verifierReadOnly();
        }
        const stored = await placeOf(trx, id, caller);
        if (stored) await locks.assertUnlocked(trx, caller, [stored]);
        const lines = asLineDatabase(trx);
        return whereLines(lines.deleteFrom('detail_program as line'), lineScopeOf(caller))
          .where('line.id', '=', id)
          .executeTakeFirst();
      });
      if (result.numDeletedRows === 0n) throw notFound();
    },
  };
}

export type BudgetLineService = ReturnType<typeof createBudgetLineService>;
