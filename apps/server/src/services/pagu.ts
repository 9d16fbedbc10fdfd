import {
  type AgencyPaguInput,
  type FieldIssue,
  issuesRefusal,
  listFilter,
  messagesId,
  type PaguImportBatch,
  type PaguImportResult,
  type PaguInput,
  type PaguLevelStatus,
  type PaguListQuery,
  type PaguRow,
  type PaguStatus,
  type PaguStatusQuery,
  type PaguSummary,
  paguRefusal,
  refusals,
} from '@ranwal/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  containsPattern,
  inTransaction,
  offsetOf,
  type Parsed,
  sumText,
  toCount,
} from './pagination.js';
import { linesNeedPaguIn } from './planning.js';

const server = messagesId.server;
const levels = messagesId.levels;

const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : BigInt(String(value)).toString();
const remainingOf = (pagu: string | null, planned: string): string | null =>
  pagu === null ? null : (BigInt(pagu) - BigInt(planned)).toString();

/** What a line write would add under a ceiling: the line as it will be stored. */
export interface PlannedLine {
  sub_action_id: string;
  program_id: string;
  year: number;
  total_after_tax: number;
  /** The line being edited (its stored total is replaced, not added to). */
  line_id?: string | undefined;
}

/**
 * The pagu (ceiling) of each sub kegiatan per budget year, and optionally of a Perangkat Daerah:
 * set by an admin or from a sheet, shown to the person entering lines, and enforced on every
 * line write under a row lock, so two writers at the edge cannot overspend together.
 */
