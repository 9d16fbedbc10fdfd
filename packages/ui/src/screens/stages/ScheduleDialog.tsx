import {
  fieldIssuesOf,
  isApiError,
  type Messages,
  type Stage,
  type StageKind,
  StageScheduleInput,
  stageKinds,
  stageScheduleWarnings,
} from '@ranwal/core';
import { useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { DateField } from '../../components/DateField.js';
import { FormDialog, FormModal, useFormSubmit } from '../../components/FormDialog.js';
import { Select, SelectItem } from '../../components/Select.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** One stage as the schedule sends it. */
export interface StageDefinitionValues {
  kind: StageKind;
  starts_on: string;
  ends_on: string;
}

export interface ScheduleDialogProps {
  isOpen: boolean;
  year: number;
  /** The year's stages now; the form starts from them. */
  stages: readonly Stage[];
  onClose: () => void;
  /**
   * Saves; `confirm` when the dialog showed warnings (dates outside the budget year) above Simpan.
   * Resolve when saved (the dialog closes), reject with the call's error (it stays).
   */
  onSubmit: (stages: StageDefinitionValues[], confirm: boolean) => Promise<unknown>;
}

/**
 * 'Atur Jadwal': the year's stages in order, each a kind with its start and end dates, rows
 * added and removed. Core's StageScheduleInput checks it before the call; the server's field
 * problems come back onto the rows they name.
 */
export function ScheduleDialog({ isOpen, year, stages, onClose, onSubmit }: ScheduleDialogProps) {
  return (
    <FormModal isOpen={isOpen} onClose={onClose} size="lg">
      {({ isSaving, save }) => (
        <ScheduleForm
          year={year}
          stages={stages}
          isSaving={isSaving}
          onSubmit={(values, confirm) => save(() => onSubmit(values, confirm))}
        />
      )}
    </FormModal>
  );
}

interface ScheduleRow {
  key: number;
  kind: StageKind | null;
  starts_on: string;
  ends_on: string;
}

type RowField = 'kind' | 'starts_on' | 'ends_on';
const dateFields = ['starts_on', 'ends_on'] as const;
type RowErrors = Partial<Record<RowField, string>>;

interface Problems {
  rows: RowErrors[];
  /** Problems of the whole list (order, a kind twice). */
  list: string[];
}

/** Problems by row and field, from a schema's or the server's issues (`stages.0.ends_on`). */
function problemsFrom(
  issues: readonly { path: string; message: string }[],
  rows: readonly ScheduleRow[],
  messages: Messages,
): Problems {
  const t = messages.stages.schedule;
  const labels: Record<RowField, string> = {
    kind: t.kind,
    starts_on: t.startsOn,
    ends_on: t.endsOn,
  };
  const problems: Problems = { rows: rows.map(() => ({})), list: [] };
  for (const issue of issues) {
    const [head, index, field] = issue.path.split('.');
    const row = problems.rows[Number(index)];
    if (head === 'stages' && row && field && field in labels && !row[field as RowField]) {
      const key = field as RowField;
      const blank = (rows[Number(index)]?.[key] ?? '') === '';
      row[key] = blank
        ? messages.validation.required(labels[key])
        : messages.stages.fieldProblem(labels[key], issue.message);
    } else {
      problems.list.push(t.listProblem(issue.message));
    }
  }
  return problems;
}

const noProblems = (problems: Problems) =>
  problems.list.length === 0 && problems.rows.every((row) => Object.keys(row).length === 0);

let nextRowKey = 1;
const rowOf = (values: Omit<ScheduleRow, 'key'>): ScheduleRow => ({ key: nextRowKey++, ...values });

interface ScheduleFormProps {
  year: number;
  stages: readonly Stage[];
  isSaving: boolean;
  onSubmit: (values: StageDefinitionValues[], confirm: boolean) => Promise<void>;
}

function ScheduleForm({ year, stages, isSaving, onSubmit }: ScheduleFormProps) {
  const m = useMessages();
  const t = m.stages.schedule;
  const [rows, setRows] = useState<ScheduleRow[]>(() =>
    stages.length > 0
      ? stages.map(({ kind, starts_on, ends_on }) => rowOf({ kind, starts_on, ends_on }))
      : [rowOf({ kind: stageKinds[0], starts_on: '', ends_on: '' })],
  );
  const [serverProblems, setServerProblems] = useState<Problems | null>(null);

  const parsed = StageScheduleInput.safeParse({
    year,
    stages: rows.map(({ kind, starts_on, ends_on }) => ({ kind, starts_on, ends_on })),
  });
  // Warned as typed, not refused: a stage dated wholly outside the budget year's planning window.
  const warnings = stageScheduleWarnings(
    year,
    rows.flatMap(({ kind, starts_on, ends_on }) => (kind ? [{ kind, starts_on, ends_on }] : [])),
    m.server,
  );
  const { attempt, dialog } = useFormSubmit({
    isSaving,
    parsed,
    save: (data) => onSubmit(data.stages, warnings.length > 0),
    failed: t.saveFailed,
    onAttempt: () => setServerProblems(null),
    onError: (error, { showFailure, retry }) => {
      const found = problemsFrom(isApiError(error) ? (error.issues ?? []) : [], rows, m);
      setServerProblems(found);
      showFailure(noProblems(found) ? describeError(error, t.saveFailed) : t.saveFailed);
      retry();
    },
  });
  const problems =
    serverProblems ??
    (attempt > 0 && !parsed.success
      ? problemsFrom(fieldIssuesOf(parsed.error), rows, m)
      : { rows: [], list: [] });

  const update = (key: number, change: Partial<ScheduleRow>) => {
    setServerProblems(null);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  };
  const unusedKind = stageKinds.find((kind) => !rows.some((row) => row.kind === kind));

  return (
    <FormDialog title={t.title(year)} problems={problems.list} {...dialog}>
      <p className="text-slate-700">{t.intro}</p>
      {warnings.length > 0 && (
        <Banner tone="warning" title={t.warningTitle}>
          {[...warnings.map((warning) => warning.message), t.warningSave].map((text) => (
            <span key={text} className="block">
              {text}
            </span>
          ))}
        </Banner>
      )}
      <div className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const errors = problems.rows[index] ?? {};
          return (
            <fieldset
              key={row.key}
              className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
            >
              <legend className="px-1 text-xs font-medium text-slate-700">
                {t.row(index + 1)}
              </legend>
              <Select
                label={t.kind}
                items={stageKinds.map((kind) => ({ id: kind }))}
                value={row.kind}
                isRequired
                errorMessage={errors.kind}
                onChange={(key) => update(row.key, { kind: (key as StageKind | null) ?? null })}
              >
                {(option) => (
                  <SelectItem id={option.id}>{m.server.stageNames[option.id]}</SelectItem>
                )}
              </Select>
              {dateFields.map((field) => (
                <DateField
                  key={field}
                  label={field === 'starts_on' ? t.startsOn : t.endsOn}
                  isRequired
                  validationBehavior="aria"
                  value={row[field]}
                  errorMessage={errors[field]}
                  onChange={(value) => update(row.key, { [field]: value })}
                />
              ))}
              <Button
                variant="secondary"
                size="sm"
                className="sm:mt-6"
                aria-label={t.removeRow(index + 1)}
                isDisabled={rows.length === 1}
                onPress={() => {
                  setServerProblems(null);
                  setRows((current) => current.filter((other) => other.key !== row.key));
                }}
              >
                {m.common.delete}
              </Button>
            </fieldset>
          );
        })}
      </div>
      <div>
        <Button
          variant="secondary"
          isDisabled={unusedKind === undefined}
          onPress={() => {
            setServerProblems(null);
            setRows((current) => [
              ...current,
              rowOf({ kind: unusedKind ?? null, starts_on: '', ends_on: '' }),
            ]);
          }}
        >
          {t.addRow}
        </Button>
      </div>
    </FormDialog>
  );
}
