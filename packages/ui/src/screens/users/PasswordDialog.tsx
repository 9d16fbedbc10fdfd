import {
  isApiError,
  PasswordChangeInput,
  PasswordSetInput,
  type SignInResult,
  type User,
} from '@ranwal/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Dialog, FormDialogFooter, Modal } from '../../components/Dialog.js';
import { useFocusFirstInvalid } from '../../components/FormDialog.js';
import { TextField } from '../../components/TextField.js';
import { describeError } from '../../data/errors.js';
import { useChangePassword } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { fieldErrorsFrom } from './field-errors.js';

export interface PasswordDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Whose password: null for the signed-in person's own (asks for the current one first), or
   * the user an admin sets a new one for.
   */
  user: User | null;
  /**
   * Sends the change (`current` is empty for an admin's); resolve when it is done (the dialog
   * then closes), reject with the call's error (shown in the dialog).
   */
  onSubmit: (passwords: Passwords) => Promise<unknown>;
}

export interface Passwords {
  current: string;
  next: string;
}

type Field = 'current_password' | 'new_password' | 'repeat';

/**
 * Changing a password: one's own (current, new, repeated) or, for an admin, another person's
 * (new, repeated). The rule is shown under the new password before anything is typed; both
 * changes end the person's other sessions, which the dialog says. The core schemas check the
 * rule, so the form refuses what the server would.
 */
export function PasswordDialog({ isOpen, onOpenChange, user, onSubmit }: PasswordDialogProps) {
  const [isSaving, setSaving] = useState(false);
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isSaving) onOpenChange(open);
      }}
      isKeyboardDismissDisabled={isSaving}
    >
      {isOpen && (
        <PasswordForm
          user={user}
          isSaving={isSaving}
          onSubmit={async (passwords) => {
            setSaving(true);
            try {
              await onSubmit(passwords);
              onOpenChange(false);
            } finally {
              setSaving(false);
            }
          }}
        />
      )}
    </Modal>
  );
}

export interface ConnectedPasswordChangeDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The person's new session (its token): store it, or the next call is refused. */
  onChanged: (session: SignInResult) => void;
}

/** The signed-in person changes their own password through the provider's client. */
export function ConnectedPasswordChangeDialog({
  isOpen,
  onOpenChange,
  onChanged,
}: ConnectedPasswordChangeDialogProps) {
  const change = useChangePassword();
  return (
    <PasswordDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      user={null}
      onSubmit={async ({ current, next }) => {
        const answer = await change.mutateAsync({ current_password: current, new_password: next });
        onChanged(answer.data);
      }}
    />
  );
}

function PasswordForm({
  user,
  isSaving,
  onSubmit,
}: {
  user: User | null;
  isSaving: boolean;
  onSubmit: (passwords: Passwords) => Promise<void>;
}) {
  const m = useMessages();
  const u = m.users;
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const own = user === null;
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: '',
    new_password: '',
    repeat: '',
  });
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ message: string; field?: Field } | null>(null);
  useFocusFirstInvalid(form, attempt);

  const labels: Record<Field, string> = {
    current_password: u.currentPassword,
    new_password: u.newPassword,
    repeat: u.repeatPassword,
  };
  const parsed = own
    ? PasswordChangeInput.safeParse(values)
    : PasswordSetInput.safeParse({ password: values.new_password });
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) =>
        own ? issue : { ...issue, path: ['new_password', ...issue.path.slice(1)] },
      );
  const errors: Partial<Record<Field, string>> =
    attempt > 0
      ? fieldErrorsFrom(issues, values, labels, m, {
          new_password: {
            too_small: u.passwordTooShort,
            invalid_format: u.passwordNeedsLetterAndDigit,
          },
        })
      : {};
  if (attempt > 0 && !errors.repeat && values.repeat !== values.new_password) {
    errors.repeat = values.repeat ? u.passwordsDiffer : m.validation.required(labels.repeat);
  }
  // The server's word on a field (a wrong current password) until that field changes.
  if (failure?.field && !errors[failure.field]) errors[failure.field] = failure.message;
  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (failure?.field === field) setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    if (!parsed.success || values.repeat !== values.new_password) {
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(null);
    try {
      await onSubmit({ current: values.current_password, next: values.new_password });
    } catch (error) {
      const issue = isApiError(error) ? error.issues?.[0] : undefined;
      const field = issue?.path === 'current_password' ? 'current_password' : undefined;
      setFailure({
        message: describeError(error, u.passwordChangeFailed),
        ...(field ? { field } : {}),
      });
      if (field) setAttempt((n) => n + 1);
    }
  };

  const passwordField = (field: Field, autoComplete: string, description?: string) => (
    <TextField
      label={labels[field]}
      name={field}
      revealable
      autoComplete={autoComplete}
      autoFocus={field === (own ? 'current_password' : 'new_password')}
      isRequired
      validationBehavior="aria"
      value={values[field]}
      onChange={change(field)}
      errorMessage={errors[field]}
      {...(description ? { description } : {})}
    />
  );

  return (
    <Dialog
      title={own ? u.changePassword : u.setPasswordTitle(user.name)}
      footer={({ close }) => <FormDialogFooter formId={formId} isSaving={isSaving} close={close} />}
    >
      <form id={formId} ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-slate-600">{own ? u.ownPasswordHint : u.setPasswordHint(user.name)}</p>
        {failure && !failure.field && (
          <Banner tone="error" title={m.common.failureTitle} onDismiss={() => setFailure(null)}>
            {failure.message}
          </Banner>
        )}
        {own && passwordField('current_password', 'current-password')}
        {passwordField('new_password', 'new-password', u.passwordRule)}
        {passwordField('repeat', 'new-password')}
      </form>
    </Dialog>
  );
}
