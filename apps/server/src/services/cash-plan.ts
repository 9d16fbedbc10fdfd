import {
  CASH_PLAN_MONTHS,
  type CashPlanExportRow,
  type CashPlanGrid,
  type CashPlanImportBatch,
  type CashPlanImportResult,
  type CashPlanInput,
  type CashPlanRow,
  type CashPlanStatus,
  type FieldIssue,
  issuesRefusal,
  messagesId,
  scopeOf,
  type User,
} from '@ranwal/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  accountCodesUnder,
  type MonthColumn,
  monthColumns,
  monthlyPlan,
  unbalancedSubActions,
} from './cash-plan-rules.js';
import { createLockService } from './locks.js';
import { inTransaction, type Parsed, sumText } from './pagination.js';
import { readPlanningRules } from './planning-rules.js';
import { assertSubActionInScope, assertSubActionWritable } from './reports.js';
import { programmesWhere } from './scope.js';

const texts = messagesId.cashPlan;
const subActionMissing = () =>
  issuesRefusal([
    {
      path: 'sub_action_id',
      message: messagesId.server.recordNotFound(messagesId.levels.sub_action.label),
    },
  ]);
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;
type Months = number[];

const monthsOf = (row: Record<string, unknown>): string[] =>
  monthColumns.map((column) => sumText(row[column]));
const monthValues = (months: Months) =>
  Object.fromEntries(monthColumns.map((column, index) => [column, months[index] ?? 0])) as Record<
    MonthColumn,
    number
  >;
const sameMonths = (stored: string[], months: Months) =>
  stored.every((amount, index) => amount === String(months[index] ?? 0));

/** One sub kegiatan's plan as it is to be stored: its kode rekening and their months. */
interface PlannedSubAction {
  sub_action_id: string;
  year: number;
  rows: { account_code: string; months: Months; where: string }[];
}

/**
 * Anggaran Kas (issue 36): a sub kegiatan's twelve months per kode rekening, read beside its
 * lines' totals and saved whole. A plan is never rescaled when lines change: the grid shows the
 * new selisih. Whether it must balance is the region's rule (cash-plan-rules.ts).
 */
