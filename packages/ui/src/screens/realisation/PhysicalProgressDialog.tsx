import { formatTenths, type MonthlyReportSubAction } from '@ranwal/core';
import { FormDialog, FormModal, useFormSubmit } from '../../components/FormDialog.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { type PhysicalProgressValues, ProgressFields, useProgressEntry } from './progress-entry.js';

export type { PhysicalProgressValues } from './progress-entry.js';

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
  const entry = useProgressEntry(row, year, month);
  const { values, parsed } = entry;
  const { attempt, dialog } = useFormSubmit<unknown>({
    isSaving,
    parsed: entry.ready ? parsed : { success: false },
    save: () => onSubmit(values),
    failed: t.failed,
    onInvalid: (form) => {
      if (form?.contains(document.activeElement)) {
        (document.activeElement as HTMLElement).blur();
      }
    },
  });
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
      <ProgressFields entry={entry} texts={t} attempt={attempt} />
    </FormDialog>
  );
}
