import { randomBytes, randomUUID } from 'node:crypto';
import {
  type HierarchyExportRow,
  type HierarchyImportBatch,
  type HierarchyImportConflict,
  type HierarchyImportLevelResult,
  type HierarchyImportResult,
  hierarchyLevelKeys,
  type ImportLevelKey,
  importLevelKeys,
  importNameKey,
  type ManagedEntityDefinition,
  managedEntities,
  messagesId,
} from '@ranwal/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { asLevelDatabase, type Database, type LevelDatabase } from '../db/schema.js';
import { levelsAboveAccount } from './hierarchy.js';
import type { Parsed } from './pagination.js';

type Batch = Parsed<typeof HierarchyImportBatch>;
const texts = messagesId.server;

/**
 * Imports take this transaction-level advisory lock, so two imports of the same file never both
 * see a record missing and both create it (names have no unique index: existing data may repeat
 * one under a parent).
 */
const IMPORT_LOCK = 7_265_430_001;

/** One level's list as the call sends it (the columns the level has). */
interface LevelInput {
  parent?: number[];
  name: string[];
  /** An account's code, or a named level's (null where a record has none). */
  code?: (string | null)[];
  is_taxed?: (boolean | null)[];
}

/**
 * The distinct records of one level: the call's list with repeats merged (two entries under the
 * same parent with the same name key, or the same account code). Column arrays, as they are sent
 * to the database.
 */
interface Wanted {
  /** For each entry of the call's list, the distinct record it names. */
  recordOf: Int32Array;
  /** Per distinct record: the call's position that named it first. */
  first: number[];
  /** Per distinct record: its parent, as a distinct record of the level above. */
  parent: number[];
  name: string[];
  /** Per distinct record: its code, null where it has none. */
  code: (string | null)[];
  is_taxed: (boolean | null)[];
}

/** What the database says of one level: per distinct record, found or created. */
interface Matched {
  /** Per distinct record: created by this call (or would be, in a dry run). */
  created: boolean[];
  /** Per distinct record: its id (named levels only; accounts have no level below). */
  ids: string[];
  /** Per distinct record found: its stored name and PPN flag. */
  existingName: (string | null)[];
  existingTaxed: (boolean | null)[];
}

/** The match key of a stored name, computed the way `importNameKey` does it for the row. */
const storedNameKey = (column: RawBuilder<unknown>) =>
  sql`lower(btrim(regexp_replace(${column}, '\\s+', ' ', 'g')))`;

/**
 * The first 24 hex digits of a UUIDv7 (RFC 9562): the time now, the version, random bits and the
 * variant. The import numbers the accounts it creates after it (the last 12 digits), so their ids
 * are unique and ascending: appended at the end of the primary key and of the (name, id) index
 * instead of scattered over them, which takes a tenth off the insert of 100 000 accounts.
 */
