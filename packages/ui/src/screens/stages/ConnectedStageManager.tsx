import type { Stage, StageKind } from '@ranwal/core';
import { useState } from 'react';
import { FilterBar } from '../../components/FilterBar.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { describeError } from '../../data/errors.js';
import { saveFile as saveToDisk } from '../../data/files.js';
import { listStates } from '../../data/list-page.js';
import {
  type DownloadedFile,
  useAdvanceStage,
  useDownloadStageComparison,
  useLockStage,
  useScheduleStages,
  useStageComparison,
  useStages,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { ConnectedCashPlanImbalances } from '../cash-plan/CashPlanImbalances.js';
import { YearSelect } from '../planning/planning-parts.js';
import { StageComparisonPanel } from './StageComparisonPanel.js';
import { StageManager } from './StageManager.js';

export interface ConnectedStageManagerProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  /** Hands the downloaded comparison workbook to the user; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/** The chosen stage if it is still entered, else the default: the last two entered stages. */
function comparedPair(
  stages: readonly Stage[],
  chosen: { from: StageKind | null; to: StageKind | null },
) {
  const entered = stages.filter((stage) => stage.status !== 'upcoming').map((s) => s.kind);
  const pick = (kind: StageKind | null, fallback: StageKind | undefined) =>
    kind && entered.includes(kind) ? kind : (fallback ?? null);
  return {
    from: pick(chosen.from, entered.at(-2)),
    to: pick(chosen.to, entered.at(-1)),
  };
}

/**
 * `StageManager` over the RanwalProvider's client (admin only): the year's `stage.list`, the
 * schedule, moving on and the lock with a toast each, and below them `stage.compare` of two
 * entered stages. Needs a `ToastProvider`.
 */
export function ConnectedStageManager({
  initialYear,
  saveFile = saveToDisk,
}: ConnectedStageManagerProps) {
  const m = useMessages();
  const t = m.stages;
  const names = m.server.stageNames;
  const toasts = useCallToasts();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const [chosen, setChosen] = useState<{ from: StageKind | null; to: StageKind | null }>({
    from: null,
    to: null,
  });
  const list = useStages(year);
  const stages = list.data?.data ?? [];
  const pair = comparedPair(stages, chosen);
  // While another year's stages still stand in, their kinds would be asked of this year.
  const comparison = useStageComparison(
    pair.from && pair.to && !list.isPlaceholderData
      ? { year, from: pair.from, to: pair.to }
      : undefined,
  );
  const schedule = useScheduleStages();
  const advance = useAdvanceStage();
  const lock = useLockStage();
  const download = useDownloadStageComparison();

  const currentName = (answer: readonly Stage[]) => {
    const current = answer.find((stage) => stage.status === 'current');
    return current ? names[current.kind] : '';
  };

  return (
    <StageManager
      year={year}
      stages={stages}
      {...listStates(list, t.fetchFailed)}
      controls={
        <FilterBar className="sm:grid-cols-[8rem]">
          <YearSelect
            year={year}
            years={years}
            onChange={(next) => {
              setYear(next);
              setChosen({ from: null, to: null });
            }}
          />
        </FilterBar>
      }
      onSchedule={async (definitions, confirm) => {
        await schedule.mutateAsync({ year, stages: definitions, confirm });
        toasts.success(t.schedule.saved);
      }}
      onAdvance={async (confirm) => {
        const { data } = await advance.mutateAsync({ year, confirm });
        toasts.success(t.advance.done(currentName(data)));
      }}
      onLock={async (locked, reason) => {
        const { data } = await lock.mutateAsync({ year, locked, reason });
        const name = currentName(data);
        toasts.success(locked ? t.lock.locked(name) : t.lock.unlocked(name));
      }}
    >
      {!list.isError && !list.isPending && (
        <StageComparisonPanel
          stages={stages}
          from={pair.from}
          to={pair.to}
          onFromChange={(from) => setChosen({ ...pair, from })}
          onToChange={(to) => setChosen({ ...pair, to })}
          comparison={comparison.data?.data}
          isLoading={comparison.isPending}
          error={comparison.isError ? describeError(comparison.error, t.compare.fetchFailed) : null}
          onRetry={() => void comparison.refetch()}
          onDownload={async () => {
            const { from, to } = pair;
            if (!from || !to) return;
            await toasts.attempt(
              async () => saveFile(await download.mutateAsync({ year, from, to })),
              () => t.compare.workbook.downloaded,
              t.compare.workbook.failed,
            );
          }}
          isDownloading={download.isPending}
        />
      )}
      {/* What holds the next stage back, before the admin presses 'Lanjut' (issue 36). */}
      {!list.isError && !list.isPending && <ConnectedCashPlanImbalances year={year} />}
    </StageManager>
  );
}
