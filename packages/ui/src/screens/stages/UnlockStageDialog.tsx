import { StageLockInput } from '@ranwal/core';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { useMessages } from '../../data/RanwalProvider.js';

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
    <ReasonDialog
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
