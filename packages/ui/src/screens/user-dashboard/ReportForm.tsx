import {
  BudgetLineInput,
  coefficientText,
  computeTotals,
  DEFAULT_REPORT_YEAR,
  DEFAULT_UNIT,
  type FundingTotal,
  formatNumberId,
  formatRupiah,
  isApiError,
  type LineTotals,
  type LineVolumes,
  type Messages,
  MoneyError,
  type PriceItem,
  type TaxRuleValues,
  taxRuleForYear,
  taxRuleText,
  volumeProduct,
} from '@ranwal/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { AmountField } from '../../components/AmountField.js';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { Description } from '../../components/Field.js';
import { useFocusFirstInvalid } from '../../components/FormDialog.js';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { clearDraft, readDraft, useUnsavedWarning, writeDraft } from '../../lib/session-draft.js';
import type { StageNotice } from '../stages/stage-notice.js';
import { type CatalogueSource, ComponentPicker } from './ComponentPicker.js';
import { PaguPanel, type PaguSource } from './PaguPanel.js';

/** The form's own part of the create payload, validated with core's schema. */
const ReportFields = BudgetLineInput.pick({
  component_code: true,
  component_name: true,
  specification: true,
  unit: true,
  first_volume_unit: true,
  second_volume_unit: true,
  third_volume_unit: true,
  price_item_id: true,
  funding_source_id: true,
  price: true,
  first_volume: true,
  second_volume: true,
  third_volume: true,
  year: true,
});

/** What the form submits: its fields, the year, the totals it showed and whether PPN applies. */
export type ReportFormValues = ReturnType<typeof ReportFields.parse> &
  LineTotals & { is_taxed: boolean };

type TextKey =
  | 'component_code'
  | 'component_name'
  | 'specification'
  | 'unit'
  | 'second_volume_unit'
  | 'third_volume_unit';
type NumberKey = 'price' | 'first_volume' | 'second_volume' | 'third_volume';
type FieldKey = TextKey | NumberKey | 'first_volume_unit' | 'funding_source_id';
const FIELD_KEYS: ReadonlySet<string> = new Set<FieldKey>([
  'funding_source_id',
  'component_code',
  'component_name',
  'specification',
  'unit',
  'price',
  'first_volume',
  'second_volume',
  'third_volume',
  'first_volume_unit',
  'second_volume_unit',
  'third_volume_unit',
]);
/** The form field a server issue names (a catalogue item is the component's name). */
const fieldOfIssue = (path: string): FieldKey | undefined => {
  const key = path === 'price_item_id' ? 'component_name' : path;
  return FIELD_KEYS.has(key) ? (key as FieldKey) : undefined;
};
/** The server's refusal of a line over a pagu (shown in the pagu panel). */
const isPaguRefusal = (error: unknown) =>
  isApiError(error) &&
  error.code === 'conflict' &&
  (error.issues ?? []).some((issue) => issue.path === 'total_after_tax');

/**
 * Whether the report form shows a failed save itself: a refusal over a pagu in its panel, a
 * field's problem under the field. The caller then says nothing more (no toast repeating it);
 * anything else (the server unreachable, a stage closed) is the caller's to tell.
 */
export function isShownByReportForm(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    isPaguRefusal(error) ||
    (error.issues ?? []).some((issue) => fieldOfIssue(String(issue.path)) !== undefined)
  );
}
type Draft = Record<TextKey, string> &
  Record<NumberKey, number> & {
    /** What Volume 1 counts; null follows Satuan (the spec's one unit counts the first volume). */
    first_volume_unit: string | null;
    /**
     * The catalogue item the line is priced from; null for a component typed freely. A price of
     * 0 (never a catalogue's) stands for an item whose price is not known here.
     */
    price_item: PriceItem | null;
    /** The sumber dana chosen; null leaves it to the sub kegiatan's default (issue 36). */
    funding_source_id: string | null;
  };

/** The spec's defaults: unit 'Pcs', price 0, volumes 1 (section 9); no unit on volumes 2 and 3. */
const defaults: Draft = {
  component_code: '',
  component_name: '',
  specification: '',
  unit: DEFAULT_UNIT,
  price: 0,
  first_volume: 1,
  second_volume: 1,
  third_volume: 1,
  first_volume_unit: null,
  second_volume_unit: '',
  third_volume_unit: '',
  price_item: null,
  funding_source_id: null,
};
const draftKeys = Object.keys(defaults) as (keyof Draft)[];
const sameValue = (key: keyof Draft, a: Draft, b: Draft) =>
  key === 'price_item' ? a.price_item?.id === b.price_item?.id : Object.is(a[key], b[key]);

