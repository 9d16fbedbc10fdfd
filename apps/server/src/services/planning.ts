import {
  computeTax,
  issuesRefusal,
  messagesId,
  type PlanningPolicyInput,
  type PlanningSettings,
  type PlanningYears,
  type Signer,
  type SignerInput,
  sumRupiahText,
  TAX_RECALCULATION_SAMPLE,
  type TaxRecalculation,
  type TaxRecalculationLine,
  type TaxRecalculationYear,
  type TaxRule,
  type TaxRuleSet,
  type TaxRuleValues,
  taxRuleForYear,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { inTransaction, type Parsed } from './pagination.js';
import { readPlanningRules } from './planning-rules.js';

const server = messagesId.server;

/** Reads in a transaction or outside one. */
type Executor = Kysely<Database>;

/** The configured PPN rules, oldest first; dates as `YYYY-MM-DD` (not a Date at local midnight). */
export async function readTaxRules(executor: Executor): Promise<TaxRule[]> {
  const rows = await executor
    .selectFrom('tax_rule')
    .select([
      sql<string>`to_char(effective_from, 'YYYY-MM-DD')`.as('effective_from'),
      'rate',
      'base_numerator',
      'base_denominator',
    ])
    .orderBy('effective_from')
    .execute();
  return rows.map((row) => ({ ...row, rate: Number(row.rate) }));
}

/** The rule a line of `year` is priced with, read in the writer's transaction. */
export async function taxRuleOf(executor: Executor, year: number): Promise<TaxRuleValues> {
  return taxRuleForYear(await readTaxRules(executor), year);
}

/**
 * Whether a line of `year` needs its sub kegiatan to have a pagu of that year: the region's rule
 * holds once the year has stages (before, the year is not being planned under the stages).
 */
export async function linesNeedPaguIn(executor: Executor, year: number): Promise<boolean> {
  if (!(await readPlanningRules(executor)).lines_need_pagu) return false;
  const stage = await executor
    .selectFrom('budget_stage')
    .select('id')
    .where('year', '=', year)
    .limit(1)
    .executeTakeFirst();
  return stage !== undefined;
}

/** A line is taxed when it was priced with a rule (an untaxed line keeps 0% of 1/1). */
const taxedLine = sql<boolean>`(d.tax_rate <> 0 or d.tax_base_numerator <> 1
  or d.tax_base_denominator <> 1)`;

/**
 * The taxed lines (of `year`, or of every year) whose stored PPN rule is not their year's rule
 * now, grouped by year, each line with its PPN before and after: what a recalculation changes
 * (issue 34). Read for update when `lock` (the recalculation itself, in its transaction). The
 * rules' few combinations per year are found first, so only the stale lines are read.
 */
async function staleLines(
  executor: Executor,
  year: number | undefined,
  lock: boolean,
): Promise<Map<number, { rule: TaxRuleValues; lines: TaxRecalculationLine[] }>> {
  const rules = await readTaxRules(executor);
  const ofYear = year === undefined ? sql`` : sql`and d.year = ${year}`;
  const { rows: groups } = await sql<{
    year: number;
    tax_rate: string | number;
    tax_base_numerator: number;
    tax_base_denominator: number;
  }>`select d.year, d.tax_rate, d.tax_base_numerator, d.tax_base_denominator
    from detail_program d where ${taxedLine} ${ofYear}
    group by 1, 2, 3, 4`.execute(executor);
  const stale = groups.filter((group) => {
    const rule = taxRuleForYear(rules, group.year);
    return (
      Number(group.tax_rate) !== rule.rate ||
      group.tax_base_numerator !== rule.base_numerator ||
      group.tax_base_denominator !== rule.base_denominator
    );
  });
  const byYear = new Map<number, { rule: TaxRuleValues; lines: TaxRecalculationLine[] }>();
  if (stale.length === 0) return byYear;
  const { rows } = await sql<{
    id: string;
    year: number;
    component_name: string;
    sub_action_name: string;
    tax_rate: string | number;
    tax_base_numerator: number;
    tax_base_denominator: number;
    total_price: string | number;
    tax: string | number;
    total_after_tax: string | number;
  }>`select d.id, d.year, d.component_name, s.name as sub_action_name, d.tax_rate,
      d.tax_base_numerator, d.tax_base_denominator, d.total_price, d.tax, d.total_after_tax
    from detail_program d join sub_action s on s.id = d.sub_action_id
    where (d.year, d.tax_rate, d.tax_base_numerator, d.tax_base_denominator) in (
      select * from unnest(${stale.map((g) => g.year)}::int[],
        ${stale.map((g) => Number(g.tax_rate))}::numeric[],
        ${stale.map((g) => g.tax_base_numerator)}::int[],
        ${stale.map((g) => g.tax_base_denominator)}::int[]))
    order by d.year, d.component_name, d.id
    ${lock ? sql`for update of d` : sql``}`.execute(executor);
  for (const row of rows) {
    const rule = taxRuleForYear(rules, row.year);
    const entry = byYear.get(row.year) ?? { rule, lines: [] };
    byYear.set(row.year, entry);
    const totalPrice = Number(row.total_price);
    const taxAfter = computeTax(totalPrice, true, rule);
    entry.lines.push({
      id: row.id,
      year: row.year,
      component_name: row.component_name,
      sub_action_name: row.sub_action_name,
      tax_rate: Number(row.tax_rate),
      tax_base_numerator: row.tax_base_numerator,
      tax_base_denominator: row.tax_base_denominator,
      total_price: totalPrice,
      tax_before: Number(row.tax),
      tax_after: taxAfter,
      total_after_tax_before: Number(row.total_after_tax),
      total_after_tax_after: totalPrice + taxAfter,
    });
  }
  return byYear;
}

/** A year's stale lines as the preview and the recalculation's answer say them. */
const recalculationYear = (
  year: number,
  { rule, lines }: { rule: TaxRuleValues; lines: TaxRecalculationLine[] },
): TaxRecalculationYear => ({
  year,
  rule: {
    effective_from: rule.effective_from,
    rate: rule.rate,
    base_numerator: rule.base_numerator,
    base_denominator: rule.base_denominator,
  },
  lines: lines.length,
  total_before: sumRupiahText(lines.map((line) => line.total_after_tax_before)),
  total_after: sumRupiahText(lines.map((line) => line.total_after_tax_after)),
  sample: lines.slice(0, TAX_RECALCULATION_SAMPLE),
});

/** Lines repriced per statement. */
const RECALCULATION_CHUNK = 1000;

/**
 * The region's planning configuration: PPN rules by date, whether components outside the
 * catalogue are allowed (RANWAL_FREE_FORM_COMPONENTS), and who signs each RKA.
 */
export function createPlanningService(
  db: Kysely<Database>,
  options: { freeForm: boolean; currentYear: () => number },
) {
  async function settings(): Promise<PlanningSettings> {
    return {
      tax_rules: await readTaxRules(db),
      free_form_components: options.freeForm,
      ...(await readPlanningRules(db)),
    };
  }

  const signerColumns = ['agency_id', 'place', 'position', 'name', 'nip', 'updated_at'] as const;
  const toSigner = (row: {
    agency_id: string | null;
    place: string;
    position: string;
    name: string;
    nip: string;
    updated_at: Date | string;
  }): Signer => ({ ...row, updated_at: new Date(row.updated_at).toISOString() });

  return {
    settings,

    /**
     * The years to choose from and the one screens open on, in one statement. Lines and
     * catalogue items can be many: their years come from skip scans of the year indexes (a few
     * probes however many rows); stages and pagu are a few rows per sub kegiatan and year.
     * The default is the year whose stage is running: entered and within its dates first, then
     * one not entered yet but within its dates, then one entered; the latest year among equals,
     * else the current year.
     */
    async years(): Promise<PlanningYears> {
      const thisYear = options.currentYear();
      const { rows } = await sql<{ years: number[]; running: number | null }>`
        with recursive line_year (year) as (
          select min(year) from detail_program
          union all
          select (select min(line.year) from detail_program as line where line.year > line_year.year)
          from line_year where line_year.year is not null
        ),
        item_year (year) as (
          select min(year) from price_item
          union all
          select (select min(item.year) from price_item as item where item.year > item_year.year)
          from item_year where item_year.year is not null
        ),
        today as (select (now() at time zone 'Asia/Jakarta')::date as day),
        any_year (year) as (
          select year from line_year
          union select year from item_year
          union select year from budget_stage
          union select year from pagu
          union select year from agency_pagu
          union select ${thisYear}::int
          union select ${thisYear + 1}::int
        )
        select
          (select array_agg(year order by year desc) from any_year where year is not null) as years,
          (select stage.year from budget_stage as stage, today
            where stage.status = 'current'
              or (stage.status = 'upcoming' and today.day between stage.starts_on and stage.ends_on)
            order by stage.status = 'current' and today.day between stage.starts_on and stage.ends_on desc,
              today.day between stage.starts_on and stage.ends_on desc,
              stage.status = 'current' desc,
              stage.year desc
            limit 1) as running`.execute(db);
      const row = rows[0];
      return {
        default_year: row?.running ?? thisYear,
        years: (row?.years ?? [thisYear]).map(Number),
      };
    },

    /**
     * Sets every rule at once (the set is small and read whole), writing only what changes so
     * the history (migration 0026) records each rule added, edited or removed. Lines already
     * priced keep their PPN until an admin recalculates them (tax-recalculation).
     */
    async setTaxRules(input: Parsed<typeof TaxRuleSet>): Promise<PlanningSettings> {
      await db.transaction().execute(async (trx) => {
        let gone = trx.deleteFrom('tax_rule');
        const dates = input.rules.map((rule) => rule.effective_from);
        if (dates.length > 0) gone = gone.where(sql`effective_from::text`, 'not in', dates);
        await gone.execute();
        if (input.rules.length > 0) {
          await trx
            .insertInto('tax_rule')
            .values(input.rules)
            .onConflict((oc) =>
              oc.column('effective_from').doUpdateSet((eb) => ({
                rate: eb.ref('excluded.rate'),
                base_numerator: eb.ref('excluded.base_numerator'),
                base_denominator: eb.ref('excluded.base_denominator'),
              })),
            )
            .execute();
        }
      });
      return settings();
    },

    /** What recalculating PPN would change, per year (issue 34); nothing when all are current. */
    async taxRecalculation(year: number | undefined): Promise<TaxRecalculation> {
      const byYear = await staleLines(db, year, false);
      return {
        years: [...byYear].map(([lineYear, stale]) => recalculationYear(lineYear, stale)),
      };
    },

    /**
     * Reprices a year's stale lines with its rule now, in one transaction that holds them: each
     * is an edit by the admin, so the history records it (its PPN before and after), and a
     * verified sub kegiatan whose figures change loses its mark as after any edit. It is the
     * region's rule applied, not a planner's choice: neither a lock nor a pagu refuses it.
     */
    async recalculateTax(year: number, callerId: string): Promise<TaxRecalculationYear> {
      return inTransaction(db, async (trx) => {
        const stale = (await staleLines(trx, year, true)).get(year) ?? {
          rule: taxRuleForYear(await readTaxRules(trx), year),
          lines: [],
        };
        const { rule, lines } = stale;
        for (let start = 0; start < lines.length; start += RECALCULATION_CHUNK) {
          const chunk = lines.slice(start, start + RECALCULATION_CHUNK);
          await sql`update detail_program d set
              tax = v.tax, total_after_tax = v.total_after_tax, tax_rate = ${rule.rate},
              tax_base_numerator = ${rule.base_numerator},
              tax_base_denominator = ${rule.base_denominator},
              updated_at = now(), updated_by = ${callerId}
            from unnest(${chunk.map((line) => line.id)}::uuid[],
              ${chunk.map((line) => line.tax_after)}::bigint[],
              ${chunk.map((line) => line.total_after_tax_after)}::bigint[])
              as v(id, tax, total_after_tax)
            where d.id = v.id`.execute(trx);
        }
        return recalculationYear(year, stale);
      });
    },

    /** The region's planning rules; one row, written whole. */
    async setPolicy(
      input: Parsed<typeof PlanningPolicyInput>,
      callerId: string,
    ): Promise<PlanningSettings> {
      // A rule left out keeps its value (or its default, before any row exists).
      const rules = {
        ...(input.lines_need_pagu !== undefined && { lines_need_pagu: input.lines_need_pagu }),
        ...(input.lines_need_funding_source !== undefined && {
          lines_need_funding_source: input.lines_need_funding_source,
        }),
        ...(input.cash_plan_required !== undefined && {
          cash_plan_required: input.cash_plan_required,
        }),
        ...(input.units_enter_sp2d !== undefined && { units_enter_sp2d: input.units_enter_sp2d }),
        ...(input.deviation_red_below_tenths !== undefined && {
          deviation_red_below_tenths: input.deviation_red_below_tenths,
        }),
        ...(input.deviation_yellow_below_tenths !== undefined && {
          deviation_yellow_below_tenths: input.deviation_yellow_below_tenths,
        }),
      };
      // One threshold given: it must still sit on the right side of the stored other.
      const merged = { ...(await readPlanningRules(db)), ...rules };
      if (merged.deviation_red_below_tenths >= merged.deviation_yellow_below_tenths) {
        throw issuesRefusal([
          {
            path:
              input.deviation_yellow_below_tenths !== undefined
                ? 'deviation_yellow_below_tenths'
                : 'deviation_red_below_tenths',
            message: messagesId.planning.settings.policy.thresholdOrder,
          },
        ]);
      }
      await db
        .insertInto('planning_setting')
        .values({ ...merged, updated_by: callerId })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ ...rules, updated_by: callerId, updated_at: sql`now()` }),
        )
        .execute();
      return settings();
    },

    async signers(): Promise<Signer[]> {
      const rows = await db.selectFrom('rka_signer').select(signerColumns).execute();
      return rows.map(toSigner);
    },

    async setSigner(input: Parsed<typeof SignerInput>): Promise<Signer> {
      if (input.agency_id) {
        const agency = await db
          .selectFrom('agency')
          .select('id')
          .where('id', '=', input.agency_id)
          .executeTakeFirst();
        if (!agency) {
          throw issuesRefusal([
            { path: 'agency_id', message: server.recordNotFound(messagesId.levels.agency.label) },
          ]);
        }
      }
      const values = { ...input, nip: input.nip.replaceAll(' ', '') };
      const row = await db
        .insertInto('rka_signer')
        .values(values)
        .onConflict((oc) =>
          oc.column('agency_id').doUpdateSet({
            place: values.place,
            position: values.position,
            name: values.name,
            nip: values.nip,
            updated_at: sql`now()`,
          }),
        )
        .returning(signerColumns)
        .executeTakeFirstOrThrow();
      return toSigner(row);
    },
  };
}
