import { type Indicator, IndicatorFields } from '@ranwal/core';
import { useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { FormDialog, FormModal, useFieldsSubmit } from '../../components/FormDialog.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** What the dialog sends: an indicator's fields, the target read as a number. */
export interface IndicatorValues {
  description: string;
  target: number;
  unit: string;
}

/** The dialog adds an indicator, or edits one. */
export type IndicatorTarget = { mode: 'add' } | { mode: 'edit'; indicator: Indicator };

export interface IndicatorDialogProps {
  /** What is edited; the dialog is open while it is set. */
  target: IndicatorTarget | null;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (target: IndicatorTarget, values: IndicatorValues) => Promise<unknown>;
}

type FieldKey = keyof IndicatorValues;

/**
 * 'Tambah Indikator' / 'Ubah Indikator': the tolok ukur, the target typed as people type it
 * ('1,5', '2.500') and the satuan, checked by core's IndicatorFields first.
 */
export function IndicatorDialog({ target, onClose, onSubmit }: IndicatorDialogProps) {
  return (
    <FormModal isOpen={target !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        target && (
          <IndicatorForm
            key={target.mode === 'edit' ? target.indicator.id : 'add'}
            target={target}
            isSaving={isSaving}
            onSubmit={(values) => save(() => onSubmit(target, values))}
          />
        )
      }
    </FormModal>
  );
}

function IndicatorForm({
  target,
  isSaving,
  onSubmit,
}: {
  target: IndicatorTarget;
  isSaving: boolean;
  onSubmit: (values: IndicatorValues) => Promise<void>;
}) {
  const m = useMessages();
  const t = m.indicators;
  const f = t.form;
  const stored = target.mode === 'edit' ? target.indicator : null;
  const [description, setDescription] = useState(stored?.description ?? '');
  const [shownTarget, setShownTarget] = useState(stored?.target ?? Number.NaN);
  const [typedTarget, setTypedTarget] = useState(shownTarget);
  const [unit, setUnit] = useState(stored?.unit ?? '');
  const parsed = IndicatorFields.safeParse({ description, target: typedTarget, unit });
  const labels: Record<FieldKey, string> = {
    description: f.description,
    target: f.target,
    unit: f.unit,
  };
  const { attempt, dialog, errorOf } = useFieldsSubmit({
    isSaving,
    labels,
    checked: parsed,
    // The target field says itself what it cannot read (NaN): nothing is sent then.
    ready: Number.isFinite(typedTarget),
    save: onSubmit,
    failed: t.saveFailed,
  });

  return (
    <FormDialog title={target.mode === 'add' ? t.add : t.edit} {...dialog}>
      <TextField
        label={f.description}
        isRequired
        validationBehavior="aria"
        placeholder={f.descriptionPlaceholder}
        value={description}
        onChange={setDescription}
        errorMessage={errorOf('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField
          label={f.target}
          value={shownTarget}
          decimals={2}
          isRequired
          placeholder="12"
          description={f.targetHint}
          errorMessage={Number.isFinite(typedTarget) ? errorOf('target') : undefined}
          submitCount={attempt}
          onChange={(value) => {
            setShownTarget(value);
            setTypedTarget(value);
          }}
          onNumberInput={setTypedTarget}
        />
        <TextField
          label={f.unit}
          isRequired
          validationBehavior="aria"
          placeholder={f.unitPlaceholder}
          value={unit}
          onChange={setUnit}
          errorMessage={errorOf('unit')}
        />
      </div>
    </FormDialog>
  );
}
