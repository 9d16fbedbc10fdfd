import { fieldIssuesOf, isApiError, StageLockInput } from '@ranwal/core';
import { type FormEvent, useRef, useState } from 'react';
import {
  FormDialog,
  FormModal,
  useFailure,
  useFocusFirstInvalid,
} from '../../components/FormDialog.js';
import { TextField } from '../../components/TextField.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** What an unlock dialog says: its title, what unlocking does, the reason field's words. */
export interface UnlockTexts {
  title: string;
  text: string;
  reason: string;
  reasonPlaceholder: string;
  /** The banner's text when the call fails without a reason problem. */
  failed: string;
}

/** A schema's `safeParse` of an unlock (StageLockInput, SubActionLockInput). */
export type UnlockCheck =
  | { success: true; data: { reason: string } }
  | { success: false; error: Parameters<typeof fieldIssuesOf>[0] };

export interface UnlockDialogProps {
  /** The dialog's words; it is open while they are set. */
  texts: UnlockTexts | null;
  /** Core's unlock schema over the typed reason; its `reason` issue is the field's problem. */
  check: (reason: string) => UnlockCheck;
  onClose: () => void;
  /** Unlocks with the reason; resolve when done (the dialog closes), reject with the call's error. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/**
 * 'Buka Kunci' of a stage or a sub kegiatan: the reason an unlock needs, checked by core's schema
 * before the call and by the server after it (its `reason` problem lands on the field).
 */
export function UnlockDialog({ texts, check, onClose, onSubmit }: UnlockDialogProps) {
  return (
    <FormModal isOpen={texts !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        texts !== null && (
          <UnlockForm
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

export interface UnlockStageDialogProps {
  /** The locked stage's name; the dialog is open while it is set. */
  stageName: string | null;
  year: number;
  onClose: () => void;
  /** Unlocks with the reason; resolve when done (the dialog closes), reject with the call's error. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** 'Buka Kunci' of the year's current stage, checked by core's StageLockInput. */
export function UnlockStageDialog({ stageName, year, onClose, onSubmit }: UnlockStageDialogProps) {
  const t = useMessages().stages.lock;
  return (
    <UnlockDialog
      texts={
        stageName === null
          ? null
          : {
              title: t.unlockTitle(stageName),
              text: t.unlockText,
              reason: t.reason,
              reasonPlaceholder: t.reasonPlaceholder,
              failed: t.failed,
            }
      }
      check={(reason) => StageLockInput.safeParse({ year, locked: false, reason })}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

interface UnlockFormProps {
  texts: UnlockTexts;
  check: UnlockDialogProps['check'];
  isSaving: boolean;
  onSubmit: (reason: string) => Promise<void>;
}

const reasonIssue = (issues: readonly { path: string; message: string }[] | undefined) =>
  issues?.find((issue) => issue.path === 'reason')?.message;

function UnlockForm({ texts, check, isSaving, onSubmit }: UnlockFormProps) {
  const m = useMessages();
  const form = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const { failure, show: showFailure, clear: clearFailure } = useFailure();
  useFocusFirstInvalid(form, attempt);

  const parsed = check(reason);
  const schemaProblem =
    attempt > 0 && !parsed.success ? reasonIssue(fieldIssuesOf(parsed.error)) : undefined;
  const problem = serverProblem ?? schemaProblem;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setServerProblem(null);
    if (!parsed.success) {
      setAttempt((n) => n + 1);
      return;
    }
    clearFailure();
    try {
      await onSubmit(parsed.data.reason);
    } catch (error) {
      const issue = isApiError(error) ? reasonIssue(error.issues) : undefined;
      if (issue) {
        setServerProblem(issue);
        setAttempt((n) => n + 1);
      } else {
        showFailure(describeError(error, texts.failed));
      }
    }
  };

  return (
    <FormDialog
      title={texts.title}
      isSaving={isSaving}
      onSubmit={submit}
      failure={failure}
      formRef={form}
    >
      <p className="text-slate-700">{texts.text}</p>
      <TextField
        label={texts.reason}
        multiline
        rows={3}
        isRequired
        validationBehavior="aria"
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
