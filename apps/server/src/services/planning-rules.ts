import { DEVIATION_THRESHOLDS } from '@ranwal/core';
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
  /** Units record their own SP2D: no finance system export to load (migration 0037, issue 37). */
  units_enter_sp2d: boolean;
  /** Where realisation against plan turns red and yellow, in tenths (migration 0033, issue 37). */
  deviation_red_below_tenths: number;
  deviation_yellow_below_tenths: number;
}

/** The rules before an admin sets any: the row is absent until then. */
export const defaultPlanningRules: PlanningRules = {
  lines_need_pagu: true,
  lines_need_funding_source: false,
  cash_plan_required: false,
  units_enter_sp2d: false,
  deviation_red_below_tenths: DEVIATION_THRESHOLDS.red_below_tenths,
  deviation_yellow_below_tenths: DEVIATION_THRESHOLDS.yellow_below_tenths,
};

/** The region's deviation thresholds as core's `deviationLevel` takes them. */
export async function readDeviationThresholds(executor: Kysely<Database>) {
  const rules = await readPlanningRules(executor);
  return {
    red_below_tenths: rules.deviation_red_below_tenths,
    yellow_below_tenths: rules.deviation_yellow_below_tenths,
  };
}

/** The rules in one read (one row), in a writer's transaction or outside one. */
export async function readPlanningRules(executor: Kysely<Database>): Promise<PlanningRules> {
  const row = await executor
    .selectFrom('planning_setting')
    .select([
      'lines_need_pagu',
      'lines_need_funding_source',
      'cash_plan_required',
      'units_enter_sp2d',
      'deviation_red_below_tenths',
      'deviation_yellow_below_tenths',
    ])
    .executeTakeFirst();
  return row ?? defaultPlanningRules;
}
