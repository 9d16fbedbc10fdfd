import {
  type PriceItem,
  PriceItemInput,
  type PriceItemKind,
  priceItemKinds,
  splitAccountCodes,
} from '@ranwal/core';
import { type FormEvent, useRef, useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { Checkbox } from '../../components/Checkbox.js';
import {
  FormDialog,
  FormModal,
  refusedFields,
  useFailure,
  useFocusFirstInvalid,
} from '../../components/FormDialog.js';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** What the dialog sends: an item's fields (its year is the dialog's). */
export interface PriceItemValues {
  kind: PriceItemKind;
  code: string;
  name: string;
  specification: string;
  unit: string;
  price: number;
  account_codes: string[];
  open: boolean;
}

/** The dialog adds an item to the year's catalogue, or edits one. */
export type PriceItemTarget = { mode: 'add' } | { mode: 'edit'; item: PriceItem };

export interface PriceItemDialogProps {
  /** What is edited; the dialog is open while it is set. */
  target: PriceItemTarget | null;
  year: number;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (target: PriceItemTarget, values: PriceItemValues) => Promise<unknown>;
}

type FieldKey = 'kind' | 'code' | 'name' | 'specification' | 'unit' | 'price' | 'account_codes';

/**
 * 'Tambah Item' / 'Ubah Item' of the Katalog Harga page: an item's kind, code, name,
 * specification, unit, price, kode rekening and whether it is open, checked with the rules a
 * sheet's rows are imported by (core's PriceItemInput) before the call; the server's refusals
 * (a code the year has) land on their field.
 */
export function PriceItemDialog({ target, year, onClose, onSubmit }: PriceItemDialogProps) {
  return (
    <FormModal isOpen={target !== null} onClose={onClose} size="lg">
      {({ isSaving, save }) =>
        target && (
          <PriceItemForm
            key={target.mode === 'edit' ? target.item.id : 'add'}
            target={target}
            year={year}
            isSaving={isSaving}
            onSubmit={(values) => save(() => onSubmit(target, values))}
          />
        )
      }
    </FormModal>
  );
}

interface PriceItemFormProps {
  target: PriceItemTarget;
  year: number;
  isSaving: boolean;
  onSubmit: (values: PriceItemValues) => Promise<void>;
}

