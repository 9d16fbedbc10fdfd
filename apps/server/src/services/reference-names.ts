import { managedEntities, managedEntityKeys, messagesId } from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/*
 * The names of the records that recorded values point to by id (a change's before and after, a
 * line's fields in two stages), so a screen reads 'Perangkat Daerah: - → BAPPEDA' and not an id.
 */

/**
 * The tables a value's id names, by its field (every level of the level table by its
 * `{key}_id`, a catalogue item, who made a line), and whether their records have a code.
 */
const referencedTables: Record<string, { table: string; coded: boolean }> = {
  ...Object.fromEntries(
    managedEntityKeys.map((key) => [
      `${key}_id`,
      { table: managedEntities[key].table, coded: managedEntities[key].hasCode },
    ]),
  ),
  price_item_id: { table: 'price_item', coded: true },
  funding_source_id: { table: 'funding_source', coded: true },
  created_by: { table: 'app_user', coded: false },
  // A person's Perangkat Daerah (issue 34): whose they are.
  user_id: { table: 'app_user', coded: false },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Values = Readonly<Record<string, unknown>> | null | undefined;

/** The ids in `records` that name a record, each with its field. */
function* referencesIn(records: readonly Values[]): Generator<[field: string, id: string]> {
  for (const values of records) {
    for (const [field, value] of Object.entries(values ?? {})) {
      if (referencedTables[field] && typeof value === 'string' && UUID.test(value)) {
        yield [field, value];
      }
    }
  }
}

/**
 * Every name the ids in `records` have: the records as they are now, and a record deleted since
 * as its history last named it (change_log). An id found nowhere has none.
 */
export async function referenceNames(
  db: Kysely<Database>,
  records: readonly Values[],
): Promise<ReadonlyMap<string, string>> {
  const wanted = new Map<string, { coded: boolean; ids: Set<string> }>();
  for (const [field, id] of referencesIn(records)) {
    const { table, coded } = referencedTables[field]!;
    const entry = wanted.get(table) ?? { coded, ids: new Set<string>() };
    wanted.set(table, entry);
    entry.ids.add(id);
  }
  const names = new Map<string, string>();
  // 'code - name' as the cascade and the lists show a coded record.
  const label = (code: string | null, name: string) =>
    code ? messagesId.hierarchy.accountCodeName(code, name) : name;
  await Promise.all(
    [...wanted].map(async ([table, { coded, ids }]) => {
      const { rows } = await sql<{ id: string; code: string | null; name: string }>`
        select id::text as id, ${coded ? sql`code` : sql`null`} as code, name
        from ${sql.table(table)} where id = any(${[...ids]}::uuid[])`.execute(db);
      for (const row of rows) names.set(row.id, label(row.code, row.name));
      const gone = [...ids].filter((id) => !names.has(id));
      if (gone.length === 0) return;
      const { rows: recorded } = await sql<{
        id: string;
        code: string | null;
        name: string | null;
      }>`
        select distinct on (record_id) record_id as id,
          coalesce(new_values, old_values) ->> 'code' as code,
          coalesce(new_values, old_values) ->> 'name' as name
        from change_log
        where record_type = ${table} and record_id = any(${gone}::text[])
        order by record_id, id desc`.execute(db);
      for (const row of recorded) {
        if (row.name) names.set(row.id, label(coded ? row.code : null, row.name));
      }
    }),
  );
  return names;
}

/** The names (of `names`) that the ids in `records` have, by id; undefined when none. */
export function namesIn(
  names: ReadonlyMap<string, string>,
  records: readonly Values[],
): Record<string, string> | undefined {
  const own: Record<string, string> = {};
  for (const [, id] of referencesIn(records)) {
    const name = names.get(id);
    if (name) own[id] = name;
  }
  return Object.keys(own).length > 0 ? own : undefined;
}
