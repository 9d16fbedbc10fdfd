import {
  issuesRefusal,
  messagesId,
  type PlanningPolicyInput,
  type PlanningSettings,
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
