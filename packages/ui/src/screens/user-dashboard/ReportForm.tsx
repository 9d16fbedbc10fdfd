import {
  BudgetLineInput,
  computeTotals,
  DEFAULT_REPORT_YEAR,
  DEFAULT_UNIT,
  formatRupiah,
  type LineTotals,
  MoneyError,
} from '@ranwal/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { AmountField } from '../../components/AmountField.js';
import { Button } from '../../components/Button.js';
import { Description } from '../../components/Field.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { clearDraft, readDraft, useUnsavedWarning, writeDraft } from '../../lib/session-draft.js';

/** The form's own part of the create payload, validated with core's schema. */
const ReportFields = BudgetLineInput.pick({
  component_code: true,
  component_name: true,
  specification: true,
  unit: true,
  price: true,
  first_volume: true,
  second_volume: true,
  third_volume: true,
  year: true,
});

/** What the form submits: its fields, the year, the totals it showed and whether PPN applies. */
export type ReportFormValues = ReturnType<typeof ReportFields.parse> &
  LineTotals & { is_taxed: boolean };

type TextKey = 'component_code' | 'component_name' | 'specification' | 'unit';
type NumberKey = 'price' | 'first_volume' | 'second_volume' | 'third_volume';
type FieldKey = TextKey | NumberKey;
type Draft = Record<TextKey, string> & Record<NumberKey, number>;

/** The spec's defaults: unit 'Pcs', price 0, volumes 1 (section 9). */
const defaults: Draft = {
  component_code: '',
  component_name: '',
  specification: '',
  unit: DEFAULT_UNIT,
  price: 0,
  first_volume: 1,
  second_volume: 1,
  third_volume: 1,
};

export interface ReportFormProps {
  /** PPN 12% is on: Pajak is computed and counted. */
  taxed: boolean;
  /**
   * Called with valid values. When it returns a promise that resolves (the report was saved),
   * the form goes back to its defaults; a rejected one, or none, keeps what was typed.
   */
  onSubmit: (values: ReportFormValues) => unknown;
  /** Saving: the button reads 'Menyimpan Laporan...' and a second submit is ignored. */
  isPending?: boolean;
  /** Why the report cannot be submitted yet (no Pengampu chosen): the button waits, saying so. */
  submitBlockedReason?: string;
  /** The report's year; 2025 by default. */
  year?: number;
  /** What the fields start with (an edited line's values); the spec's defaults otherwise. */
  initialValues?: Partial<Draft>;
  /** The heading, button and pending labels; the create form's by default. */
  title?: string;
  submitLabel?: string;
  submittingLabel?: string;
  /** Shows 'Batal' beside the button (an edit dialog). */
  onCancel?: () => void;
  /** Whether a saved line empties the form for the next one; true unless editing. */
  resetOnSuccess?: boolean;
  /**
   * Session-storage key keeping what is typed until it is saved (see lib/session-draft): a
   * reload or a new sign-in after the session ended gives it back.
   */
  draftKey?: string;
  className?: string;
}

export type ReportFormDraft = Draft;

type Totals =
  | { totals: LineTotals; problem?: undefined }
  | { totals?: undefined; problem?: string };

/** The live totals, blank while a number is missing, a message instead of a wrong number. */
function totalsOf(draft: Draft, taxed: boolean, messages: ReturnType<typeof useMessages>): Totals {
  const { price, first_volume, second_volume, third_volume } = draft;
  if ([price, first_volume, second_volume, third_volume].some(Number.isNaN)) return {};
  try {
    return {
      totals: computeTotals({ price, first_volume, second_volume, third_volume, taxed }),
    };
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const tooLarge = error.field === 'total_price' || error.field === 'total_after_tax';
    return {
      problem: tooLarge
        ? messages.reports.form.totalsTooLarge
        : messages.reports.form.totalsInvalid,
    };
  }
}

