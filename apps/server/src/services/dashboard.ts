import type { BudgetSummary, BudgetSummaryProgram } from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** One row of the summary query: a programme's sums, or (`is_total`) the year's. */
interface SummaryRow {
  is_total: boolean;
  program_id: string | null;
  program_name: string | null;
  // Counts and sums as text: PostgreSQL sums bigint into numeric, which must not pass a float.
  line_count: string;
  total_price: string;
  tax: string;
  total_after_tax: string;
  years: number[];
}

type Totals = Pick<BudgetSummary, 'line_count' | 'total_price' | 'tax' | 'total_after_tax'>;

// PostgreSQL sums bigint into numeric, exact at any size; the API answers sums as that text.
const totalsOf = (row: SummaryRow): Totals => ({
  line_count: Number(row.line_count),
  total_price: row.total_price,
  tax: row.tax,
  total_after_tax: row.total_after_tax,
});

/** The admin dashboard's figures (beyond the spec: issue 5). */
export function createDashboardService(db: Kysely<Database>, thisYear: () => number) {
  return {
    /**
     * A year's budget in one statement: lines are summed per programme first (a line belongs to
     * its year by `year`, as the Laporan list and export filter it), then named and rolled up
     * with a grand total (the empty grouping set, which yields its row even for a year without
     * lines). The years that have lines come from a skip scan of the year index, so they cost a
     * few index probes however many lines there are.
     *
     * Without a year: the current budget year (the calendar year in Asia/Jakarta). Not the
     * latest year anyone used: one user's line for 2030 would move everyone's dashboard there.
     * The answer's `years` lists the others to choose from.
     */
    async summary(given?: number): Promise<BudgetSummary> {
      const year = given ?? thisYear();
      const { rows } = await sql<SummaryRow>`
        with recursive data_year (year) as (
          select min(year) from detail_program
          union all
          select (select min(line.year) from detail_program as line where line.year > data_year.year)
          from data_year
          where data_year.year is not null
        ),
        per_program as (
          select
            line.program_id,
            count(*) as line_count,
            sum(line.total_price) as total_price,
            sum(line.tax) as tax,
            sum(line.total_after_tax) as total_after_tax
          from detail_program as line
          where line.year = ${year}
          group by line.program_id
        )
        select
          grouping(per_program.program_id) = 1 as is_total,
          per_program.program_id,
          program.name as program_name,
          coalesce(sum(per_program.line_count), 0)::text as line_count,
          coalesce(sum(per_program.total_price), 0)::text as total_price,
          coalesce(sum(per_program.tax), 0)::text as tax,
          coalesce(sum(per_program.total_after_tax), 0)::text as total_after_tax,
          (
            select coalesce(array_agg(data_year.year order by data_year.year), '{}')
            from data_year
            where data_year.year is not null
          ) as years
        from per_program
        join program on program.id = per_program.program_id
        group by grouping sets ((per_program.program_id, program.name), ())
        order by
          is_total desc,
          sum(per_program.total_after_tax) desc,
          program.name,
          per_program.program_id
      `.execute(db);

      const [total, ...programs] = rows;
      if (!total?.is_total) throw new Error('the budget summary query returned no total row');
      return {
        year,
        ...totalsOf(total),
        programs: programs.map(
          (row): BudgetSummaryProgram => ({
            program_id: row.program_id as string,
            program_name: row.program_name as string,
            ...totalsOf(row),
          }),
        ),
        years: total.years.map(Number),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