const volumeKeys = [
  ['first_volume', 'first_volume_unit'],
  ['second_volume', 'second_volume_unit'],
  ['third_volume', 'third_volume_unit'],
] as const;

/**
 * What the form plans with besides its own fields (`useLinePlanning` loads it from the API);
 * left out, the form is the spec's: PPN 12%, no pagu, no catalogue.
 */
export interface LinePlanning {
  /** The year's stage, where it has stages: what the server allows now (stages/stage-notice.ts). */
  stage?: StageNotice | undefined;
  /** The PPN rules by date (planning.settings): the preview prices with its year's. */
  taxRules?: readonly TaxRuleValues[] | undefined;
  /** False: while the year has a catalogue, the component must be picked from it. */
  freeFormComponents?: boolean | undefined;
  /** The chain's pagu, for the panel under the totals; no panel without. */
  pagu?: PaguSource | undefined;
  /** The catalogue under the chosen kode rekening; absent where the year has none. */
  catalogue?: CatalogueSource | undefined;
  /** The sumber dana a line of the chosen sub kegiatan may name; no field without. */
  funding?: FundingChoice | undefined;
}

/** The sumber dana field's choices (`useLinePlanning` reads them from the API). */
export interface FundingChoice {
  /** The sources the line may name, in code order, each with what its label says under it. */
  options: readonly { id: string; label: string; figures: string }[];
  /** The sub kegiatan's default, which a line naming none takes; null: there is none. */
  defaultLabel: string | null;
  /** The region requires every line to have a source. */
  required: boolean;
  errorMessage?: string | undefined;
  /** What the sub kegiatan plans from each source (this line left out), for the pagu panel. */
  totals?: readonly FundingTotal[] | undefined;
}

/** The sumber dana field's option that names no source (the default fills it, if any). */
const NO_SOURCE = '';

/** The PPN rule a line of `year` is priced with, and how it reads ('12%', '12% x 11/12'). */
export function yearTaxRule(taxRules: readonly TaxRuleValues[] | undefined, year: number) {
  const rule = taxRuleForYear(taxRules ?? [], year);
  const text = taxRuleText({
    tax_rate: rule.rate,
    tax_base_numerator: rule.base_numerator,
    tax_base_denominator: rule.base_denominator,
  });
  return { rule, text };
}

