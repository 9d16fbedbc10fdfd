import { randomUUID } from 'node:crypto';
import {
  type HierarchyImportBatch,
  type HierarchyImportConflict,
  type HierarchyImportLevelResult,
  type HierarchyImportResult,
  type HierarchyImportRow,
  type HierarchyLevelKey,
  hierarchyLevelKeys,
  importNameKey,
  type ManagedEntityDefinition,
  managedEntities,
} from '@ranwal/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Parsed } from './pagination.js';

type Batch = Parsed<typeof HierarchyImportBatch>;
type Row = Parsed<typeof HierarchyImportRow>;

/**
 * Imports take this transaction-level advisory lock, so two imports of the same file never both
 * see a record missing and both create it (names have no unique index: existing data may repeat
 * one under a parent).
 */
const IMPORT_LOCK = 7_265_430_001;

/** One distinct record a level needs: rows naming the same record share it. */
interface Wanted {
  ord: number;
  /** The id it gets if it has to be created. */
  id: string;
  parent_id: string | null;
  name: string;
  code: string | null;
  is_taxed: boolean | null;
  /** The first row that named it. */
  row: number;
}

interface Matched {
  ord: number;
  id: string;
  created: boolean;
  /** The stored record's name and PPN flag, when it existed. */
  existing_name: string | null;
  existing_is_taxed: boolean | null;
}

/** How the level's name and code are read from an import row. */
const nameOf = (level: ManagedEntityDefinition, row: Row): string =>
  level.hasCode ? row.account_name : row[level.key as Exclude<HierarchyLevelKey, 'account'>];

/** The match key of a stored name, computed the way `importNameKey` does it for the row. */
const storedNameKey = (column: RawBuilder<unknown>) =>
  sql`lower(btrim(regexp_replace(${column}, '\\s+', ' ', 'g')))`;

/**
 * Finds each wanted record of one level (accounts by code under their subtitle, other levels by
 * name key under their parent; the oldest when the parent has the name twice) and inserts the
 * missing ones, in one statement however many rows the batch has.
 */
async function matchLevel(
  // biome-ignore lint/suspicious/noExplicitAny: table and column names come from the level table.
  trx: Kysely<any>,
  level: ManagedEntityDefinition,
  wanted: Wanted[],
): Promise<Matched[]> {
  const table = sql.table(level.table);
  const parent = level.parentField ? sql.ref(level.parentField) : null;
  const sameParent = parent ? sql`t.${parent} = w.parent_id and` : sql``;
  const sameRecord = level.hasCode
    ? sql`t.code = w.code`
    : sql`${storedNameKey(sql.ref('t.name'))} = lower(w.name)`;
  const columns = [
    sql`id`,
    sql`name`,
    ...(parent ? [parent] : []),
    ...(level.hasCode ? [sql`code`] : []),
    ...(level.hasTaxFlag ? [sql`is_taxed`] : []),
  ];
  const values = [
    sql`w.id`,
    sql`w.name`,
    ...(parent ? [sql`w.parent_id`] : []),
    ...(level.hasCode ? [sql`w.code`] : []),
    ...(level.hasTaxFlag ? [sql`coalesce(w.is_taxed, false)`] : []),
  ];
  const { rows } = await sql<Matched>`
    with wanted as (
      select * from json_to_recordset(${JSON.stringify(wanted)}::json)
        as w(ord int, id uuid, parent_id uuid, name text, code text, is_taxed boolean)
    ),
    found as (
      select w.ord, t.id, t.name, t.is_taxed from wanted w
      cross join lateral (
        -- Per wanted record, among its parent's children only (the (parent, name) index).
        select t.id, t.name, ${level.hasTaxFlag ? sql`t.is_taxed` : sql`null::boolean as is_taxed`}
        from ${table} t where ${sameParent} ${sameRecord}
        order by t.created_at, t.id limit 1
      ) t
    ),
    inserted as (
      insert into ${table} (${sql.join(columns)})
      select ${sql.join(values)} from wanted w
      where not exists (select 1 from found f where f.ord = w.ord)
      order by w.ord
    )
    select w.ord, coalesce(f.id, w.id) as id, f.id is null as created,
      f.name as existing_name, f.is_taxed as existing_is_taxed
    from wanted w left join found f on f.ord = w.ord
    order by w.ord`.execute(trx);
  return rows;
}

