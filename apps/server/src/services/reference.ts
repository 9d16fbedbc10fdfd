import {
  listFilter,
  type ReferenceImportBatch,
  type ReferenceImportResult,
  type ReferenceListQuery,
  referenceLevelKeys,
  referenceLevelOf,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { belowCodePattern, containsPattern, offsetOf, type Parsed, toCount } from './pagination.js';

/**
 * The national nomenclature: loaded whole or in parts (a later file adds its codes and takes
 * the ministry's new names), read a level at a time to pick official items from.
 */
export function createReferenceService(db: Kysely<Database>) {
  return {
    async load(batch: Parsed<typeof ReferenceImportBatch>): Promise<ReferenceImportResult> {
      // A code named twice in one file: the last row wins, as when a later file is loaded.
      const byKey = new Map<string, { level: string; code: string; name: string }>();
      for (const { code, name } of batch.items) {
        const level = referenceLevelOf(code)!;
        byKey.set(`${level} ${code}`, { level, code, name });
      }
      const items = [...byKey.values()];
      const levels = items.map((item) => item.level);
      const codes = items.map((item) => item.code);
      const names = items.map((item) => item.name);
      return db.transaction().execute(async (trx) => {
        // created: no row; renamed: a row under another name; the rest unchanged.
        const { rows } = await sql<{
          level: string;
          created: unknown;
          renamed: unknown;
          example: [[string, string, string]] | null;
        }>`
          select w.level,
            count(*) filter (where r.code is null) as created,
            count(*) filter (where r.name <> w.name) as renamed,
            -- The first code renamed, with its stored and its new name.
            (array_agg(array[w.code, r.name, w.name] order by w.code)
              filter (where r.name <> w.name))[1:1] as example
          from unnest(${levels}::text[], ${codes}::text[], ${names}::text[]) as w(level, code, name)
          left join reference_item r on r.level = w.level and r.code = w.code
          group by w.level`.execute(trx);
        if (!batch.dry_run) {
          await sql`
            insert into reference_item (level, code, name)
            select * from unnest(${levels}::text[], ${codes}::text[], ${names}::text[])
            on conflict (level, code) do update set name = excluded.name, updated_at = now()
            where reference_item.name <> excluded.name`.execute(trx);
        }
        const counts = Object.fromEntries(
          referenceLevelKeys.map((key) => {
            const row = rows.find((r) => r.level === key);
            const total = levels.filter((level) => level === key).length;
            const created = toCount(row?.created);
            const renamed = toCount(row?.renamed);
            return [key, { created, renamed, unchanged: total - created - renamed }];
          }),
        ) as ReferenceImportResult['levels'];
        const example = referenceLevelKeys
          .map((key) => rows.find((r) => r.level === key)?.example?.[0])
          .find((found) => found !== undefined);
        return {
          dry_run: batch.dry_run,
          levels: counts,
          renamed_example: example ? { code: example[0], from: example[1], to: example[2] } : null,
        };
      });
    },

    async list(query: Parsed<typeof ReferenceListQuery>) {
      let scope = db.selectFrom('reference_item').where('level', '=', query.level);
      if (query.under) {
        scope = scope.where('code', 'like', belowCodePattern(query.under));
      }
      const matching = query.search
        ? scope.where((eb) =>
            eb.or([
              eb('code', 'ilike', containsPattern(query.search!)),
              eb('name', 'ilike', containsPattern(query.search!)),
            ]),
          )
        : scope;
      const [rows, filtered, total] = await Promise.all([
        matching
          .select(['level', 'code', 'name'])
          .orderBy('code')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        matching.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
        scope.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows,
        filter: listFilter(query.page, query.limit, toCount(filtered.count), toCount(total.count)),
      };
    },
  };
}
