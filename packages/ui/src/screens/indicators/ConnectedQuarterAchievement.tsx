import { quarterNumeral } from '@ranwal/core';
import { useCallToasts } from '../../data/call-toasts.js';
import { useIndicators, useSetIndicatorAchievements } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { type AchievementSubAction, QuarterAchievementDialog } from './QuarterAchievementDialog.js';

export interface ConnectedQuarterAchievementProps {
  /** The sub kegiatan entered; the dialog is open while it is set. */
  subAction: AchievementSubAction | null;
  year: number;
  quarter: number;
  onClose: () => void;
}

/**
 * 'Capaian Triwulan' over the data hooks: the sub kegiatan's indicators read when it opens, the
 * quarter saved in one call (refused by the server once the quarter's month is sent). Needs a
 * `RanwalProvider` and a `ToastProvider` above it.
 */
export function ConnectedQuarterAchievement({
  subAction,
  year,
  quarter,
  onClose,
}: ConnectedQuarterAchievementProps) {
  const m = useMessages();
  const toasts = useCallToasts();
  const indicators = useIndicators(
    { sub_action_id: subAction?.sub_action_id ?? '', year },
    { enabled: subAction !== null },
  );
  const save = useSetIndicatorAchievements();
  return (
    <QuarterAchievementDialog
      subAction={subAction}
      year={year}
      quarter={quarter}
      indicators={indicators.data?.data}
      error={indicators.isError ? m.indicators.fetchFailed : null}
      onRetry={() => void indicators.refetch()}
      onClose={onClose}
      onSubmit={async (entered, achievements) => {
        await save.mutateAsync({
          sub_action_id: entered.sub_action_id,
          year,
          quarter,
          achievements,
        });
        toasts.success(
          m.indicators.achievement.saved(
            m.indicators.quarter(quarterNumeral(quarter)),
            entered.sub_action_code ?? entered.sub_action_name,
          ),
        );
      }}
    />
  );
}
