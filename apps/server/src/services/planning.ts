import {
  issuesRefusal,
  messagesId,
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

/**
 * The region's planning configuration: PPN rules by date, whether components outside the
 * catalogue are allowed (RANWAL_FREE_FORM_COMPONENTS), and who signs each RKA.
 */
export function createPlanningService(db: Kysely<Database>, options: { freeForm: boolean }) {
  async function settings(): Promise<PlanningSettings> {
    return { tax_rules: await readTaxRules(db), free_form_components: options.freeForm };
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
