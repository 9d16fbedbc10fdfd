import {
  type Evaluation,
  type EvaluationQuery,
  type EvaluationSubAction,
  fromHundredths,
  hundredthsOf,
  type Indicator,
  type IndicatorAchievementInput,
  type IndicatorFields,
  type IndicatorInput,
  type IndicatorQuery,
  issuesRefusal,
  messagesId,
  paguShareTenths,
  QUARTERS,
  quarterEndMonth,
  quarterNumeral,
  refusals,
  targetShareTenths,
  todayInRegion,
  type User,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { createLockService } from './locks.js';
import { assertMonthBegun, createMonthlyReportService } from './monthly-report.js';
import { inTransaction, type Parsed, sumText } from './pagination.js';
import { assertSubActionInScope, assertSubActionWritable } from './reports.js';

const texts = messagesId.indicators;
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;

/** numeric(14, 2) as pg (text) or PGlite (number or text) hands it over. */
const quantity = (value: unknown): number => Number(String(value));

/**
 * Indicators with their quarters to `upTo` (4: the whole year), by sub kegiatan, in the order
 * they were added; the cumulative sums the quarters read.
 */
async function indicatorsOf(
  executor: Kysely<Database>,
  subActionIds: readonly string[],
  year: number,
  upTo = 4,
): Promise<Map<string, Indicator[]>> {
  const bySubAction = new Map<string, Indicator[]>();
  if (subActionIds.length === 0) return bySubAction;
  const [indicators, achievements] = await Promise.all([
    executor
      .selectFrom('sub_action_indicator')
      .select(['id', 'sub_action_id', 'year', 'description', 'target', 'unit'])
      .where('sub_action_id', 'in', [...subActionIds])
      .where('year', '=', year)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    executor
      .selectFrom('indicator_achievement')
      .select(['indicator_id', 'quarter', 'achievement'])
      .where('sub_action_id', 'in', [...subActionIds])
      .where('year', '=', year)
      .where('quarter', '<=', upTo)
      .execute(),
  ]);
  const quartersOf = new Map<string, (number | null)[]>();
  for (const row of achievements) {
    const quarters = quartersOf.get(row.indicator_id) ?? Array(upTo).fill(null);
    quarters[row.quarter - 1] = quantity(row.achievement);
    quartersOf.set(row.indicator_id, quarters);
  }
  for (const row of indicators) {
    const target = quantity(row.target);
    const quarters = quartersOf.get(row.id) ?? Array(upTo).fill(null);
    // Summed in hundredths: exact, as the form prints it.
    const cumulative = fromHundredths(
      quarters.reduce((sum: bigint, value) => sum + hundredthsOf(value ?? 0), 0n),
    );
    const indicator: Indicator = {
      id: row.id,
      sub_action_id: row.sub_action_id,
      year: row.year,
      description: row.description,
      target,
      unit: row.unit,
      quarters,
      cumulative,
      achievement_tenths: targetShareTenths(cumulative, target),
    };
    bySubAction.set(row.sub_action_id, [...(bySubAction.get(row.sub_action_id) ?? []), indicator]);
  }
  return bySubAction;
}

/**
 * Output indicators of sub kegiatan, their quarterly achievement and the unit's evaluation of
 * its Renja (issue 37). Indicators are written as the sub kegiatan's lines are (scope, a lock,
 * the year's stage); a quarter's achievement while the monthly report of its last month is open
 * to the unit, under that month's lock.
 */
export function createIndicatorService(
  db: Kysely<Database>,
  today: () => string = () => todayInRegion(),
) {
  const locks = createLockService(db);
  const reports = createMonthlyReportService(db, today);

  const listOf = async (executor: Kysely<Database>, subActionId: string, year: number) =>
    (await indicatorsOf(executor, [subActionId], year)).get(subActionId) ?? [];

  async function readOne(executor: Kysely<Database>, id: string): Promise<Indicator> {
    const row = await executor
      .selectFrom('sub_action_indicator')
      .select(['sub_action_id', 'year'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return (await listOf(executor, row.sub_action_id, row.year)).find((one) => one.id === id)!;
  }

  /** The stored indicator's place, refused as its lines' write would be (404 when none). */
  async function writablePlace(trx: Kysely<Database>, id: string, caller: Caller) {
    const place = await trx
      .selectFrom('sub_action_indicator')
      .select(['sub_action_id', 'year'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!place) throw refusals.notFound(texts.notFound);
    await assertLinesWritable(trx, caller, place);
    return place;
  }

  /** As a write of the sub kegiatan's lines: scope, never a verifier, a lock, the stage. */
  async function assertLinesWritable(
    trx: Kysely<Database>,
    caller: Caller,
    place: { sub_action_id: string; year: number },
  ) {
    await assertSubActionWritable(trx, caller, place.sub_action_id);
    await locks.assertUnlocked(trx, caller, [place]);
  }

  return {
    async list(query: Parsed<typeof IndicatorQuery>, caller: Caller): Promise<Indicator[]> {
      await assertSubActionInScope(db, caller, query.sub_action_id);
      return listOf(db, query.sub_action_id, query.year);
    },

    async create(input: Parsed<typeof IndicatorInput>, caller: Caller): Promise<Indicator> {
      return inTransaction(db, async (trx) => {
        await assertLinesWritable(trx, caller, input);
        const { id } = await trx
          .insertInto('sub_action_indicator')
          .values({
            sub_action_id: input.sub_action_id,
            year: input.year,
            description: input.description,
            target: input.target,
            unit: input.unit,
            created_by: caller.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return readOne(trx, id);
      });
    },

    async update(
      id: string,
      fields: Parsed<typeof IndicatorFields>,
      caller: Caller,
    ): Promise<Indicator> {
      return inTransaction(db, async (trx) => {
        await writablePlace(trx, id, caller);
        await trx
          .updateTable('sub_action_indicator')
          .set({
            description: fields.description,
            target: fields.target,
            unit: fields.unit,
            updated_at: sql<Date>`now()`,
            updated_by: caller.id,
          })
          .where('id', '=', id)
          .execute();
        return readOne(trx, id);
      });
    },

    /**
     * Deletes an indicator with its achievements, as a write of the lines; refused (409, naming
     * the quarter) while one of its quarters with an achievement is sent, verified or closed:
     * a reported quarter keeps what it reported.
     */
    async remove(id: string, caller: Caller): Promise<void> {
      await inTransaction(db, async (trx) => {
        const place = await writablePlace(trx, id, caller);
        const achieved = await trx
          .selectFrom('indicator_achievement')
          .select('quarter')
          .where('indicator_id', '=', id)
          .orderBy('quarter')
          .execute();
        for (const { quarter } of achieved) {
          const named = texts.quarter(quarterNumeral(quarter));
          await reports.enterMonth(
            trx,
            caller,
            { ...place, month: quarterEndMonth(quarter) },
            (month, status) => texts.quarterLocked(named, month, status),
          );
        }
        await trx.deleteFrom('sub_action_indicator').where('id', '=', id).execute();
      });
    },

    /**
     * A sub kegiatan's quarter, every indicator named at once: under the lock of the quarter's
     * last month, while that month is open to the unit (409 naming the quarter, the month and
     * its status); null clears an achievement.
     */
    async setAchievements(
      input: Parsed<typeof IndicatorAchievementInput>,
      caller: Caller,
    ): Promise<Indicator[]> {
      const quarter = texts.quarter(quarterNumeral(input.quarter));
      const lastMonth = quarterEndMonth(input.quarter);
      assertMonthBegun({ year: input.year, month: lastMonth }, today(), (month) => ({
        path: 'quarter',
        message: texts.quarterNotBegun(quarter, month),
      }));
      return inTransaction(db, async (trx) => {
        await reports.enterMonth(trx, caller, { ...input, month: lastMonth }, (month, status) =>
          texts.quarterLocked(quarter, month, status),
        );
        const ids = input.achievements.map((entry) => entry.indicator_id);
        const own = await trx
          .selectFrom('sub_action_indicator')
          .select('id')
          .where('id', 'in', ids)
          .where('sub_action_id', '=', input.sub_action_id)
          .where('year', '=', input.year)
          .execute();
        const owned = new Set(own.map((row) => row.id));
        const issues = input.achievements.flatMap((entry, index) =>
          owned.has(entry.indicator_id)
            ? []
            : [{ path: `achievements.${index}.indicator_id`, message: texts.notOfSubAction }],
        );
        if (issues.length > 0) throw issuesRefusal(issues);
        const place = { sub_action_id: input.sub_action_id, year: input.year };
        for (const entry of input.achievements) {
          if (entry.achievement === null) {
            await trx
              .deleteFrom('indicator_achievement')
              .where('indicator_id', '=', entry.indicator_id)
              .where('quarter', '=', input.quarter)
              .execute();
            continue;
          }
          const values = { achievement: entry.achievement, updated_by: caller.id };
          await trx
            .insertInto('indicator_achievement')
            .values({
              indicator_id: entry.indicator_id,
              ...place,
              quarter: input.quarter,
              ...values,
            })
            .onConflict((oc) =>
              oc
                .columns(['indicator_id', 'quarter'])
                .doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
            )
            .execute();
        }
        return listOf(trx, input.sub_action_id, input.year);
      });
    },

    /**
     * A unit's evaluation to a quarter: its sub kegiatan with lines or indicators in the year,
     * each with its pagu (its lines' total, as the monthly report reads it), the SP2D paid per
     * quarter and in all, and its indicators' targets and achievements.
     */
    async evaluation(query: Parsed<typeof EvaluationQuery>, caller: Caller): Promise<Evaluation> {
      const agencyId = await reports.unitAsked(query.agency_id, caller);
      const { year, quarter } = query;
      const quarters = QUARTERS.filter((q) => q <= quarter);
      const paidIn = quarters.map(
        (q) =>
          sql`sum(r.amount) filter (where r.month between ${q * 3 - 2} and ${q * 3}) as ${sql.ref(`q${q}`)}`,
      );
      const [agency, { rows }] = await Promise.all([
        db
          .selectFrom('agency')
          .select(['code', 'name'])
          .where('id', '=', agencyId)
          .executeTakeFirstOrThrow(),
        sql<
          Record<string, unknown> & {
            id: string;
            code: string | null;
            name: string;
            action_code: string | null;
            action_name: string;
            program_code: string | null;
            program_name: string;
            pagu: unknown;
          }
        >`
          with subs as (
            select s.id, s.code, s.name, a.code as action_code, a.name as action_name,
              p.code as program_code, p.name as program_name,
              (select sum(d.total_after_tax) from detail_program d
                where d.sub_action_id = s.id and d.year = ${year}) as pagu
            from sub_action s join action a on a.id = s.action_id
            join program p on p.id = a.program_id
            where p.agency_id = ${agencyId}
              and (exists (select 1 from detail_program d
                    where d.sub_action_id = s.id and d.year = ${year})
                or exists (select 1 from sub_action_indicator i
                    where i.sub_action_id = s.id and i.year = ${year})))
          select subs.*, x.* from subs cross join lateral (
            select ${sql.join(paidIn)} from sp2d r
            where r.sub_action_id = subs.id and r.year = ${year}
              and r.month <= ${quarterEndMonth(quarter)}) x
          order by subs.program_code nulls last, subs.program_name, subs.action_code nulls last,
            subs.action_name, subs.code nulls last, subs.name, subs.id`.execute(db),
      ]);
      const indicators = await indicatorsOf(
        db,
        rows.map((row) => row.id),
        year,
        quarter,
      );
      const money = (pagu: string, paid: string[]) => {
        const cumulative = paid.reduce((sum, amount) => sum + BigInt(amount), 0n).toString();
        return { pagu, quarters: paid, cumulative, pagu_tenths: paguShareTenths(cumulative, pagu) };
      };
      const subActions: EvaluationSubAction[] = rows.map((row) => ({
        program_code: row.program_code,
        program_name: row.program_name,
        action_code: row.action_code,
        action_name: row.action_name,
        sub_action_id: row.id,
        sub_action_code: row.code,
        sub_action_name: row.name,
        ...money(
          sumText(row.pagu),
          quarters.map((q) => sumText(row[`q${q}`])),
        ),
        indicators: (indicators.get(row.id) ?? []).map(({ sub_action_id, year, ...one }) => one),
      }));
      const sum = (pick: (row: EvaluationSubAction) => string) =>
        subActions.reduce((total, row) => total + BigInt(pick(row)), 0n).toString();
      return {
        agency_id: agencyId,
        agency_code: agency.code,
        agency_name: agency.name,
        year,
        quarter,
        sub_actions: subActions,
        totals: money(
          sum((row) => row.pagu),
          quarters.map((_, index) => sum((row) => row.quarters[index]!)),
        ),
      };
    },
  };
}

export type IndicatorService = ReturnType<typeof createIndicatorService>;