function timeOrderedIdPrefix(): string {
  const time = Date.now().toString(16).padStart(12, '0');
  const random = randomBytes(4);
  const bits = random.toString('hex');
  const variant = (8 + (random[3]! & 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${bits.slice(0, 3)}-${variant}${bits.slice(3, 6)}-`;
}

/**
 * Merges the call's repeats of a record, keyed by parent and code where the record has one (an
 * account always does), else by name key: two codes that share a name stay two records.
 */
function distinctRecords(
  level: ManagedEntityDefinition,
  input: LevelInput,
  parentRecordOf: Int32Array | null,
): Wanted {
  const count = input.name.length;
  const wanted: Wanted = {
    recordOf: new Int32Array(count),
    first: [],
    parent: [],
    name: [],
    code: [],
    is_taxed: [],
  };
  const byIdentity = new Map<string, number>();
  for (let position = 0; position < count; position += 1) {
    // -1: no parent (a programme of no agency in a call that names agencies).
    const above = input.parent?.[position] ?? -1;
    const parent = parentRecordOf && above >= 0 ? parentRecordOf[above]! : -1;
    const code = input.code?.[position] ?? null;
    const key = code !== null ? `c\u0000${code}` : `n\u0000${importNameKey(input.name[position]!)}`;
    const identity = `${parent}\u0000${key}`;
    const known = byIdentity.get(identity);
    if (known !== undefined) {
      wanted.recordOf[position] = known;
      if (level.hasTaxFlag && wanted.is_taxed[known] === null) {
        wanted.is_taxed[known] = input.is_taxed![position] ?? null;
      }
      continue;
    }
    const record = wanted.first.length;
    byIdentity.set(identity, record);
    wanted.recordOf[position] = record;
    wanted.first.push(position);
    wanted.parent.push(parent);
    wanted.name.push(input.name[position]!);
    wanted.code.push(code);
    if (level.hasTaxFlag) wanted.is_taxed.push(input.is_taxed![position] ?? null);
  }
  return wanted;
}

/**
 * The records of a level that may be stored already: those whose parent is (a record created
 * by this call has nothing stored under it yet), or all when the level's parent is not sent.
 */
function mayBeStored(wanted: Wanted, parentCreated: boolean[] | null): number[] {
  const records: number[] = [];
  wanted.parent.forEach((parent, record) => {
    if (!parentCreated || parent < 0 || !parentCreated[parent]) records.push(record);
  });
  return records;
}

/**
 * Finds each wanted record of a named level (by code, else by name key under its parent; the
 * oldest when the parent has the name twice) among those that may be stored, then, unless a dry
 * run, inserts the missing ones: a statement for each, the records passed as arrays. A fresh
 * import looks up nothing below its first records: their parents are new.
 */
async function matchNamedLevel(
  trx: Kysely<LevelDatabase>,
  level: ManagedEntityDefinition,
  wanted: Wanted,
  parentIds: string[] | null,
  parentCreated: boolean[] | null,
  write: boolean,
): Promise<Matched> {
  const table = sql.table(level.table);
  const parent = level.parentField ? sql.ref(level.parentField) : null;
  const count = wanted.first.length;
  const matched: Matched = {
    created: new Array<boolean>(count).fill(true),
    ids: wanted.first.map(() => randomUUID()),
    existingName: new Array<string | null>(count).fill(null),
    existingTaxed: new Array<boolean | null>(count).fill(null),
  };
  const lookedUp = mayBeStored(wanted, parentCreated);
  if (lookedUp.length > 0) {
    const pick = <T>(values: T[]) => lookedUp.map((record) => values[record]!);
    const parentOf = parent ? sql`(${parentIds}::uuid[])[w.parent + 1]` : sql`null::uuid`;
    // A record found by name that has no code yet takes the call's: a sheet with codes brings
    // codes to the records an earlier import (or a person) made by name.
    const coded = write
      ? sql`, coded as (
          update ${table} t set code = f.code, updated_at = now()
          from found f
          where t.id = f.found_id and f.found_code is null and f.code is not null
        )`
      : sql``;
    const { rows } = await sql<{
      ord: number;
      found_id: string;
      found_name: string;
      found_is_taxed: boolean | null;
    }>`
      with found as (
        select w.ord::int as ord, w.code, t.id as found_id, t.name as found_name,
          t.code as found_code, t.is_taxed as found_is_taxed
        from unnest(${pick(wanted.name)}::text[], ${pick(wanted.code)}::text[],
          ${pick(wanted.parent)}::int[]) with ordinality as w(name, code, parent, ord)
        cross join lateral (
          -- Among its parent's children only (the parent's indexes): by its code, else (no
          -- record has the code) the record of its name that has no code; without a code, by name.
          select t.id, t.name, t.code, ${level.hasTaxFlag ? sql`t.is_taxed` : sql`null::boolean as is_taxed`}
          from ${table} t
          where ${
            !parent
              ? sql``
              : level.parentOptional
                ? sql`(t.${parent} = ${parentOf} or (t.${parent} is null and ${parentOf} is null)) and`
                : sql`t.${parent} = ${parentOf} and`
          }
            (t.code = w.code or ((w.code is null or t.code is null)
              and ${storedNameKey(sql.ref('t.name'))} = lower(w.name)))
          order by coalesce(t.code = w.code, false) desc, t.created_at, t.id limit 1
        ) t
      )${coded}
      select ord, found_id, found_name, found_is_taxed from found`.execute(trx);
    for (const row of rows) {
      const record = lookedUp[row.ord - 1]!;
      matched.created[record] = false;
      matched.ids[record] = row.found_id;
      matched.existingName[record] = row.found_name;
      matched.existingTaxed[record] = row.found_is_taxed;
    }
  }
  if (write) {
    const created = wanted.first.flatMap((_, record) => (matched.created[record] ? [record] : []));
    if (created.length > 0) {
      const pick = <T>(values: T[]) => created.map((record) => values[record]!);
      await sql`
        insert into ${table} (id, name, code${parent ? sql`, ${parent}` : sql``}${level.hasTaxFlag ? sql`, is_taxed` : sql``})
        select w.id, w.name, w.code${parent ? sql`, (${parentIds}::uuid[])[w.parent + 1]` : sql``}${level.hasTaxFlag ? sql`, coalesce(w.is_taxed, false)` : sql``}
        from unnest(${pick(matched.ids)}::uuid[], ${pick(wanted.name)}::text[], ${pick(wanted.code)}::text[],
          ${pick(wanted.parent)}::int[]${level.hasTaxFlag ? sql`, ${pick(wanted.is_taxed)}::boolean[]` : sql``})
          as w(id, name, code, parent${level.hasTaxFlag ? sql`, is_taxed` : sql``})`.execute(trx);
    }
  }
  return matched;
}

/**
 * Finds each wanted account by code under its subtitle, among those whose subtitle is stored
 * already, and, unless a dry run, inserts the missing ones: as the SQL-only floor does, one
 * INSERT … SELECT over the arrays. Answers compactly, as there can be 100 000: the records
 * found, and the stored name of those found under a name that is not exactly the call's.
 */
async function matchAccounts(
  trx: Kysely<LevelDatabase>,
  wanted: Wanted,
  subtitleIds: string[],
  subtitleCreated: boolean[],
  write: boolean,
): Promise<Matched> {
  const count = wanted.first.length;
  const matched: Matched = {
    created: new Array<boolean>(count).fill(true),
    ids: [],
    existingName: new Array<string | null>(count).fill(null),
    existingTaxed: [],
  };
  const lookedUp = mayBeStored(wanted, subtitleCreated);
  if (lookedUp.length > 0) {
    const pick = <T>(values: T[]) => lookedUp.map((record) => values[record]!);
    const { rows } = await sql<{ found: number[]; renamed: [number, string][] }>`
      select coalesce(array_agg(w.ord::int), '{}') as found,
        coalesce(json_agg(json_build_array(w.ord::int, t.name)) filter (where t.name <> w.name),
          '[]') as renamed
      from unnest(${pick(wanted.parent)}::int[], ${pick(wanted.code)}::text[],
        ${pick(wanted.name)}::text[]) with ordinality as w(parent, code, name, ord)
      cross join lateral (
        -- At most one account per code under a subtitle (a unique index): found there, not by
        -- hashing the whole table at every call.
        select t.name from account t
        where t.subtitle_id = (${subtitleIds}::uuid[])[w.parent + 1] and t.code = w.code
        limit 1
      ) t
    `.execute(trx);
    for (const ord of rows[0]!.found) matched.created[lookedUp[ord - 1]!] = false;
    for (const [ord, name] of rows[0]!.renamed) matched.existingName[lookedUp[ord - 1]!] = name;
  }
  if (write) {
    const created = wanted.first.flatMap((_, record) => (matched.created[record] ? [record] : []));
    if (created.length > 0) {
      const pick = <T>(values: T[]) => created.map((record) => values[record]!);
      await sql`
        insert into account (id, subtitle_id, code, name)
        select (${timeOrderedIdPrefix()} || lpad(to_hex(w.ord), 12, '0'))::uuid,
          (${subtitleIds}::uuid[])[w.parent + 1], w.code, w.name
        from unnest(${pick(wanted.parent)}::int[], ${pick(wanted.code)}::text[],
          ${pick(wanted.name)}::text[]) with ordinality as w(parent, code, name, ord)
      `.execute(trx);
    }
  }
  return matched;
}

/**
 * Gives the records found by code the call's names (an official rename): named levels by id,
 * accounts (matched compactly, without ids) by their subtitle and code.
 */
async function rename(
  trx: Kysely<LevelDatabase>,
  level: ManagedEntityDefinition,
  wanted: Wanted,
  matched: Matched,
  parentIds: string[] | null,
  records: number[],
): Promise<void> {
  const names = records.map((record) => wanted.name[record]!);
  if (level.codeRequired) {
    const subtitles = records.map((record) => parentIds![wanted.parent[record]!]!);
    const codes = records.map((record) => wanted.code[record]!);
    await sql`
      update account t set name = r.name, updated_at = now()
      from unnest(${subtitles}::uuid[], ${codes}::text[], ${names}::text[]) as r(subtitle_id, code, name)
      where t.subtitle_id = r.subtitle_id and t.code = r.code`.execute(trx);
    return;
  }
  const ids = records.map((record) => matched.ids[record]!);
  await sql`
    update ${sql.table(level.table)} t set name = r.name, updated_at = now()
    from unnest(${ids}::uuid[], ${names}::text[]) as r(id, name)
    where t.id = r.id`.execute(trx);
}

/**
 * The bulk hierarchy import: one call (the records of up to 100 000 account codes and their
 * paths) in one transaction, level by level from programmes down, one set-based statement per
 * level. Running the same call again creates nothing.
 */
export function createImportService(typedDb: Kysely<Database>) {
  const db = asLevelDatabase(typedDb);

  async function apply(
    trx: Kysely<LevelDatabase>,
    batch: Batch,
  ): Promise<Omit<HierarchyImportResult, 'dry_run'>> {
    await sql`select pg_advisory_xact_lock(${sql.lit(IMPORT_LOCK)})`.execute(trx);
    // Statements over 100 000 records look costly to the planner, which would spend half a
    // second compiling them (JIT) to save less; and their hash joins fit in memory.
    await sql`set local jit = off`.execute(trx);
    await sql`set local work_mem = '64MB'`.execute(trx);
    const write = !batch.dry_run;
    const levels = {} as Record<ImportLevelKey, HierarchyImportLevelResult>;
    const conflicts: HierarchyImportConflict[] = [];
    let parentRecordOf: Int32Array | null = null;
    let parentIds: string[] | null = null;
    let parentCreated: boolean[] | null = null;

    // Programmes are matched within the agencies the call names, or among those of no agency.
    for (const key of batch.agency ? importLevelKeys : hierarchyLevelKeys) {
      const level = managedEntities[key];
      const input = batch[key] as LevelInput;
      const parentKnown = key !== 'program' || batch.agency !== undefined;
      const wanted = distinctRecords(level, input, parentKnown ? parentRecordOf : null);
      const matched: Matched = level.codeRequired
        ? await matchAccounts(trx, wanted, parentIds!, parentCreated!, write)
        : await matchNamedLevel(
            trx,
            level,
            wanted,
            parentIds,
            parentKnown ? parentCreated : null,
            write,
          );

      let conflicted = 0;
      const field = key === 'account' ? 'account_name' : key;
      const parentLabel =
        level.parent && parentKnown ? messagesId.levels[level.parent].label : null;
      // A code the call names twice with another name: the first wins.
      for (let position = 0; position < input.name.length; position += 1) {
        const record = wanted.recordOf[position]!;
        if (wanted.first[record] === position || wanted.code[record] === null) continue;
        if (importNameKey(input.name[position]!) !== importNameKey(wanted.name[record]!)) {
          conflicts.push({
            record: position,
            field,
            message: texts.importCodeRepeated(wanted.code[record]!, wanted.name[record]!),
          });
        }
      }
      // A code stored under another name keeps it (a named level's records below it are
      // imported under the stored record), unless the call accepts official renames.
      const renamed: number[] = [];
      wanted.first.forEach((position, record) => {
        const stored = matched.existingName[record];
        if (wanted.code[record] === null || stored == null) return;
        if (importNameKey(stored) === importNameKey(wanted.name[record]!)) return;
        if (batch.accept_renames) {
          renamed.push(record);
          return;
        }
        conflicted += 1;
        conflicts.push({
          record: position,
          field,
          message: texts.importCodeStored(wanted.code[record]!, stored, parentLabel),
        });
      });
      if (level.hasTaxFlag) {
        // A programme keeps the PPN flag it was stored (or is now created) with.
        const reported = new Set<number>();
        input.is_taxed!.forEach((taxed, position) => {
          const record = wanted.recordOf[position]!;
          if (taxed === null || reported.has(record)) return;
          const created = matched.created[record]!;
          const stored = created
            ? (wanted.is_taxed[record] ?? false)
            : matched.existingTaxed[record];
          if (stored == null || stored === taxed) return;
          reported.add(record);
          conflicts.push({
            record: position,
            field: 'program_is_taxed',
            message: texts.importTaxFlagKept(wanted.name[record]!, created, stored),
          });
        });
      }

      if (write && renamed.length > 0)
        await rename(trx, level, wanted, matched, parentIds, renamed);
      const createdRecords = wanted.first.filter((_, record) => matched.created[record]);
      levels[key] = {
        created: createdRecords.length,
        existing: wanted.first.length - createdRecords.length - conflicted - renamed.length,
        created_records: createdRecords,
        renamed_records: renamed.map((record) => wanted.first[record]!),
      };
      parentRecordOf = wanted.recordOf;
      parentIds = matched.ids;
      parentCreated = matched.created;
    }
    const fieldOrder = (field: HierarchyImportConflict['field']) =>
      field === 'program_is_taxed' ? 0 : field === 'account_name' ? 2 : 1;
    conflicts.sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field) || a.record - b.record);
    return { levels, conflicts };
  }

  return {
    /**
     * A page of the hierarchy in the import's own row format: accounts after `after` by id, each
     * with its whole path and every level's code. Paged by id so no statement reads the whole
     * hierarchy; `ranwal export hierarchy` orders the rows as people read them.
     */
    async exportPage(query: { after?: string | undefined; limit: number }) {
      // From the account up the level table: each level aliased by its key, its name under the
      // key and its code as `{key}_code` (the account's as `account_code`, its name `account_name`).
      const columns = importLevelKeys.flatMap((key) => {
        const names = key === 'account' ? ['account_name', 'account_code'] : [key, `${key}_code`];
        return [
          sql`${sql.ref(`${key}.name`)} as ${sql.id(names[0]!)}`,
          sql`${sql.ref(`${key}.code`)} as ${sql.id(names[1]!)}`,
        ];
      });
      const { rows } = await sql<HierarchyExportRow>`
        select ${sql.join(columns)}, program.is_taxed as program_is_taxed,
          account.id::text as account_id
        from account as account ${levelsAboveAccount}
        left join agency on agency.id = program.agency_id
        ${query.after ? sql`where account.id > ${query.after}::uuid` : sql``}
        order by account.id
        limit ${query.limit}`.execute(db);
      const last = rows.at(-1);
      return { rows, next: rows.length === query.limit && last ? last.account_id : null };
    },

    /**
     * Applies one call inside a transaction the caller holds and will end (the demo seed's, so
     * the whole demo is loaded or none of it).
     */
    async hierarchyWithin(trx: Kysely<Database>, batch: Batch): Promise<HierarchyImportResult> {
      const within = asLevelDatabase(trx);
      return { dry_run: false, ...(await apply(within, { ...batch, dry_run: false })) };
    },

    /**
     * Applies one call in one transaction. A dry run makes the same lookups and writes nothing
     * (a record whose parent would be created is new too), so its counts are the real run's.
     * `abandoned` is asked before committing: a caller that has gone away gets nothing written.
     */
    async hierarchy(
      batch: Batch,
      options: { abandoned?: () => boolean } = {},
    ): Promise<HierarchyImportResult> {
      const trx = await db.startTransaction().execute();
      try {
        const result = await apply(trx, batch);
        if (!batch.dry_run && options.abandoned?.()) {
          throw new Error('the caller went away before the import was committed');
        }
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
