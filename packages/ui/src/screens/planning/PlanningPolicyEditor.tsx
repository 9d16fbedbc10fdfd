import type { PlanningPolicyInput } from '@ranwal/core';
import { useId } from 'react';
import { Checkbox } from '../../components/Checkbox.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** The region's rules as the editor shows them: each one on or off. */
export type PlanningPolicy = Required<
  Pick<
    PlanningPolicyInput,
    'lines_need_pagu' | 'lines_need_funding_source' | 'cash_plan_required' | 'units_enter_sp2d'
  >
>;

export interface PlanningPolicyEditorProps {
  policy: PlanningPolicy;
  /** Saves the one rule toggled (the others stay as they are); the toggles wait while it does. */
  onChange: (change: PlanningPolicyInput) => unknown;
  isSaving?: boolean;
}

/**
 * The rules in the order a line meets them: its pagu, its sumber dana, its months, then how what
 * was paid for it is known.
 */
const RULES = [
  'lines_need_pagu',
  'lines_need_funding_source',
  'cash_plan_required',
  'units_enter_sp2d',
] as const;

/**
 * 'Aturan Perencanaan' on Pengaturan Perencanaan: whether a sub kegiatan without a pagu refuses
 * lines in a year that has stages (issue 33), whether every line must name its sumber dana, and
 * whether an Anggaran Kas that does not equal its lines holds up verification and the next
 * stage (issue 36), and whether units record their own SP2D (issue 37). Each is saved as it is
 * toggled.
 */
export function PlanningPolicyEditor({
  policy,
  onChange,
  isSaving = false,
}: PlanningPolicyEditorProps) {
  const t = useMessages().planning.settings.policy;
  const titleId = useId();
  const wording = {
    lines_need_pagu: [t.linesNeedPagu, t.hint],
    lines_need_funding_source: [t.linesNeedFundingSource, t.fundingSourceHint],
    cash_plan_required: [t.cashPlanRequired, t.cashPlanHint],
    units_enter_sp2d: [t.unitsEnterSp2d, t.unitsEnterSp2dHint],
  } as const;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      {RULES.map((rule) => (
        <Checkbox
          key={rule}
          isSelected={policy[rule]}
          isDisabled={isSaving}
          onChange={(selected) => void onChange({ [rule]: selected })}
          description={wording[rule][1]}
        >
          {wording[rule][0]}
        </Checkbox>
      ))}
    </section>
  );
}
