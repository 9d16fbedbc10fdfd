import { formatNumberId, type TaxRule, TaxRuleSet, taxRuleText } from '@ranwal/core';
import { Fragment, useRef, useState } from 'react';
import { AdminSection, FailureBanner } from '../../components/AdminPage.js';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { DateField } from '../../components/DateField.js';
import { useFormSubmit } from '../../components/FormDialog.js';
import { NumberField } from '../../components/NumberField.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface TaxRulesEditorProps {
  /** The saved rules, oldest first; the editor starts from them. */
  rules: readonly TaxRule[];
  /**
   * Replaces the whole set; resolve when saved (say so: a toast), reject with the call's error
   * (shown above the rules).
   */
  onSave: (rules: TaxRule[]) => Promise<unknown>;
}

type RuleField = 'effective_from' | 'rate' | 'base_numerator' | 'base_denominator';
/** A rule being edited: numbers are NaN while their field is empty. */
interface DraftRule extends TaxRule {
  key: number;
}

/** Dasar pengenaan's two numbers, written as a fraction. */
const baseFields = ['base_numerator', 'base_denominator'] as const;
const fields: readonly RuleField[] = [
  'effective_from',
  'rate',
  'base_numerator',
  'base_denominator',
];

/** What a rule charges of the whole total, in percent: 12% of 11/12 is 11. */
const effectivePercent = (rule: TaxRule) =>
  formatNumberId((rule.rate * rule.base_numerator) / rule.base_denominator, 2);

/**
 * 'Aturan PPN': the rules by date (Berlaku sejak, Tarif %, Dasar pengenaan as a fraction such
 * as 11/12), rows added and removed, the whole set saved at once and checked by core's
 * `TaxRuleSet` first. With none, the spec's 12% of the whole total applies.
 */
