import {
  type FundingSource,
  type FundingSourceImportBatch,
  type FundingSourceImportResult,
  type FundingSourceInput,
  type FundingSourceListQuery,
  type FundingSourceUpdateInput,
  type FundingTotal,
  fundingIssues,
  fundingSourceActiveIn,
  issuesRefusal,
  listFilter,
  messagesId,
  paguRefusal,
  refusals,
  type SubActionFunding,
  type SubActionFundingInput,
  type SubActionFundingQuery,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  containsPattern,
  inTransaction,
  offsetOf,
  type Parsed,
  sumText,
  toCount,
} from './pagination.js';
import { readPlanningRules } from './planning-rules.js';

const server = messagesId.server;

const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : BigInt(String(value)).toString();

const sourceColumns = [
  'id',
  'code',
  'name',
  'funding_group',
  'active_from',
  'active_to',
  'updated_at',
] as const;

/**
 * Lines or a sub kegiatan name the source: it cannot be deleted (an index probe each, the lines'
 * by `detail_program_funding_source_idx`; exported for the plan check in line-plans.test.ts).
 */
export const inUseSql = sql<boolean>`(exists (select 1 from detail_program d
    where d.funding_source_id = funding_source.id)
  or exists (select 1 from sub_action_funding f where f.funding_source_id = funding_source.id))`;

const toSource = (row: Record<string, unknown>): FundingSource => ({
  id: row.id as string,
  code: row.code as string,
  name: row.name as string,
  funding_group: row.funding_group as FundingSource['funding_group'],
  active_from: row.active_from === null ? null : Number(row.active_from),
  active_to: row.active_to === null ? null : Number(row.active_to),
  in_use: Boolean(row.in_use),
  updated_at: new Date(row.updated_at as string).toISOString(),
});

/** A line as it will be stored, for its source's checks. */
export interface FundedLine {
  sub_action_id: string;
  year: number;
  total_after_tax: number;
  /** As given: absent or null takes the stored line's source, else the sub kegiatan's default. */
  funding_source_id?: string | null | undefined;
  /** The line being edited. */
  line_id?: string | undefined;
}

/**
 * Sumber dana (issue 36): the region's list of sources, the sources each sub kegiatan draws on
 * per year with an optional ceiling each, and the checks of a line's source, run in the line
 * write's transaction under the ceiling's row lock as the pagu's are.
 */
