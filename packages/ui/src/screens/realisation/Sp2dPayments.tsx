import {
  formatDateShortId,
  formatRupiah,
  monthName,
  type RealisationGrid,
  type Sp2dPayment,
  UnitSp2dInput,
} from '@ranwal/core';
import { useId, useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { DataTable, FIGURE_CELL } from '../../components/DataTable.js';
import { DateField } from '../../components/DateField.js';
import { FormDialog, FormModal, useFieldsSubmit } from '../../components/FormDialog.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState } from '../../components/States.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface Sp2dPaymentsProps {
  grid: RealisationGrid;
  /** Offers 'Catat SP2D' and each recorded SP2D's 'Ubah' and 'Hapus'; without it, read only. */
  onRecord?: (payment: Sp2dPayment | null) => void;
  onRemove?: (payment: Sp2dPayment) => void;
}

/**
 * A sub kegiatan's SP2D of the year, by date: loaded from the finance system, or recorded by the
 * unit where the region lets units do so (issue 37). Only the unit's own may be changed.
 */
export function Sp2dPayments({ grid, onRecord, onRemove }: Sp2dPaymentsProps) {
  const m = useMessages();
  const t = m.realisation.entry;
  const titleId = useId();
  const payments = (grid.payments ?? []).map((payment) => ({
    ...payment,
    id: `${payment.sp2d_number}\u0000${payment.account_code}`,
  }));
  const writable = grid.units_enter_sp2d === true && onRecord !== undefined;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex max-w-3xl flex-col gap-1">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {t.title(grid.sub_action_name)}
          </h3>
          <p className="text-sm text-slate-700">
            {grid.units_enter_sp2d ? t.intro : t.loadedIntro}
          </p>
        </div>
        {writable && <Button onPress={() => onRecord(null)}>{t.record}</Button>}
      </div>
      <DataTable
        aria-labelledby={titleId}
        rows={payments}
        empty={<EmptyState text={t.empty} />}
        columns={[
          {
            id: 'number',
            header: t.number,
            isRowHeader: true,
            cell: (row) => <span className="font-medium break-all">{row.sp2d_number}</span>,
          },
          {
            id: 'date',
            header: t.date,
            cell: (row) => <span className="whitespace-nowrap">{formatDateShortId(row.date)}</span>,
          },
          {
            id: 'account',
            header: t.account,
            cell: (row) => (
              <span className="flex flex-col">
                <span className="tabular-nums">{row.account_code}</span>
                {row.funding_source_name && (
                  <span className="text-xs text-slate-600">{row.funding_source_name}</span>
                )}
              </span>
            ),
          },
          {
            id: 'amount',
            header: t.amount,
            className: 'text-end',
            cell: (row) => <span className={FIGURE_CELL}>{formatRupiah(row.amount)}</span>,
          },
          {
            id: 'source',
            header: t.source,
            cell: (row) =>
              row.entered_by_unit && writable ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-slate-700">{t.fromUnit}</span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t.edit(row.sp2d_number)}
                    onPress={() => onRecord(row)}
                  >
                    {m.common.edit}
                  </Button>
                  {onRemove && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t.remove(row.sp2d_number)}
                      onPress={() => onRemove(row)}
                    >
                      {m.common.delete}
                    </Button>
                  )}
                </span>
              ) : (
                <span className="text-sm text-slate-700">
                  {row.entered_by_unit ? t.fromUnit : t.fromFinance}
                </span>
              ),
          },
        ]}
      />
    </section>
  );
}

/** What the dialog sends: an SP2D as `UnitSp2dInput` takes it, less its place. */
export interface RecordedSp2d {
  sp2d_number: string;
  date: string;
  account_code: string;
  amount: number;
}

export interface RecordSp2dDialogProps {
  grid: RealisationGrid;
  /** Open while set: `null` inside records a new SP2D, a payment changes that one. */
  editing: { payment: Sp2dPayment | null } | null;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (values: RecordedSp2d) => Promise<unknown>;
}