export function TaxRulesEditor({ rules, onSave }: TaxRulesEditorProps) {
  const m = useMessages();
  const t = m.planning.settings.tax;
  const nextKey = useRef(rules.length);
  const [draft, setDraft] = useState<DraftRule[]>(() =>
    rules.map((rule, key) => ({ ...rule, key })),
  );
  const [isSaving, setSaving] = useState(false);

  const values = draft.map(({ key, ...rule }) => rule);
  const parsed = TaxRuleSet.safeParse({ rules: values });
  const { attempt, failure, submit, dialog } = useFormSubmit({
    isSaving,
    parsed,
    save: async (data) => {
      setSaving(true);
      try {
        await onSave(data.rules);
      } finally {
        setSaving(false);
      }
    },
    failed: t.saveFailed,
  });
  const labels: Record<RuleField, string> = {
    effective_from: t.effectiveFrom,
    rate: t.rate,
    base_numerator: `${t.base}: ${t.baseNumerator}`,
    base_denominator: `${t.base}: ${t.baseDenominator}`,
  };
  /** Each rule's field problems, and those of the set as a whole (a date given twice). */
  const fieldErrors: Partial<Record<RuleField, string>>[] = draft.map(() => ({}));
  const setErrors: string[] = [];
  if (attempt > 0 && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const errors = typeof index === 'number' ? fieldErrors[index] : undefined;
      if (errors && fields.includes(field as RuleField)) {
        const name = field as RuleField;
        const value = values[index as number]?.[name];
        errors[name] ??=
          value === '' || Number.isNaN(value)
            ? m.validation.required(labels[name])
            : m.server.validation(labels[name], issue.message);
      } else if (!setErrors.includes(issue.message)) {
        setErrors.push(issue.message);
      }
    }
  }

  const change = (key: number, part: Partial<TaxRule>) =>
    setDraft((rows) => rows.map((row) => (row.key === key ? { ...row, ...part } : row)));

  return (
    <AdminSection
      level={2}
      title={t.title}
      intro={t.intro}
      note={
        // Said plainly where rules are edited (issue 34): saving reprices no existing line.
        <p className="max-w-3xl text-sm font-medium text-slate-800">{t.keepsOld}</p>
      }
    >
      {(titleId) => (
        <>
          <form
            ref={dialog.formRef}
            noValidate
            aria-labelledby={titleId}
            onSubmit={(event) => void submit(event)}
            className="flex flex-col gap-4"
          >
            <FailureBanner failure={failure} />
            {setErrors.length > 0 && (
              <Banner tone="error" title={t.fix}>
                {setErrors.join(' ')}
              </Banner>
            )}
            {draft.length === 0 ? (
              <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">
                {t.none}
              </p>
            ) : (
              <ol className="flex flex-col gap-3">
                {draft.map((rule, index) => {
                  const errors = fieldErrors[index] ?? {};
                  const complete = fields.every((field) => !Number.isNaN(rule[field]));
                  return (
                    <li key={rule.key}>
                      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
                        <legend className="px-1 text-sm font-semibold text-slate-800">
                          {t.rule(index + 1)}
                        </legend>
                        <div className="grid items-start gap-3 sm:grid-cols-[12rem_7rem_auto_auto] sm:justify-start">
                          <DateField
                            label={t.effectiveFrom}
                            isRequired
                            validationBehavior="aria"
                            value={rule.effective_from}
                            onChange={(effective_from) => change(rule.key, { effective_from })}
                            errorMessage={errors.effective_from}
                          />
                          <NumberField
                            label={t.rate}
                            isRequired
                            validationBehavior="aria"
                            formatOptions={{ maximumFractionDigits: 2 }}
                            value={rule.rate}
                            onChange={(rate) => change(rule.key, { rate })}
                            errorMessage={errors.rate}
                          />
                          <fieldset className="flex flex-col">
                            {/* A legend sits outside the flex flow: its own margin stands for the gap. */}
                            <legend className="mb-1 text-sm font-medium text-slate-800">
                              {t.base}
                            </legend>
                            <div className="flex items-start gap-2">
                              {baseFields.map((field, index) => (
                                <Fragment key={field}>
                                  {index > 0 && (
                                    <span
                                      aria-hidden="true"
                                      className="pt-2 text-lg text-slate-600"
                                    >
                                      /
                                    </span>
                                  )}
                                  <NumberField
                                    aria-label={labels[field]}
                                    isRequired
                                    validationBehavior="aria"
                                    formatOptions={{ maximumFractionDigits: 0 }}
                                    value={rule[field]}
                                    onChange={(value) => change(rule.key, { [field]: value })}
                                    errorMessage={errors[field]}
                                    className="w-20"
                                  />
                                </Fragment>
                              ))}
                            </div>
                          </fieldset>
                          <Button
                            variant="secondary"
                            aria-label={t.removeRule(index + 1)}
                            onPress={() =>
                              setDraft((rows) => rows.filter((row) => row.key !== rule.key))
                            }
                            className="sm:mt-6"
                          >
                            {t.remove}
                          </Button>
                        </div>
                        {complete && rule.base_denominator > 0 && (
                          <p className="text-sm text-slate-700">
                            {t.effective(
                              taxRuleText({
                                tax_rate: rule.rate,
                                tax_base_numerator: rule.base_numerator,
                                tax_base_denominator: rule.base_denominator,
                              }),
                              effectivePercent(rule),
                            )}
                          </p>
                        )}
                      </fieldset>
                    </li>
                  );
                })}
              </ol>
            )}
            <div className="flex flex-wrap justify-between gap-3">
              <Button
                variant="secondary"
                onPress={() => {
                  const key = nextKey.current++;
                  setDraft((rows) => [
                    ...rows,
                    { key, effective_from: '', rate: 12, base_numerator: 1, base_denominator: 1 },
                  ]);
                }}
              >
                {t.add}
              </Button>
              <Button type="submit" isPending={isSaving}>
                {isSaving ? m.common.saving : t.save}
              </Button>
            </div>
          </form>
        </>
      )}
    </AdminSection>
  );
}
