import {
  AppError,
  type DeviationThresholds,
  formatTenths,
  hasMonthBegun,
  isMonthEditable,
  isMonthLate,
  issuesRefusal,
  type MonthlyReport,
  type MonthlyReportClose,
  type MonthlyReportCloseResult,
  type MonthlyReportCopyResult,
  type MonthlyReportKey,
  type MonthlyReportQuery,
  type MonthlyReportReview,
  type MonthlyReportStatus,
  type MonthlyReportSubAction,
  messagesId,
  monthFigures,
  monthLevels,
  monthlyReportDueDate,
  monthOfYear,
  type NotificationKind,
  outsideScopeRefusal,
  type PhysicalProgressInput,
  plannedProgressTenths,
  reachesProgramme,
  refusals,
  scopeOf,
  todayInRegion,
  type User,
  weightedProgressTenths,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { monthColumns } from './cash-plan-rules.js';
import { inTransaction, type Parsed, readWithoutJit, sumText } from './pagination.js';
import { readDeviationThresholds } from './planning-rules.js';
import { assertSubActionWritable } from './reports.js';

const texts = messagesId.monthlyReport;
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;
type Key = Parsed<typeof MonthlyReportKey>;

/**
 * Every change to a unit's month (an entry, a send, a review, a close) takes this
 * transaction-level advisory lock on (unit, year, month) first: an entry racing a send, or a
 * send racing a close, through any number of server processes, happens one after the other.
 */
const MONTH_LOCK = 7_265_438;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
/** A list of codes for a message: the first few, then how many more. */
const someOf = (codes: string[]) =>
  codes.length <= 5 ? codes.join(', ') : `${codes.slice(0, 5).join(', ')}, …`;

const conflict = (message: string) => new AppError('conflict', message);

/** A unit's month as the columns of `monthly_report` and `monthly_report_figure` name it. */
const sameMonth = (key: Key) => ({ agency_id: key.agency_id, year: key.year, month: key.month });

/**
 * Tells the unit's people of `roles` about its month, leaving out `actor` (who did it; null for
 * the server's own reminders); answers how many were told. A reminder told before is not told
 * again (the unique index of migration 0035).
 */
export async function tellUnit(
  executor: Kysely<Database>,
  key: Key,
  kind: Extract<NotificationKind, `month_${string}`>,
  roles: readonly ('user' | 'verifier')[],
  actor: string | null,
): Promise<number> {
  const { numAffectedRows } = await sql`
    insert into notification (user_id, kind, agency_id, year, month, actor_id)
    select ua.user_id, ${kind}, ${key.agency_id}::uuid, ${key.year}::integer,
      ${key.month}::smallint, ${actor}::uuid
    from user_agency ua join app_user u on u.id = ua.user_id
    where ua.agency_id = ${key.agency_id} and u.role in (${sql.join([...roles])})
      ${actor === null ? sql`` : sql`and ua.user_id <> ${actor}`}
    on conflict do nothing`.execute(executor);
  return Number(numAffectedRows ?? 0);
}

async function lock(trx: Kysely<Database>, key: Key) {
  await sql`select pg_advisory_xact_lock(${MONTH_LOCK},
    hashtext(${`${key.agency_id}/${key.year}/${key.month}`}))`.execute(trx);
}

async function statusOf(executor: Kysely<Database>, key: Key): Promise<MonthlyReportStatus> {
  const row = await executor
    .selectFrom('monthly_report')
    .select('status')
    .where((eb) => eb.and(sameMonth(key)))
    .executeTakeFirst();
  return row?.status ?? 'draft';
}

/**
 * Refuses a change to a month not open to the unit (409, naming the month and its status;
 * `refusal` words it for what the change is).
 */
async function assertEditable(trx: Kysely<Database>, key: Key, refusal = texts.locked) {
  const status = await statusOf(trx, key);
  if (!isMonthEditable(status)) {
    throw conflict(refusal(monthOfYear(key.month, key.year), texts.statuses[status]));
  }
}

/**
 * Refuses an entry for a month that has not begun on `today` (the region's date, ISO): 400,
 * naming the month, on `month` (progress, a photo), or on the field and in the words `refusal`
 * gives (a quarter's achievement). Nothing of the month is read or written before it.
 */
export function assertMonthBegun(
  place: { year: number; month: number },
  today: string,
  refusal: (month: string) => { path: string; message: string } = (month) => ({
    path: 'month',
    message: texts.notBegun(month),
  }),
): void {
  if (hasMonthBegun(place.year, place.month, today)) return;
  const issue = refusal(monthOfYear(place.month, place.year));
  throw new AppError('validation', issue.message, [issue]);
}

/** The unit of a sub kegiatan (400 when it is under no unit). */
async function unitOf(executor: Kysely<Database>, subActionId: string): Promise<string> {
  const place = await executor
    .selectFrom('sub_action as s')
    .innerJoin('action as a', 'a.id', 's.action_id')
    .innerJoin('program as p', 'p.id', 'a.program_id')
    .select('p.agency_id')
    .where('s.id', '=', subActionId)
    .executeTakeFirstOrThrow();
  if (!place.agency_id) {
    throw issuesRefusal([{ path: 'sub_action_id', message: texts.noUnit }]);
  }
  return place.agency_id;
}

/**
 * Takes the month of a sub kegiatan's unit for a change and refuses it unless the month is open
 * to the unit (draft or sent back): what a unit writes into a month (its progress, an SP2D it
 * records) waits for a send of that month, and a send waits for it.
 */
export async function openMonthOfSubAction(
  trx: Kysely<Database>,
  subActionId: string,
  year: number,
  month: number,
  refusal = texts.locked,
): Promise<Key> {
  const key = { agency_id: await unitOf(trx, subActionId), year, month };
  await lock(trx, key);
  await assertEditable(trx, key, refusal);
  return key;
}

/**
 * The monthly cycle of realisation (issue 37): a unit's physical progress per sub kegiatan and
 * month with its story, and the month's way from the unit ('Kirim') through a verifier
 * (verified, or sent back with a note) to closed. `today` is the region's date (ISO): entries
 * wait for their month to begin.
 */
export function createMonthlyReportService(
  db: Kysely<Database>,
  today: () => string = () => todayInRegion(),
) {
  /** A unit the caller reaches (403 otherwise); 404 for a unit that does not exist. */
  async function assertUnitInScope(executor: Kysely<Database>, caller: Caller, agencyId: string) {
    const agency = await executor
      .selectFrom('agency')
      .select('id')
      .where('id', '=', agencyId)
      .executeTakeFirst();
    if (!agency) throw refusals.notFound(messagesId.monthlyReport.view.unit);
    const scope = scopeOf(caller);
    if (!reachesProgramme(scope, agencyId)) throw outsideScopeRefusal(scope);
  }

  /** The unit's sub kegiatan with lines in the year (or one of them), as the month reads them. */
  async function subActionsOf(
    executor: Kysely<Database>,
    key: Key,
    thresholds: DeviationThresholds,
    { only, frozen = false }: { only?: string; frozen?: boolean } = {},
  ): Promise<MonthlyReportSubAction[]> {
    const plannedSoFar = sql.raw(
      monthColumns
        .slice(0, key.month)
        .map((column) => `c.${column}`)
        .join(' + '),
    );
    const { year, month } = key;
    const onlyOne = only ? sql`and s.id = ${only}` : sql``;
    // A verified or closed month reads the sub kegiatan, lines, plan and payments it was frozen
    // with (monthly_report_figure); any other month reads them live.
    const subs = frozen
      ? sql`select s.id, s.code, s.name, fz.lines_total, fz.planned_cumulative,
            fz.realised_cumulative
          from monthly_report_figure fz join sub_action s on s.id = fz.sub_action_id
          where fz.agency_id = ${key.agency_id} and fz.year = ${year} and fz.month = ${month}
            ${onlyOne}`
      : // Each sub kegiatan's lines through the index (sub_action_id, year, …), as paid below:
        // a hash over the region's year of lines read 32 000 rows for a unit's 128.
        sql`select s.id, s.code, s.name, x.total as lines_total
          from sub_action s join action a on a.id = s.action_id
          join program p on p.id = a.program_id
          cross join lateral (select sum(d.total_after_tax) as total from detail_program d
            where d.sub_action_id = s.id and d.year = ${year}) x
          where p.agency_id = ${key.agency_id} and x.total is not null ${onlyOne}`;
    const planned = frozen
      ? sql`select id as sub_action_id, planned_cumulative as total from subs`
      : sql`select subs.id as sub_action_id, x.total from subs cross join lateral (
            select sum(${plannedSoFar}) as total from cash_plan c
            where c.sub_action_id = subs.id and c.year = ${year}) x`;
    // The SP2D summed per sub kegiatan and month as they are written (migration 0038), read
    // through its key: a hash over the region's year of SP2D cost a unit's month 120 ms.
    const paid = frozen
      ? sql`select id as sub_action_id, realised_cumulative as total from subs`
      : sql`select subs.id as sub_action_id, x.total from subs cross join lateral (
            select sum(r.amount) as total from sp2d_month_total r
            where r.sub_action_id = subs.id and r.year = ${year} and r.month <= ${month}) x`;
    const { rows } = await sql<{
      id: string;
      code: string | null;
      name: string;
      lines_total: unknown;
      planned: unknown;
      realised: unknown;
      progress_tenths: number | null;
      previous_tenths: number | null;
      problems: string | null;
      actions: string | null;
      decrease_reason: string | null;
      overruns: unknown;
    }>`
      with subs as (${subs}),
      planned as (${planned}),
      paid as (${paid}),
      before as (
        select subs.id as sub_action_id, x.progress_tenths from subs cross join lateral (
          select f.progress_tenths from physical_progress f
          where f.sub_action_id = subs.id and f.year = ${year} and f.month < ${month}
          order by f.month desc limit 1) x),
      paid_by_account as (
        select subs.id as sub_action_id, x.account_code, x.total from subs cross join lateral (
          select r.account_code, sum(r.amount) as total from sp2d r
          where r.sub_action_id = subs.id and r.year = ${year} group by 1) x),
      lines_by_account as (
        select subs.id as sub_action_id, x.account_code, x.total from subs cross join lateral (
          select ac.code as account_code, sum(d.total_after_tax) as total
          from detail_program d join account ac on ac.id = d.account_id
          where d.sub_action_id = subs.id and d.year = ${year} group by 1) x),
      overruns as (
        select x.sub_action_id, count(*) as count from paid_by_account x
        left join lines_by_account l using (sub_action_id, account_code)
        left join realisation_reason rr on rr.sub_action_id = x.sub_action_id
          and rr.year = ${year} and rr.account_code = x.account_code
        where x.total > coalesce(l.total, 0) and rr.reason is null
        group by 1)
      select subs.id, subs.code, subs.name, subs.lines_total,
        coalesce(planned.total, 0) as planned, coalesce(paid.total, 0) as realised,
        f.progress_tenths, before.progress_tenths as previous_tenths, f.problems, f.actions,
        f.decrease_reason, coalesce(overruns.count, 0) as overruns
      from subs left join planned on planned.sub_action_id = subs.id
      left join paid on paid.sub_action_id = subs.id
      left join physical_progress f on f.sub_action_id = subs.id and f.year = ${year}
        and f.month = ${month}
      left join before on before.sub_action_id = subs.id
      left join overruns on overruns.sub_action_id = subs.id
      order by subs.code nulls last, subs.name, subs.id`.execute(executor);
    return rows.map((row) => {
      const linesTotal = sumText(row.lines_total);
      const planned = sumText(row.planned);
      const realised = sumText(row.realised);
      const plannedProgress = plannedProgressTenths(planned, linesTotal);
      return {
        sub_action_id: row.id,
        sub_action_code: row.code,
        sub_action_name: row.name,
        lines_total: linesTotal,
        planned_cumulative: planned,
        realised_cumulative: realised,
        planned_progress_tenths: plannedProgress,
        progress_tenths: row.progress_tenths,
        previous_progress_tenths: row.previous_tenths ?? 0,
        ...monthLevels(
          {
            planned_cumulative: planned,
            realised_cumulative: realised,
            progress_tenths: row.progress_tenths ?? row.previous_tenths,
            planned_progress_tenths: plannedProgress,
          },
          thresholds,
        ),
        problems: row.problems ?? '',
        actions: row.actions ?? '',
        decrease_reason: row.decrease_reason,
        unexplained_overruns: Number(row.overruns),
      };
    });
  }

  async function reportOf(executor: Kysely<Database>, key: Key): Promise<MonthlyReport> {
    const thresholds = await readDeviationThresholds(executor);
    const [agency, state] = await Promise.all([
      executor
        .selectFrom('agency')
        .select(['code', 'name'])
        .where('id', '=', key.agency_id)
        .executeTakeFirstOrThrow(),
      executor
        .selectFrom('monthly_report as r')
        .leftJoin('app_user as sender', 'sender.id', 'r.sent_by')
        .leftJoin('app_user as reviewer', 'reviewer.id', 'r.reviewed_by')
        .select([
          'r.status',
          'r.note',
          'r.sent_at',
          'r.reviewed_at',
          'r.closed_at',
          'r.figures_frozen_at',
          'sender.name as sent_by_name',
          'reviewer.name as reviewed_by_name',
        ])
        .where('r.agency_id', '=', key.agency_id)
        .where('r.year', '=', key.year)
        .where('r.month', '=', key.month)
        .executeTakeFirst(),
    ]);
    const frozenAt = state?.figures_frozen_at ?? null;
    const subActions = await subActionsOf(executor, key, thresholds, {
      frozen: frozenAt !== null,
    });
    const status = state?.status ?? 'draft';
    const sum = (pick: (row: MonthlyReportSubAction) => string) =>
      subActions.reduce((total, row) => total + BigInt(pick(row)), 0n).toString();
    const linesTotal = sum((row) => row.lines_total);
    const begun = hasMonthBegun(key.year, key.month, today());
    const planned = sum((row) => row.planned_cumulative);
    const realised = sum((row) => row.realised_cumulative);
    // A sub kegiatan not entered this month counts at what it last reported.
    const progress = weightedProgressTenths(
      subActions.map((row) => ({
        progress_tenths: row.progress_tenths ?? row.previous_progress_tenths,
        weight: row.lines_total,
      })),
    );
    return {
      agency_id: key.agency_id,
      agency_code: agency.code,
      agency_name: agency.name,
      year: key.year,
      month: key.month,
      status,
      begun,
      editable: begun && isMonthEditable(status),
      note: state?.note ?? null,
      due_date: monthlyReportDueDate(key.year, key.month),
      late: isMonthLate(status, key.year, key.month, today()),
      sent_at: iso(state?.sent_at ?? null),
      sent_by_name: state?.sent_by_name ?? null,
      reviewed_at: iso(state?.reviewed_at ?? null),
      reviewed_by_name: state?.reviewed_by_name ?? null,
      closed_at: iso(state?.closed_at ?? null),
      figures_frozen_at: iso(frozenAt),
      thresholds,
      sub_actions: subActions,
      totals: {
        ...monthFigures(
          { lines_total: linesTotal, planned_cumulative: planned, realised_cumulative: realised },
          progress,
          thresholds,
        ),
        missing_progress: subActions.filter((row) => row.progress_tenths === null).length,
      },
    };
  }

  /** Moves a month from one of `from` to `to`, or refuses naming its status and the action. */
  async function transition(
    trx: Kysely<Database>,
    key: Key,
    caller: Caller,
    action: 'send' | 'verify' | 'return' | 'close',
    from: readonly MonthlyReportStatus[],
    values: {
      status: Exclude<MonthlyReportStatus, 'draft'>;
      note?: string;
      stamp: 'sent' | 'reviewed' | 'closed';
    },
  ) {
    const status = await statusOf(trx, key);
    if (!from.includes(status)) {
      throw conflict(
        texts.wrongStatus(
          monthOfYear(key.month, key.year),
          texts.statuses[status],
          texts.actions[action],
        ),
      );
    }
    const stamped = {
      status: values.status,
      ...(values.note !== undefined && { note: values.note }),
      [`${values.stamp}_at`]: sql<Date>`now()`,
      [`${values.stamp}_by`]: caller.id,
      updated_by: caller.id,
    };
    await trx
      .insertInto('monthly_report')
      .values({ agency_id: key.agency_id, year: key.year, month: key.month, ...stamped })
      .onConflict((oc) =>
        oc
          .columns(['agency_id', 'year', 'month'])
          .doUpdateSet({ ...stamped, updated_at: sql<Date>`now()` }),
      )
      .execute();
  }

  /**
   * Keeps the month's figures as they are now (a verified or closed month reads them from then
   * on); a month frozen already keeps the figures it was first frozen with.
   */
  async function freezeFigures(trx: Kysely<Database>, key: Key) {
    const state = await trx
      .selectFrom('monthly_report')
      .select('figures_frozen_at')
      .where((eb) => eb.and(sameMonth(key)))
      .executeTakeFirstOrThrow();
    if (state.figures_frozen_at !== null) return;
    const rows = await subActionsOf(trx, key, await readDeviationThresholds(trx));
    if (rows.length > 0) {
      await trx
        .insertInto('monthly_report_figure')
        .values(
          rows.map((row) => ({
            agency_id: key.agency_id,
            year: key.year,
            month: key.month,
            sub_action_id: row.sub_action_id,
            lines_total: row.lines_total,
            planned_cumulative: row.planned_cumulative,
            realised_cumulative: row.realised_cumulative,
            // As the month counts it: one not entered this month at what it last reported.
            progress_tenths: row.progress_tenths ?? row.previous_progress_tenths,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('monthly_report')
      .set({ figures_frozen_at: sql<Date>`now()` })
      .where((eb) => eb.and(sameMonth(key)))
      .execute();
  }

  /** A month sent back reads its figures live again. */
  async function thawFigures(trx: Kysely<Database>, key: Key) {
    await trx
      .deleteFrom('monthly_report_figure')
      .where((eb) => eb.and(sameMonth(key)))
      .execute();
    await trx
      .updateTable('monthly_report')
      .set({ figures_frozen_at: null })
      .where((eb) => eb.and(sameMonth(key)))
      .execute();
  }

  const assertUnitWriter = (caller: Caller) => {
    if (caller.role === 'verifier') throw refusals.verifierReadOnly();
  };

  /**
   * The unit a caller reads (the one named, or their only one): 400 when none is named and
   * they have several, 404 for no such unit, 403 for another's.
   */
  async function unitAsked(agencyId: string | undefined, caller: Caller): Promise<string> {
    const asked = agencyId ?? (caller.agency_ids.length === 1 ? caller.agency_ids[0] : undefined);
    if (!asked) throw issuesRefusal([{ path: 'agency_id', message: texts.agencyRequired }]);
    await assertUnitInScope(db, caller, asked);
    return asked;
  }

  /**
   * Opens a sub kegiatan's month to an entry of its unit, in the entry's transaction: the
   * caller writes its figures (scope, not a verifier), the month's lock is held until the
   * entry commits (a send racing it waits, or the entry sees the month sent), and the month is
   * open to the unit (409 otherwise, worded by `refusal`). Answers the unit's month.
   */
  async function enterMonth(
    trx: Kysely<Database>,
    caller: Caller,
    place: { sub_action_id: string; year: number; month: number },
    refusal = texts.locked,
  ): Promise<Key> {
    await assertSubActionWritable(trx, caller, place.sub_action_id);
    return openMonthOfSubAction(trx, place.sub_action_id, place.year, place.month, refusal);
  }

  return {
    unitAsked,
    enterMonth,

    /** A unit's month; a person with one unit may leave the unit out. */
    async get(query: Parsed<typeof MonthlyReportQuery>, caller: Caller): Promise<MonthlyReport> {
      const agencyId = await unitAsked(query.agency_id, caller);
      return readWithoutJit(db, (trx) => reportOf(trx, { ...query, agency_id: agencyId }));
    },

    /**
     * A sub kegiatan's progress of a month with its story, while the month is open to the unit;
     * a decrease from what it reported before needs a reason.
     */
    async setProgress(
      input: Parsed<typeof PhysicalProgressInput>,
      caller: Caller,
    ): Promise<MonthlyReportSubAction> {
      assertMonthBegun(input, today());
      return inTransaction(db, async (trx) => {
        const key = await enterMonth(trx, caller, input);
        const before = await trx
          .selectFrom('physical_progress')
          .select('progress_tenths')
          .where('sub_action_id', '=', input.sub_action_id)
          .where('year', '=', input.year)
          .where('month', '<', input.month)
          .orderBy('month', 'desc')
          .limit(1)
          .executeTakeFirst();
        const decreased = before !== undefined && input.progress_tenths < before.progress_tenths;
        if (decreased && !input.decrease_reason) {
          throw issuesRefusal([
            {
              path: 'decrease_reason',
              message: texts.decreaseNeedsReason(formatTenths(before.progress_tenths)),
            },
          ]);
        }
        const values = {
          progress_tenths: input.progress_tenths,
          problems: input.problems,
          actions: input.actions,
          decrease_reason: decreased ? input.decrease_reason : null,
          updated_by: caller.id,
        };
        await trx
          .insertInto('physical_progress')
          .values({
            sub_action_id: input.sub_action_id,
            year: input.year,
            month: input.month,
            ...values,
          })
          .onConflict((oc) =>
            oc
              .columns(['sub_action_id', 'year', 'month'])
              .doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
          )
          .execute();
        const [row] = await subActionsOf(trx, key, await readDeviationThresholds(trx), {
          only: input.sub_action_id,
        });
        if (!row) throw issuesRefusal([{ path: 'sub_action_id', message: texts.nothingToReport }]);
        return row;
      });
    },

    /**
     * 'Salin Bulan Lalu': each sub kegiatan of the unit without an entry this month starts from
     * its last one (progress, problems, actions), to be checked and changed; none to copy (a
     * second click) is not an error: it copied 0.
     */
    async copyPrevious(key: Key, caller: Caller): Promise<MonthlyReportCopyResult> {
      assertUnitWriter(caller);
      assertMonthBegun(key, today());
      return inTransaction(db, async (trx) => {
        await assertUnitInScope(trx, caller, key.agency_id);
        await lock(trx, key);
        await assertEditable(trx, key);
        const { rows } = await sql<{ id: string }>`
          insert into physical_progress (sub_action_id, year, month, progress_tenths, problems,
            actions, updated_by)
          select distinct on (f.sub_action_id) f.sub_action_id, f.year, ${key.month},
            f.progress_tenths, f.problems, f.actions, ${caller.id}::uuid
          from physical_progress f
          join sub_action s on s.id = f.sub_action_id
          join action a on a.id = s.action_id
          join program p on p.id = a.program_id
          where p.agency_id = ${key.agency_id} and f.year = ${key.year} and f.month < ${key.month}
            and not exists (select 1 from physical_progress here
              where here.sub_action_id = f.sub_action_id and here.year = f.year
                and here.month = ${key.month})
          order by f.sub_action_id, f.month desc
          returning id`.execute(trx);
        return { copied: rows.length };
      });
    },

    /**
     * 'Kirim': the unit sends its month, which locks it. Every sub kegiatan's progress entered,
     * every kode rekening paid above its lines explained (409 naming what is missing).
     */
    async send(key: Key, caller: Caller): Promise<MonthlyReport> {
      assertUnitWriter(caller);
      return inTransaction(db, async (trx) => {
        await assertUnitInScope(trx, caller, key.agency_id);
        await lock(trx, key);
        const report = await reportOf(trx, key);
        if (report.sub_actions.length === 0) throw conflict(texts.nothingToReport);
        if (isMonthEditable(report.status)) {
          const missing = report.sub_actions.filter((row) => row.progress_tenths === null);
          const unexplained = report.sub_actions.filter((row) => row.unexplained_overruns > 0);
          const codeOf = (row: MonthlyReportSubAction) =>
            row.sub_action_code ?? row.sub_action_name;
          const problems: string[] = [];
          if (missing.length > 0) {
            problems.push(texts.missingProgress(missing.length, someOf(missing.map(codeOf))));
          }
          if (unexplained.length > 0) {
            const count = unexplained.reduce((sum, row) => sum + row.unexplained_overruns, 0);
            problems.push(texts.unexplainedOverruns(count, someOf(unexplained.map(codeOf))));
          }
          // A 409 in the month's own words: what is missing is the month's state, not a field.
          if (problems.length > 0) {
            const issues = problems.map((message) => ({ path: 'sub_actions', message }));
            throw new AppError('conflict', problems.join(' '), issues);
          }
        }
        await transition(trx, key, caller, 'send', ['draft', 'returned'], {
          status: 'sent',
          stamp: 'sent',
        });
        await tellUnit(trx, key, 'month_sent', ['verifier'], caller.id);
        return reportOf(trx, key);
      });
    },

    /**
     * A verifier's decision on a sent month: verified (frozen), or sent back with a note. An
     * administrator may also send back a verified or closed month, to open it again.
     */
    async review(
      input: Parsed<typeof MonthlyReportReview>,
      caller: Caller,
    ): Promise<MonthlyReport> {
      return inTransaction(db, async (trx) => {
        await assertUnitInScope(trx, caller, input.agency_id);
        await lock(trx, input);
        if (input.decision === 'verify') {
          await transition(trx, input, caller, 'verify', ['sent'], {
            status: 'verified',
            stamp: 'reviewed',
          });
          await freezeFigures(trx, input);
          await tellUnit(trx, input, 'month_verified', ['user'], caller.id);
        } else {
          const from: MonthlyReportStatus[] =
            caller.role === 'admin' ? ['sent', 'verified', 'closed'] : ['sent'];
          await transition(trx, input, caller, 'return', from, {
            status: 'returned',
            note: input.note,
            stamp: 'reviewed',
          });
          await thawFigures(trx, input);
          await tellUnit(trx, input, 'month_returned', ['user'], caller.id);
        }
        return reportOf(trx, input);
      });
    },

    /**
     * An administrator closes a month: one unit's, or every unit's with lines that year. A
     * closed month is frozen whatever it was; one closed already is left as it is.
     */
    async close(
      input: Parsed<typeof MonthlyReportClose>,
      caller: Caller,
    ): Promise<MonthlyReportCloseResult> {
      return inTransaction(db, async (trx) => {
        let units: string[];
        if (input.agency_id) {
          await assertUnitInScope(trx, caller, input.agency_id);
          units = [input.agency_id];
        } else {
          const { rows } = await sql<{ agency_id: string }>`
            select distinct p.agency_id from detail_program d
            join program p on p.id = d.program_id
            where d.year = ${input.year} and p.agency_id is not null
            order by 1`.execute(trx);
          units = rows.map((row) => row.agency_id);
        }
        let closed = 0;
        // In one order, so two closes of all units never wait on each other's locks.
        for (const agencyId of units) {
          const key = { agency_id: agencyId, year: input.year, month: input.month };
          await lock(trx, key);
          if ((await statusOf(trx, key)) === 'closed') continue;
          await transition(trx, key, caller, 'close', ['draft', 'sent', 'returned', 'verified'], {
            status: 'closed',
            stamp: 'closed',
          });
          await freezeFigures(trx, key);
          closed += 1;
        }
        return { closed };
      });
    },
  };
}

export type MonthlyReportService = ReturnType<typeof createMonthlyReportService>;
