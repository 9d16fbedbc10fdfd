import { useMessages } from '../data/RanwalProvider.js';
import { Button } from './Button.js';

export interface DeleteRowButtonProps {
  /** This row's deletion is running: the button reads 'Menghapus...' and does not respond. */
  isDeleting: boolean;
  /** Asks for confirmation (the screens open a ConfirmDialog). */
  onPress: () => void;
  /** The id of the text saying why the line cannot be deleted now: the button waits, disabled. */
  blockedBy?: string | undefined;
}

/** A table row's 'Hapus' button. */
export function DeleteRowButton({ isDeleting, onPress, blockedBy }: DeleteRowButtonProps) {
  const { common } = useMessages();
  return (
    // Disabled rather than pending: the row goes away once deleted, and a pending button's
    // announcement would point at a removed element.
    <Button
      size="sm"
      variant="danger"
      className="whitespace-nowrap"
      isDisabled={isDeleting || blockedBy !== undefined}
      aria-describedby={blockedBy}
      onPress={onPress}
    >
      {isDeleting ? common.deleting : common.delete}
    </Button>
  );
}