/** 'Catat SP2D': its number, date, kode rekening (one the sub kegiatan plans) and amount. */
export function RecordSp2dDialog({ grid, editing, onClose, onSubmit }: RecordSp2dDialogProps) {
  return (
    <FormModal isOpen={editing !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        editing && (
          <RecordForm
            key={editing.payment?.sp2d_number ?? ''}
            grid={grid}
            payment={editing.payment}
            isSaving={isSaving}
            onSubmit={(values) => save(() => onSubmit(values))}
          />
        )
      }
    </FormModal>
  );
}

interface RecordFormProps {
  grid: RealisationGrid;
  payment: Sp2dPayment | null;
  isSaving: boolean;
  onSubmit: (values: RecordedSp2d) => Promise<void>;
}

function RecordForm({ grid, payment, isSaving, onSubmit }: RecordFormProps) {
  const m = useMessages();
  const t = m.realisation.entry;
  const [number, setNumber] = useState(payment?.sp2d_number ?? '');
  const [date, setDate] = useState(payment?.date ?? '');
  const [account, setAccount] = useState(payment?.account_code ?? '');
  const [shown, setShown] = useState(payment ? Number(payment.amount) : Number.NaN);
  const [value, setValue] = useState(shown);
  const values: RecordedSp2d = {
    sp2d_number: number,
    date,
    account_code: account,
    amount: value,
  };
  const parsed = UnitSp2dInput.safeParse({
    sub_action_id: grid.sub_action_id,
    year: grid.year,
    ...values,
  });
  const labels = {
    sp2d_number: t.number,
    date: t.date,
    account_code: t.account,
    amount: t.amount,
  } as const;
  const { attempt, dialog, errorOf } = useFieldsSubmit({
    isSaving,
    labels,
    checked: parsed,
    // The amount field says itself what it cannot read (NaN): nothing is sent then.
    ready: Number.isFinite(value),
    save: () => onSubmit(values),
    failed: t.failed,
  });
  const accounts = grid.rows.map((row) => ({
    id: row.account_code,
    name: `${row.account_code} ${row.account_name}`.trim(),
  }));
  return (
    <FormDialog title={payment ? t.editTitle(payment.sp2d_number) : t.dialogTitle} {...dialog}>
      <p className="break-words font-semibold text-slate-900">{grid.sub_action_name}</p>
      <TextField
        label={t.number}
        isRequired
        value={number}
        onChange={setNumber}
        placeholder="00012/SP2D/LS/2027"
        errorMessage={errorOf('sp2d_number')}
      />
      <DateField
        label={t.date}
        isRequired
        value={date}
        onChange={setDate}
        errorMessage={errorOf('date')}
      />
      <Select
        label={t.account}
        placeholder={t.chooseAccount}
        isRequired
        items={accounts}
        value={account || null}
        onChange={(key) => setAccount(key === null ? '' : String(key))}
        errorMessage={errorOf('account_code')}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <AmountField
        label={t.amount}
        value={shown}
        decimals={0}
        isRequired
        placeholder="2.500.000"
        // While the text does not read as a number, the field says why itself.
        errorMessage={Number.isFinite(value) ? errorOf('amount') : undefined}
        submitCount={attempt}
        onChange={(typed) => {
          setShown(typed);
          setValue(typed);
        }}
        onNumberInput={setValue}
      />
    </FormDialog>
  );
}

export interface RemoveSp2dDialogProps {
  payment: Sp2dPayment | null;
  isPending: boolean;
  onClose: () => void;
  onConfirm: (payment: Sp2dPayment) => void;
}

/** 'Hapus SP2D …?': what taking it back removes from which month. */
export function RemoveSp2dDialog({
  payment,
  isPending,
  onClose,
  onConfirm,
}: RemoveSp2dDialogProps) {
  const m = useMessages();
  const t = m.realisation.entry;
  return (
    <ConfirmDialog
      isOpen={payment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isPending={isPending}
      title={payment ? t.removeTitle(payment.sp2d_number) : undefined}
      message={
        payment
          ? t.removeText(
              formatRupiah(payment.amount),
              monthName(Number(payment.date.slice(5, 7)), m),
            )
          : undefined
      }
      onConfirm={() => {
        if (payment) onConfirm(payment);
      }}
    />
  );
}