const yesNo = (taxed: boolean) => (taxed ? 'aktif' : 'tidak aktif');

/**
 * The bulk hierarchy import: one batch of rows (each an account code with its whole path) in one
 * transaction, level by level from programmes down, with one set-based statement per level.
 * Running the same rows again creates nothing.
 */
export function createImportService(typedDb: Kysely<Database>) {
  // biome-ignore lint/suspicious/noExplicitAny: table names come from the level table.
  const db = typedDb as unknown as Kysely<any>;

  async function apply(
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    trx: Kysely<any>,
    rows: Row[],
  ): Promise<Omit<HierarchyImportResult, 'dry_run'>> {
    await sql`select pg_advisory_xact_lock(${sql.lit(IMPORT_LOCK)})`.execute(trx);
    const levels = {} as Record<HierarchyLevelKey, HierarchyImportLevelResult>;
    const conflicts: HierarchyImportConflict[] = [];
    let parentIds: (string | null)[] = rows.map(() => null);

    for (const key of hierarchyLevelKeys) {
      const level = managedEntities[key];
      const wanted: Wanted[] = [];
      const byIdentity = new Map<string, number>();
      const ordOfRow = rows.map((row, index) => {
        const parentId = parentIds[index] ?? null;
        const name = nameOf(level, row);
        const identity = `${parentId}\u0000${level.hasCode ? row.account_code : importNameKey(name)}`;
        const known = byIdentity.get(identity);
        if (known !== undefined) {
          const first = wanted[known]!;
          if (level.hasTaxFlag && first.is_taxed === null)
            first.is_taxed = row.program_is_taxed ?? null;
          return known;
        }
        const ord = wanted.length;
        byIdentity.set(identity, ord);
        wanted.push({
          ord,
          id: randomUUID(),
          parent_id: parentId,
          name,
          code: level.hasCode ? row.account_code : null,
          is_taxed: level.hasTaxFlag ? (row.program_is_taxed ?? null) : null,
          row: index,
        });
        return ord;
      });

      const matched = await matchLevel(trx, level, wanted);
      const conflicted = new Set<number>();
      const taxReported = new Set<number>();
      rows.forEach((row, index) => {
        const ord = ordOfRow[index]!;
        const first = wanted[ord]!;
        const match = matched[ord]!;
        if (level.hasCode) {
          const name = nameOf(level, row);
          if (importNameKey(name) !== importNameKey(first.name)) {
            conflicts.push({
              row: index,
              field: 'account_name',
              message: `kode ${row.account_code} sudah dipakai baris lain dengan nama "${first.name}"; baris ini dilewati`,
            });
          } else if (
            match.existing_name !== null &&
            importNameKey(match.existing_name) !== importNameKey(name)
          ) {
            conflicted.add(ord);
            conflicts.push({
              row: index,
              field: 'account_name',
              message: `kode ${row.account_code} sudah ada di subtitle ini dengan nama "${match.existing_name}"; nama tidak diubah`,
            });
          }
        }
        if (level.hasTaxFlag && row.program_is_taxed !== undefined && !taxReported.has(ord)) {
          const stored = match.created ? (first.is_taxed ?? false) : match.existing_is_taxed;
          if (stored !== null && stored !== row.program_is_taxed) {
            taxReported.add(ord);
            conflicts.push({
              row: index,
              field: 'program_is_taxed',
              message: `program "${first.name}" ${match.created ? 'dibuat' : 'sudah ada'} dengan PPN ${yesNo(stored)}; tanda PPN tidak diubah`,
            });
          }
        }
      });

      const created = matched.filter((match) => match.created);
      levels[key] = {
        created: created.length,
        existing: matched.length - created.length - conflicted.size,
        created_rows: created.map((match) => wanted[match.ord]!.row),
      };
      parentIds = ordOfRow.map((ord) => matched[ord]!.id);
    }
    conflicts.sort((a, b) => a.row - b.row);
    return { levels, conflicts };
  }

  return {
    /** A dry run does the same work and rolls it back, so its counts are exactly the real ones. */
    async hierarchy(batch: Batch): Promise<HierarchyImportResult> {
      const trx = await db.startTransaction().execute();
      try {
        const result = await apply(trx, batch.rows);
        await (batch.dry_run ? trx.rollback() : trx.commit()).execute();
        return { dry_run: batch.dry_run, ...result };
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
