import { formatTenths, type MonthlyReportSubAction, PhysicalProgressInput } from '@ranwal/core';
import { useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { FormDialog, FormModal, useFormSubmit } from '../../components/FormDialog.js';
import { ReasonField } from '../../components/ReasonDialog.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** What the dialog sends: progress in tenths of a percent and the month's story. */
export interface PhysicalProgressValues {
  progress_tenths: number;
  problems: string;
  actions: string;
  decrease_reason: string | null;
}

export interface PhysicalProgressDialogProps {
  /** The sub kegiatan being entered; the dialog is open while it is set. */
  row: MonthlyReportSubAction | null;
  year: number;
  month: number;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (row: MonthlyReportSubAction, values: PhysicalProgressValues) => Promise<unknown>;
}

/**
 * 'Realisasi Fisik' of a sub kegiatan's month: the cumulative progress typed as people type it
 * ('45,5' or '45.5'), the problems met and the actions taken; a progress below what was reported
 * before asks for the reason. Checked by core's PhysicalProgressInput before the call.
 */
export function PhysicalProgressDialog({
  row,
  year,
  month,
  onClose,
  onSubmit,
}: PhysicalProgressDialogProps) {
  return (
    <FormModal isOpen={row !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        row && (
          <ProgressForm
            key={row.sub_action_id}
            row={row}
            year={year}
            month={month}
            isSaving={isSaving}
            onSubmit={(values) => save(() => onSubmit(row, values))}
          />
        )
      }
    </FormModal>
  );
}

interface ProgressFormProps {
  row: MonthlyReportSubAction;
  year: number;
  month: number;
  isSaving: boolean;
  onSubmit: (values: PhysicalProgressValues) => Promise<void>;
}

function ProgressForm({ row, year, month, isSaving, onSubmit }: ProgressFormProps) {
  const m = useMessages();
  const t = m.monthlyReport.progressDialog;
  const [shown, setShown] = useState(() =>
    row.progress_tenths === null ? Number.NaN : row.progress_tenths / 10,
  );
  const [percent, setPercent] = useState(shown);
  const [problems, setProblems] = useState(row.problems);
  const [actions, setActions] = useState(row.actions);
  const [reason, setReason] = useState(row.decrease_reason ?? '');
  // Tenths of a percent; a number with one decimal times ten, rounded off float noise (45.5 → 455).
  const tenths = Math.round(percent * 10);
  const decreased = Number.isFinite(percent) && tenths < row.previous_progress_tenths;
  const values: PhysicalProgressValues = {
    progress_tenths: tenths,
    problems,
    actions,
    decrease_reason: decreased ? reason : null,
  };
  const parsed = PhysicalProgressInput.safeParse({
    sub_action_id: row.sub_action_id,
    year,
    month,
    ...values,
  });
  const reasonMissing = decreased && reason.trim() === '';
  const { attempt, dialog } = useFormSubmit<unknown>({
    isSaving,
    parsed: Number.isFinite(percent) && !reasonMissing ? parsed : { success: false },
    save: () => onSubmit(values),
    failed: t.failed,
    onInvalid: (form) => {
      if (form?.contains(document.activeElement)) {
        (document.activeElement as HTMLElement).blur();
      }
    },
  });
  const issueAt = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field);
  const progressIssue = issueAt('progress_tenths');
  const errors =
    attempt === 0
      ? {}
      : {
          progress:
            Number.isFinite(percent) && progressIssue
              ? m.server.validation(t.progress, progressIssue.message)
              : undefined,
          reason: reasonMissing
            ? m.monthlyReport.decreaseNeedsReason(formatTenths(row.previous_progress_tenths))
            : undefined,
        };
  const planned =
    row.planned_progress_tenths === null ? '–' : formatTenths(row.planned_progress_tenths);

  return (
    <FormDialog title={t.title(row.sub_action_code ?? row.sub_action_name)} {...dialog}>
      <div className="flex flex-col gap-1">
        <p className="break-words font-semibold text-slate-900">{row.sub_action_name}</p>
        <p className="text-slate-700">
          {t.text(formatTenths(row.previous_progress_tenths), planned)}
        </p>
      </div>
      <AmountField
        label={t.progress}
        value={shown}
        decimals={1}
        isRequired
        placeholder="45,5"
        description={t.progressHint}
        errorMessage={errors.progress || undefined}
        submitCount={attempt}
        onChange={(value) => {
          setShown(value);
          setPercent(value);
        }}
        onNumberInput={setPercent}
      />
      {decreased && (
        <ReasonField
          label={t.decreaseReason}
          isRequired
          value={reason}
          onChange={setReason}
          errorMessage={errors.reason}
        />
      )}
      <ReasonField
        label={t.problems}
        placeholder={t.problemsPlaceholder}
        value={problems}
        onChange={setProblems}
      />
      <ReasonField
        label={t.actions}
        placeholder={t.actionsPlaceholder}
        value={actions}
        onChange={setActions}
      />
    </FormDialog>
  );
}
