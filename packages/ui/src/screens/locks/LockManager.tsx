import { type SubActionLock, SubActionLockInput } from '@ranwal/core';
import { useState } from 'react';
import { type AdminListProps, AdminTablePage, useAction } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { RowButton } from '../../components/DataTable.js';
import { DateText } from '../../components/DateText.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import type { ParentOption } from '../management/entity-form.js';
import { LockSubActionDialog, type SubActionSource } from './LockSubActionDialog.js';

export interface LockManagerProps extends AdminListProps {
  year: number;
  /** The year's locks, locked or unlocked since, by sub kegiatan name. */
  locks: readonly SubActionLock[];
  /** The lock dialog's Sub Kegiatan picker. */
  subActions: SubActionSource;
  /** Locks a sub kegiatan of the year (the reason may be blank); reject with the call's error. */
  onLock: (subAction: ParentOption, reason: string) => Promise<unknown>;
  /** Unlocks it with the reason it needs; reject with the call's error. */
  onUnlock: (subAction: ParentOption, reason: string) => Promise<unknown>;
}

const lockedStyles = {
  locked: 'bg-amber-100 text-amber-900',
  unlocked: 'bg-green-100 text-green-900',
};

/**
 * The Kunci Sub Kegiatan page (beyond the spec): a year's sub kegiatan locks with their status,
 * last reason, who and when; 'Kunci Sub Kegiatan' locks another, a row's 'Buka Kunci' asks for
 * the reason and its 'Kunci' locks it again.
 */
export function LockManager({
  year,
  locks,
  subActions,
  onLock,
  onUnlock,
  ...list
}: LockManagerProps) {
  const m = useMessages();
  const t = m.locks;
  const [isLocking, setLocking] = useState(false);
  const [unlocking, setUnlocking] = useState<SubActionLock | null>(null);
  const { running: relocking, failure, run } = useAction();
  const subActionOf = (lock: SubActionLock): ParentOption => ({
    id: lock.sub_action_id,
    name: lock.sub_action_name,
  });

  return (
    <AdminTablePage
      title={t.title}
      intro={t.intro}
      listTitle={t.listTitle(year)}
      listAside={!list.error && <Button onPress={() => setLocking(true)}>{t.lock.open}</Button>}
      failure={failure}
      footer={
        <>
          <LockSubActionDialog
            isOpen={isLocking}
            year={year}
            subActions={subActions}
            onClose={() => setLocking(false)}
            onSubmit={onLock}
          />
          <ReasonDialog
            texts={
              unlocking && {
                title: t.unlock.title(unlocking.sub_action_name),
                text: t.unlock.text,
                reason: t.unlock.reason,
                reasonPlaceholder: t.unlock.reasonPlaceholder,
                failed: t.failed,
              }
            }
            check={(reason) =>
              SubActionLockInput.safeParse({
                sub_action_id: unlocking?.sub_action_id,
                year,
                locked: false,
                reason,
              })
            }
            onClose={() => setUnlocking(null)}
            onSubmit={(reason) =>
              unlocking ? onUnlock(subActionOf(unlocking), reason) : Promise.resolve()
            }
          />
        </>
      }
      rows={locks.map((lock) => ({ ...lock, id: lock.sub_action_id }))}
      empty={<EmptyState text={t.empty} hint={t.emptyHint} />}
      columns={[
        {
          id: 'subAction',
          header: t.columns.subAction,
          isRowHeader: true,
          cellClassName: 'min-w-48 break-words font-medium text-slate-900',
          cell: (lock) => lock.sub_action_name,
        },
        {
          id: 'status',
          header: t.columns.status,
          cell: (lock) => (
            <span
              className={cn(
                'whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium',
                lockedStyles[lock.locked ? 'locked' : 'unlocked'],
              )}
            >
              {lock.locked ? t.locked : t.unlocked}
            </span>
          ),
        },
        {
          id: 'reason',
          header: t.columns.reason,
          cellClassName: 'min-w-40 max-w-80 break-words',
          cell: (lock) => lock.reason || t.noReason,
        },
        {
          id: 'changedBy',
          header: t.columns.changedBy,
          cellClassName: 'break-words',
          cell: (lock) => lock.changed_by_name ?? t.unknownPerson,
        },
        {
          id: 'changedAt',
          header: t.columns.changedAt,
          cell: (lock) => (
            <DateText value={lock.changed_at} format="long" className="block min-w-32" />
          ),
        },
        {
          id: 'actions',
          header: m.common.actions,
          cell: (lock) =>
            lock.locked ? (
              <RowButton
                aria-label={t.unlock.label(lock.sub_action_name)}
                onPress={() => setUnlocking(lock)}
              >
                {t.unlock.open}
              </RowButton>
            ) : (
              <RowButton
                aria-label={t.lock.againLabel(lock.sub_action_name)}
                isPending={relocking === lock.id}
                isDisabled={relocking !== null && relocking !== lock.id}
                // Its failure shows above the table with the server's words.
                onPress={() => void run(lock.id, () => onLock(subActionOf(lock), ''), t.failed)}
              >
                {t.lock.again}
              </RowButton>
            ),
        },
      ]}
      {...list}
    />
  );
}