export function createFundingService(db: Kysely<Database>) {
  async function readSource(executor: Kysely<Database>, id: string): Promise<FundingSource> {
    const row = await executor
      .selectFrom('funding_source')
      .select([...sourceColumns, inUseSql.as('in_use')])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw refusals.notFound(server.records.fundingSource);
    return toSource(row);
  }

  /** The sources of a sub kegiatan's year with their figures; `line_id`'s total left out. */
  async function subActionFunding(
    executor: Kysely<Database>,
    query: Parsed<typeof SubActionFundingQuery>,
  ): Promise<SubActionFunding> {
    const excluded = query.line_id ? sql`and d.id <> ${query.line_id}` : sql``;
    const { rows } = await sql<{
      funding_source_id: string | null;
      code: string | null;
      name: string | null;
      funding_group: FundingTotal['funding_group'];
      ceiling: unknown;
      planned: unknown;
      is_default: boolean | null;
      assigned: boolean;
    }>`
      with planned as (
        select d.funding_source_id, sum(d.total_after_tax) as planned
        from detail_program d
        where d.sub_action_id = ${query.sub_action_id} and d.year = ${query.year} ${excluded}
        group by d.funding_source_id
      ),
      assigned as (
        select funding_source_id, ceiling, is_default from sub_action_funding
        where sub_action_id = ${query.sub_action_id} and year = ${query.year}
      )
      select coalesce(a.funding_source_id, p.funding_source_id) as funding_source_id,
        s.code, s.name, s.funding_group, a.ceiling, coalesce(p.planned, 0) as planned,
        coalesce(a.is_default, false) as is_default, a.funding_source_id is not null as assigned
      from assigned a
      full join planned p on p.funding_source_id = a.funding_source_id
      left join funding_source s on s.id = coalesce(a.funding_source_id, p.funding_source_id)
      order by s.code nulls last`.execute(executor);
    return {
      sub_action_id: query.sub_action_id,
      year: query.year,
      source_required: (await readPlanningRules(executor)).lines_need_funding_source,
      sources: rows.map((row) => {
        const ceiling = nullableText(row.ceiling);
        const planned = sumText(row.planned);
        return {
          funding_source_id: row.funding_source_id,
          code: row.code,
          name: row.name,
          funding_group: row.funding_group ?? null,
          ceiling,
          planned,
          remaining: ceiling === null ? null : (BigInt(ceiling) - BigInt(planned)).toString(),
          is_default: Boolean(row.is_default),
          assigned: Boolean(row.assigned),
        };
      }),
    };
  }

  /**
   * The source a line is stored with, or the refusal: absent, the edited line's own, else the
   * sub kegiatan's default for the year; required by the region's rule; in use in the year
   * (a line may keep a source retired since); one the sub kegiatan draws on when it lists
   * any; and within its ceiling there, the ceiling's row locked (after the pagu's: one order,
   * no deadlock) so two writers at the edge cannot overspend together. A write that leaves
   * the source's plan no higher than before passes, as under a pagu.
   */
  async function resolveLineSource(
    trx: Kysely<Database>,
    line: FundedLine,
  ): Promise<string | null> {
    let stored: string | null = null;
    if (line.line_id) {
      const row = await trx
        .selectFrom('detail_program')
        .select('funding_source_id')
        .where('id', '=', line.line_id)
        .executeTakeFirst();
      stored = row?.funding_source_id ?? null;
    }
    let sourceId = line.funding_source_id ?? stored;
    if (!sourceId) {
      const fallback = await trx
        .selectFrom('sub_action_funding')
        .select('funding_source_id')
        .where('sub_action_id', '=', line.sub_action_id)
        .where('year', '=', line.year)
        .where('is_default', '=', true)
        .executeTakeFirst();
      sourceId = fallback?.funding_source_id ?? null;
    }
    if (!sourceId) {
      if ((await readPlanningRules(trx)).lines_need_funding_source) {
        throw refusals.fundingSourceRequired();
      }
      return null;
    }
    const source = await trx
      .selectFrom('funding_source')
      .select(['code', 'name', 'active_from', 'active_to'])
      .where('id', '=', sourceId)
      .executeTakeFirst();
    if (!source) {
      throw issuesRefusal([
        {
          path: 'funding_source_id',
          message: server.recordNotFound(server.records.fundingSource),
        },
      ]);
    }
    if (sourceId !== stored && !fundingSourceActiveIn(source, line.year)) {
      throw refusals.fundingSourceInactive(source.code, line.year);
    }
    const { rows } = await sql<{ funding_source_id: string; ceiling: unknown }>`
      select funding_source_id, ceiling from sub_action_funding
      where sub_action_id = ${line.sub_action_id} and year = ${line.year}
      order by funding_source_id
      for update`.execute(trx);
    const own = rows.find((row) => row.funding_source_id === sourceId);
    if (rows.length > 0 && !own && sourceId !== stored) {
      throw refusals.fundingSourceNotOfSubAction(source.code, line.year);
    }
    if (own && own.ceiling !== null && own.ceiling !== undefined) {
      const others = line.line_id ? sql`and d.id <> ${line.line_id}` : sql``;
      const { rows: sums } = await sql<{ others: unknown; before: unknown }>`
        select sum(d.total_after_tax) filter (where true ${others}) as others,
          sum(d.total_after_tax) as before
        from detail_program d
        where d.sub_action_id = ${line.sub_action_id} and d.year = ${line.year}
          and d.funding_source_id = ${sourceId}`.execute(trx);
      const after = BigInt(sumText(sums[0]?.others)) + BigInt(line.total_after_tax);
      const refusal = paguRefusal(
        server.fundingSourceLabel(source.name),
        BigInt(String(own.ceiling)),
        BigInt(sumText(sums[0]?.before)),
        after,
      );
      if (refusal) throw refusal;
    }
    return sourceId;
  }

  return {
    resolveLineSource,

    async list(query: Parsed<typeof FundingSourceListQuery>) {
      let scope = db.selectFrom('funding_source');
      if (query.funding_group) scope = scope.where('funding_group', '=', query.funding_group);
      if (query.active_in !== undefined) {
        const year = query.active_in;
        scope = scope
          .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', year)]))
          .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>=', year)]));
      }
      const all = scope;
      if (query.search) {
        const pattern = containsPattern(query.search);
        scope = scope.where((eb) =>
          eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]),
        );
      }
      // A region lists tens of sources: the page and both counts are cheap reads.
      const [rows, found, total] = await Promise.all([
        scope
          .select([...sourceColumns, inUseSql.as('in_use')])
          .orderBy('code')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        scope.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
        all.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
      ]);
      return {
        data: rows.map(toSource),
        filter: listFilter(query.page, query.limit, toCount(found?.count), toCount(total?.count)),
      };
    },

    async create(input: Parsed<typeof FundingSourceInput>): Promise<FundingSource> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('funding_source')
          .values(input)
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw refusals.fundingSourceCodeTaken(input.code);
        return readSource(trx, row.id);
      });
    },

    async update(id: string, input: Parsed<typeof FundingSourceUpdateInput>) {
      return inTransaction(db, async (trx) => {
        const stored = await trx
          .selectFrom('funding_source')
          .select(['code', 'active_from', 'active_to'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!stored) throw refusals.notFound(server.records.fundingSource);
        const from = input.active_from !== undefined ? input.active_from : stored.active_from;
        const to = input.active_to !== undefined ? input.active_to : stored.active_to;
        if (from !== null && to !== null && to < from) {
          throw issuesRefusal([{ path: 'active_to', message: fundingIssues.yearsBackwards }]);
        }
        if (input.code !== undefined && input.code !== stored.code) {
          const taken = await trx
            .selectFrom('funding_source')
            .select('id')
            .where('code', '=', input.code)
            .executeTakeFirst();
          if (taken) throw refusals.fundingSourceCodeTaken(input.code);
        }
        await trx
          .updateTable('funding_source')
          .set({ ...input, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        return readSource(trx, id);
      });
    },

    async remove(id: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        const source = await readSource(trx, id);
        if (source.in_use) {
          const { rows } = await sql<{ uses: unknown }>`
            select (select count(*) from detail_program where funding_source_id = ${id})
              + (select count(*) from sub_action_funding where funding_source_id = ${id})
              as uses`.execute(trx);
          throw refusals.fundingSourceInUse(toCount(rows[0]?.uses));
        }
        await trx.deleteFrom('funding_source').where('id', '=', id).execute();
      });
    },

    /** Sources matched by code: new ones added, changed ones updated, in one transaction. */
    async import(
      batch: Parsed<typeof FundingSourceImportBatch>,
    ): Promise<FundingSourceImportResult> {
      // A code named twice in one sheet: the last row wins, as when a later sheet is loaded.
      const rows = [...new Map(batch.rows.map((row) => [row.code, row])).values()];
      return inTransaction(db, async (trx) => {
        const known = new Map(
          (
            await trx
              .selectFrom('funding_source')
              .select(['code', 'name', 'funding_group', 'active_from', 'active_to'])
              .where(
                'code',
                'in',
                rows.map((row) => row.code),
              )
              .forUpdate()
              .execute()
          ).map((row) => [row.code, row]),
        );
        let created = 0;
        let updated = 0;
        for (const row of rows) {
          const stored = known.get(row.code);
          if (!stored) {
            created += 1;
            continue;
          }
          const same =
            stored.name === row.name &&
            stored.funding_group === row.funding_group &&
            (stored.active_from === null ? null : Number(stored.active_from)) === row.active_from &&
            (stored.active_to === null ? null : Number(stored.active_to)) === row.active_to;
          if (!same) updated += 1;
        }
        await trx
          .insertInto('funding_source')
          .values(rows)
          .onConflict((oc) =>
            oc
              .column('code')
              .doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                funding_group: eb.ref('excluded.funding_group'),
                active_from: eb.ref('excluded.active_from'),
                active_to: eb.ref('excluded.active_to'),
                updated_at: sql`now()`,
              }))
              .where(
                sql<boolean>`(funding_source.name, funding_source.funding_group,
                  funding_source.active_from, funding_source.active_to) is distinct from
                  (excluded.name, excluded.funding_group, excluded.active_from, excluded.active_to)`,
              ),
          )
          .execute();
        return { created, updated, unchanged: rows.length - created - updated };
      });
    },

    /** A sub kegiatan's sources for a year, with their figures (the line form, the admin). */
    get: (query: Parsed<typeof SubActionFundingQuery>) => subActionFunding(db, query),

    /**
     * Sets a sub kegiatan's sources for a year at once. A source its lines still name stays
     * (refused naming it): the lines would otherwise hold a source their sub kegiatan no longer
     * draws on. A ceiling may be set below what is planned, as a pagu may: lines can then only
     * be made cheaper.
     */
    async set(
      input: Parsed<typeof SubActionFundingInput>,
      callerId: string,
    ): Promise<SubActionFunding> {
      return inTransaction(db, async (trx) => {
        const subAction = await trx
          .selectFrom('sub_action')
          .select('id')
          .where('id', '=', input.sub_action_id)
          .executeTakeFirst();
        if (!subAction) {
          throw issuesRefusal([
            {
              path: 'sub_action_id',
              message: server.recordNotFound(messagesId.levels.sub_action.label),
            },
          ]);
        }
        const ids = input.sources.map((entry) => entry.funding_source_id);
        const sources = ids.length
          ? await trx
              .selectFrom('funding_source')
              .select(['id', 'code', 'active_from', 'active_to'])
              .where('id', 'in', ids)
              .execute()
          : [];
        const byId = new Map(sources.map((source) => [source.id, source]));
        const issues = input.sources.flatMap((entry, index) => {
          const source = byId.get(entry.funding_source_id);
          const path = `sources.${index}.funding_source_id`;
          if (!source) {
            return [{ path, message: server.recordNotFound(server.records.fundingSource) }];
          }
          return fundingSourceActiveIn(source, input.year)
            ? []
            : [{ path, message: server.fundingSourceInactive(source.code, input.year) }];
        });
        if (issues.length > 0) throw issuesRefusal(issues);

        // Lock the sub kegiatan's rows first, as a line write does, then read what lines name.
        await sql`select 1 from sub_action_funding
          where sub_action_id = ${input.sub_action_id} and year = ${input.year}
          order by funding_source_id for update`.execute(trx);
        const { rows: named } = await sql<{ funding_source_id: string; code: string }>`
          select distinct d.funding_source_id, s.code from detail_program d
          join funding_source s on s.id = d.funding_source_id
          where d.sub_action_id = ${input.sub_action_id} and d.year = ${input.year}`.execute(trx);
        const dropped = named.filter((row) => !ids.includes(row.funding_source_id));
        if (ids.length > 0 && dropped.length > 0) {
          throw issuesRefusal(
            dropped.map((row) => ({
              path: 'sources',
              message: server.fundingSourceStillNamed(row.code),
            })),
          );
        }

        let gone = trx
          .deleteFrom('sub_action_funding')
          .where('sub_action_id', '=', input.sub_action_id)
          .where('year', '=', input.year);
        if (ids.length > 0) gone = gone.where('funding_source_id', 'not in', ids);
        await gone.execute();
        // One default at a time (a unique index checked row by row): the old one is cleared
        // before the new one is written.
        const fallback = input.sources.find((entry) => entry.is_default);
        let cleared = trx
          .updateTable('sub_action_funding')
          .set({ is_default: false, updated_by: callerId, updated_at: sql`now()` })
          .where('sub_action_id', '=', input.sub_action_id)
          .where('year', '=', input.year)
          .where('is_default', '=', true);
        if (fallback)
          cleared = cleared.where('funding_source_id', '<>', fallback.funding_source_id);
        await cleared.execute();
        if (input.sources.length > 0) {
          // Only what changes is written, so the history records each real change once.
          await trx
            .insertInto('sub_action_funding')
            .values(
              input.sources.map((entry) => ({
                sub_action_id: input.sub_action_id,
                year: input.year,
                funding_source_id: entry.funding_source_id,
                ceiling: entry.ceiling,
                is_default: entry.is_default,
                updated_by: callerId,
              })),
            )
            .onConflict((oc) =>
              oc
                .columns(['sub_action_id', 'year', 'funding_source_id'])
                .doUpdateSet((eb) => ({
                  ceiling: eb.ref('excluded.ceiling'),
                  is_default: eb.ref('excluded.is_default'),
                  updated_by: callerId,
                  updated_at: sql`now()`,
                }))
                .where(
                  sql<boolean>`(sub_action_funding.ceiling, sub_action_funding.is_default)
                    is distinct from (excluded.ceiling, excluded.is_default)`,
                ),
            )
            .execute();
        }
        return subActionFunding(trx, { sub_action_id: input.sub_action_id, year: input.year });
      });
    },
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
