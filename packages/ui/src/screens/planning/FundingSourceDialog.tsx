import {
  type FundingGroup,
  type FundingSource,
  FundingSourceInput,
  fundingGroups,
} from '@ranwal/core';
import { useState } from 'react';
import { FormDialog, FormModal, useFieldsSubmit } from '../../components/FormDialog.js';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** What the dialog sends: a source's fields. */
export interface FundingSourceValues {
  code: string;
  name: string;
  funding_group: FundingGroup;
  active_from: number | null;
  active_to: number | null;
}

/** The dialog adds a source, or edits one. */
export type FundingSourceTarget = { mode: 'add' } | { mode: 'edit'; source: FundingSource };

export interface FundingSourceDialogProps {
  /** What is edited; the dialog is open while it is set. */
  target: FundingSourceTarget | null;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (target: FundingSourceTarget, values: FundingSourceValues) => Promise<unknown>;
}

type FieldKey = keyof FundingSourceValues;

/** 'Tambah Sumber Dana' / 'Ubah Sumber Dana': checked by core's FundingSourceInput first. */
export function FundingSourceDialog({ target, onClose, onSubmit }: FundingSourceDialogProps) {
  return (
    <FormModal isOpen={target !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        target && (
          <FundingSourceForm
            key={target.mode === 'edit' ? target.source.id : 'add'}
            target={target}
            isSaving={isSaving}
            onSubmit={(values) => save(() => onSubmit(target, values))}
          />
        )
      }
    </FormModal>
  );
}

/** A year as typed: blank is none, digits a year, anything else kept for the schema to name. */
const yearOf = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

function FundingSourceForm({
  target,
  isSaving,
  onSubmit,
}: {
  target: FundingSourceTarget;
  isSaving: boolean;
  onSubmit: (values: FundingSourceValues) => Promise<void>;
}) {
  const m = useMessages();
  const t = m.funding;
  const f = t.fields;
  const source = target.mode === 'edit' ? target.source : null;
  const [code, setCode] = useState(source?.code ?? '');
  const [name, setName] = useState(source?.name ?? '');
  const [group, setGroup] = useState<FundingGroup>(source?.funding_group ?? 'transfer');
  const [activeFrom, setActiveFrom] = useState(source?.active_from?.toString() ?? '');
  const [activeTo, setActiveTo] = useState(source?.active_to?.toString() ?? '');

  const parsed = FundingSourceInput.safeParse({
    code,
    name,
    funding_group: group,
    active_from: yearOf(activeFrom),
    active_to: yearOf(activeTo),
  });
  const labels: Record<FieldKey, string> = {
    code: f.code,
    name: f.name,
    funding_group: f.group,
    active_from: f.activeFrom,
    active_to: f.activeTo,
  };
  // A refusal naming a field (a code another source has) shows on it; anything else above.
  const { dialog, errorOf } = useFieldsSubmit({
    isSaving,
    labels,
    checked: parsed,
    save: onSubmit,
    failed: t.saveFailed,
  });

  return (
    <FormDialog
      title={target.mode === 'add' ? t.addTitle : t.editTitle}
      {...dialog}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        label={f.code}
        isRequired
        validationBehavior="aria"
        placeholder="DAK-FISIK"
        value={code}
        onChange={setCode}
        errorMessage={errorOf('code')}
      />
      <Select
        label={f.group}
        items={fundingGroups.map((id) => ({ id }))}
        value={group}
        onChange={(key) => key !== null && setGroup(key as FundingGroup)}
        errorMessage={errorOf('funding_group')}
      >
        {(option) => <SelectItem id={option.id}>{t.groups[option.id]}</SelectItem>}
      </Select>
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
        label={f.activeFrom}
        inputMode="numeric"
        placeholder="2026"
        description={f.yearsHint}
        value={activeFrom}
        onChange={setActiveFrom}
        errorMessage={errorOf('active_from')}
      />
      <TextField
        label={f.activeTo}
        inputMode="numeric"
        placeholder="2030"
        value={activeTo}
        onChange={setActiveTo}
        errorMessage={errorOf('active_to')}
      />
    </FormDialog>
  );
}
