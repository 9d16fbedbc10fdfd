import { isApiError, type Messages, type Session, SignInInput } from '@ranwal/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { useFocusFirstInvalid } from '../../components/FormDialog.js';
import { TextField } from '../../components/TextField.js';
import { describeError } from '../../data/errors.js';
import { useSignIn } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { sessionFromSignIn } from '../../data/session.js';
import { cn } from '../../lib/cn.js';
import { fieldErrorsFrom } from '../users/field-errors.js';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface LoginFormProps {
  /** Called with a checked email (trimmed, lower-case) and password; failures come back as `error`. */
  onSubmit: (credentials: LoginCredentials) => Promise<unknown>;
  /** Why the last sign-in failed, shown in a red banner. */
  error?: string;
  /** Signing in: the button says 'Signing In...' and does nothing. */
  isPending?: boolean;
  className?: string;
}

type LoginField = keyof LoginCredentials;

/** The sign-in card (spec "Login"): greeting, email, password with show/hide, error banner. */
export function LoginForm({ onSubmit, error, isPending = false, className }: LoginFormProps) {
  const m = useMessages();
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<LoginCredentials>({ email: '', password: '' });
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt);

  const parsed = SignInInput.safeParse(values);
  const labels = { email: m.login.email, password: m.login.password };
  // Fields are checked once the first submit was tried, then again on every keystroke.
  const errors =
    attempt > 0 && !parsed.success ? fieldErrorsFrom(parsed.error.issues, values, labels, m) : {};
  const change = (field: LoginField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    if (!parsed.success) {
      setAttempt((n) => n + 1);
      return;
    }
    // A failure reaches the user through `error`, which the caller derives from it.
    onSubmit(parsed.data).catch(() => undefined);
  };

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8',
        className,
      )}
    >
      <div className="mb-6 text-center">
        <p className="text-lg font-bold text-brand-700">{m.app.name}</p>
        <p className="text-sm text-slate-600">{m.app.subtitle}</p>
        <h1 id={headingId} className="mt-6 text-2xl font-bold text-slate-900">
          {m.login.greeting}
        </h1>
      </div>
      {error && (
        <Banner tone="error" className="mb-4">
          {error}
        </Banner>
      )}
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={labels.email}
          name="email"
          type="email"
          autoComplete="username"
          isRequired
          validationBehavior="aria"
          value={values.email}
          onChange={change('email')}
          errorMessage={errors.email}
        />
        <TextField
          label={labels.password}
          name="password"
          revealable
          autoComplete="current-password"
          isRequired
          validationBehavior="aria"
          value={values.password}
          onChange={change('password')}
          errorMessage={errors.password}
        />
        <Button type="submit" isPending={isPending} className="mt-2 w-full">
          {isPending ? m.login.submitting : m.login.submit}
        </Button>
      </form>
    </section>
  );
}

/**
 * The login screen's error text (spec section 8): the server's message when it answered, else
 * 'Invalid credentials...'; no answer at all is a network error; anything else is unexpected.
 */
export function signInErrorMessage(error: unknown, messages: Messages): string {
  if (!isApiError(error) || error.kind === 'invalid_response') {
    return messages.login.unexpectedError;
  }
  return describeError(error, messages.login.invalidCredentials, messages.login.networkError);
}

export interface ConnectedLoginFormProps {
  /** The session the sign-in opened; the caller stores it and navigates by role. */
  onSignedIn: (session: Session) => void;
  className?: string;
}

/** The login card signing in through the provider's client; it stores nothing itself. */
export function ConnectedLoginForm({ onSignedIn, className }: ConnectedLoginFormProps) {
  const messages = useMessages();
  const signIn = useSignIn();
  return (
    <LoginForm
      className={className}
      isPending={signIn.isPending}
      error={signIn.isError ? signInErrorMessage(signIn.error, messages) : undefined}
      onSubmit={(credentials) =>
        signIn.mutateAsync(credentials).then((result) => onSignedIn(sessionFromSignIn(result.data)))
      }
    />
  );
}
