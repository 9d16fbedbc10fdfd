import { formatTenths, PlanningPolicyInput } from '@ranwal/core';
import { type FormEvent, useId, useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { Button } from '../../components/Button.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface DeviationThresholds {
  deviation_red_below_tenths: number;
  deviation_yellow_below_tenths: number;
}

export interface DeviationThresholdsEditorProps {
  thresholds: DeviationThresholds;
  /** Saves both; resolve when saved, reject to keep what was typed. */
  onSave: (thresholds: DeviationThresholds) => Promise<unknown>;
  isSaving?: boolean;
}

/**
 * 'Batas Capaian Realisasi' on Pengaturan Perencanaan (issue 37): below which share of its plan
 * a unit's or a sub kegiatan's realisation is red, and yellow; typed as percentages ('72,5').
 * Checked by core's PlanningPolicyInput (each above 0 and at most 100 %, yellow above red).
 */
export function DeviationThresholdsEditor({
  thresholds,
  onSave,
  isSaving = false,
}: DeviationThresholdsEditorProps) {
  const m = useMessages();
  const t = m.planning.settings.policy;
  const titleId = useId();
  // What each field shows once left (its `value`), and what is typed in it now (checked, sent).
  const [shown, setShown] = useState({
    red: thresholds.deviation_red_below_tenths / 10,
    yellow: thresholds.deviation_yellow_below_tenths / 10,
  });
  const [red, setRed] = useState(shown.red);
  const [yellow, setYellow] = useState(shown.yellow);
  const [attempt, setAttempt] = useState(0);
  const values = {
    deviation_red_below_tenths: Math.round(red * 10),
    deviation_yellow_below_tenths: Math.round(yellow * 10),
  };
  const parsed = PlanningPolicyInput.safeParse(values);
  const issueOf = (field: keyof DeviationThresholds, label: string) => {
    if (attempt === 0 || parsed.success) return undefined;
    const issue = parsed.error.issues.find((found) => found.path[0] === field);
    return issue && m.server.validation(label, issue.message);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    if (!parsed.success || !Number.isFinite(red) || !Number.isFinite(yellow)) return;
    await onSave(values);
  };
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t.thresholds}
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">{t.thresholdsHint}</p>
        <p className="max-w-3xl text-sm text-slate-600">
          {m.realisation.summary.legend(
            formatTenths(thresholds.deviation_red_below_tenths),
            formatTenths(thresholds.deviation_yellow_below_tenths),
          )}
        </p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-4">
        <div className="w-44">
          <AmountField
            label={t.redBelow}
            value={shown.red}
            decimals={1}
            percent
            isRequired
            submitCount={attempt}
            errorMessage={issueOf('deviation_red_below_tenths', t.redBelow)}
            onChange={(value) => {
              setShown((current) => ({ ...current, red: value }));
              setRed(value);
            }}
            onNumberInput={setRed}
          />
        </div>
        <div className="w-44">
          <AmountField
            label={t.yellowBelow}
            value={shown.yellow}
            decimals={1}
            percent
            isRequired
            submitCount={attempt}
            errorMessage={issueOf('deviation_yellow_below_tenths', t.yellowBelow)}
            onChange={(value) => {
              setShown((current) => ({ ...current, yellow: value }));
              setYellow(value);
            }}
            onNumberInput={setYellow}
          />
        </div>
        <Button type="submit" isPending={isSaving} className="mt-6">
          {t.saveThresholds}
        </Button>
      </form>
    </section>
  );
}
