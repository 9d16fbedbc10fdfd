import { isApiError, type Messages } from '@ranwal/core';
import {
  type FormEvent,
  type ReactNode,
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { describeError } from '../data/errors.js';
import { useMessages } from '../data/messages-context.js';
import { Banner } from './Banner.js';
import { Dialog, FormDialogFooter, Modal, type ModalProps } from './Dialog.js';

/** A failed save's message; a new `key` shows the banner again for the same words. */
export interface Failure {
  key: number;
  message: string;
}

/** The failure a form dialog shows above its fields: `show` a message, `clear` it before retrying. */
export function useFailure() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const show = useCallback(
    (message: string) => setFailure((last) => ({ key: (last?.key ?? 0) + 1, message })),
    [],
  );
  const clear = useCallback(() => setFailure(null), []);
  return { failure, show, clear };
}

/** What takes a field's focus: its input, or the trigger button of a picker. */
const focusable = 'input:not([type="hidden"]), textarea, button, [tabindex]:not([tabindex="-1"])';

/**
 * Focuses the first invalid field of `form` in the form's order, which scrolls it into view: an
 * input marked `aria-invalid`, or the focusable part of a field marked `data-invalid` whose part
 * is not marked itself (a Select's trigger button).
 */
function focusFirstInvalid(form: HTMLElement | null) {
  const invalid = form?.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-invalid]');
  for (const marked of invalid ?? []) {
    const target = marked.matches(focusable)
      ? marked
      : marked.querySelector<HTMLElement>(focusable);
    if (target) {
      target.focus();
      return;
    }
  }
}

/**
 * After a refused submit (`attempt` counts them), once the fields show their problems, moves
 * focus to the form's first invalid field: a keyboard or screen-reader user lands on what needs
 * fixing, and on a phone it comes into view instead of the button seeming to do nothing.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return;
    focusFirstInvalid(form.current);
  }, [form, attempt]);
}

/**
 * What a refused save says of the form's own fields, as they show it ('Kolom Kode tidak valid:
 * kode DAU sudah dipakai sumber dana lain'), by field: the first issue naming each of `labels`'
 * fields (`sources.0.code` names `sources`). Empty when none does: the banner says it then.
 */
export function refusedFields<K extends string>(
  error: unknown,
  labels: Readonly<Record<K, string>>,
  messages: Messages,
): Partial<Record<K, string>> {
  const fields: Partial<Record<K, string>> = {};
  if (!isApiError(error)) return fields;
  for (const issue of error.issues ?? []) {
    const field = issue.path.split('.')[0] as K;
    if (field in labels && !fields[field]) {
      fields[field] = messages.server.validation(labels[field], issue.message);
    }
  }
  return fields;
}

/** A schema's `safeParse` of the form's values, as far as a submit needs it. */
export type FormCheck<D> = { success: true; data: D } | { success: false };

export interface FormSubmitOptions<D> {
  isSaving: boolean;
  /** The values checked by core's schema; a failed check marks the fields and saves nothing. */
  parsed: FormCheck<D>;
  save: (data: D) => Promise<unknown>;
  /** The banner's words for a failed save that says nothing itself. */
  failed: string;
  /** Before each submit's check: forget what the server last said of the fields. */
  onAttempt?: () => void;
  /** A refused check, before the fields are marked (blur the field being typed in). */
  onInvalid?: (form: HTMLFormElement | null) => void;
  /** A failed save, instead of its words in the banner (field problems from the server). */
  onError?: (
    error: unknown,
    form: { showFailure: (message: string) => void; retry: () => void },
  ) => void;
}

/**
 * A form's submit: checked first (a refusal counts an `attempt`, which shows the fields' problems
 * and focuses the first), then saved, a failure shown in the banner. `dialog` goes to `FormDialog`.
 */
export function useFormSubmit<D>({
  isSaving,
  parsed,
  save,
  failed,
  onAttempt,
  onInvalid,
  onError,
}: FormSubmitOptions<D>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const { failure, show: showFailure, clear: clearFailure } = useFailure();
  useFocusFirstInvalid(formRef, attempt);
  const retry = () => setAttempt((n) => n + 1);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isSaving) return;
    onAttempt?.();
    if (!parsed.success) {
      onInvalid?.(formRef.current);
      retry();
      return;
    }
    clearFailure();
    try {
      await save(parsed.data);
      setAttempt(0);
    } catch (error) {
      if (onError) onError(error, { showFailure, retry });
      else showFailure(describeError(error, failed));
    }
  };

  return {
    attempt,
    retry,
    failure,
    showFailure,
    submit,
    dialog: { isSaving, onSubmit: submit, failure, formRef },
  };
}

