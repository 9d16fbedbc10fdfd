import { type FormEvent, type ReactNode, type Ref, useCallback, useId, useState } from 'react';
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
