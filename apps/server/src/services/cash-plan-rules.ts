import type { CashPlanImbalance } from '@ranwal/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';

export type MonthColumn = `month_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;

/** The twelve month columns of cash_plan, in order. */
export const monthColumns = Array.from(
  { length: 12 },
  (_, index) => `month_${index + 1}` as MonthColumn,
);

/** A cash_plan row's twelve months as one array (alias `c`), as stage_cash_plan keeps them. */
export const planMonthsSql = sql.raw(
  `array[${monthColumns.map((column) => `c.${column}`).join(', ')}]`,
);

/**
 * The kode rekening a sub kegiatan's plan or realisation may name, as `sub_action_id\0code`:
 * its lines' of the year, the accounts under it in the hierarchy, and its plan's of the year.
 */
export async function accountCodesUnder(
  executor: Kysely<Database>,
  places: readonly { sub_action_id: string; year: number }[],
): Promise<Set<string>> {
  if (places.length === 0) return new Set();
  const ids = places.map((place) => place.sub_action_id);
  const years = places.map((place) => place.year);
  const { rows } = await sql<{ sub_action_id: string; code: string }>`
    with k(sub_action_id, year) as (select * from unnest(${ids}::uuid[], ${years}::int[]))
    select d.sub_action_id, a.code
    from detail_program d join account a on a.id = d.account_id
    join k on d.sub_action_id = k.sub_action_id and d.year = k.year
    union
    select ac.sub_action_id, a.code
    from activity ac join subtitle st on st.activity_id = ac.id
    join account a on a.subtitle_id = st.id
    where ac.sub_action_id in (select sub_action_id from k)
    union
    select c.sub_action_id, c.account_code
    from cash_plan c join k on c.sub_action_id = k.sub_action_id and c.year = k.year`.execute(
    executor,
  );
  return new Set(rows.map((row) => `${row.sub_action_id}\u0000${row.code}`));
}

/** A cash_plan row's twelve months added up (alias `c`), in SQL. */
export const planTotalSql = sql.raw(monthColumns.map((column) => `c.${column}`).join(' + '));

/**
 * The sub kegiatan of a year that have lines and whose Anggaran Kas does not balance them: some
 * kode rekening's months differ from its lines' total after PPN (no plan at all: the selisih is
 * minus the lines). `where` narrows the sub kegiatan (alias `s`, their programme `p`).
 */
export async function unbalancedSubActions(
  executor: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean> = sql<boolean>`true`,
): Promise<CashPlanImbalance[]> {
  const { rows } = await sql<{
    sub_action_id: string;
    sub_action_code: string | null;
    sub_action_name: string;
    lines_total: string | number;
    plan_total: string | number;
    unbalanced_accounts: string[];
  }>`
    with lines as (
      select d.sub_action_id, a.code as account_code, sum(d.total_after_tax) as total
      from detail_program d join account a on a.id = d.account_id
      where d.year = ${year}
      group by d.sub_action_id, a.code),
    plan as (
      select c.sub_action_id, c.account_code, ${planTotalSql} as total
      from cash_plan c where c.year = ${year}),
    joined as (
      select coalesce(l.sub_action_id, c.sub_action_id) as sub_action_id,
        coalesce(l.account_code, c.account_code) as account_code,
        coalesce(l.total, 0) as lines_total, coalesce(c.total, 0) as plan_total
      from lines l full join plan c
        on c.sub_action_id = l.sub_action_id and c.account_code = l.account_code)
    select s.id as sub_action_id, s.code as sub_action_code, s.name as sub_action_name,
      sum(j.lines_total)::text as lines_total, sum(j.plan_total)::text as plan_total,
      array_agg(j.account_code order by j.account_code)
        filter (where j.lines_total <> j.plan_total) as unbalanced_accounts
    from joined j
    join sub_action s on s.id = j.sub_action_id
    join action a on a.id = s.action_id
    join program p on p.id = a.program_id
    where j.sub_action_id in (select sub_action_id from lines) and ${where}
    group by s.id, s.code, s.name
    having bool_or(j.lines_total <> j.plan_total)
    order by s.code nulls first, s.name`.execute(executor);
  return rows.map((row) => ({
    sub_action_id: row.sub_action_id,
    sub_action_code: row.sub_action_code,
    sub_action_name: row.sub_action_name,
    lines_total: String(row.lines_total),
    plan_total: String(row.plan_total),
    selisih: (BigInt(String(row.plan_total)) - BigInt(String(row.lines_total))).toString(),
    unbalanced_accounts: row.unbalanced_accounts ?? [],
  }));
}

/**
 * A year's planned spending per month, and the plan's and the lines' totals, over the sub
 * kegiatan `where` admits (alias `s`, their programme `p`): the dashboards' monthly chart.
 */
export async function monthlyPlan(
  executor: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean> = sql<boolean>`true`,
): Promise<{ month_totals: string[]; plan_total: string; lines_total: string }> {
  const sums = sql.raw(
    monthColumns.map((column) => `coalesce(sum(c.${column}), 0)::text as ${column}`).join(', '),
  );
  const scoped = (alias: string) => sql`
    join sub_action s on s.id = ${sql.ref(`${alias}.sub_action_id`)}
    join action a on a.id = s.action_id
    join program p on p.id = a.program_id`;
  const [plan, lines] = await Promise.all([
    sql<Record<MonthColumn, string>>`
      select ${sums} from cash_plan c ${scoped('c')}
      where c.year = ${year} and ${where}`.execute(executor),
    sql<{ total: string }>`
      select coalesce(sum(d.total_after_tax), 0)::text as total from detail_program d ${scoped('d')}
      where d.year = ${year} and ${where}`.execute(executor),
  ]);
  const row = plan.rows[0];
  const month_totals = monthColumns.map((column) => row?.[column] ?? '0');
  return {
    month_totals,
    plan_total: month_totals.reduce((sum, value) => sum + BigInt(value), 0n).toString(),
    lines_total: lines.rows[0]?.total ?? '0',
  };
}
