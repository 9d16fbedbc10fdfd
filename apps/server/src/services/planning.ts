import {
  currentYear,
  issuesRefusal,
  messagesId,
  type PlanningPolicyInput,
  type PlanningSettings,
  type PlanningYears,
  type Signer,
  type SignerInput,
  type TaxRule,
  type TaxRuleSet,
  type TaxRuleValues,
  taxRuleForYear,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Parsed } from './pagination.js';

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

/** The region's rule: lines need a pagu (in a year that has stages) unless an admin said no. */
async function readLinesNeedPagu(executor: Executor): Promise<boolean> {
  const row = await executor
    .selectFrom('planning_setting')
    .select('lines_need_pagu')
    .executeTakeFirst();
  return row?.lines_need_pagu ?? true;
}

/**
 * Whether a line of `year` needs its sub kegiatan to have a pagu of that year: the region's rule
 * holds once the year has stages (before, the year is not being planned under the stages).
 */
export async function linesNeedPaguIn(executor: Executor, year: number): Promise<boolean> {
  if (!(await readLinesNeedPagu(executor))) return false;
  const stage = await executor
    .selectFrom('budget_stage')
    .select('id')
    .where('year', '=', year)
    .limit(1)
    .executeTakeFirst();
  return stage !== undefined;
}

/**
 * The region's planning configuration: PPN rules by date, whether components outside the
 * catalogue are allowed (RANWAL_FREE_FORM_COMPONENTS), and who signs each RKA.
 */
export function createPlanningService(db: Kysely<Database>, options: { freeForm: boolean }) {
  async function settings(): Promise<PlanningSettings> {
    return {
      tax_rules: await readTaxRules(db),
      free_form_components: options.freeForm,
      lines_need_pagu: await readLinesNeedPagu(db),
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
          union select extract(year from day)::int from today
          union select extract(year from day)::int + 1 from today
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
        default_year: row?.running ?? currentYear(),
        years: (row?.years ?? [currentYear()]).map(Number),
      };
    },

    /** Replaces every rule at once: the set is small and read whole. */
    async setTaxRules(input: Parsed<typeof TaxRuleSet>): Promise<PlanningSettings> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tax_rule').execute();
        if (input.rules.length > 0) await trx.insertInto('tax_rule').values(input.rules).execute();
      });
      return settings();
    },

    /** The region's planning rules; one row, written whole. */
    async setPolicy(
      input: Parsed<typeof PlanningPolicyInput>,
      callerId: string,
    ): Promise<PlanningSettings> {
      await db
        .insertInto('planning_setting')
        .values({ lines_need_pagu: input.lines_need_pagu, updated_by: callerId })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            lines_need_pagu: input.lines_need_pagu,
            updated_by: callerId,
            updated_at: sql`now()`,
          }),
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
