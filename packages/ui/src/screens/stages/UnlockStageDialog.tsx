import { isApiError, StageLockInput } from '@ranwal/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Dialog, FormDialogFooter, Modal } from '../../components/Dialog.js';
import { TextField } from '../../components/TextField.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useFocusFirstInvalid } from '../users/field-errors.js';

export interface UnlockStageDialogProps {
  /** The locked stage's name; the dialog is open while it is set. */
  stageName: string | null;
  year: number;
  onClose: () => void;
  /** Unlocks with the reason; resolve when done (the dialog closes), reject with the call's error. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** 'Buka Kunci': the reason an unlock needs, checked by core's StageLockInput and the server. */
export function UnlockStageDialog({ stageName, year, onClose, onSubmit }: UnlockStageDialogProps) {
  const [isSaving, setSaving] = useState(false);
  return (
    <Modal
      isOpen={stageName !== null}
      onOpenChange={(open) => {
        if (!open && !isSaving) onClose();
      }}
      isKeyboardDismissDisabled={isSaving}
    >
      {stageName !== null && (
        <UnlockForm
          stageName={stageName}
          year={year}
          isSaving={isSaving}
          onSubmit={async (reason) => {
            setSaving(true);
            try {
              await onSubmit(reason);
              onClose();
            } finally {
              setSaving(false);
            }
          }}
        />
      )}
    </Modal>
  );
}

interface UnlockFormProps {
  stageName: string;
  year: number;
  isSaving: boolean;
  onSubmit: (reason: string) => Promise<void>;
}

function UnlockForm({ stageName, year, isSaving, onSubmit }: UnlockFormProps) {
  const m = useMessages();
  const t = m.stages.lock;
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ key: number; message: string } | null>(null);
  useFocusFirstInvalid(form, attempt);

  const parsed = StageLockInput.safeParse({ year, locked: false, reason });
  const schemaProblem =
    attempt > 0 && !parsed.success
      ? parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message
      : undefined;
  const problem = serverProblem ?? schemaProblem;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setServerProblem(null);
    if (!parsed.success) {
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(null);
    try {
      await onSubmit(parsed.data.reason);
    } catch (error) {
      const issue = isApiError(error)
        ? error.issues?.find((found) => found.path === 'reason')
        : undefined;
      if (issue) {
        setServerProblem(issue.message);
        setAttempt((n) => n + 1);
      } else {
        setFailure((last) => ({
          key: (last?.key ?? 0) + 1,
          message: describeError(error, t.failed),
        }));
      }
    }
  };

  return (
    <Dialog
      title={t.unlockTitle(stageName)}
      footer={({ close }) => <FormDialogFooter formId={formId} isSaving={isSaving} close={close} />}
    >
      <form
        id={formId}
        ref={form}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        {failure && (
          <Banner key={failure.key} tone="error" title={m.common.failureTitle}>
            {failure.message}
          </Banner>
        )}
        <p className="text-slate-700">{t.unlockText}</p>
        <TextField
          label={t.reason}
          multiline
          rows={3}
          isRequired
          validationBehavior="aria"
          placeholder={t.reasonPlaceholder}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setServerProblem(null);
          }}
          errorMessage={problem ? m.stages.fieldProblem(t.reason, problem) : undefined}
        />
      </form>
    </Dialog>
  );
}