function PriceItemForm({ target, year, isSaving, onSubmit }: PriceItemFormProps) {
  const m = useMessages();
  const t = m.planning.catalogue;
  const f = t.fields;
  const form = useRef<HTMLFormElement>(null);
  const item = target.mode === 'edit' ? target.item : null;
  const [kind, setKind] = useState<PriceItemKind>(item?.kind ?? 'SSH');
  const [code, setCode] = useState(item?.code ?? '');
  const [name, setName] = useState(item?.name ?? '');
  const [specification, setSpecification] = useState(item?.specification ?? '');
  const [unit, setUnit] = useState(item?.unit ?? '');
  // No price yet starts blank (NaN); what is typed (NaN while unreadable) is checked.
  const [shownPrice, setShownPrice] = useState(item?.price ?? Number.NaN);
  const [price, setPrice] = useState(shownPrice);
  const [accounts, setAccounts] = useState(item?.account_codes.join('\n') ?? '');
  const [open, setOpen] = useState(item?.open ?? false);
  const [attempt, setAttempt] = useState(0);
  const [refused, setRefused] = useState<Partial<Record<FieldKey, string>>>({});
  const { failure, show: showFailure, clear: clearFailure } = useFailure();
  useFocusFirstInvalid(form, attempt);

  const values: PriceItemValues = {
    kind,
    code,
    name,
    specification,
    unit,
    price,
    account_codes: splitAccountCodes(accounts),
    open,
  };
  const parsed = PriceItemInput.safeParse({ year, ...values });
  const labels: Record<FieldKey, string> = {
    kind: f.kind,
    code: f.code,
    name: f.name,
    specification: f.specification,
    unit: f.unit,
    price: f.price,
    account_codes: f.accounts,
  };
  /** A problem as the field shows it: 'Kolom Kode tidak valid: wajib diisi'. */
  const problemOf = (field: FieldKey): string | undefined => {
    if (parsed.success) return undefined;
    const issue = parsed.error.issues.find((found) => found.path[0] === field);
    if (!issue) return undefined;
    // A kode rekening is named: '5.1 02: hanya angka/huruf ...'.
    const position = issue.path[1];
    const problem =
      field === 'account_codes' && typeof position === 'number'
        ? `${values.account_codes[position]}: ${issue.message}`
        : issue.message;
    return m.server.validation(labels[field], problem);
  };
  const errorOf = (field: FieldKey) =>
    (attempt > 0 ? problemOf(field) : undefined) ?? refused[field];
  // Text that reads as no number: the price field says why itself (core's number input).
  const priceError = Number.isFinite(price) ? errorOf('price') : refused.price;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setRefused({});
    if (!parsed.success || !Number.isFinite(price)) {
      // Enter in the price: leaving the field makes it say what it cannot read.
      if (form.current?.contains(document.activeElement)) {
        (document.activeElement as HTMLElement).blur();
      }
      setAttempt((n) => n + 1);
      return;
    }
    clearFailure();
    try {
      await onSubmit({ ...values, ...parsed.data });
    } catch (error) {
      // A refusal naming fields (a code the year has) shows on them; anything else above.
      const onFields = refusedFields(error, labels, m);
      if (Object.keys(onFields).length > 0) {
        setRefused(onFields);
        setAttempt((n) => n + 1);
      } else {
        showFailure(describeError(error, t.saveFailed));
      }
    }
  };

  return (
    <FormDialog
      title={target.mode === 'add' ? t.addTitle(year) : t.editTitle(year)}
      isSaving={isSaving}
      onSubmit={submit}
      failure={failure}
      formRef={form}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Select
        label={f.kind}
        items={priceItemKinds.map((id) => ({ id }))}
        value={kind}
        onChange={(key) => key !== null && setKind(key as PriceItemKind)}
        errorMessage={errorOf('kind')}
      >
        {(option) => <SelectItem id={option.id}>{t.kinds[option.id]}</SelectItem>}
      </Select>
      <TextField
        label={f.code}
        isRequired
        validationBehavior="aria"
        placeholder="1.1.7.01.03.02.001.00002"
        value={code}
        onChange={setCode}
        errorMessage={errorOf('code')}
      />
      <TextField
        label={f.name}
        isRequired
        validationBehavior="aria"
        className="sm:col-span-2"
        value={name}
        onChange={setName}
        errorMessage={errorOf('name')}
      />
      <TextField
        label={f.specification}
        multiline
        rows={2}
        className="sm:col-span-2"
        value={specification}
        onChange={setSpecification}
        errorMessage={errorOf('specification')}
      />
      <TextField
        label={f.unit}
        isRequired
        validationBehavior="aria"
        placeholder="Buah"
        value={unit}
        onChange={setUnit}
        errorMessage={errorOf('unit')}
      />
      <AmountField
        label={f.price}
        value={shownPrice}
        decimals={0}
        isRequired
        placeholder="55.000"
        errorMessage={priceError || undefined}
        submitCount={attempt}
        onChange={(value) => {
          setShownPrice(value);
          setPrice(value);
        }}
        onNumberInput={setPrice}
      />
      <TextField
        label={f.accounts}
        multiline
        rows={3}
        className="sm:col-span-2"
        description={f.accountsHint}
        placeholder="5.1.02.01.01.0024"
        value={accounts}
        onChange={setAccounts}
        errorMessage={errorOf('account_codes')}
      />
      <Checkbox isSelected={open} onChange={setOpen} className="sm:col-span-2">
        {f.open}
      </Checkbox>
    </FormDialog>
  );
}