/** 'Buat Laporan Detail Program': the budget line's fields with totals and PPN computed as typed. */
export function ReportForm({
  taxed,
  onSubmit,
  isPending = false,
  submitBlockedReason,
  year = DEFAULT_REPORT_YEAR,
  initialValues,
  title,
  submitLabel,
  submittingLabel,
  onCancel,
  resetOnSuccess = true,
  draftKey,
  className,
}: ReportFormProps) {
  const messages = useMessages();
  const form = messages.reports.form;
  const titleId = useId();
  const blockedId = useId();
  // `committed` drives the number fields; `draft` also follows what is being typed.
  const [restored] = useState(() => (draftKey ? readDraft<Partial<Draft>>(draftKey) : undefined));
  const [committed, setCommitted] = useState<Draft>(() => ({
    ...defaults,
    ...initialValues,
    ...restored,
  }));
  const [showRestored, setShowRestored] = useState(restored !== undefined);
  const [typed, setTyped] = useState<Partial<Record<NumberKey, number>>>({});
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const submitting = useRef(false);
  const draft: Draft = { ...committed, ...typed };
  const { totals, problem } = totalsOf(draft, taxed, messages);
  const start = { ...defaults, ...initialValues };
  const unsaved = (Object.keys(defaults) as FieldKey[]).some(
    (key) => !Object.is(draft[key], start[key]),
  );
  useUnsavedWarning(unsaved);
  useEffect(() => {
    if (!draftKey) return;
    if (unsaved) writeDraft(draftKey, committed);
    else clearDraft(draftKey);
  }, [draftKey, unsaved, committed]);
  const discardDraft = () => {
    setCommitted(start);
    setTyped({});
    setErrors({});
    setShowRestored(false);
  };

  const labels: Record<FieldKey, string> = {
    component_code: form.componentCode,
    component_name: form.componentName,
    specification: form.specification,
    unit: form.unit,
    price: form.price,
    first_volume: form.firstVolume,
    second_volume: form.secondVolume,
    third_volume: form.thirdVolume,
  };

  const clearError = (key: FieldKey) =>
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  const setText = (key: TextKey) => (value: string) => {
    setCommitted((current) => ({ ...current, [key]: value }));
    clearError(key);
  };
  const numberProps = (key: NumberKey) => ({
    label: labels[key],
    value: committed[key],
    errorMessage: errors[key],
    isRequired: true,
    onChange: (value: number) => {
      setCommitted((current) => ({ ...current, [key]: value }));
      setTyped((current) => ({ ...current, [key]: value }));
    },
    onNumberInput: (value: number) => {
      setTyped((current) =>
        Object.is(current[key], value) ? current : { ...current, [key]: value },
      );
      if (!Object.is(value, committed[key])) clearError(key);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second click or Enter before the first submission's re-render must not send it again.
    if (isPending || submitting.current || submitBlockedReason) return;
    const parsed = ReportFields.safeParse({ ...draft, year });
    if (!parsed.success) {
      const found: Partial<Record<FieldKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldKey;
        if (key in labels && !found[key])
          found[key] = form.fieldInvalid(labels[key], issue.message);
      }
      setErrors(found);
      return;
    }
    if (!totals) return;
    setErrors({});
    const saved = onSubmit({ ...parsed.data, ...totals, is_taxed: taxed });
    if (!(saved instanceof Promise)) return;
    submitting.current = true;
    saved
      .then(
        () => {
          if (draftKey) clearDraft(draftKey);
          setShowRestored(false);
          if (!resetOnSuccess) return;
          setCommitted(defaults);
          setTyped({});
        },
        // The caller reports the failure; what was typed stays for another try.
        () => undefined,
      )
      .finally(() => {
        submitting.current = false;
      });
  };

  const shown = (amount: number | undefined) => (amount === undefined ? '' : formatRupiah(amount));

  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-5', className)}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {title ?? form.title}
      </h2>
      {showRestored && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800">
          <p role="status" className="flex-1">
            {form.draftRestored}
          </p>
          <Button size="sm" variant="secondary" onPress={discardDraft}>
            {form.discardDraft}
          </Button>
        </div>
      )}
      <Form validationBehavior="aria" onSubmit={submit} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={form.componentCode}
            value={committed.component_code}
            onChange={setText('component_code')}
            errorMessage={errors.component_code}
          />
          <TextField
            label={form.componentName}
            isRequired
            value={committed.component_name}
            onChange={setText('component_name')}
            errorMessage={errors.component_name}
          />
          <TextField
            label={form.specification}
            multiline
            rows={3}
            value={committed.specification}
            onChange={setText('specification')}
            errorMessage={errors.specification}
            className="sm:col-span-2"
          />
          <TextField
            label={form.unit}
            placeholder={form.unitPlaceholder}
            isRequired
            value={committed.unit}
            onChange={setText('unit')}
            errorMessage={errors.unit}
          />
          <AmountField {...numberProps('price')} decimals={0} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {(['first_volume', 'second_volume', 'third_volume'] as const).map((key) => (
            <AmountField
              key={key}
              {...numberProps(key)}
              placeholder={form.volumePlaceholder}
              decimals={2}
            />
          ))}
        </div>
        <div className="grid gap-4 rounded-lg bg-slate-50 p-4 sm:grid-cols-3">
          <TextField
            label={form.totalPrice}
            isReadOnly
            value={shown(totals?.total_price)}
            errorMessage={problem}
          />
          <TextField
            label={form.tax}
            isReadOnly
            isDisabled={!taxed}
            value={shown(totals?.tax)}
            description={form.taxNote}
          />
          <TextField label={form.totalAfterTax} isReadOnly value={shown(totals?.total_after_tax)} />
        </div>
        <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-end">
          {submitBlockedReason && (
            <Description id={blockedId} tone="warning">
              {submitBlockedReason}
            </Description>
          )}
          {onCancel && (
            <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
              {messages.common.cancel}
            </Button>
          )}
          <Button
            type="submit"
            isPending={isPending}
            isDisabled={Boolean(submitBlockedReason)}
            aria-describedby={submitBlockedReason ? blockedId : undefined}
          >
            {isPending ? (submittingLabel ?? form.submitting) : (submitLabel ?? form.submit)}
          </Button>
        </div>
      </Form>
    </section>
  );
}