export function createCashPlanService(db: Kysely<Database>) {
  const locks = createLockService(db);

  async function gridOf(
    executor: Kysely<Database>,
    subActionId: string,
    year: number,
  ): Promise<CashPlanGrid> {
    const subAction = await executor
      .selectFrom('sub_action')
      .select(['id', 'code', 'name'])
      .where('id', '=', subActionId)
      .executeTakeFirst();
    if (!subAction) throw subActionMissing();
    const [lines, plan] = await Promise.all([
      sql<{ account_code: string; account_name: string; total: unknown }>`
        select a.code as account_code, min(a.name) as account_name,
          sum(d.total_after_tax) as total
        from detail_program d join account a on a.id = d.account_id
        where d.sub_action_id = ${subActionId} and d.year = ${year}
        group by a.code`.execute(executor),
      executor
        .selectFrom('cash_plan')
        .selectAll()
        .where('sub_action_id', '=', subActionId)
        .where('year', '=', year)
        .execute(),
    ]);
    const names = new Map(lines.rows.map((row) => [row.account_code, row.account_name]));
    const orphans = plan.map((row) => row.account_code).filter((code) => !names.has(code));
    if (orphans.length > 0) {
      const { rows } = await sql<{ code: string; name: string }>`
        select code, min(name) as name from account where code = any(${orphans}::text[])
        group by code`.execute(executor);
      for (const row of rows) names.set(row.code, row.name);
    }
    const linesTotals = new Map(lines.rows.map((row) => [row.account_code, sumText(row.total)]));
    const planned = new Map(plan.map((row) => [row.account_code, monthsOf(row)]));
    const codes = [...new Set([...linesTotals.keys(), ...planned.keys()])].sort();
    const monthTotals = Array.from({ length: CASH_PLAN_MONTHS }, () => 0n);
    let linesSum = 0n;
    let planSum = 0n;
    const rows: CashPlanRow[] = codes.map((code) => {
      const months = planned.get(code) ?? Array.from({ length: CASH_PLAN_MONTHS }, () => '0');
      const planTotal = months.reduce((sum, amount) => sum + BigInt(amount), 0n);
      const linesTotal = BigInt(linesTotals.get(code) ?? '0');
      months.forEach((amount, index) => {
        monthTotals[index] = (monthTotals[index] ?? 0n) + BigInt(amount);
      });
      linesSum += linesTotal;
      planSum += planTotal;
      return {
        account_code: code,
        account_name: names.get(code) ?? '',
        lines_total: linesTotal.toString(),
        months,
        plan_total: planTotal.toString(),
        selisih: (planTotal - linesTotal).toString(),
      };
    });
    return {
      sub_action_id: subAction.id,
      sub_action_code: subAction.code ?? null,
      sub_action_name: subAction.name,
      year,
      rows,
      month_totals: monthTotals.map(String),
      totals: {
        lines_total: linesSum.toString(),
        plan_total: planSum.toString(),
        selisih: (planSum - linesSum).toString(),
      },
    };
  }

  /**
   * Writes sub kegiatan's plans (each whole: a kode rekening not given is removed), refusing
   * every row naming a kode rekening that is neither under the sub kegiatan (its accounts, its
   * lines' of the year) nor in its plan, before anything is written. Unchanged rows are not touched (no history entry). Counts per kind.
   */
  async function write(
    trx: Kysely<Database>,
    plans: PlannedSubAction[],
    callerId: string,
    dryRun = false,
  ) {
    const counts = { created: 0, changed: 0, unchanged: 0, removed: 0 };
    if (plans.length === 0) return counts;
    const ids = plans.map((plan) => plan.sub_action_id);
    const years = plans.map((plan) => plan.year);
    const [usable, stored] = await Promise.all([
      // Its lines' kode rekening, those of the accounts under it, its plan's.
      accountCodesUnder(trx, plans),
      trx
        .selectFrom('cash_plan as c')
        .innerJoin(
          sql<{ sub_action_id: string; year: number }>`unnest(${ids}::uuid[], ${years}::int[])`.as(
            sql`k(sub_action_id, year)`,
          ),
          (join) =>
            join.onRef('k.sub_action_id', '=', 'c.sub_action_id').onRef('k.year', '=', 'c.year'),
        )
        .selectAll('c')
        .execute(),
    ]);
    const issues: FieldIssue[] = [];
    for (const plan of plans) {
      plan.rows.forEach((row, index) => {
        if (!usable.has(`${plan.sub_action_id}\u0000${row.account_code}`)) {
          issues.push({
            path: `rows.${index}.account_code`,
            message: texts.unknownAccount(row.where),
          });
        }
      });
    }
    if (issues.length > 0) throw issuesRefusal(issues);

    const storedOf = new Map(
      stored.map((row) => [`${row.sub_action_id}\u0000${row.account_code}`, monthsOf(row)]),
    );
    const upserts: { sub_action_id: string; year: number; account_code: string; months: Months }[] =
      [];
    const removals: { sub_action_id: string; year: number; account_code: string }[] = [];
    for (const plan of plans) {
      const given = new Set(plan.rows.map((row) => row.account_code));
      for (const row of stored) {
        if (row.sub_action_id === plan.sub_action_id && !given.has(row.account_code)) {
          removals.push({
            sub_action_id: plan.sub_action_id,
            year: plan.year,
            account_code: row.account_code,
          });
        }
      }
      for (const row of plan.rows) {
        const before = storedOf.get(`${plan.sub_action_id}\u0000${row.account_code}`);
        if (before && sameMonths(before, row.months)) {
          counts.unchanged += 1;
          continue;
        }
        if (before) counts.changed += 1;
        else counts.created += 1;
        upserts.push({
          sub_action_id: plan.sub_action_id,
          year: plan.year,
          account_code: row.account_code,
          months: row.months,
        });
      }
    }
    counts.removed = removals.length;
    if (dryRun) return counts;
    if (removals.length > 0) {
      await sql`delete from cash_plan c
        using unnest(${removals.map((row) => row.sub_action_id)}::uuid[],
          ${removals.map((row) => row.year)}::int[],
          ${removals.map((row) => row.account_code)}::text[]) as r(sub_action_id, year, account_code)
        where c.sub_action_id = r.sub_action_id and c.year = r.year
          and c.account_code = r.account_code`.execute(trx);
    }
    // Statements of at most 1000 rows: a kabupaten year is about 30 000.
    for (let start = 0; start < upserts.length; start += 1000) {
      const chunk = upserts.slice(start, start + 1000);
      const values = chunk.map((row) => ({
        sub_action_id: row.sub_action_id,
        year: row.year,
        account_code: row.account_code,
        ...monthValues(row.months),
        updated_by: callerId,
      }));
      await trx
        .insertInto('cash_plan')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['sub_action_id', 'year', 'account_code']).doUpdateSet((eb) => ({
            ...(Object.fromEntries(
              monthColumns.map((column) => [column, sql<number>`excluded.${sql.ref(column)}`]),
            ) as Record<MonthColumn, RawBuilder<number>>),
            updated_by: eb.ref('excluded.updated_by'),
            updated_at: sql<Date>`now()`,
          })),
        )
        .execute();
    }
    return counts;
  }

  return {
    /** The grid without a scope check, for a caller that has made it (verification). */
    gridOf: (subActionId: string, year: number) => gridOf(db, subActionId, year),

    async get(subActionId: string, year: number, caller: Caller): Promise<CashPlanGrid> {
      // A person with units reads the plans of their units only, as their lines.
      await assertSubActionInScope(db, caller, subActionId);
      return gridOf(db, subActionId, year);
    },

    /** Saves a sub kegiatan's whole grid where its lines may be written (scope, lock, stage). */
    async set(input: Parsed<typeof CashPlanInput>, caller: Caller): Promise<CashPlanGrid> {
      return inTransaction(db, async (trx) => {
        // A missing sub kegiatan 400, outside the scope 403, a verifier 403 (they write no plans).
        await assertSubActionWritable(trx, caller, input.sub_action_id);
        await locks.assertUnlocked(trx, caller, [
          { sub_action_id: input.sub_action_id, year: input.year },
        ]);
        await write(
          trx,
          [
            {
              sub_action_id: input.sub_action_id,
              year: input.year,
              rows: input.rows.map((row, index) => ({
                ...row,
                where: texts.rowName(index + 1, row.account_code),
              })),
            },
          ],
          caller.id,
        );
        return gridOf(trx, input.sub_action_id, input.year);
      });
    },

    async status(year: number, caller: Caller): Promise<CashPlanStatus> {
      const where = programmesWhere(scopeOf(caller), 'p.agency_id');
      const [rules, unbalanced, months] = await Promise.all([
        readPlanningRules(db),
        unbalancedSubActions(db, year, where),
        monthlyPlan(db, year, where),
      ]);
      return { year, cash_plan_required: rules.cash_plan_required, unbalanced, ...months };
    },

    /**
     * A year's plan from the SIPD layout. Sub kegiatan are found by code (one sub kegiatan per
     * code, else the row is refused); every row is checked before anything is written.
     */
    async import(
      batch: Parsed<typeof CashPlanImportBatch>,
      callerId: string,
    ): Promise<CashPlanImportResult> {
      return inTransaction(db, async (trx) => {
        const codes = [...new Set(batch.rows.map((row) => row.sub_action_code))];
        const { rows: found } = await sql<{ code: string; id: string }>`
          select code, id from sub_action where code = any(${codes}::text[])`.execute(trx);
        const idsByCode = new Map<string, string[]>();
        for (const row of found)
          idsByCode.set(row.code, [...(idsByCode.get(row.code) ?? []), row.id]);
        const issues: FieldIssue[] = [];
        const plans = new Map<string, PlannedSubAction>();
        batch.rows.forEach((row, index) => {
          const ids = idsByCode.get(row.sub_action_code) ?? [];
          if (ids.length !== 1) {
            issues.push({
              path: `rows.${index}.sub_action_code`,
              message: (ids.length === 0 ? texts.unknownSubAction : texts.ambiguousSubAction)(
                row.row,
                row.sub_action_code,
              ),
            });
            return;
          }
          const id = ids[0]!;
          const plan = plans.get(id) ?? { sub_action_id: id, year: batch.year, rows: [] };
          plan.rows.push({
            account_code: row.account_code,
            months: row.months,
            where: texts.rowName(row.row, row.account_code),
          });
          plans.set(id, plan);
        });
        if (issues.length > 0) throw issuesRefusal(issues);
        const counts = await write(trx, [...plans.values()], callerId, batch.dry_run);
        return { dry_run: batch.dry_run, sub_actions: plans.size, ...counts };
      });
    },

    /** A year's plan in the SIPD layout, by sub kegiatan code then kode rekening. */
    async export(year: number): Promise<CashPlanExportRow[]> {
      const rows = await db
        .selectFrom('cash_plan as c')
        .innerJoin('sub_action as s', 's.id', 'c.sub_action_id')
        .selectAll('c')
        .select('s.code as sub_action_code')
        .where('c.year', '=', year)
        .orderBy('s.code')
        .orderBy('c.account_code')
        .execute();
      return rows.map((row) => ({
        sub_action_code: row.sub_action_code ?? '',
        account_code: row.account_code,
        months: monthsOf(row),
      }));
    },
  };
}

export type CashPlanService = ReturnType<typeof createCashPlanService>;
