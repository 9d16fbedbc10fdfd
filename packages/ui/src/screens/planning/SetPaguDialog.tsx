import {
  AgencyPaguInput,
  formatRupiah,
  PaguInput,
  type PaguInput as PaguInputValues,
} from '@ranwal/core';
import { useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { Checkbox } from '../../components/Checkbox.js';
import { FormDialog, FormModal, useFormSubmit } from '../../components/FormDialog.js';
import { ReasonField } from '../../components/ReasonDialog.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** What a pagu is set on: a sub kegiatan (which may allow an overrun) or a Perangkat Daerah. */
export type PaguTarget =
  | {
      kind: 'sub_action';
      id: string;
      /** 'code - name'. */
      name: string;
      pagu: string | null;
      planned: string;
      allow_overrun: boolean;
      overrun_reason: string;
    }
  | { kind: 'agency'; id: string; name: string; pagu: string | null; planned: string };

/** The pagu as the dialog sends it; `allow_overrun` and its reason for a sub kegiatan only. */
export interface PaguValues {
  amount: number;
  allow_overrun: boolean;
  overrun_reason: string;
}

export interface SetPaguDialogProps {
  /** What is edited; the dialog is open while it is set. */
  target: PaguTarget | null;
  year: number;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (target: PaguTarget, values: PaguValues) => Promise<unknown>;
}

/**
 * 'Atur Pagu': the amount typed the Indonesian way (2.500.000), and for a sub kegiatan
 * 'Izinkan melebihi pagu' with its required 'Alasan'. The rules are core's (PaguInput,
 * AgencyPaguInput), read here before the call so the fields say what is wrong.
 */
export function SetPaguDialog({ target, year, onClose, onSubmit }: SetPaguDialogProps) {
  return (
    <FormModal isOpen={target !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        target && (
          <PaguForm
            key={`${target.kind}-${target.id}`}
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

interface PaguFormProps {
  target: PaguTarget;
  year: number;
  isSaving: boolean;
  onSubmit: (values: PaguValues) => Promise<void>;
}

function PaguForm({ target, year, isSaving, onSubmit }: PaguFormProps) {
  const m = useMessages();
  const t = m.planning.pagu;
  // No pagu yet starts blank (NaN). What the field shows is the amount last left in it; what
  // is typed (NaN while blank or unreadable) is checked.
  const [shownAmount, setShownAmount] = useState(() =>
    target.pagu === null ? Number.NaN : Number(target.pagu),
  );
  const [amount, setAmount] = useState(shownAmount);
  const [allowOverrun, setAllowOverrun] = useState(
    target.kind === 'sub_action' && target.allow_overrun,
  );
  const [reason, setReason] = useState(target.kind === 'sub_action' ? target.overrun_reason : '');
  const values: PaguValues = { amount, allow_overrun: allowOverrun, overrun_reason: reason };
  const parsed =
    target.kind === 'sub_action'
      ? PaguInput.safeParse({ sub_action_id: target.id, year, ...values } satisfies PaguInputValues)
      : AgencyPaguInput.safeParse({ agency_id: target.id, year, amount });
  const { attempt, dialog } = useFormSubmit<unknown>({
    isSaving,
    parsed: Number.isFinite(amount) ? parsed : { success: false },
    save: () => onSubmit({ ...values, overrun_reason: allowOverrun ? reason.trim() : '' }),
    failed: t.saveFailed,
    onInvalid: (form) => {
      // Enter in the amount: leaving the field makes it say what it cannot read.
      if (form?.contains(document.activeElement)) {
        (document.activeElement as HTMLElement).blur();
      }
    },
  });
  const issueAt = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field);
  const amountIssue = issueAt('amount');
  const errors =
    attempt === 0
      ? {}
      : {
          // Text that reads as no number: the field says why itself (core's number input).
          amount:
            Number.isFinite(amount) && amountIssue
              ? m.server.validation(t.amount, amountIssue.message)
              : undefined,
          reason: issueAt('overrun_reason') && t.reasonRequired,
        };

  return (
    <FormDialog
      title={target.kind === 'sub_action' ? t.dialogTitle : t.agencyDialogTitle}
      {...dialog}
    >
      <div className="flex flex-col gap-1">
        <p className="break-words font-semibold text-slate-900">{target.name}</p>
        <p className="text-slate-700">
          {m.planning.year} {year} · {t.plannedNote(formatRupiah(target.planned))}
        </p>
      </div>
      <AmountField
        label={t.amount}
        value={shownAmount}
        decimals={0}
        isRequired
        placeholder="2.500.000"
        errorMessage={errors.amount || undefined}
        submitCount={attempt}
        onChange={(value) => {
          setShownAmount(value);
          setAmount(value);
        }}
        onNumberInput={setAmount}
      />
      {target.kind === 'sub_action' && (
        <>
          <Checkbox
            isSelected={allowOverrun}
            onChange={setAllowOverrun}
            description={t.allowOverrunHint}
          >
            {t.allowOverrun}
          </Checkbox>
          {allowOverrun && (
            <ReasonField
              label={t.reason}
              isRequired
              placeholder={t.reasonPlaceholder}
              value={reason}
              onChange={setReason}
              errorMessage={errors.reason || undefined}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
