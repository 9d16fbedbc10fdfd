import { formatTenths, type MonthlyReportSubAction, PhysicalProgressInput } from '@ranwal/core';
import { useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { ReasonField } from '../../components/ReasonDialog.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** What a month's entry sends: progress in tenths of a percent and the month's story. */
export interface PhysicalProgressValues {
  progress_tenths: number;
  problems: string;
  actions: string;
  decrease_reason: string | null;
}

/**
 * A sub kegiatan's month as it is typed, wherever it is typed (the unit's 'Isi' dialog, the
 * phone's field report): the progress as people type it, the problems and actions, and the
 * reason asked for when the progress falls below what was reported before.
 */
export function useProgressEntry(row: MonthlyReportSubAction, year: number, month: number) {
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
  return {
    row,
    values,
    parsed,
    /** A number typed, and a reason where one is needed: the form may be checked and sent. */
    ready: Number.isFinite(percent) && !reasonMissing,
    fields: {
      shown,
      percent,
      problems,
      actions,
      reason,
      decreased,
      reasonMissing,
      setShown,
      setPercent,
      setProblems,
      setActions,
      setReason,
    },
  };
}

export type ProgressEntry = ReturnType<typeof useProgressEntry>;

/** The labels of the fields, from the screen's own catalogue entry. */
export interface ProgressFieldTexts {
  progress: string;
  progressHint: string;
  decreaseReason: string;
  problems: string;
  problemsPlaceholder: string;
  actions: string;
  actionsPlaceholder: string;
}

/** The month's fields of a `useProgressEntry`, their errors shown once a submit was tried. */
export function ProgressFields({
  entry,
  texts,
  attempt,
}: {
  entry: ProgressEntry;
  texts: ProgressFieldTexts;
  attempt: number;
}) {
  const m = useMessages();
  const { fields, parsed, row } = entry;
  const progressIssue = parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === 'progress_tenths');
  return (
    <>
      <AmountField
        label={texts.progress}
        value={fields.shown}
        decimals={1}
        percent
        isRequired
        placeholder="45,5"
        description={texts.progressHint}
        errorMessage={
          attempt > 0 && Number.isFinite(fields.percent) && progressIssue
            ? m.server.validation(texts.progress, progressIssue.message)
            : undefined
        }
        submitCount={attempt}
        onChange={(value) => {
          fields.setShown(value);
          fields.setPercent(value);
        }}
        onNumberInput={fields.setPercent}
      />
      {fields.decreased && (
        <ReasonField
          label={texts.decreaseReason}
          isRequired
          value={fields.reason}
          onChange={fields.setReason}
          errorMessage={
            attempt > 0 && fields.reasonMissing
              ? m.monthlyReport.decreaseNeedsReason(formatTenths(row.previous_progress_tenths))
              : undefined
          }
        />
      )}
      <ReasonField
        label={texts.problems}
        placeholder={texts.problemsPlaceholder}
        value={fields.problems}
        onChange={fields.setProblems}
      />
      <ReasonField
        label={texts.actions}
        placeholder={texts.actionsPlaceholder}
        value={fields.actions}
        onChange={fields.setActions}
      />
    </>
  );
}
