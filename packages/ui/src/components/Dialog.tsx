import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog as AriaDialog,
  type DialogProps as AriaDialogProps,
  Modal as AriaModal,
  Heading,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { useMessages } from '../data/messages-context.js';
import { cn, composeClassName, focusRing } from '../lib/cn.js';
import { Button } from './Button.js';
import { CloseIcon } from './icons.js';

const modalSizes = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
} as const;

export interface ModalProps extends ModalOverlayProps {
  /** The panel's maximum width: 'sm' for confirmations, 'md' for forms, 'lg' for details. */
  size?: keyof typeof modalSizes;
}

/**
 * The dimmed overlay and centred panel that hold a `Dialog`. Escape dismisses it (unless
 * `isKeyboardDismissDisabled`); so does a click outside when `isDismissable`.
 */
export function Modal({ size = 'md', className, children, ...props }: ModalProps) {
  return (
    <ModalOverlay
      {...props}
      className="fixed inset-0 z-50 flex min-h-full items-center justify-center overflow-y-auto bg-slate-900/50 p-4"
    >
      <AriaModal
        className={composeClassName(className, () =>
          // A definite max height, so a tall dialog's body scrolls (Dialog inherits it).
          cn(
            'max-h-[calc(100dvh-2rem)] w-full rounded-lg bg-white text-slate-900 shadow-xl',
            modalSizes[size],
          ),
        )}
      >
        {children}
      </AriaModal>
    </ModalOverlay>
  );
}

type DialogContent = ReactNode | ((opts: { close: () => void }) => ReactNode);

export interface DialogProps extends Omit<AriaDialogProps, 'children'> {
  /** The heading, which also names the dialog. */
  title: ReactNode;
  /** The body; a function receives `close`. */
  children: DialogContent;
  /** Buttons at the bottom, end-aligned; a function receives `close`. */
  footer?: DialogContent;
  /** An × button beside the title that closes the dialog. */
  showCloseButton?: boolean;
}

/** A titled dialog inside a `Modal`: focus is trapped inside and returns to the trigger. */
export function Dialog({
  title,
  children,
  footer,
  showCloseButton = true,
  className,
  ...props
}: DialogProps) {
  const m = useMessages();
  return (
    <AriaDialog {...props} className={cn('flex max-h-[inherit] flex-col outline-none', className)}>
      {({ close }) => (
        <>
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <Heading slot="title" className="text-lg font-semibold text-slate-900">
              {title}
            </Heading>
            {showCloseButton && (
              <AriaButton
                aria-label={m.common.close}
                onPress={close}
                className={cn(
                  '-me-2 flex size-8 shrink-0 items-center justify-center rounded text-slate-600',
                  'data-[hovered]:bg-slate-100 data-[pressed]:bg-slate-200',
                  focusRing,
                )}
              >
                <CloseIcon className="size-5" />
              </AriaButton>
            )}
          </div>
          <div className="overflow-y-auto px-6 py-4 text-sm">
            {typeof children === 'function' ? children({ close }) : children}
          </div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">
              {typeof footer === 'function' ? footer({ close }) : footer}
            </div>
          )}
        </>
      )}
    </AriaDialog>
  );
}

/** A form dialog's footer: 'Batal', and the submit button of form `formId` ('Menyimpan...' while saving). */
export function FormDialogFooter({
  formId,
  isSaving,
  close,
}: {
  formId: string;
  isSaving: boolean;
  close: () => void;
}) {
  const m = useMessages();
  return (
    <>
      <Button variant="secondary" onPress={close} isDisabled={isSaving}>
        {m.common.cancel}
      </Button>
      <Button type="submit" form={formId} isPending={isSaving}>
        {isSaving ? m.common.saving : m.common.save}
      </Button>
    </>
  );
}
