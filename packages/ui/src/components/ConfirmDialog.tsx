import type { ReactNode } from 'react';
import { useMessages } from '../data/messages-context.js';
import { Button } from './Button.js';
import { Dialog, Modal } from './Dialog.js';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Called by 'Ya, Hapus!'. The dialog stays open: close it when the deletion is done. */
  onConfirm: () => void;
  /** The deletion is running: the confirm button shows 'Menghapus...', nothing else responds. */
  isPending?: boolean;
  /** Defaults to 'Konfirmasi Hapus'. */
  title?: ReactNode;
  /** Defaults to the catalogue's warning; users and articles pass their own question. */
  message?: ReactNode;
  /** Defaults to 'Ya, Hapus!'. */
  confirmLabel?: string;
  /** What confirming does besides, said under the message in a warning box. */
  consequence?: { title: string; text: ReactNode } | null | undefined;
  /** The confirm button's colour: red for what removes or locks ('danger'), else 'primary'. */
  confirmVariant?: 'danger' | 'primary';
}

/**
 * The delete confirmation: an alertdialog with 'Ya, Hapus!' and 'Batal'; Escape cancels. Other
 * confirmations give their title, question, button and, where there is one, the consequence.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  onConfirm,
  isPending = false,
  title,
  message,
  confirmLabel,
  consequence,
  confirmVariant = 'danger',
}: ConfirmDialogProps) {
  const common = useMessages().common;
  const m = common.confirmDelete;
  return (
    <Modal
      size="sm"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isKeyboardDismissDisabled={isPending}
    >
      <Dialog
        role="alertdialog"
        title={title ?? m.title}
        showCloseButton={false}
        footer={({ close }) => (
          <>
            <Button variant="secondary" onPress={close} isDisabled={isPending}>
              {m.cancel}
            </Button>
            <Button variant={confirmVariant} onPress={onConfirm} isPending={isPending}>
              {isPending ? common.deleting : (confirmLabel ?? m.confirm)}
            </Button>
          </>
        )}
      >
        {/* A div, not a p: a message may hold a table (the PPN recalculation's lines). */}
        <div className="text-slate-700">
          {message ?? m.text}
          {consequence && (
            <span className="mt-3 block rounded-md border border-yellow-200 bg-yellow-50 px-3 py-2 text-yellow-900">
              <strong className="block">{consequence.title}</strong>
              {consequence.text}
            </span>
          )}
        </div>
      </Dialog>
    </Modal>
  );
}
