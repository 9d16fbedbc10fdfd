import {
  AppError,
  cashPlanStageRefusal,
  issuesRefusal,
  messagesId,
  refusals,
  type Stage,
  type StageCompareQuery,
  type StageComparison,
  type StageGate,
  type StageKind,
  type StageLockInput,
  type StageScheduleInput,
  stageAdvanceConsequence,
  stageRefusal,
  stageScheduleWarnings,
  type User,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { planMonthsSql, unbalancedSubActions } from './cash-plan-rules.js';
import { inTransaction, type Parsed } from './pagination.js';
import { readPlanningRules } from './planning-rules.js';
import { namesIn, referenceNames } from './reference-names.js';

const server = messagesId.server;
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;

const stageName = (kind: string) => server.stageNames[kind as StageKind] ?? kind;

/** Columns of a line's stored values that say nothing about its content. */
const BOOKKEEPING = new Set(['updated_at', 'updated_by', 'created_at']);

/**
 * Budget-year stages (issue 19): an admin sets a year's stages and dates, moves the year from
 * one to the next (the stage left keeps its lines as its figures), locks the current one, and
 * compares two. A user's line write is refused outside the current stage's dates or while it is
 * locked (`assertOpen`); a year without stages is open as before.
 */
export function createStageService(db: Kysely<Database>) {
  /** A year's stages in order, with who locked each and how many lines each kept. */
  async function stagesOf(executor: Kysely<Database>, year: number): Promise<Stage[]> {
    const { rows } = await sql<Stage>`
      select s.id, s.year, s.kind, s.position, to_char(s.starts_on, 'YYYY-MM-DD') as starts_on,
        to_char(s.ends_on, 'YYYY-MM-DD') as ends_on, s.status, s.locked,
        u.name as locked_by_name,
        case when s.status = 'closed'
          then (select count(*)::int from stage_line l where l.stage_id = s.id) end
          as snapshot_lines
      from budget_stage s left join app_user u on u.id = s.locked_by
      where s.year = ${year}
      order by s.position`.execute(executor);
    return rows;
  }

  /**
   * The year's stages, each row held until the transaction ends (one writer at a time), with
   * today in WIB as the line writes compare it (`assertOpen`).
   */
  const heldStages = (trx: Kysely<Database>, year: number) =>
    sql<StageGate & { id: string; today: string }>`
      select id, year, kind, status, locked, null as locked_by_name,
        to_char(starts_on, 'YYYY-MM-DD') as starts_on, to_char(ends_on, 'YYYY-MM-DD') as ends_on,
        to_char((now() at time zone 'Asia/Jakarta')::date, 'YYYY-MM-DD') as today
      from budget_stage where year = ${year}
      order by position for update`.execute(trx);

  /** A 409 saying what the caller would do, unless they confirmed it. */
  const unlessConfirmed = (confirm: boolean, consequences: readonly string[]) => {
    if (!confirm && consequences.length > 0) {
      throw new AppError('conflict', server.stageNeedsConfirm(consequences.join(' ')), [
        { path: 'confirm', message: consequences.join(' ') },
      ]);
    }
  };

  return {
    list: (year: number) => stagesOf(db, year),

    /**
     * Sets a year's stages in order with their dates. Stages already entered (current or
     * closed) must stay, first and in their order; their dates may change. Overlapping dates are
     * refused by the schema; dates wholly outside the budget year need `confirm`.
     */
    async schedule(input: Parsed<typeof StageScheduleInput>): Promise<Stage[]> {
      return inTransaction(db, async (trx) => {
        const { rows: existing } = await heldStages(trx, input.year);
        const entered = existing.filter((stage) => stage.status !== 'upcoming');
        const kinds = input.stages.map((stage) => stage.kind);
        if (entered.some((stage, index) => kinds[index] !== stage.kind)) {
          throw issuesRefusal([{ path: 'stages', message: server.stageEnteredKeepsPlace }]);
        }
        unlessConfirmed(
          input.confirm,
          stageScheduleWarnings(input.year, input.stages).map((warning) => warning.message),
        );
        const dropped = existing.filter(
          (stage) => stage.status === 'upcoming' && !kinds.includes(stage.kind as StageKind),
        );
        if (dropped.length > 0) {
          await trx
            .deleteFrom('budget_stage')
            .where(
              'id',
              'in',
              dropped.map((stage) => stage.id),
            )
            .execute();
        }
        for (const [position, stage] of input.stages.entries()) {
          const values = { position, starts_on: stage.starts_on, ends_on: stage.ends_on };
          await trx
            .insertInto('budget_stage')
            .values({ year: input.year, kind: stage.kind, ...values })
            .onConflict((oc) =>
              oc.columns(['year', 'kind']).doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
            )
            .execute();
        }
        return stagesOf(trx, input.year);
      });
    },

    /**
     * Moves the year to its next stage: the current stage's lines are copied as its figures
     * and it closes (one transaction; no line write of the year runs meanwhile, see
     * `assertOpen`). The first call enters the first stage. Entering a stage outside its dates
     * needs `confirm` (409 saying what it does to users).
     */
    async advance(year: number, confirm = false): Promise<Stage[]> {
      return inTransaction(db, async (trx) => {
        const { rows: stages } = await heldStages(trx, year);
        if (stages.length === 0) throw new AppError('conflict', server.stageNone(year));
        const at = stages.findIndex((stage) => stage.status === 'current');
        const next = stages[at + 1];
        if (!next) throw new AppError('conflict', server.stageNoNext(year));
        const consequence = stageAdvanceConsequence(stages, stages[0]?.today ?? '');
        unlessConfirmed(confirm, consequence ? [consequence] : []);
        const current = stages[at];
        if (current) {
          // The region may require every sub kegiatan with lines to balance its Anggaran Kas
          // before the year moves on (issue 36): the refusal lists those that do not.
          if ((await readPlanningRules(trx)).cash_plan_required) {
            const refusal = cashPlanStageRefusal(await unbalancedSubActions(trx, year));
            if (refusal) throw refusal;
          }
          await sql`
            insert into stage_cash_plan (stage_id, sub_action_id, account_code, months)
            select ${current.id}, c.sub_action_id, c.account_code, ${planMonthsSql}
            from cash_plan c where c.year = ${year}`.execute(trx);
          await sql`
            insert into stage_line (stage_id, line_id, sub_action_id, program_id,
              total_after_tax, line_values)
            select ${current.id}, d.id, d.sub_action_id, d.program_id, d.total_after_tax,
              change_values(to_jsonb(d))
            from detail_program d where d.year = ${year}`.execute(trx);
          await trx
            .updateTable('budget_stage')
            .set({ status: 'closed', updated_at: sql<Date>`now()` })
            .where('id', '=', current.id)
            .execute();
        }
        await trx
          .updateTable('budget_stage')
          .set({ status: 'current', updated_at: sql<Date>`now()` })
          .where('id', '=', next.id)
          .execute();
        return stagesOf(trx, year);
      });
    },

    async lock(input: Parsed<typeof StageLockInput>, caller: Caller): Promise<Stage[]> {
      return inTransaction(db, async (trx) => {
        const updated = await trx
          .updateTable('budget_stage')
          .set({
            locked: input.locked,
            lock_reason: input.reason,
            locked_by: caller.id,
            updated_at: sql<Date>`now()`,
          })
          .where('year', '=', input.year)
          .where('status', '=', 'current')
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) {
          throw new AppError('conflict', server.stageNone(input.year));
        }
        return stagesOf(trx, input.year);
      });
    },

    /**
     * Refuses a user's line write in a year whose stages forbid it (409 naming the stage): not
     * entered yet, locked, or today (WIB) outside its dates. The current stage's row is shared-
     * held until the write ends, so a move to the next stage waits for it. Admins are not refused.
     */
    async assertOpen(trx: Kysely<Database>, caller: Caller, years: number[]): Promise<void> {
      if (caller.role === 'admin' || years.length === 0) return;
      const { rows } = await sql<StageGate & { today: string }>`
        select s.year, s.kind, s.status, s.locked, u.name as locked_by_name,
          to_char(s.starts_on, 'YYYY-MM-DD') as starts_on,
          to_char(s.ends_on, 'YYYY-MM-DD') as ends_on,
          to_char((now() at time zone 'Asia/Jakarta')::date, 'YYYY-MM-DD') as today
        from budget_stage s left join app_user u on u.id = s.locked_by
        where s.year = any(${[...new Set(years)]}::int[])
        order by s.year, s.position
        for share of s`.execute(trx);
      for (const year of new Set(years)) {
        const refusal = stageRefusal(
          rows.filter((stage) => stage.year === year),
          rows[0]?.today ?? '',
        );
        if (refusal) throw new AppError('conflict', refusal);
      }
    },

    /**
     * Two stages of a year compared, each by its figures: a closed stage's kept lines and
     * Anggaran Kas, the current stage's as they are now. One statement joins the lines by line
     * and sums them per unit, sub kegiatan and sumber dana, and each side's plan per month. The
     * changed lines listed are at most `limit` (null: all, for the workbook).
     */
    async compare(
      query: Omit<Parsed<typeof StageCompareQuery>, 'limit'> & { limit: number | null },
    ): Promise<StageComparison> {
      const stages = await stagesOf(db, query.year);
      const sideOf = (kind: StageKind) => {
        const stage = stages.find((candidate) => candidate.kind === kind);
        if (!stage) throw refusals.notFound(stageName(kind));
        if (stage.status === 'upcoming') {
          throw new AppError('conflict', server.stageNotReached(stageName(kind)));
        }
        return stage.status === 'closed'
          ? {
              lines: sql`select line_id, sub_action_id, program_id, total_after_tax, line_values
                from stage_line where stage_id = ${stage.id}`,
              plan: sql`select months from stage_cash_plan where stage_id = ${stage.id}`,
            }
          : {
              lines: sql`select d.id as line_id, d.sub_action_id, d.program_id, d.total_after_tax,
                change_values(to_jsonb(d)) as line_values
                from detail_program d where d.year = ${query.year}`,
              plan: sql`select ${planMonthsSql} as months from cash_plan c
                where c.year = ${query.year}`,
            };
      };
      const from = sideOf(query.from);
      const to = sideOf(query.to);
      /** A side's plan summed per month (alias `name`, columns month and amount). */
      const perMonth = (plan: string) => sql`
        (select m.month, sum(m.amount) as amount
          from ${sql.table(plan)} p, unnest(p.months) with ordinality as m(amount, month)
          group by m.month)`;
      const bookkeeping = [...BOOKKEEPING];
      const { rows } = await sql<{
        totals: { from: string; to: string };
        counts: { added: number; removed: number; changed: number };
        units: StageComparison['units'];
        sub_actions: StageComparison['sub_actions'];
        sources: Omit<StageComparison['sources'][number], 'difference'>[];
        cash_plan_months: Omit<StageComparison['cash_plan_months'][number], 'difference'>[];
        lines: {
          line_id: string;
          change: 'added' | 'removed' | 'changed';
          sub_action_id: string;
          from_total: string | null;
          to_total: string | null;
          from_values: Record<string, unknown> | null;
          to_values: Record<string, unknown> | null;
        }[];
      }>`
        with a as (${from.lines}), b as (${to.lines}),
        from_plan as (${from.plan}), to_plan as (${to.plan}),
        joined as (
          select coalesce(b.line_id, a.line_id) as line_id,
            coalesce(b.sub_action_id, a.sub_action_id) as sub_action_id,
            coalesce(b.program_id, a.program_id) as program_id,
            coalesce(a.total_after_tax, 0) as from_total, coalesce(b.total_after_tax, 0) as to_total,
            a.line_values as from_values, b.line_values as to_values,
            case when a.line_id is null then 'added' when b.line_id is null then 'removed'
              when a.line_values - ${bookkeeping}::text[] is distinct from
                b.line_values - ${bookkeeping}::text[] then 'changed' end as change
          from a full join b on a.line_id = b.line_id
        )
        select
          (select json_build_object('from', coalesce(sum(from_total), 0)::text,
            'to', coalesce(sum(to_total), 0)::text) from joined) as totals,
          (select json_build_object(
            'added', count(*) filter (where change = 'added'),
            'removed', count(*) filter (where change = 'removed'),
            'changed', count(*) filter (where change = 'changed')) from joined) as counts,
          (select coalesce(json_agg(u order by u.agency_name nulls first, u.agency_code), '[]') from (
            select p.agency_id, ag.name as agency_name, ag.code as agency_code,
              sum(j.from_total)::text as "from", sum(j.to_total)::text as "to"
            from joined j join program p on p.id = j.program_id
            left join agency ag on ag.id = p.agency_id
            group by p.agency_id, ag.name, ag.code) u) as units,
          (select coalesce(json_agg(s order by s.sub_action_name, s.sub_action_code), '[]') from (
            select j.sub_action_id, sa.name as sub_action_name, sa.code as sub_action_code,
              sum(j.from_total)::text as "from", sum(j.to_total)::text as "to"
            from joined j join sub_action sa on sa.id = j.sub_action_id
            group by j.sub_action_id, sa.name, sa.code
            having bool_or(j.change is not null)) s) as sub_actions,
          (select coalesce(json_agg(s order by s.funding_source_id is null, s.code,
            s.funding_source_id), '[]') from (
            select f.funding_source_id, fs.code, fs.name,
              sum(f.from_total)::text as "from", sum(f.to_total)::text as "to"
            from (
              select (from_values ->> 'funding_source_id')::uuid as funding_source_id,
                from_total, 0 as to_total
              from joined where from_values is not null
              union all
              select (to_values ->> 'funding_source_id')::uuid, 0, to_total
              from joined where to_values is not null) f
            left join funding_source fs on fs.id = f.funding_source_id
            group by f.funding_source_id, fs.code, fs.name) s) as sources,
          (select json_agg(json_build_object('month', g.month,
              'from', coalesce(pf.amount, 0)::text, 'to', coalesce(pt.amount, 0)::text)
              order by g.month)
            from generate_series(1, 12) as g(month)
            left join ${perMonth('from_plan')} pf on pf.month = g.month
            left join ${perMonth('to_plan')} pt on pt.month = g.month) as cash_plan_months,
          (select coalesce(json_agg(l), '[]') from (
            select line_id, change, sub_action_id,
              case when change <> 'added' then from_total::text end as from_total,
              case when change <> 'removed' then to_total::text end as to_total,
              from_values, to_values
            from joined where change is not null
            order by change, line_id limit ${query.limit}::bigint) l) as lines`.execute(db);
      const result = rows[0]!;
      const withDifference = <T extends { from: string; to: string }>(sums: T) => ({
        ...sums,
        difference: (BigInt(sums.to) - BigInt(sums.from)).toString(),
      });
      const lines = result.lines.map(({ from_values, to_values, ...line }) => {
        const values = to_values ?? from_values ?? {};
        const fields =
          from_values && to_values
            ? Object.keys(to_values)
                .filter(
                  (field) =>
                    !BOOKKEEPING.has(field) &&
                    JSON.stringify(from_values[field]) !== JSON.stringify(to_values[field]),
                )
                .map((field) => ({ field, from: from_values[field], to: to_values[field] }))
            : [];
        return { ...line, component_name: String(values.component_name ?? ''), fields };
      });
      // A changed reference (another account, Pengampu…) reads by its name on both sides.
      const sides = (line: (typeof lines)[number]) =>
        (['from', 'to'] as const).map((side) =>
          Object.fromEntries(line.fields.map((field) => [field.field, field[side]])),
        );
      const linesSides = lines.map(sides);
      // A source deleted since a stage kept it reads by the name its history last gave it.
      const unnamedSources = result.sources
        .filter((source) => source.funding_source_id !== null && source.name === null)
        .map((source) => ({ funding_source_id: source.funding_source_id }));
      const names = await referenceNames(db, [...linesSides.flat(), ...unnamedSources]);
      return {
        year: query.year,
        from: query.from,
        to: query.to,
        totals: withDifference(result.totals),
        counts: result.counts,
        units: result.units.map(withDifference),
        sub_actions: result.sub_actions.map(withDifference),
        sources: result.sources.map((source) =>
          withDifference(
            source.funding_source_id === null || source.name !== null
              ? source
              : {
                  ...source,
                  name: names.get(source.funding_source_id) ?? source.funding_source_id,
                },
          ),
        ),
        cash_plan_months: result.cash_plan_months.map(withDifference),
        lines: lines.map((line, index) => {
          const reference_names = namesIn(names, linesSides[index]!);
          return reference_names ? { ...line, reference_names } : line;
        }),
      };
    },
  };
}

export type StageService = ReturnType<typeof createStageService>;
