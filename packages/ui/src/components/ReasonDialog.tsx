import { fieldIssuesOf, isApiError } from '@ranwal/core';
import { useState } from 'react';
import { describeError } from '../data/errors.js';
import { useMessages } from '../data/messages-context.js';
import { FormDialog, FormModal, useFormSubmit } from './FormDialog.js';
import { TextField, type TextFieldProps } from './TextField.js';

/** What a reason dialog says: its title, what the action does, the reason field's words. */
export interface ReasonTexts {
  title: string;
  text: string;
  reason: string;
  reasonPlaceholder: string;
  /** The banner's text when the call fails without a reason problem. */
  failed: string;
}

/** A schema's `safeParse` of the action with its reason (StageLockInput, SubActionLockInput). */
export type ReasonCheck =
  | { success: true; data: { reason: string } }
  | { success: false; error: Parameters<typeof fieldIssuesOf>[0] };

export interface ReasonDialogProps {
  /** The dialog's words; it is open while they are set. */
  texts: ReasonTexts | null;
  /** Core's schema over the typed reason; its `reason` issue is the field's problem. */
  check: (reason: string) => ReasonCheck;
  onClose: () => void;
  /** Acts with the reason; resolve when done (the dialog closes), reject with the call's error. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/**
 * A dialog asking the reason an action needs ('Buka Kunci' of a stage or a sub kegiatan), checked
 * by core's schema before the call and by the server after it (its `reason` problem lands on
 * the field).
 */
export function ReasonDialog({ texts, check, onClose, onSubmit }: ReasonDialogProps) {
  return (
    <FormModal isOpen={texts !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        texts !== null && (
          <ReasonForm
            texts={texts}
            check={check}
            isSaving={isSaving}
            onSubmit={(reason) => save(() => onSubmit(reason))}
          />
        )
      }
    </FormModal>
  );
}

interface ReasonFormProps {
  texts: ReasonTexts;
  check: ReasonDialogProps['check'];
  isSaving: boolean;
  onSubmit: (reason: string) => Promise<void>;
}

/** The first problem a form field has among a refusal's or a schema's issues. */
export const issueAt = (
  issues: readonly { path: string; message: string }[] | undefined,
  path: string,
) => issues?.find((issue) => issue.path === path)?.message;

function ReasonForm({ texts, check, isSaving, onSubmit }: ReasonFormProps) {
  const m = useMessages();
  const [reason, setReason] = useState('');
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const parsed = check(reason);
  const { attempt, dialog } = useFormSubmit({
    isSaving,
    parsed,
    save: (data) => onSubmit(data.reason),
    failed: texts.failed,
    onAttempt: () => setServerProblem(null),
    onError: (error, { showFailure, retry }) => {
      const issue = isApiError(error) ? issueAt(error.issues, 'reason') : undefined;
      if (!issue) return showFailure(describeError(error, texts.failed));
      setServerProblem(issue);
      retry();
    },
  });
  const schemaProblem =
    attempt > 0 && !parsed.success ? issueAt(fieldIssuesOf(parsed.error), 'reason') : undefined;
  const problem = serverProblem ?? schemaProblem;

  return (
    <FormDialog title={texts.title} {...dialog}>
      <p className="text-slate-700">{texts.text}</p>
      <ReasonField
        label={texts.reason}
        isRequired
        placeholder={texts.reasonPlaceholder}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setServerProblem(null);
        }}
        errorMessage={problem ? m.stages.fieldProblem(texts.reason, problem) : undefined}
      />
    </FormDialog>
  );
}

/** The multi-line reason field of an admin action (an unlock's, a lock's, an overrun's). */
export function ReasonField(
  props: Omit<TextFieldProps, 'multiline' | 'rows' | 'validationBehavior'>,
) {
  return <TextField {...props} multiline rows={3} validationBehavior="aria" />;
}
