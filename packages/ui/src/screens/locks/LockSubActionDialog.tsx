import { type FieldIssue, fieldIssuesOf, isApiError, SubActionLockInput } from '@ranwal/core';
import { useState } from 'react';
import { FormDialog, FormModal, useFormSubmit } from '../../components/FormDialog.js';
import { issueAt, ReasonField } from '../../components/ReasonDialog.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import type { ParentOption } from '../management/entity-form.js';
import { ParentPicker } from '../management/ParentPicker.js';
import type { ReferenceSource } from '../management/ReferencePicker.js';

/** Where the dialog's Sub Kegiatan picker gets its options: a server search of the level. */
export interface SubActionSource extends Omit<ReferenceSource, 'options'> {
  options: readonly ParentOption[];
}

export interface LockSubActionDialogProps {
  isOpen: boolean;
  year: number;
  subActions: SubActionSource;
  onClose: () => void;
  /** Locks; resolve when done (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (subAction: ParentOption, reason: string) => Promise<unknown>;
}

/**
 * 'Kunci Sub Kegiatan': a sub kegiatan chosen with the levels' searching picker and an optional
 * reason, checked by core's SubActionLockInput; the server's field problems land on the fields.
 */
export function LockSubActionDialog({
  isOpen,
  year,
  subActions,
  onClose,
  onSubmit,
}: LockSubActionDialogProps) {
  return (
    <FormModal isOpen={isOpen} onClose={onClose}>
      {({ isSaving, save }) => (
        <LockForm
          year={year}
          subActions={subActions}
          isSaving={isSaving}
          onSubmit={(subAction, reason) => save(() => onSubmit(subAction, reason))}
        />
      )}
    </FormModal>
  );
}

interface LockFormProps {
  year: number;
  subActions: SubActionSource;
  isSaving: boolean;
  onSubmit: (subAction: ParentOption, reason: string) => Promise<void>;
}

function LockForm({ year, subActions, isSaving, onSubmit }: LockFormProps) {
  const m = useMessages();
  const t = m.locks.lock;
  const level = m.levels.sub_action;
  const [subAction, setSubAction] = useState<ParentOption | null>(null);
  const [reason, setReason] = useState('');
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const parsed = SubActionLockInput.safeParse({
    sub_action_id: subAction?.id ?? '',
    year,
    locked: true,
    reason,
  });
  const { attempt, dialog } = useFormSubmit({
    isSaving,
    parsed:
      parsed.success && subAction
        ? { success: true, data: { subAction, ...parsed.data } }
        : { success: false },
    save: (data) => onSubmit(data.subAction, data.reason),
    failed: m.locks.failed,
    onAttempt: () => setServerIssues([]),
    onError: (error, { showFailure, retry }) => {
      const fieldIssues = (isApiError(error) ? (error.issues ?? []) : []).filter(
        (issue) => issue.path === 'sub_action_id' || issue.path === 'reason',
      );
      setServerIssues(fieldIssues);
      if (fieldIssues.length === 0) return showFailure(describeError(error, m.locks.failed));
      retry();
    },
  });
  const issues = [
    ...serverIssues,
    ...(attempt > 0 && !parsed.success ? fieldIssuesOf(parsed.error) : []),
  ];
  const subActionProblem = subAction
    ? issueAt(issues, 'sub_action_id')
    : attempt > 0
      ? m.validation.required(level.label)
      : undefined;
  const reasonProblem = issueAt(issues, 'reason');

  return (
    <FormDialog title={t.title(year)} {...dialog}>
      <p className="text-slate-700">{t.text}</p>
      <ParentPicker
        level="sub_action"
        value={subAction}
        onChange={(chosen) => {
          setSubAction(chosen);
          setServerIssues([]);
        }}
        options={subActions.options}
        isLoading={subActions.isLoading ?? false}
        onSearchChange={subActions.onSearchChange}
        errorMessage={subActionProblem}
        autoFocus
      />
      <ReasonField
        label={t.reason}
        placeholder={t.reasonPlaceholder}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setServerIssues([]);
        }}
        errorMessage={reasonProblem ? m.stages.fieldProblem(t.reason, reasonProblem) : undefined}
      />
    </FormDialog>
  );
}
