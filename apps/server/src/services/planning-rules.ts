import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The region's planning rules, as an admin sets them on Pengaturan Perencanaan. */
export interface PlanningRules {
  /** Lines of a year that has stages need a pagu on their sub kegiatan (migration 0021). */
  lines_need_pagu: boolean;
  /** Every line names its sumber dana (migration 0027, issue 36). */
  lines_need_funding_source: boolean;
  /** A sub kegiatan's Anggaran Kas must balance its lines (migration 0028, issue 36). */
  cash_plan_required: boolean;
}

/** The rules before an admin sets any: the row is absent until then. */
export const defaultPlanningRules: PlanningRules = {
  lines_need_pagu: true,
  lines_need_funding_source: false,
  cash_plan_required: false,
};

/** The rules in one read (one row), in a writer's transaction or outside one. */
export async function readPlanningRules(executor: Kysely<Database>): Promise<PlanningRules> {
  const row = await executor
    .selectFrom('planning_setting')
    .select(['lines_need_pagu', 'lines_need_funding_source', 'cash_plan_required'])
    .executeTakeFirst();
  return row ?? defaultPlanningRules;
}