export function createPaguService(db: Kysely<Database>) {
  /** The sub kegiatan with their chain, their pagu and what is planned, for one year. */
  function paguRows(year: number) {
    return db
      .selectFrom('sub_action as s')
      .innerJoin('action as a', 'a.id', 's.action_id')
      .innerJoin('program as p', 'p.id', 'a.program_id')
      .leftJoin('agency as ag', 'ag.id', 'p.agency_id')
      .leftJoin('pagu as pg', (join) =>
        join.onRef('pg.sub_action_id', '=', 's.id').on('pg.year', '=', year),
      )
      .select([
        's.id as sub_action_id',
        's.code as sub_action_code',
        's.name as sub_action_name',
        'a.name as action_name',
        'p.name as program_name',
        'ag.id as agency_id',
        'ag.name as agency_name',
        'pg.amount as pagu',
        sql<boolean>`coalesce(pg.allow_overrun, false)`.as('allow_overrun'),
        sql<string>`coalesce(pg.overrun_reason, '')`.as('overrun_reason'),
        sql<unknown>`(select sum(d.total_after_tax) from detail_program d
          where d.sub_action_id = s.id and d.year = ${year})`.as('planned'),
      ]);
  }

  const toPaguRow = (
    row: Record<string, unknown>,
    year: number,
    paguRequired: boolean,
  ): PaguRow => {
    const pagu = nullableText(row.pagu);
    const planned = sumText(row.planned);
    return {
      sub_action_id: row.sub_action_id as string,
      sub_action_code: (row.sub_action_code as string | null) ?? null,
      sub_action_name: row.sub_action_name as string,
      action_name: row.action_name as string,
      program_name: row.program_name as string,
      agency_id: (row.agency_id as string | null) ?? null,
      agency_name: (row.agency_name as string | null) ?? null,
      year,
      pagu,
      planned,
      remaining: remainingOf(pagu, planned),
      allow_overrun: Boolean(row.allow_overrun),
      overrun_reason: (row.overrun_reason as string) ?? '',
      pagu_required: paguRequired,
    };
  };

  async function rowOf(subActionId: string, year: number): Promise<PaguRow> {
    const row = await paguRows(year).where('s.id', '=', subActionId).executeTakeFirst();
    if (!row) throw notFoundIssue('sub_action_id', levels.sub_action.label);
    return toPaguRow(row, year, await linesNeedPaguIn(db, year));
  }

  const notFoundIssue = (path: string, what: string) =>
    issuesRefusal([{ path, message: server.recordNotFound(what) }]);

  /**
   * Refuses a write that would take a ceiling over (409 naming the pagu and the excess). Each
   * ceiling's row is locked first (the agency's, then the sub kegiatan's: one order, no
   * deadlock), so what is summed under it cannot change until this transaction ends. A write
   * that leaves a level no higher than before passes, even over a pagu lowered since.
   */
  async function assertWithin(trx: Kysely<Database>, line: PlannedLine): Promise<void> {
    const others = line.line_id ? sql`and d.id <> ${line.line_id}` : sql``;
    const check = async (what: string, pagu: unknown, sums: RawBuilder<unknown>): Promise<void> => {
      const { rows } = await sql<{ others: unknown; before: unknown }>`${sums}`.execute(trx);
      const after = BigInt(sumText(rows[0]?.others)) + BigInt(line.total_after_tax);
      const before = BigInt(sumText(rows[0]?.before));
      const refusal = paguRefusal(what, BigInt(String(pagu)), before, after);
      if (refusal) throw refusal;
    };

    const { rows: agencyRows } = await sql<{ agency_id: string; name: string; amount: unknown }>`
      select ap.agency_id, ag.name, ap.amount
      from program p
      join agency ag on ag.id = p.agency_id
      join agency_pagu ap on ap.agency_id = ag.id and ap.year = ${line.year}
      where p.id = ${line.program_id}
      for update of ap`.execute(trx);
    const agency = agencyRows[0];
    if (agency) {
      await check(
        `${levels.agency.label} ${agency.name}`,
        agency.amount,
        sql`select sum(d.total_after_tax) filter (where true ${others}) as others,
            sum(d.total_after_tax) as before
          from detail_program d join program p on p.id = d.program_id
          where p.agency_id = ${agency.agency_id} and d.year = ${line.year}`,
      );
    }

    const { rows: subRows } = await sql<{ name: string; amount: unknown; allow_overrun: boolean }>`
      select s.name, pg.amount, pg.allow_overrun
      from pagu pg join sub_action s on s.id = pg.sub_action_id
      where pg.sub_action_id = ${line.sub_action_id} and pg.year = ${line.year}
      for update of pg`.execute(trx);
    const subAction = subRows[0];
    if (!subAction && (await linesNeedPaguIn(trx, line.year))) {
      // No pagu where the region says lines need one: nothing may be added under it (a line
      // may still be made cheaper, as under any pagu).
      const { rows } = await sql<{ others: unknown; before: unknown }>`
        select sum(d.total_after_tax) filter (where true ${others}) as others,
          sum(d.total_after_tax) as before
        from detail_program d
        where d.sub_action_id = ${line.sub_action_id} and d.year = ${line.year}`.execute(trx);
      const after = BigInt(sumText(rows[0]?.others)) + BigInt(line.total_after_tax);
      if (after > BigInt(sumText(rows[0]?.before))) throw refusals.paguRequired(line.year);
    }
    if (subAction && !subAction.allow_overrun) {
      await check(
        `${levels.sub_action.label} ${subAction.name}`,
        subAction.amount,
        sql`select sum(d.total_after_tax) filter (where true ${others}) as others,
            sum(d.total_after_tax) as before
          from detail_program d
          where d.sub_action_id = ${line.sub_action_id} and d.year = ${line.year}`,
      );
    }
  }

  return {
    assertWithin,

    /** The chain above a sub kegiatan with each level's ceiling, plan and what is left. */
    async status(query: Parsed<typeof PaguStatusQuery>): Promise<PaguStatus> {
      const { year, sub_action_id: subActionId } = query;
      const excluded = query.line_id ? sql`and d.id <> ${query.line_id}` : sql``;
      const { rows } = await sql<{
        level: PaguLevelStatus['level'];
        id: string;
        code: string | null;
        name: string;
        pagu: unknown;
        planned: unknown;
        allow_overrun: boolean;
        own_pagu: boolean;
      }>`
        with chain as (
          select s.id as sub_action_id, s.code as s_code, s.name as s_name,
            a.id as action_id, a.code as a_code, a.name as a_name,
            p.id as program_id, p.code as p_code, p.name as p_name,
            ag.id as agency_id, ag.code as ag_code, ag.name as ag_name
          from sub_action s
          join action a on a.id = s.action_id
          join program p on p.id = a.program_id
          left join agency ag on ag.id = p.agency_id
          where s.id = ${subActionId}
        )
        -- A Perangkat Daerah's own pagu when set, else the sum of its sub kegiatan's (as the
        -- dashboard's summary and the admin's page show it).
        select 'agency' as level, agency_id as id, ag_code as code, ag_name as name,
          coalesce(
            (select amount from agency_pagu where agency_id = chain.agency_id and year = ${year}),
            (select sum(pg.amount) from pagu pg join sub_action s on s.id = pg.sub_action_id
              join action a on a.id = s.action_id join program p on p.id = a.program_id
              where p.agency_id = chain.agency_id and pg.year = ${year})) as pagu,
          (select sum(d.total_after_tax) from detail_program d join program p on p.id = d.program_id
            where p.agency_id = chain.agency_id and d.year = ${year} ${excluded}) as planned,
          false as allow_overrun,
          exists (select 1 from agency_pagu where agency_id = chain.agency_id
            and year = ${year}) as own_pagu,
          0 as depth
        from chain where agency_id is not null
        union all
        select 'program', program_id, p_code, p_name,
          (select sum(pg.amount) from pagu pg join sub_action s on s.id = pg.sub_action_id
            join action a on a.id = s.action_id where a.program_id = chain.program_id and pg.year = ${year}),
          (select sum(d.total_after_tax) from detail_program d
            where d.program_id = chain.program_id and d.year = ${year} ${excluded}),
          false, false, 1
        from chain
        union all
        select 'action', action_id, a_code, a_name,
          (select sum(pg.amount) from pagu pg join sub_action s on s.id = pg.sub_action_id
            where s.action_id = chain.action_id and pg.year = ${year}),
          (select sum(d.total_after_tax) from detail_program d
            where d.action_id = chain.action_id and d.year = ${year} ${excluded}),
          false, false, 2
        from chain
        union all
        select 'sub_action', sub_action_id, s_code, s_name,
          (select amount from pagu where sub_action_id = chain.sub_action_id and year = ${year}),
          (select sum(d.total_after_tax) from detail_program d
            where d.sub_action_id = chain.sub_action_id and d.year = ${year} ${excluded}),
          coalesce((select allow_overrun from pagu where sub_action_id = chain.sub_action_id
            and year = ${year}), false),
          exists (select 1 from pagu where sub_action_id = chain.sub_action_id
            and year = ${year}),
          3
        from chain
        order by depth`.execute(db);
      if (rows.length === 0) throw notFoundIssue('sub_action_id', levels.sub_action.label);
      return {
        year,
        pagu_required: await linesNeedPaguIn(db, year),
        levels: rows.map((row) => {
          const pagu = nullableText(row.pagu);
          const planned = sumText(row.planned);
          return {
            level: row.level,
            id: row.id,
            code: row.code ?? null,
            name: row.name,
            pagu,
            planned,
            remaining: remainingOf(pagu, planned),
            allow_overrun: Boolean(row.allow_overrun),
            own_pagu: Boolean(row.own_pagu),
          };
        }),
      };
    },

    /**
     * Per programme and per Perangkat Daerah: the pagu set below them (an agency's own when set)
     * and what their lines plan, for every one that has either in the year.
     */
    async summary(year: number): Promise<PaguSummary> {
      const { rows } = await sql<{
        kind: 'agency' | 'program';
        id: string | null;
        agency_id: string | null;
        code: string | null;
        name: string | null;
        pagu: unknown;
        planned: unknown;
      }>`
        with program_pagu as (
          select a.program_id, sum(pg.amount) as pagu
          from pagu pg join sub_action s on s.id = pg.sub_action_id
          join action a on a.id = s.action_id
          where pg.year = ${year}
          group by a.program_id
        ),
        program_plan as (
          select program_id, sum(total_after_tax) as planned
          from detail_program where year = ${year} group by program_id
        ),
        programs as (
          select p.id, p.agency_id, p.code, p.name, pp.pagu, coalesce(pl.planned, 0) as planned
          from program p
          left join program_pagu pp on pp.program_id = p.id
          left join program_plan pl on pl.program_id = p.id
          where pp.pagu is not null or pl.planned is not null
        )
        select 'program' as kind, id, agency_id, code, name, pagu, planned from programs
        union all
        select 'agency', coalesce(g.agency_id, ap.agency_id), coalesce(g.agency_id, ap.agency_id),
          ag.code, ag.name, coalesce(ap.amount, g.pagu), coalesce(g.planned, 0)
        from (
          select agency_id, sum(pagu) as pagu, sum(planned) as planned
          from programs group by agency_id
        ) g
        full join (select agency_id, amount from agency_pagu where year = ${year}) ap
          on ap.agency_id = g.agency_id
        left join agency ag on ag.id = coalesce(g.agency_id, ap.agency_id)
        order by kind, code nulls last, name`.execute(db);
      const shaped = (row: (typeof rows)[number]) => {
        const pagu = nullableText(row.pagu);
        const planned = sumText(row.planned);
        return {
          id: row.id,
          code: row.code ?? null,
          name: row.name ?? null,
          pagu,
          planned,
          remaining: remainingOf(pagu, planned),
        };
      };
      return {
        year,
        agencies: rows.filter((row) => row.kind === 'agency').map(shaped),
        programs: rows
          .filter((row) => row.kind === 'program')
          .map((row) => ({ ...shaped(row), agency_id: row.agency_id })),
      };
    },

    /** The sub kegiatan of a year in code order, with their pagu and plan (the pagu page). */
    async list(query: Parsed<typeof PaguListQuery>) {
      let scope = paguRows(query.year);
      if (query.agency_id) scope = scope.where('p.agency_id', '=', query.agency_id);
      if (query.program_id) scope = scope.where('p.id', '=', query.program_id);
      const matching = query.search
        ? scope.where((eb) =>
            eb.or([
              eb('s.name', 'ilike', containsPattern(query.search!)),
              eb('s.code', 'ilike', containsPattern(query.search!)),
            ]),
          )
        : scope;
      const counted = (qb: typeof scope) =>
        db
          .selectFrom(qb.as('rows'))
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow();
      const [rows, filtered, total, paguRequired] = await Promise.all([
        matching
          .orderBy(sql`ag.code nulls first`)
          .orderBy(sql`p.code nulls last`)
          .orderBy('p.name')
          .orderBy(sql`a.code nulls last`)
          .orderBy('a.name')
          .orderBy(sql`s.code nulls last`)
          .orderBy('s.name')
          .orderBy('s.id')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        counted(matching),
        counted(scope),
        linesNeedPaguIn(db, query.year),
      ]);
      return {
        data: rows.map((row) => toPaguRow(row, query.year, paguRequired)),
        filter: listFilter(query.page, query.limit, toCount(filtered.count), toCount(total.count)),
      };
    },

    async set(input: Parsed<typeof PaguInput>, callerId: string): Promise<PaguRow> {
      const exists = await db
        .selectFrom('sub_action')
        .select('id')
        .where('id', '=', input.sub_action_id)
        .executeTakeFirst();
      if (!exists) throw notFoundIssue('sub_action_id', levels.sub_action.label);
      const values = {
        amount: input.amount,
        allow_overrun: input.allow_overrun,
        overrun_reason: input.allow_overrun ? input.overrun_reason : '',
        updated_by: callerId,
      };
      await inTransaction(db, (trx) =>
        trx
          .insertInto('pagu')
          .values({ sub_action_id: input.sub_action_id, year: input.year, ...values })
          .onConflict((oc) =>
            oc
              .columns(['sub_action_id', 'year'])
              .doUpdateSet({ ...values, updated_at: sql`now()` }),
          )
          .execute(),
      );
      return rowOf(input.sub_action_id, input.year);
    },

    async setAgency(input: Parsed<typeof AgencyPaguInput>) {
      const exists = await db
        .selectFrom('agency')
        .select('id')
        .where('id', '=', input.agency_id)
        .executeTakeFirst();
      if (!exists) throw notFoundIssue('agency_id', levels.agency.label);
      await inTransaction(db, (trx) =>
        trx
          .insertInto('agency_pagu')
          .values(input)
          .onConflict((oc) =>
            oc
              .columns(['agency_id', 'year'])
              .doUpdateSet({ amount: input.amount, updated_at: sql`now()` }),
          )
          .execute(),
      );
      return input;
    },

    /**
     * A pagu sheet: each row's sub kegiatan found by its code (within its Perangkat Daerah when
     * the row names one). Rows that find none or several are refused together, naming each;
     * otherwise every pagu is set in one transaction.
     */
    async import(batch: Parsed<typeof PaguImportBatch>): Promise<PaguImportResult> {
      const codes = batch.rows.map((row) => row.sub_action_code);
      const agencyCodes = batch.rows.map((row) => row.agency_code || null);
      const agencyNames = batch.rows.map((row) => row.agency || null);
      return inTransaction(db, async (trx) => {
        const { rows: found } = await sql<{ ord: number; ids: string[] | null }>`
          select w.ord, array_remove(array_agg(s.id), null) as ids
          from unnest(${codes}::text[], ${agencyCodes}::text[], ${agencyNames}::text[])
            with ordinality as w(code, agency_code, agency_name, ord)
          left join (sub_action s
            join action a on a.id = s.action_id
            join program p on p.id = a.program_id
            left join agency ag on ag.id = p.agency_id)
          on s.code = w.code
            and (w.agency_code is null or ag.code = w.agency_code)
            and (w.agency_name is null or ag.name = w.agency_name)
          group by w.ord
          order by w.ord`.execute(trx);
        const issues: FieldIssue[] = [];
        const targets: string[] = [];
        for (const row of found) {
          const index = Number(row.ord) - 1;
          const ids = row.ids ?? [];
          const code = codes[index]!;
          if (ids.length === 1) targets[index] = ids[0]!;
          else {
            issues.push({
              path: `rows.${index}.sub_action_code`,
              message:
                ids.length === 0
                  ? server.paguSubActionUnknown(code)
                  : server.paguSubActionAmbiguous(code, ids.length),
            });
          }
        }
        if (issues.length > 0) throw issuesRefusal(issues);
        // A sub kegiatan named twice: the last row wins, as when a later sheet is loaded.
        const amounts = new Map(batch.rows.map((row, index) => [targets[index]!, row.amount]));
        const ids = [...amounts.keys()];
        const values = [...amounts.values()].map(String);
        const { rows: counts } = await sql<{ created: unknown; changed: unknown }>`
          select count(*) filter (where pg.sub_action_id is null) as created,
            count(*) filter (where pg.amount <> w.amount) as changed
          from unnest(${ids}::uuid[], ${values}::bigint[]) as w(id, amount)
          left join pagu pg on pg.sub_action_id = w.id and pg.year = ${batch.year}`.execute(trx);
        if (!batch.dry_run) {
          await sql`
            insert into pagu (sub_action_id, year, amount)
            select w.id, ${batch.year}, w.amount
            from unnest(${ids}::uuid[], ${values}::bigint[]) as w(id, amount)
            on conflict (sub_action_id, year) do update set amount = excluded.amount,
              updated_at = now()
            where pagu.amount <> excluded.amount`.execute(trx);
        }
        const created = toCount(counts[0]?.created);
        const changed = toCount(counts[0]?.changed);
        return {
          dry_run: batch.dry_run,
          created,
          changed,
          unchanged: ids.length - created - changed,
        };
      });
    },
  };
}

export type PaguService = ReturnType<typeof createPaguService>;