/** A schema's `safeParse` of the form's values, with the issues a refused check names. */
export type SchemaCheck<D> =
  | { success: true; data: D }
  | {
      success: false;
      error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };

export interface FieldsSubmitOptions<K extends string, D>
  extends Omit<FormSubmitOptions<D>, 'parsed' | 'onAttempt' | 'onError'> {
  /** Each field's label, as its problems name it. */
  labels: Readonly<Record<K, string>>;
  /** The values checked by core's schema. */
  checked: SchemaCheck<D>;
  /** False holds a valid check back (a number field that reads none says why itself). */
  ready?: boolean;
}

/**
 * `useFormSubmit` for a form of labelled fields: `errorOf(field)` is the schema's problem with
 * it after a refused submit, or the server's when a save's refusal names it (shown on the field;
 * any other failure in the banner).
 */
export function useFieldsSubmit<K extends string, D>({
  labels,
  checked,
  ready = true,
  ...options
}: FieldsSubmitOptions<K, D>) {
  const m = useMessages();
  const [refused, setRefused] = useState<Partial<Record<K, string>>>({});
  const submit = useFormSubmit({
    ...options,
    parsed: ready ? checked : { success: false },
    onAttempt: () => setRefused({}),
    onError: (error, form) => {
      const onFields = refusedFields(error, labels, m);
      if (Object.keys(onFields).length === 0) {
        form.showFailure(describeError(error, options.failed));
        return;
      }
      setRefused(onFields);
      form.retry();
    },
  });
  const errorOf = (field: K): string | undefined => {
    const issue =
      submit.attempt > 0 && !checked.success
        ? checked.error.issues.find((found) => found.path[0] === field)
        : undefined;
    return issue ? m.server.validation(labels[field], issue.message) : refused[field];
  };
  return { ...submit, errorOf };
}

export interface FormDialogProps {
  /** The heading, which also names the dialog. */
  title: ReactNode;
  isSaving: boolean;
  /** Called on submit (the browser's own submit is prevented); 'Simpan' submits the form. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The failed save's message, shown in an error banner above the fields. */
  failure: Failure | null;
  /** More lines for that banner (problems found on rows the fields cannot show). */
  problems?: readonly string[];
  formRef?: Ref<HTMLFormElement>;
  /** The form's layout; the banner spans every column of a grid. */
  className?: string;
  children: ReactNode;
}

/**
 * A dialog holding one form: the title, an error banner for a failed save, the fields, and
 * 'Batal' / 'Simpan' ('Menyimpan...' while saving). Render it inside a `Modal`.
 */
export function FormDialog({
  title,
  isSaving,
  onSubmit,
  failure,
  problems = [],
  formRef,
  className = 'flex flex-col gap-4',
  children,
}: FormDialogProps) {
  const m = useMessages();
  const formId = useId();
  const lines = [...(failure ? [failure.message] : []), ...problems];
  return (
    <Dialog
      title={title}
      footer={({ close }) => <FormDialogFooter formId={formId} isSaving={isSaving} close={close} />}
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(event);
        }}
        className={className}
      >
        {lines.length > 0 && (
          <Banner
            key={failure?.key ?? 0}
            tone="error"
            title={m.common.failureTitle}
            className="col-span-full"
          >
            {lines.length === 1
              ? lines[0]
              : lines.map((text) => (
                  <span key={text} className="block">
                    {text}
                  </span>
                ))}
          </Banner>
        )}
        {children}
      </form>
    </Dialog>
  );
}

export interface FormModalProps {
  isOpen: boolean;
  onClose: () => void;
  size?: ModalProps['size'];
  /**
   * The form while open. `save` runs its call with the form busy (no Escape, no 'Batal') and
   * closes when the call resolves; a rejection stays open for the form to show.
   */
  children: (form: {
    isSaving: boolean;
    save: (call: () => Promise<unknown>) => Promise<void>;
  }) => ReactNode;
}

/** The modal around a `FormDialog`: open while `isOpen`, not dismissed while it saves. */
export function FormModal({ isOpen, onClose, size, children }: FormModalProps) {
  const [isSaving, setSaving] = useState(false);
  const save = async (call: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await call();
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      size={size}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSaving) onClose();
      }}
      isKeyboardDismissDisabled={isSaving}
    >
      {isOpen && children({ isSaving, save })}
    </Modal>
  );
}