export interface ReportFormProps {
  /** PPN is on: Pajak is computed and counted. */
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
  /**
   * The id of the stage notice where the screen shows it above the form (the dashboard, above
   * the hierarchy): the form does not repeat it, and its button is described by it.
   */
  stageNoticeId?: string;
  /** The report's year; 2025 by default. */
  year?: number;
  /** What the fields start with (an edited line's values); the spec's defaults otherwise. */
  initialValues?: Partial<Draft>;
  /** The PPN rule, pagu and catalogue of the line's year and chain (see `useLinePlanning`). */
  planning?: LinePlanning;
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
function totalsOf(draft: Draft, taxed: boolean, rule: TaxRuleValues, messages: Messages): Totals {
  const { price, first_volume, second_volume, third_volume } = draft;
  if ([price, first_volume, second_volume, third_volume].some(Number.isNaN)) return {};
  try {
    return {
      totals: computeTotals({ price, first_volume, second_volume, third_volume, taxed, rule }),
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

/** What each volume counts as the line will send it: Volume 1 follows Satuan unless given. */
const volumeUnitsOf = (draft: Draft) => ({
  first_volume_unit: (draft.first_volume_unit ?? draft.unit).trim() || null,
  second_volume_unit: draft.second_volume_unit.trim() || null,
  third_volume_unit: draft.third_volume_unit.trim() || null,
});

/** 'Koefisien: 2 Orang x 3 Hari x 1 Kali = 6 OH' as typed; undefined while a volume does not read. */
function coefficientOf(draft: Draft, messages: Messages): string | undefined {
  const line: LineVolumes = {
    first_volume: draft.first_volume,
    second_volume: draft.second_volume,
    third_volume: draft.third_volume,
    ...volumeUnitsOf(draft),
  };
  try {
    const text = coefficientText(line);
    const planning = messages.reports.planning;
    const unit = draft.unit.trim();
    if (!text.includes(' x ') || !unit) return planning.coefficient(text);
    const product = formatNumberId(volumeProduct(line), 6);
    return `${planning.coefficient(text)} ${planning.coefficientProduct(product, unit)}`;
  } catch (error) {
    if (error instanceof MoneyError || error instanceof RangeError) return undefined;
    throw error;
  }
}

/** 'Buat Laporan Detail Program': the budget line's fields with totals and PPN computed as typed. */
export function ReportForm({
  taxed,
  onSubmit,
  isPending = false,
  submitBlockedReason,
  stageNoticeId,
  year = DEFAULT_REPORT_YEAR,
  initialValues,
  planning,
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
  const text = messages.reports.planning;
  const titleId = useId();
  const blockedId = useId();
  const ownStageId = useId();
  // Where the year's stage refuses users' writes, the button waits with its reason, shown first.
  const stage = planning?.stage;
  const stageId = stageNoticeId ?? ownStageId;
  const stageBlocks = stage?.blocksWrites === true;
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
  // The server's refusal of the last save over a pagu, shown in the pagu panel until edited.
  const [refusal, setRefusal] = useState<string>();
  const submitting = useRef(false);
  // A refused save focuses its first problem: on a phone, the field comes into view.
  const formRef = useRef<HTMLFormElement>(null);
  const [refusedAttempt, setRefusedAttempt] = useState(0);
  useFocusFirstInvalid(formRef, refusedAttempt);
  const focusFirstProblem = () => setRefusedAttempt((n) => n + 1);
  const draft: Draft = { ...committed, ...typed };
  const { rule, text: ruleText } = yearTaxRule(planning?.taxRules, year);
  const { totals, problem } = totalsOf(draft, taxed, rule, messages);
  const start = { ...defaults, ...initialValues };
  const unsaved = draftKeys.some((key) => !sameValue(key, draft, start));
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

  const catalogue = planning?.catalogue;
  const picked = draft.price_item;
  const allowsFreeForm = planning?.freeFormComponents ?? true;
  const labels: Record<FieldKey, string> = {
    component_code: form.componentCode,
    component_name: form.componentName,
    specification: form.specification,
    unit: form.unit,
    price: form.price,
    first_volume: form.firstVolume,
    second_volume: form.secondVolume,
    third_volume: form.thirdVolume,
    first_volume_unit: text.volumeUnitOf(form.firstVolume),
    second_volume_unit: text.volumeUnitOf(form.secondVolume),
    third_volume_unit: text.volumeUnitOf(form.thirdVolume),
    funding_source_id: messages.funding.line.label,
  };
  const server = messages.server;
  // Refused as typed, before the server would: a price above its (closed) catalogue item, an
  // item not for the chosen kode rekening, no item where the region allows none.
  const ceiling = picked && picked.price > 0 ? picked : null;
  const priceProblem =
    ceiling && !ceiling.open && draft.price > ceiling.price
      ? form.fieldInvalid(form.price, server.priceAboveCatalogue(formatRupiah(ceiling.price)))
      : undefined;
  const componentProblem =
    picked &&
    catalogue &&
    picked.account_codes.length > 0 &&
    !picked.account_codes.includes(catalogue.accountCode)
      ? form.fieldInvalid(form.componentName, server.priceItemNotForAccount(catalogue.accountCode))
      : undefined;

  const clearError = (key: FieldKey) =>
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  const setText = (key: TextKey | 'first_volume_unit') => (value: string) => {
    setCommitted((current) => ({ ...current, [key]: value }));
    clearError(key);
  };
  const numberProps = (key: NumberKey) => ({
    label: labels[key],
    value: committed[key],
    errorMessage: errors[key],
    isRequired: true,
    onChange: (value: number) => {
      if (!Object.is(value, committed[key])) setRefusal(undefined);
      setCommitted((current) => ({ ...current, [key]: value }));
      setTyped((current) => ({ ...current, [key]: value }));
    },
    onNumberInput: (value: number) => {
      setTyped((current) =>
        Object.is(current[key], value) ? current : { ...current, [key]: value },
      );
      if (!Object.is(value, committed[key])) {
        clearError(key);
        setRefusal(undefined);
      }
    },
  });
  // Typing another name than the picked item's leaves the catalogue.
  const onComponentText = (name: string) => {
    setCommitted((current) => ({
      ...current,
      component_name: name,
      price_item:
        current.price_item && current.price_item.name !== name ? null : current.price_item,
    }));
    clearError('component_name');
  };
  const onPick = (item: PriceItem) => {
    setCommitted((current) => ({
      ...current,
      price_item: item,
      component_code: item.code,
      component_name: item.name,
      specification: item.specification,
      unit: item.unit,
      price: item.price,
    }));
    setTyped((current) => ({ ...current, price: item.price }));
    setErrors({});
    setRefusal(undefined);
  };

  /** The server's field problems on the fields they name; a refusal over a pagu in its panel. */
  const showRefusal = (error: unknown) => {
    if (!isApiError(error)) return;
    const found: Partial<Record<FieldKey, string>> = {};
    for (const issue of error.issues ?? []) {
      const key = fieldOfIssue(String(issue.path));
      if (key && !found[key]) found[key] = form.fieldInvalid(labels[key], issue.message);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) focusFirstProblem();
    if (isPaguRefusal(error)) {
      setRefusal(error.serverMessage ?? error.message);
      planning?.pagu?.refetch?.();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second click or Enter before the first submission's re-render must not send it again.
    if (isPending || submitting.current || submitBlockedReason || stageBlocks) return;
    const parsed = ReportFields.safeParse({
      ...draft,
      ...volumeUnitsOf(draft),
      price_item_id: picked?.id ?? null,
      year,
    });
    const found: Partial<Record<FieldKey, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldKey;
        if (key in labels && !found[key])
          found[key] = form.fieldInvalid(labels[key], issue.message);
      }
    }
    // Where the region requires a source and the sub kegiatan has no default, one is chosen.
    const funding = planning?.funding;
    if (funding?.required && !funding.defaultLabel && !draft.funding_source_id) {
      found.funding_source_id = form.fieldInvalid(
        labels.funding_source_id,
        messages.funding.line.required,
      );
    }
    // Where the region allows no free-form component, what is missing is a pick.
    if (catalogue && !picked && !allowsFreeForm) {
      found.component_name = form.fieldInvalid(form.componentName, server.freeFormRefused);
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstProblem();
      return;
    }
    if (!totals || priceProblem || componentProblem) {
      focusFirstProblem();
      return;
    }
    setErrors({});
    setRefusal(undefined);
    // No source chosen: left out, so the server fills the default (or keeps an edited line's).
    const { funding_source_id, ...fields } = parsed.data;
    const saved = onSubmit({
      ...fields,
      ...(funding_source_id ? { funding_source_id } : {}),
      ...totals,
      is_taxed: taxed,
    });
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
        showRefusal,
      )
      .finally(() => {
        submitting.current = false;
      });
  };

  const shown = (amount: number | undefined) => (amount === undefined ? '' : formatRupiah(amount));
  const coefficient = coefficientOf(draft, messages);
  const fromCatalogue = picked !== null;

  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-5', className)}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {title ?? form.title}
      </h2>
      {stage && !stageNoticeId && (
        <Banner id={stageId} tone={stage.tone}>
          {stage.text}
        </Banner>
      )}
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
      <Form
        ref={formRef}
        validationBehavior="aria"
        onSubmit={submit}
        className="flex flex-col gap-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={form.componentCode}
            value={committed.component_code}
            onChange={setText('component_code')}
            errorMessage={errors.component_code}
            isReadOnly={fromCatalogue}
          />
          {catalogue ? (
            <ComponentPicker
              catalogue={catalogue}
              value={committed.component_name}
              onTextChange={onComponentText}
              picked={picked}
              onPick={onPick}
              allowsFreeForm={allowsFreeForm}
              errorMessage={errors.component_name ?? componentProblem}
            />
          ) : (
            <TextField
              label={form.componentName}
              isRequired
              value={committed.component_name}
              onChange={onComponentText}
              errorMessage={errors.component_name}
            />
          )}
          <TextField
            label={form.specification}
            multiline
            rows={3}
            value={committed.specification}
            onChange={setText('specification')}
            errorMessage={errors.specification}
            isReadOnly={fromCatalogue}
            description={fromCatalogue ? text.catalogue.fromCatalogue : undefined}
            className="sm:col-span-2"
          />
          <TextField
            label={form.unit}
            placeholder={form.unitPlaceholder}
            isRequired
            value={committed.unit}
            onChange={setText('unit')}
            errorMessage={errors.unit}
            isReadOnly={fromCatalogue}
            description={fromCatalogue ? text.catalogue.fromCatalogue : undefined}
          />
          <div className="flex flex-col gap-1">
            <AmountField
              {...numberProps('price')}
              errorMessage={errors.price ?? priceProblem}
              decimals={0}
            />
            {ceiling && !priceProblem && (
              <p className="text-sm text-slate-700">
                {ceiling.open
                  ? text.catalogue.ceilingOpen(formatRupiah(ceiling.price))
                  : text.catalogue.ceiling(formatRupiah(ceiling.price))}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <div className="grid gap-4 sm:grid-cols-3">
            {volumeKeys.map(([key, unitKey], index) => (
              // Side by side on a phone ('2' beside 'Orang'), stacked in three columns wider up.
              <div key={key} className="grid grid-cols-2 gap-3 sm:grid-cols-1 sm:gap-2">
                <AmountField
                  {...numberProps(key)}
                  placeholder={form.volumePlaceholder}
                  decimals={2}
                />
                <div className="flex flex-col gap-1">
                  {/* Seen as 'Satuan' under its volume; named 'Satuan Volume 1' for screen readers. */}
                  <span aria-hidden className="text-sm font-medium text-slate-800">
                    {text.volumeUnit}
                  </span>
                  <TextField
                    aria-label={labels[unitKey]}
                    placeholder={index === 0 ? committed.unit : text.volumeUnitPlaceholder}
                    value={
                      unitKey === 'first_volume_unit'
                        ? (committed.first_volume_unit ?? committed.unit)
                        : committed[unitKey]
                    }
                    onChange={setText(unitKey)}
                    errorMessage={errors[unitKey]}
                  />
                </div>
              </div>
            ))}
          </div>
          {coefficient && <p className="text-sm font-medium text-slate-800">{coefficient}</p>}
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
            description={text.taxNote(ruleText)}
          />
          <TextField label={form.totalAfterTax} isReadOnly value={shown(totals?.total_after_tax)} />
        </div>
        {planning?.funding && (
          <FundingSourceField
            funding={planning.funding}
            label={labels.funding_source_id}
            value={committed.funding_source_id}
            errorMessage={errors.funding_source_id}
            onChange={(id) => {
              setCommitted((current) => ({ ...current, funding_source_id: id }));
              clearError('funding_source_id');
              setRefusal(undefined);
            }}
          />
        )}
        {planning?.pagu && (
          <PaguPanel
            {...planning.pagu}
            fundingTotals={planning.funding?.totals}
            lineTotal={totals?.total_after_tax}
            year={year}
            refusal={refusal}
          />
        )}
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
            isDisabled={Boolean(submitBlockedReason) || stageBlocks}
            aria-describedby={stageBlocks ? stageId : submitBlockedReason ? blockedId : undefined}
          >
            {isPending ? (submittingLabel ?? form.submitting) : (submitLabel ?? form.submit)}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/**
 * 'Sumber Dana' (issue 36): the sources the sub kegiatan's lines may name, the first option
 * leaving it to the sub kegiatan's default; under it, what is planned from the one chosen and,
 * where it has a ceiling, what is left.
 */
function FundingSourceField({
  funding,
  label,
  value,
  errorMessage,
  onChange,
}: {
  funding: FundingChoice;
  label: string;
  value: string | null;
  errorMessage: string | undefined;
  onChange: (id: string | null) => void;
}) {
  const { line: t, subAction } = useMessages().funding;
  const blank =
    funding.defaultLabel !== null
      ? t.byDefault(funding.defaultLabel)
      : funding.required
        ? null
        : t.none;
  const items = [
    ...(blank === null ? [] : [{ id: NO_SOURCE, label: blank, figures: '' }]),
    ...funding.options,
  ];
  const chosen = funding.options.find((option) => option.id === value);
  return (
    <Select
      label={label}
      items={items}
      selectedKey={value ?? (blank === null ? null : NO_SOURCE)}
      onSelectionChange={(key) => onChange(key === NO_SOURCE || key === null ? null : String(key))}
      isRequired={funding.required}
      // Nothing chosen where one must be: react-aria's own placeholder is English.
      placeholder={subAction.pickSource}
      description={chosen?.figures || undefined}
      errorMessage={errorMessage ?? funding.errorMessage}
    >
      {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
    </Select>
  );
}
