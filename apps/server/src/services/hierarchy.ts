import {
  AppError,
  type ChildListQuery,
  dependentsConflict,
  hierarchyLevelKeys,
  isLineReference,
  listFilter,
  type ManagedEntities,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  messagesId,
  refusals,
  type ScopedPerson,
  scopeOf,
  withStoredValues,
} from '@ranwal/core';
import {
  type CompiledQuery,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import {
  asLevelDatabase,
  type Database,
  type LevelDatabase,
  type NamedColumns,
} from '../db/schema.js';
import {
  containsPattern,
  inTransaction,
  likeLowered,
  offsetOf,
  type Parsed,
  type ReadRows,
  readThrough,
  toCount,
} from './pagination.js';
import { programmesWhere } from './scope.js';

type Query = Parsed<typeof ChildListQuery>;
/** One row of the level table, with its table and column names as literal types. */
type LevelDefinition = ManagedEntities[ManagedEntityKey];
type Row = Record<string, unknown> & { id: string };
/** A query over the table a level names, aliased `t`. */
type LevelQuery = SelectQueryBuilder<LevelDatabase & { t: NamedColumns }, 't', NamedColumns>;

const levels = messagesId.levels;
/** What a level's code and name are joined by where a picker shows them: ' - '. */
const LABEL_SEPARATOR = messagesId.hierarchy.accountCodeName('', '');
const LABEL_DASH = LABEL_SEPARATOR.trim();

/**
 * Levels searched through their lower-cased copies (`name_lower`, `code_lower`, with trigram
 * indexes; migration 0003): the ones with many rows. The others are small enough to scan.
 */
const loweredSearch: ReadonlySet<ManagedEntityKey> = new Set(['account']);

/** Entities whose rows point at a given entity: its child level, and budget lines. */
function dependentsOf(definition: LevelDefinition) {
  const child = definition.child ? managedEntities[definition.child] : null;
  return {
    child: child?.parentField
      ? { table: child.table, column: child.parentField, key: child.key }
      : null,
    // Every level and supporters are referenced by detail_program.{key}_id; agencies are not.
    reportColumn: isLineReference(definition.key) ? `${definition.key}_id` : null,
  };
}

/**
 * The exact number of rows in a table with a kept count (migration 0002): what an unfiltered
 * list shows as its total, read instead of counted. Each table's query is compiled once.
 */
export function tableRowCounter(
  db: Kysely<Database>,
  read: ReadRows = readThrough(db),
): (table: string) => Promise<number> {
  const compiled = new Map<string, CompiledQuery<{ row_count: unknown }>>();
  return async (table) => {
    let query = compiled.get(table);
    if (!query) {
      query = asLevelDatabase(db)
        .selectFrom('table_row_count')
        .select('row_count')
        .where('table_name', '=', table)
        .compile();
      compiled.set(table, query);
    }
    const [row] = await read(query);
    if (!row) throw new Error(`no kept row count for ${table}`);
    return toCount(row.row_count);
  };
}

/** `tableRowCounter` for a single look-up. */
export const tableRowCount = (db: Kysely<Database>, table: string): Promise<number> =>
  tableRowCounter(db)(table);

/**
 * The joins from `account as account` up the level table to its programme, each level aliased
 * by its key (`subtitle`, `activity`, … `program`), each on its parent's id.
 */
export const levelsAboveAccount: RawBuilder<unknown> = sql.join(
  hierarchyLevelKeys
    .slice(0, -1)
    .reverse()
    .map((key) => {
      const child = managedEntities[managedEntities[key].child!];
      return sql`join ${sql.table(managedEntities[key].table)} as ${sql.id(key)} on ${sql.ref(`${key}.id`)} = ${sql.ref(`${child.key}.${child.parentField}`)}`;
    }),
  sql` `,
);

/**
 * How many rows match a list, when its page tells: a page shorter than the limit is the last
 * one, so the matching rows are the ones before it and on it. Saves counting most small lists.
 */
export function countFromLastPage(rows: number, limit: number, offset: number): number | null {
  return rows < limit && (rows > 0 || offset === 0) ? offset + rows : null;
}

/**
 * A level's list order: accounts by code; levels whose code is optional by code (those without
 * one last), then name; supporters by name. The id makes pages stable. Each has its index.
 */
function orderedByCode(query: LevelQuery, definition: LevelDefinition): LevelQuery {
  const columns = definition.codeRequired
    ? ['code', 'id']
    : definition.hasCode
      ? ['code', 'name', 'id']
      : ['name', 'id'];
  return columns.reduce((ordered, column) => ordered.orderBy(`t.${column}`), query);
}

/**
 * One implementation of list/create/update/delete for the agencies, the six levels and supporters,
 * driven by the level table in @ranwal/core.
 */
export function createHierarchyService(
  typedDb: Kysely<Database>,
  read: ReadRows = readThrough(typedDb),
) {
  // Table names come from the level table; their columns are read by name.
  const db = asLevelDatabase(typedDb);

  function columnsOf(definition: LevelDefinition) {
    return [
      't.id',
      't.name',
      ...(definition.hasCode ? ['t.code'] : []),
      ...(definition.hasTaxFlag ? ['t.is_taxed'] : []),
      ...(definition.parentField ? [`t.${definition.parentField}`] : []),
    ];
  }

  function selectRows(definition: LevelDefinition) {
    let query = db.selectFrom(`${definition.table} as t`).select(columnsOf(definition));
    if (definition.parent && definition.parentField) {
      const parent = managedEntities[definition.parent];
      query = query
        .leftJoin(`${parent.table} as p`, 'p.id', `t.${definition.parentField}`)
        .select(`p.name as ${definition.parent}_name`);
    }
    return query;
  }

  function toEntity(definition: LevelDefinition, row: Row) {
    return definition.entity.parse(row) as Record<string, unknown>;
  }

  async function assertParentExists(definition: LevelDefinition, input: Record<string, unknown>) {
    if (!definition.parent || !definition.parentField) return;
    const parent = managedEntities[definition.parent];
    const id = input[definition.parentField] as string | null | undefined;
    if (id == null && definition.parentOptional) return;
    const found = await db
      .selectFrom(parent.table)
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw refusals.parentMissing(definition.key);
  }

  async function assertCodeFree(
    definition: LevelDefinition,
    input: Record<string, unknown>,
    exceptId?: string,
  ) {
    // A code names one record under its parent (one program among programs); none is no claim.
    if (!definition.hasCode || input.code === null || input.code === undefined) return;
    let query = db.selectFrom(definition.table).select('id').where('code', '=', input.code);
    if (definition.parentField) {
      // Records without a parent (programmes of no agency) are one scope among themselves.
      const parentId = input[definition.parentField] ?? null;
      query = query.where(definition.parentField, parentId === null ? 'is' : '=', parentId);
    }
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw refusals.codeTaken(String(input.code));
  }

  /**
   * Budget lines store the whole chain (program_id … account_id), so moving a record that lines
   * point to under another parent would leave them inconsistent: refuse it (409). A programme
   * moves to another agency freely: lines do not name the agency.
   */
  async function assertNotMovedUnderReports(
    definition: LevelDefinition,
    id: string,
    stored: Record<string, unknown>,
    input: Record<string, unknown>,
  ) {
    if (!definition.parent || !definition.parentField || !isLineReference(definition.parent))
      return;
    if (stored[definition.parentField] === input[definition.parentField]) return;
    const reports = await db
      .selectFrom('detail_program')
      .select((eb) => eb.fn.countAll().as('count'))
      .where(`${definition.key}_id`, '=', id)
      .executeTakeFirstOrThrow();
    const count = toCount(reports.count);
    if (count > 0) throw refusals.movedUnderLines(definition.key, count);
  }

  function writable(definition: LevelDefinition, input: Record<string, unknown>) {
    const values: Record<string, unknown> = { name: input.name };
    if (definition.hasCode) values.code = input.code ?? null;
    if (definition.hasTaxFlag) values.is_taxed = input.is_taxed;
    if (definition.parentField)
      values[definition.parentField] = input[definition.parentField] ?? null;
    return values;
  }

  async function findOne(definition: LevelDefinition, id: string) {
    const row = await selectRows(definition).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw refusals.notFound(levels[definition.key].label);
    return toEntity(definition, row as Row);
  }

  // The fixed part of each list's page and count queries, built once: builders are immutable,
  // and building them per request is a measurable share of a small list's cost.
  const listQueries = new Map<ManagedEntityKey, { page: LevelQuery; counter: LevelQuery }>();
  for (const key of managedEntityKeys) {
    const definition = managedEntities[key];
    listQueries.set(key, {
      page: orderedByCode(selectRows(definition), definition),
      counter: db
        .selectFrom(`${definition.table} as t`)
        .select((eb) => eb.fn.countAll().as('count')),
    });
  }

  const rowCount = tableRowCounter(typedDb, read);

  const service = {
    /**
     * A page of a level. Programmes are listed to a caller within their scope (core's scopeOf:
     * a person without a unit sees the programmes without one), so the line form's pickers
     * offer only what they may write under; the levels below are reached through them.
     */
    async list(key: ManagedEntityKey, query: Query, caller?: ScopedPerson) {
      const definition = managedEntities[key];
      const search = query.search ? containsPattern(query.search) : undefined;
      const scope = caller && definition.parent === 'agency' ? scopeOf(caller) : undefined;
      const scoped = scope !== undefined && scope.programmes !== 'all';
      const inScope = (qb: LevelQuery) => {
        const parented =
          definition.parentField && query.uuid
            ? qb.where(`t.${definition.parentField}`, '=', query.uuid)
            : qb;
        return scoped
          ? parented.where(programmesWhere(scope, `t.${definition.parentField}`))
          : parented;
      };
      const matching = (qb: LevelQuery) =>
        search
          ? qb.where((eb) => {
              const contains = (column: string) =>
                loweredSearch.has(key)
                  ? likeLowered(eb, `t.${column}`, search)
                  : eb(`t.${column}`, 'ilike', search);
              if (!definition.hasCode) return contains('name');
              return eb.or([
                contains('name'),
                contains('code'),
                // A picker shows 'code - name' (core's codeAndName), and a person types or
                // pastes across the two ('4.01.02 - Program Koordinasi'): matched against the
                // label too when the search has the separator's dash, so other searches keep
                // their trigram indexes.
                ...(query.search?.includes(LABEL_DASH)
                  ? [eb(sql<string>`t.code || ${LABEL_SEPARATOR} || t.name`, 'ilike', search)]
                  : []),
              ]);
            })
          : qb;
      const count = async (qb: LevelQuery): Promise<number> =>
        toCount((await read<{ count: unknown }>(qb.compile()))[0]?.count);
      const { page, counter } = listQueries.get(key)!;
      const offset = offsetOf(query.page, query.limit);
      const rows = await read<Row>(
        matching(inScope(page)).limit(query.limit).offset(offset).compile(),
      );
      // Unfiltered, the total is the kept row count: no count(*) over the table per page.
      const scopeTotal = () =>
        (definition.parentField && query.uuid) || scoped
          ? count(inScope(counter))
          : rowCount(definition.table);
      const [filtered, total] = await Promise.all([
        countFromLastPage(rows.length, query.limit, offset) ??
          (search ? count(matching(inScope(counter))) : scopeTotal()),
        search ? scopeTotal() : undefined,
      ]);
      // The rows hold exactly the entity's columns; the response schema checks them.
      return {
        data: rows,
        filter: listFilter(query.page, query.limit, filtered, total ?? filtered),
      };
    },

    async create(key: ManagedEntityKey, input: Record<string, unknown>) {
      const definition = managedEntities[key];
      await assertParentExists(definition, input);
      await assertCodeFree(definition, input);
      const { id } = await inTransaction(db, (trx) =>
        trx
          .insertInto(definition.table)
          .values(writable(definition, input))
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      return findOne(definition, String(id));
    },

    async update(key: ManagedEntityKey, id: string, input: Record<string, unknown>) {
      const definition = managedEntities[key];
      const stored = await db
        .selectFrom(definition.table)
        .select([
          'id',
          ...(definition.hasCode ? ['code'] : []),
          ...(definition.parentField ? [definition.parentField] : []),
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!stored) throw refusals.notFound(levels[key].label);
      const values = withStoredValues(stored as Record<string, unknown>, input);
      await assertParentExists(definition, values);
      await assertCodeFree(definition, values, id);
      await assertNotMovedUnderReports(definition, id, stored, values);
      const updated = await inTransaction(db, (trx) =>
        trx
          .updateTable(definition.table)
          .set({ ...writable(definition, values), updated_at: sql`now()` })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst(),
      );
      if (!updated) throw refusals.notFound(levels[key].label);
      return findOne(definition, id);
    },

    async remove(key: ManagedEntityKey, id: string) {
      const definition = managedEntities[key];
      const existing = await db
        .selectFrom(definition.table)
        .select(['id', 'name'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw refusals.notFound(levels[key].label);
      const { child, reportColumn } = dependentsOf(definition);
      const [children, reports] = await Promise.all([
        child
          ? db
              .selectFrom(child.table)
              .select((eb) => eb.fn.countAll().as('count'))
              .where(child.column, '=', id)
              .executeTakeFirstOrThrow()
          : undefined,
        reportColumn
          ? db
              .selectFrom('detail_program')
              .select((eb) => eb.fn.countAll().as('count'))
              .where(reportColumn, '=', id)
              .executeTakeFirstOrThrow()
          : undefined,
      ]);
      const conflict = dependentsConflict(key, existing.name as string, {
        children: toCount(children?.count),
        lines: toCount(reports?.count),
      });
      if (conflict) throw new AppError('conflict', conflict);
      // A row added between the check and the delete is caught by the foreign key (409).
      await inTransaction(db, (trx) =>
        trx.deleteFrom(definition.table).where('id', '=', id).execute(),
      );
    },
  };
  return service;
}

export type HierarchyService = ReturnType<typeof createHierarchyService>;
export { managedEntityKeys };
