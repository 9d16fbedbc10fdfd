import { formatNumberId, type Stage, stageAdvanceConsequence, stageDateNote } from '@ranwal/core';
import { type ReactNode, useState } from 'react';
import { type AdminListProps, AdminTablePage, useAction } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { DateText } from '../../components/DateText.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { ScheduleDialog, type StageDefinitionValues } from './ScheduleDialog.js';
import { todayInWib } from './stage-notice.js';
import { UnlockStageDialog } from './UnlockStageDialog.js';

export interface StageManagerProps extends AdminListProps {
  year: number;
  /** The year's stages in order. */
  stages: readonly Stage[];
  /**
   * Sets the year's stages; `confirm` once the dialog has shown its warnings (dates outside the
   * budget year). Reject with the call's error (the dialog shows it).
   */
  onSchedule: (stages: StageDefinitionValues[], confirm: boolean) => Promise<unknown>;
  /**
   * Closes the current stage and enters the next; `confirm` once the confirmation has said what
   * entering it outside its dates does to users. Reject with the call's error.
   */
  onAdvance: (confirm: boolean) => Promise<unknown>;
  /** Today as YYYY-MM-DD in WIB, which the dates are read against; the browser's by default. */
  today?: string;
  /** Locks or unlocks the current stage; reject with the call's error. */
  onLock: (locked: boolean, reason: string) => Promise<unknown>;
  /** Below the list: the comparison of two stages. */
  children?: ReactNode;
}

const statusStyles: Record<Stage['status'], string> = {
  upcoming: 'bg-slate-100 text-slate-800',
  current: 'bg-green-100 text-green-900',
  closed: 'bg-blue-100 text-blue-900',
};

/**
 * The Tahap Anggaran page (issue 19, beyond the spec): a year's stages with their dates, status,
 * lock and the lines each kept when it closed; 'Atur Jadwal', 'Lanjut ke Tahap Berikutnya' and
 * the current stage's 'Kunci Tahap' / 'Buka Kunci'.
 */
export function StageManager({
  year,
  stages,
  onSchedule,
  onAdvance,
  onLock,
  today = todayInWib(),
  children,
  ...list
}: StageManagerProps) {
  const m = useMessages();
  const t = m.stages;
  const names = m.server.stageNames;
  const [isScheduling, setScheduling] = useState(false);
  const [isConfirmingAdvance, setConfirmingAdvance] = useState(false);
  const [isUnlocking, setUnlocking] = useState(false);
  const { running, failure, run } = useAction<'advance' | 'lock'>();

  const current = stages.find((stage) => stage.status === 'current');
  const next = stages.find((stage) => stage.status === 'upcoming');
  // Entering the next stage outside its dates: what it does to users, said before 'Ya, Lanjutkan'.
  const consequence = stageAdvanceConsequence(stages, today, m.server);

  return (
    <div className="flex flex-col gap-6">
      <AdminTablePage
        title={t.title}
        intro={[t.intro, t.statusRule]}
        listTitle={t.listTitle(year)}
        listAside={
          !list.error &&
          !list.isLoading && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onPress={() => setScheduling(true)}>
                {t.schedule.open}
              </Button>
              {current &&
                (current.locked ? (
                  <Button variant="secondary" onPress={() => setUnlocking(true)}>
                    {t.lock.unlock}
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    isPending={running === 'lock'}
                    // Its failure shows above the table with the server's words.
                    onPress={() => void run('lock', () => onLock(true, ''), t.lock.failed)}
                  >
                    {t.lock.lock}
                  </Button>
                ))}
              <Button
                isDisabled={next === undefined}
                isPending={running === 'advance'}
                onPress={() => setConfirmingAdvance(true)}
              >
                {t.advance.action}
              </Button>
            </div>
          )
        }
        failure={failure}
        rows={stages}
        empty={<EmptyState text={t.empty} hint={t.emptyHint} />}
        columns={[
          {
            id: 'stage',
            header: t.columns.stage,
            isRowHeader: true,
            cellClassName: 'font-medium text-slate-900',
            cell: (stage) => names[stage.kind],
          },
          {
            id: 'startsOn',
            header: t.columns.startsOn,
            cell: (stage) => <DateText value={stage.starts_on} format="shortId" />,
          },
          {
            id: 'endsOn',
            header: t.columns.endsOn,
            cell: (stage) => <DateText value={stage.ends_on} format="shortId" />,
          },
          {
            id: 'status',
            header: t.columns.status,
            cellClassName: 'min-w-40',
            cell: (stage) => {
              const note = stageDateNote(stages, stages.indexOf(stage), today, m);
              return (
                <>
                  <span
                    className={cn(
                      'whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium',
                      statusStyles[stage.status],
                    )}
                  >
                    {t.statuses[stage.status]}
                  </span>
                  {note && <p className="mt-1 max-w-xs text-xs text-slate-700">{note}</p>}
                </>
              );
            },
          },
          {
            id: 'lock',
            header: t.columns.lock,
            cellClassName: 'break-words',
            cell: (stage) =>
              stage.locked
                ? stage.locked_by_name
                  ? t.lockedBy(stage.locked_by_name)
                  : t.locked
                : t.unlocked,
          },
          {
            id: 'snapshotLines',
            header: t.columns.snapshotLines,
            className: 'text-end',
            cellClassName: 'text-end tabular-nums',
            cell: (stage) =>
              stage.snapshot_lines === null ? '-' : formatNumberId(stage.snapshot_lines),
          },
        ]}
        {...list}
      />
      {children}
      <ScheduleDialog
        isOpen={isScheduling}
        year={year}
        stages={stages}
        onClose={() => setScheduling(false)}
        onSubmit={onSchedule}
      />
      <ConfirmDialog
        isOpen={isConfirmingAdvance}
        onOpenChange={setConfirmingAdvance}
        title={t.advance.title}
        message={
          next &&
          (current
            ? t.advance.text(names[current.kind], names[next.kind])
            : t.advance.startText(names[next.kind]))
        }
        consequence={
          next && consequence ? { title: t.advance.outsideDates, text: consequence } : null
        }
        confirmLabel={t.advance.confirm}
        onConfirm={() => {
          // The button behind says it is running; ConfirmDialog's own busy text is a deletion's.
          setConfirmingAdvance(false);
          // Confirmed with what was shown: the consequence, where there was one.
          void run('advance', () => onAdvance(consequence !== null), t.advance.failed);
        }}
      />
      <UnlockStageDialog
        stageName={isUnlocking && current ? names[current.kind] : null}
        year={year}
        onClose={() => setUnlocking(false)}
        onSubmit={(reason) => onLock(false, reason)}
      />
    </div>
  );
}
