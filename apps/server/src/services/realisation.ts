import {
  AppError,
  CASH_PLAN_MONTHS,
  type FieldIssue,
  formatDateShortId,
  isMonthLate,
  issuesRefusal,
  type MonthlyReportStatus,
  messagesId,
  monthFigures,
  outsideScopeRefusal,
  progressFromWeighted,
  type RealisationGrid,
  type RealisationOverrun,
  type RealisationReasonInput,
  type RealisationRow,
  type RealisationSummary,
  type RealisationTrend,
  reachesProgramme,
  realisationMonths,
  type Sp2dImportBatch,
  type Sp2dImportResult,
  type Sp2dPayment,
  scopeOf,
  todayInRegion,
  type UnitSp2dDelete,
  type UnitSp2dInput,
  type User,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { createCashPlanService } from './cash-plan.js';
import { accountCodesUnder, monthColumns } from './cash-plan-rules.js';
import { openMonthOfSubAction } from './monthly-report.js';
import { inTransaction, type Parsed, readWithoutJit, sumText } from './pagination.js';
import { readDeviationThresholds, readPlanningRules } from './planning-rules.js';
import { assertSubActionInScope, assertSubActionWritable } from './reports.js';
import { programmesWhere } from './scope.js';

const texts = messagesId.realisation;
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;

/**
 * An import of a year's SP2D takes this transaction-level advisory lock (plus the year), so two
 * imports of the same sheet never both find an SP2D missing and both write it.
 */
const SP2D_IMPORT_LOCK = 7_265_437_000;

/** Rows per insert statement: nine arrays, so the statement's size does not grow with them. */
const INSERT_CHUNK = 20_000;

const key = (subActionId: string, code: string) => `${subActionId}\u0000${code}`;

/** A dry run's answer, thrown out of its transaction so that what it wrote is rolled back. */
class DryRun extends Error {
  constructor(readonly result: Sp2dImportResult) {
    super('dry run');
  }
}

/** One SP2D row as stored, in a form two readings of the same SP2D compare equal in. */
interface StoredRow {
  date: string;
  sub_action_id: string;
  account_code: string;
  funding_source_id: string | null;
  amount: string;
}
const signature = (rows: StoredRow[]) =>
  rows
    .map((row) =>
      [row.date, row.sub_action_id, row.account_code, row.funding_source_id ?? '', row.amount].join(
        '\u0000',
      ),
    )
    .sort()
    .join('\n');

/**
 * Realisasi keuangan (issue 37): the paid orders (SP2D) of the finance system per sub kegiatan ×
 * kode rekening, read month by month against the Anggaran Kas. Realisation is what was paid, so
 * an SP2D above a kode rekening's lines is kept, and the unit is asked for its reason. `today`
 * is the region's date (ISO): an SP2D the unit records is dated no later.
 */
export function createRealisationService(
  db: Kysely<Database>,
  today: () => string = () => todayInRegion(),
) {
  /** Each (sub kegiatan, kode rekening) given whose realisation of the year exceeds its lines. */
  async function overrunsOf(
    executor: Kysely<Database>,
    year: number,
    places: readonly { sub_action_id: string; account_code: string }[],
  ): Promise<RealisationOverrun[]> {
    if (places.length === 0) return [];
    const { rows } = await sql<{
      sub_action_id: string;
      sub_action_code: string | null;
      account_code: string;
      lines_total: unknown;
      realised: unknown;
      reason: string | null;
    }>`
      with k(sub_action_id, account_code) as (
        select distinct * from unnest(${places.map((place) => place.sub_action_id)}::uuid[],
          ${places.map((place) => place.account_code)}::text[])),
      paid as (
        select r.sub_action_id, r.account_code, sum(r.amount) as realised
        from sp2d r join k using (sub_action_id, account_code)
        where r.year = ${year} group by 1, 2),
      lines as (
        select d.sub_action_id, a.code as account_code, sum(d.total_after_tax) as total
        from detail_program d join account a on a.id = d.account_id
        join k on k.sub_action_id = d.sub_action_id and k.account_code = a.code
        where d.year = ${year} group by 1, 2)
      select paid.sub_action_id, s.code as sub_action_code, paid.account_code,
        coalesce(lines.total, 0) as lines_total, paid.realised, rr.reason
      from paid join sub_action s on s.id = paid.sub_action_id
      left join lines using (sub_action_id, account_code)
      left join realisation_reason rr on rr.sub_action_id = paid.sub_action_id
        and rr.year = ${year} and rr.account_code = paid.account_code
      where paid.realised > coalesce(lines.total, 0)
      order by s.code, paid.account_code`.execute(executor);
    return rows.map((row) => ({
      sub_action_id: row.sub_action_id,
      sub_action_code: row.sub_action_code,
      account_code: row.account_code,
      lines_total: sumText(row.lines_total),
      realised: sumText(row.realised),
      reason: row.reason,
    }));
  }

  async function gridOf(
    executor: Kysely<Database>,
    subActionId: string,
    year: number,
  ): Promise<RealisationGrid> {
    const [plan, paid, reasons, payments, rules] = await Promise.all([
      // Read on the same executor: inside a transaction, the plan as that transaction sees it.
      createCashPlanService(executor).gridOf(subActionId, year),
      sql<{ account_code: string; month: number; amount: unknown }>`
        select account_code, month, sum(amount) as amount from sp2d
        where sub_action_id = ${subActionId} and year = ${year}
        group by account_code, month`.execute(executor),
      executor
        .selectFrom('realisation_reason')
        .select(['account_code', 'reason'])
        .where('sub_action_id', '=', subActionId)
        .where('year', '=', year)
        .execute(),
      sql<Omit<Sp2dPayment, 'amount'> & { amount: unknown }>`
        select r.sp2d_number, to_char(r.sp2d_date, 'YYYY-MM-DD') as date, r.account_code,
          r.funding_source_id::text, f.name as funding_source_name, r.amount, r.entered_by_unit
        from sp2d r left join funding_source f on f.id = r.funding_source_id
        where r.sub_action_id = ${subActionId} and r.year = ${year}
        order by r.sp2d_date, r.sp2d_number, r.account_code`.execute(executor),
      readPlanningRules(executor),
    ]);
    const realisedOf = new Map<string, bigint[]>();
    for (const row of paid.rows) {
      const months =
        realisedOf.get(row.account_code) ?? Array.from({ length: CASH_PLAN_MONTHS }, () => 0n);
      months[row.month - 1] = BigInt(sumText(row.amount));
      realisedOf.set(row.account_code, months);
    }
    const names = new Map(plan.rows.map((row) => [row.account_code, row.account_name]));
    const unnamed = [...realisedOf.keys()].filter((code) => !names.has(code));
    if (unnamed.length > 0) {
      const { rows } = await sql<{ code: string; name: string }>`
        select code, min(name) as name from account where code = any(${unnamed}::text[])
        group by code`.execute(executor);
      for (const row of rows) names.set(row.code, row.name);
    }
    const reasonOf = new Map(reasons.map((row) => [row.account_code, row.reason]));
    const planOf = new Map(plan.rows.map((row) => [row.account_code, row]));
    const codes = [...new Set([...planOf.keys(), ...realisedOf.keys()])].sort();
    const zeros = () => Array.from({ length: CASH_PLAN_MONTHS }, () => '0');
    const rows: RealisationRow[] = codes.map((code) => {
      const planned = planOf.get(code);
      const realised = (realisedOf.get(code) ?? []).map(String);
      const months = realised.length > 0 ? realised : zeros();
      const total = months.reduce((sum, amount) => sum + BigInt(amount), 0n);
      const linesTotal = planned?.lines_total ?? '0';
      return {
        account_code: code,
        account_name: names.get(code) ?? '',
        lines_total: linesTotal,
        planned: planned?.months ?? zeros(),
        realised: months,
        realised_total: total.toString(),
        overrun: total > BigInt(linesTotal),
        reason: reasonOf.get(code) ?? null,
      };
    });
    const monthSums = (pick: (row: RealisationRow) => string[]) =>
      Array.from({ length: CASH_PLAN_MONTHS }, (_, month) =>
        rows.reduce((sum, row) => sum + BigInt(pick(row)[month] ?? '0'), 0n).toString(),
      );
    const realisedMonths = monthSums((row) => row.realised);
    return {
      sub_action_id: plan.sub_action_id,
      sub_action_code: plan.sub_action_code,
      sub_action_name: plan.sub_action_name,
      year,
      rows,
      months: realisationMonths(plan.month_totals, realisedMonths),
      totals: {
        lines_total: plan.totals.lines_total,
        planned: plan.totals.plan_total,
        realised: realisedMonths.reduce((sum, amount) => sum + BigInt(amount), 0n).toString(),
      },
      payments: payments.rows.map((row) => ({ ...row, amount: sumText(row.amount) })),
      units_enter_sp2d: rules.units_enter_sp2d,
    };
  }

  /**
   * Who may record SP2D for a sub kegiatan: where its lines may be written (scope; a verifier
   * never), and a planner only where the region lets units record them.
   */
  async function assertMayRecord(trx: Kysely<Database>, caller: Caller, subActionId: string) {
    await assertSubActionWritable(trx, caller, subActionId);
    if (caller.role !== 'admin' && !(await readPlanningRules(trx)).units_enter_sp2d) {
      throw new AppError('conflict', texts.entry.notAllowed);
    }
  }

  /**
   * The rows stored under an SP2D number of the year, refused unless they are this sub
   * kegiatan's and the unit's own; their months are taken and must be open to the unit.
   */
  async function ownRowsOf(
    trx: Kysely<Database>,
    input: { sub_action_id: string; year: number; sp2d_number: string },
  ) {
    const rows = await trx
      .selectFrom('sp2d')
      .select(['sub_action_id', 'month', 'entered_by_unit'])
      .where('year', '=', input.year)
      .where('sp2d_number', '=', input.sp2d_number)
      .execute();
    const refuse = (message: string) => issuesRefusal([{ path: 'sp2d_number', message }]);
    if (rows.some((row) => row.sub_action_id !== input.sub_action_id)) {
      throw refuse(texts.entry.otherSubAction(input.sp2d_number));
    }
    if (rows.some((row) => !row.entered_by_unit)) {
      throw refuse(texts.entry.loadedNumber(input.sp2d_number));
    }
    return rows;
  }

  /**
   * Takes the months a change of the unit's SP2D touches (each must be open to the unit), in
   * order, so two changes crossing months cannot wait on each other; then removes what is
   * stored under its number.
   */
  async function clearOwn(
    trx: Kysely<Database>,
    input: { sub_action_id: string; year: number; sp2d_number: string },
    months: number[],
  ) {
    for (const taken of [...new Set(months)].sort((a, b) => a - b)) {
      await openMonthOfSubAction(trx, input.sub_action_id, input.year, taken);
    }
    await trx
      .deleteFrom('sp2d')
      .where('year', '=', input.year)
      .where('sp2d_number', '=', input.sp2d_number)
      .execute();
  }

  return {
    /**
     * The year to `month` per Perangkat Daerah of the caller's scope: lines, the Anggaran Kas of
     * months 1..month, the SP2D paid in them; the most lagging first. `day` (an ISO date in the
     * region) says which months are late; the service's today by default.
     */
    async summary(
      year: number,
      month: number,
      caller: Caller,
      day: string = today(),
    ): Promise<RealisationSummary> {
      const thresholds = await readDeviationThresholds(db);
      const where = programmesWhere(scopeOf(caller), 'p.agency_id');
      const plannedSoFar = sql.raw(
        monthColumns
          .slice(0, month)
          .map((column) => `c.${column}`)
          .join(' + '),
      );
      const query = sql<{
        agency_id: string | null;
        agency_code: string | null;
        agency_name: string | null;
        lines_total: unknown;
        planned: unknown;
        realised: unknown;
        progress_weighted: unknown;
        report_status: MonthlyReportStatus | null;
      }>`
        with scoped as (
          select s.id as sub_action_id, p.agency_id
          from sub_action s join action a on a.id = s.action_id
          join program p on p.id = a.program_id
          where ${where}),
        sub_lines as (
          select sc.agency_id, d.sub_action_id, sum(d.total_after_tax) as total
          from detail_program d join scoped sc on sc.sub_action_id = d.sub_action_id
          where d.year = ${year} group by 1, 2),
        lines as (select agency_id, sum(total) as total from sub_lines group by 1),
        -- Each sub kegiatan's progress as last reported by the month, weighed by its lines.
        progress as (
          select distinct on (f.sub_action_id) f.sub_action_id, f.progress_tenths
          from physical_progress f join scoped sc on sc.sub_action_id = f.sub_action_id
          where f.year = ${year} and f.month <= ${month}
          order by f.sub_action_id, f.month desc),
        weighted as (
          select l.agency_id, sum(l.total * pr.progress_tenths) as total
          from sub_lines l join progress pr using (sub_action_id) group by 1),
        planned as (
          select sc.agency_id, sum(${plannedSoFar}) as total
          from cash_plan c join scoped sc on sc.sub_action_id = c.sub_action_id
          where c.year = ${year} group by 1),
        -- The SP2D summed per sub kegiatan and month as they are written (migration 0038).
        paid as (
          select sc.agency_id, sum(r.amount) as total
          from sp2d_month_total r join scoped sc on sc.sub_action_id = r.sub_action_id
          where r.year = ${year} and r.month <= ${month} group by 1),
        -- A unit whose month is verified or closed counts with the figures it was frozen with.
        frozen as (
          select fz.agency_id, sum(fz.lines_total) as lines, sum(fz.planned_cumulative) as planned,
            sum(fz.realised_cumulative) as realised,
            sum(fz.lines_total * fz.progress_tenths) as weighted
          from monthly_report_figure fz join scoped sc on sc.sub_action_id = fz.sub_action_id
          where fz.year = ${year} and fz.month = ${month} group by 1),
        units as (
          select agency_id from lines union select agency_id from planned
          union select agency_id from paid union select agency_id from frozen)
        select u.agency_id, ag.code as agency_code, ag.name as agency_name,
          case when frozen.agency_id is null then coalesce(lines.total, 0)
            else frozen.lines end as lines_total,
          case when frozen.agency_id is null then coalesce(planned.total, 0)
            else frozen.planned end as planned,
          case when frozen.agency_id is null then coalesce(paid.total, 0)
            else frozen.realised end as realised,
          case when frozen.agency_id is null then coalesce(weighted.total, 0)
            else frozen.weighted end as progress_weighted,
          case when u.agency_id is null then null else coalesce(mr.status, 'draft') end
            as report_status
        from units u left join agency ag on ag.id = u.agency_id
        left join weighted on weighted.agency_id is not distinct from u.agency_id
        left join monthly_report mr on mr.agency_id = u.agency_id and mr.year = ${year}
          and mr.month = ${month}
        left join lines on lines.agency_id is not distinct from u.agency_id
        left join planned on planned.agency_id is not distinct from u.agency_id
        left join paid on paid.agency_id is not distinct from u.agency_id
        left join frozen on frozen.agency_id = u.agency_id`;
      const { rows } = await readWithoutJit(db, (trx) => query.execute(trx));
      const weightedOf = new Map<string, bigint>();
      const units = rows.map((row) => {
        const planned = sumText(row.planned);
        const realised = sumText(row.realised);
        const linesTotal = sumText(row.lines_total);
        const weighted = BigInt(sumText(row.progress_weighted));
        weightedOf.set(row.agency_id ?? '', weighted);
        return {
          agency_id: row.agency_id,
          agency_code: row.agency_code,
          agency_name: row.agency_name,
          ...monthFigures(
            { lines_total: linesTotal, planned_cumulative: planned, realised_cumulative: realised },
            progressFromWeighted(weighted, linesTotal),
            thresholds,
          ),
          report_status: row.report_status,
          late: row.report_status !== null && isMonthLate(row.report_status, year, month, day),
        };
      });
      // The most lagging first; nothing planned yet last; then by code and name.
      units.sort(
        (a, b) =>
          (a.achievement_tenths ?? Number.POSITIVE_INFINITY) -
            (b.achievement_tenths ?? Number.POSITIVE_INFINITY) ||
          (a.agency_code ?? '\uffff').localeCompare(b.agency_code ?? '\uffff') ||
          (a.agency_name ?? '').localeCompare(b.agency_name ?? ''),
      );
      const sum = (pick: (unit: (typeof units)[number]) => string) =>
        units.reduce((total, unit) => total + BigInt(pick(unit)), 0n).toString();
      const planned = sum((unit) => unit.planned_cumulative);
      const realised = sum((unit) => unit.realised_cumulative);
      const linesTotal = sum((unit) => unit.lines_total);
      const progress = progressFromWeighted(
        [...weightedOf.values()].reduce((total, value) => total + value, 0n),
        linesTotal,
      );
      return {
        year,
        month,
        thresholds,
        units,
        totals: monthFigures(
          { lines_total: linesTotal, planned_cumulative: planned, realised_cumulative: realised },
          progress,
          thresholds,
        ),
      };
    },

    async get(subActionId: string, year: number, caller: Caller): Promise<RealisationGrid> {
      // A person with units reads the realisation of their units only, as their lines.
      await assertSubActionInScope(db, caller, subActionId);
      return gridOf(db, subActionId, year);
    },

    /**
     * A sheet of SP2D: sub kegiatan found by code (one per code), kode rekening among those the
     * sub kegiatan may plan, sumber dana by code; every row checked before anything is written.
     * Each SP2D number given is replaced whole; the same sheet again changes nothing.
     */
    async import(
      batch: Parsed<typeof Sp2dImportBatch>,
      callerId: string,
    ): Promise<Sp2dImportResult> {
      try {
        return await inTransaction(db, (trx) => importSheet(trx, batch, callerId));
      } catch (error) {
        if (error instanceof DryRun) return error.result;
        throw error;
      }
    },

    /**
     * The year month by month for one unit (or the caller's whole scope): the running plan and
     * payments, and progress weighted by money as each sub kegiatan last reported it by then.
     * Read live, frozen months included: the trend is what the finance system holds now.
     */
    async trend(
      year: number,
      agencyId: string | undefined,
      caller: Caller,
    ): Promise<RealisationTrend> {
      const scope = scopeOf(caller);
      if (agencyId !== undefined && !reachesProgramme(scope, agencyId)) {
        throw outsideScopeRefusal(scope);
      }
      const thresholds = await readDeviationThresholds(db);
      const where = programmesWhere(scope, 'p.agency_id');
      const unit = agencyId === undefined ? sql`` : sql`and p.agency_id = ${agencyId}`;
      const plannedMonths = sql.raw(
        monthColumns.map((column, at) => `sum(c.${column}) as m${at + 1}`).join(', '),
      );
      const query = sql<{
        month: number;
        lines_total: unknown;
        planned: unknown;
        realised: unknown;
        weighted: unknown;
      }>`
        with scoped as (
          select s.id as sub_action_id
          from sub_action s join action a on a.id = s.action_id
          join program p on p.id = a.program_id
          where ${where} ${unit}),
        sub_lines as (
          select d.sub_action_id, sum(d.total_after_tax) as total
          from detail_program d join scoped sc on sc.sub_action_id = d.sub_action_id
          where d.year = ${year} group by 1),
        -- Read once, not once per month: each is used in a per-month subquery below.
        planned_months as materialized (
          select ${plannedMonths}
          from cash_plan c join scoped sc on sc.sub_action_id = c.sub_action_id
          where c.year = ${year}),
        paid as materialized (
          select r.month, sum(r.amount) as total
          from sp2d_month_total r join scoped sc on sc.sub_action_id = r.sub_action_id
          where r.year = ${year} group by 1),
        months as (select generate_series(1, 12) as month),
        -- Each entry changes its sub kegiatan's weight from its month on by (this progress - the
        -- one before) × its lines: the month's weighted progress is the running sum of those
        -- changes. One pass over the entries, not a join of every month with every entry (a
        -- kabupaten's year: 372 ms, and 1 s as a lookup per sub kegiatan and month before that).
        steps as (
          select f.month, l.total * (f.progress_tenths - coalesce(lag(f.progress_tenths)
            over (partition by f.sub_action_id order by f.month), 0)) as change
          from physical_progress f join sub_lines l on l.sub_action_id = f.sub_action_id
          where f.year = ${year}),
        changes as materialized (select month, sum(change) as change from steps group by 1)
        select m.month,
          (select coalesce(sum(total), 0) from sub_lines) as lines_total,
          (select coalesce(${sql.raw(
            monthColumns
              .map(
                (_, at) =>
                  `case when m.month >= ${at + 1} then coalesce(pm.m${at + 1}, 0) else 0 end`,
              )
              .join(' + '),
          )}, 0) from planned_months pm) as planned,
          (select coalesce(sum(total), 0) from paid where paid.month <= m.month) as realised,
          (select coalesce(sum(change), 0) from changes where changes.month <= m.month) as weighted
        from months m
        order by m.month`;
      const { rows } = await readWithoutJit(db, (trx) => query.execute(trx));
      return {
        year,
        agency_id: agencyId ?? null,
        thresholds,
        months: rows.map((row) => {
          const linesTotal = sumText(row.lines_total);
          return {
            month: row.month,
            ...monthFigures(
              {
                lines_total: linesTotal,
                planned_cumulative: sumText(row.planned),
                realised_cumulative: sumText(row.realised),
              },
              progressFromWeighted(BigInt(sumText(row.weighted)), linesTotal),
              thresholds,
            ),
          };
        }),
      };
    },

    /**
     * An SP2D the unit records itself (one kode rekening per number), dated by today: its month,
     * and the month it moves from when it replaces one, must be open to the unit; the kode
     * rekening one the sub kegiatan plans.
     */
    async recordSp2d(
      input: Parsed<typeof UnitSp2dInput>,
      caller: Caller,
    ): Promise<RealisationGrid> {
      return inTransaction(db, async (trx) => {
        await assertMayRecord(trx, caller, input.sub_action_id);
        const issues: FieldIssue[] = [];
        const day = today();
        if (Number(input.date.slice(0, 4)) !== input.year) {
          issues.push({ path: 'date', message: texts.otherYear(input.year) });
        } else if (input.date > day) {
          issues.push({ path: 'date', message: texts.afterToday(formatDateShortId(day)) });
        }
        const usable = await accountCodesUnder(trx, [input]);
        if (!usable.has(key(input.sub_action_id, input.account_code))) {
          issues.push({ path: 'account_code', message: texts.unknownAccount(input.account_code) });
        }
        if (input.funding_source_id) {
          const source = await trx
            .selectFrom('funding_source')
            .select('id')
            .where('id', '=', input.funding_source_id)
            .executeTakeFirst();
          if (!source) {
            issues.push({ path: 'funding_source_id', message: texts.entry.unknownFundingSource });
          }
        }
        if (issues.length > 0) throw issuesRefusal(issues);
        const before = await ownRowsOf(trx, input);
        const month = Number(input.date.slice(5, 7));
        await clearOwn(trx, input, [month, ...before.map((row) => row.month)]);
        await trx
          .insertInto('sp2d')
          .values({
            year: input.year,
            sp2d_number: input.sp2d_number,
            sp2d_date: input.date,
            month,
            sub_action_id: input.sub_action_id,
            account_code: input.account_code,
            funding_source_id: input.funding_source_id ?? null,
            amount: input.amount,
            entered_by_unit: true,
            updated_by: caller.id,
          })
          .execute();
        return gridOf(trx, input.sub_action_id, input.year);
      });
    },

    /** Takes back an SP2D the unit recorded, while its month is open to the unit. */
    async deleteSp2d(
      input: Parsed<typeof UnitSp2dDelete>,
      caller: Caller,
    ): Promise<RealisationGrid> {
      return inTransaction(db, async (trx) => {
        await assertMayRecord(trx, caller, input.sub_action_id);
        const before = await ownRowsOf(trx, input);
        if (before.length === 0)
          throw new AppError('not_found', texts.entry.notFound(input.sp2d_number));
        await clearOwn(
          trx,
          input,
          before.map((row) => row.month),
        );
        return gridOf(trx, input.sub_action_id, input.year);
      });
    },

    /** The unit's reason for an overrun, where its lines may be written (scope; not a verifier). */
    async reason(
      input: Parsed<typeof RealisationReasonInput>,
      caller: Caller,
    ): Promise<RealisationGrid> {
      return inTransaction(db, async (trx) => {
        await assertSubActionWritable(trx, caller, input.sub_action_id);
        if (input.reason === '') {
          await trx
            .deleteFrom('realisation_reason')
            .where('sub_action_id', '=', input.sub_action_id)
            .where('year', '=', input.year)
            .where('account_code', '=', input.account_code)
            .execute();
          return gridOf(trx, input.sub_action_id, input.year);
        }
        const [over] = await overrunsOf(trx, input.year, [input]);
        if (!over) {
          throw issuesRefusal([
            { path: 'reason', message: texts.reasonNotOver(input.account_code) },
          ]);
        }
        await trx
          .insertInto('realisation_reason')
          .values({
            sub_action_id: input.sub_action_id,
            year: input.year,
            account_code: input.account_code,
            reason: input.reason,
            updated_by: caller.id,
          })
          .onConflict((oc) =>
            oc.columns(['sub_action_id', 'year', 'account_code']).doUpdateSet((eb) => ({
              reason: eb.ref('excluded.reason'),
              updated_by: eb.ref('excluded.updated_by'),
              updated_at: sql<Date>`now()`,
            })),
          )
          .execute();
        return gridOf(trx, input.sub_action_id, input.year);
      });
    },
  };

  async function importSheet(
    trx: Kysely<Database>,
    batch: Parsed<typeof Sp2dImportBatch>,
    callerId: string,
  ): Promise<Sp2dImportResult> {
    await sql`select pg_advisory_xact_lock(${SP2D_IMPORT_LOCK + batch.year})`.execute(trx);
    const subActionCodes = [...new Set(batch.rows.map((row) => row.sub_action_code))];
    const sourceCodes = [
      ...new Set(
        batch.rows.flatMap((row) => (row.funding_source_code ? [row.funding_source_code] : [])),
      ),
    ];
    const [subActions, sources] = await Promise.all([
      sql<{ code: string; id: string }>`
        select code, id from sub_action where code = any(${subActionCodes}::text[])`.execute(trx),
      sql<{ code: string; id: string }>`
        select code, id from funding_source where code = any(${sourceCodes}::text[])`.execute(trx),
    ]);
    const idsByCode = new Map<string, string[]>();
    for (const row of subActions.rows) {
      const ids = idsByCode.get(row.code);
      if (ids) ids.push(row.id);
      else idsByCode.set(row.code, [row.id]);
    }
    const sourceOf = new Map(sources.rows.map((row) => [row.code, row.id]));
    const issues: FieldIssue[] = [];
    const problem = (index: number, field: string, column: string, message: string) =>
      issues.push({
        path: `rows.${index}.${field}`,
        message: texts.rowProblem(batch.rows[index]?.row ?? index + 1, column, message),
      });
    const resolved: (StoredRow & { sp2d_number: string })[] = [];
    batch.rows.forEach((row, index) => {
      const ids = idsByCode.get(row.sub_action_code) ?? [];
      if (ids.length !== 1) {
        problem(
          index,
          'sub_action_code',
          texts.columns.subAction,
          (ids.length === 0 ? texts.unknownSubAction : texts.ambiguousSubAction)(
            row.sub_action_code,
          ),
        );
        return;
      }
      const source = row.funding_source_code ? sourceOf.get(row.funding_source_code) : null;
      if (source === undefined) {
        problem(
          index,
          'funding_source_code',
          texts.columns.fundingSource,
          texts.unknownFundingSource(row.funding_source_code ?? ''),
        );
      }
      resolved[index] = {
        sp2d_number: row.sp2d_number,
        date: row.date,
        sub_action_id: ids[0]!,
        account_code: row.account_code,
        funding_source_id: source ?? null,
        amount: String(row.amount),
      };
    });
    const places = [...new Set(resolved.filter(Boolean).map((row) => row.sub_action_id))].map(
      (id) => ({ sub_action_id: id, year: batch.year }),
    );
    const usable = await accountCodesUnder(trx, places);
    resolved.forEach((row, index) => {
      if (row && !usable.has(key(row.sub_action_id, row.account_code))) {
        problem(
          index,
          'account_code',
          texts.columns.account,
          texts.unknownAccount(row.account_code),
        );
      }
    });
    if (issues.length > 0) throw issuesRefusal(issues);

    // What is stored under the sheet's SP2D numbers, to tell new, changed and unchanged apart.
    const numbers = [...new Set(resolved.map((row) => row.sp2d_number))];
    const { rows: stored } = await sql<StoredRow & { sp2d_number: string }>`
      select sp2d_number, to_char(sp2d_date, 'YYYY-MM-DD') as date, sub_action_id::text,
        account_code, funding_source_id::text, amount::text
      from sp2d where year = ${batch.year} and sp2d_number = any(${numbers}::text[])`.execute(trx);
    const group = <T extends { sp2d_number: string }>(rows: T[]) => {
      const groups = new Map<string, T[]>();
      for (const row of rows) {
        const rowsOfNumber = groups.get(row.sp2d_number);
        if (rowsOfNumber) rowsOfNumber.push(row);
        else groups.set(row.sp2d_number, [row]);
      }
      return groups;
    };
    const storedBy = group(stored);
    const givenBy = group(resolved);
    const counts = { created: 0, changed: 0, unchanged: 0 };
    const replaced: string[] = [];
    const written: (StoredRow & { sp2d_number: string })[] = [];
    for (const [number, rows] of givenBy) {
      const before = storedBy.get(number);
      if (before && signature(before) === signature(rows)) {
        counts.unchanged += 1;
        continue;
      }
      if (before) {
        counts.changed += 1;
        replaced.push(number);
      } else {
        counts.created += 1;
      }
      written.push(...rows);
    }
    if (replaced.length > 0) {
      await sql`delete from sp2d where year = ${batch.year}
        and sp2d_number = any(${replaced}::text[])`.execute(trx);
    }
    for (let start = 0; start < written.length; start += INSERT_CHUNK) {
      const chunk = written.slice(start, start + INSERT_CHUNK);
      const column = <K extends keyof (typeof chunk)[number]>(name: K) =>
        chunk.map((row) => row[name]);
      await sql`
        insert into sp2d (year, sp2d_number, sp2d_date, month, sub_action_id, account_code,
          funding_source_id, amount, updated_by)
        select ${batch.year}, n, d, extract(month from d)::smallint, s, a, f, v, ${callerId}::uuid
        from unnest(${column('sp2d_number')}::text[], ${column('date')}::date[],
          ${column('sub_action_id')}::uuid[], ${column('account_code')}::text[],
          ${column('funding_source_id')}::uuid[], ${column('amount')}::bigint[])
          as r(n, d, s, a, f, v)`.execute(trx);
    }
    // Every place the sheet names, written now or before: the admin sees what still needs a reason.
    const touched = new Map(
      resolved.map((row) => [
        key(row.sub_action_id, row.account_code),
        { sub_action_id: row.sub_action_id, account_code: row.account_code },
      ]),
    );
    const result: Sp2dImportResult = {
      dry_run: batch.dry_run,
      sp2d: givenBy.size,
      ...counts,
      rows: batch.rows.length,
      amount: batch.rows.reduce((sum, row) => sum + BigInt(row.amount), 0n).toString(),
      overruns: await overrunsOf(trx, batch.year, [...touched.values()]),
    };
    if (batch.dry_run) throw new DryRun(result);
    return result;
  }
}

export type RealisationService = ReturnType<typeof createRealisationService>;
