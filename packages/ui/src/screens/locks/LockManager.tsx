import { type SubActionLock, SubActionLockInput } from '@ranwal/core';
import { type ReactNode, useState } from 'react';
import { AdminPage } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { useFailure } from '../../components/FormDialog.js';
import type { NumberedPaginationProps } from '../../components/Pagination.js';
import { EmptyState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import type { ParentOption } from '../management/entity-form.js';
import { UnlockDialog } from '../stages/UnlockStageDialog.js';
import { LockSubActionDialog, type SubActionSource } from './LockSubActionDialog.js';

export interface LockManagerProps {
  year: number;
  /** The year's locks, locked or unlocked since, by sub kegiatan name. */
  locks: readonly SubActionLock[];
  isLoading?: boolean;
  /** Why the locks could not be loaded; shown instead of the table. */
  error?: string | null;
  onRetry?: () => void;
  /** The year choice above the table. */
  controls?: ReactNode;
  /** Below the table, when the locks fill more than one page. */
  pagination?: NumberedPaginationProps | undefined;
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
  isLoading = false,
  error = null,
  onRetry,
  controls,
  pagination,
  subActions,
  onLock,
  onUnlock,
}: LockManagerProps) {
  const m = useMessages();
  const t = m.locks;
  const [isLocking, setLocking] = useState(false);
  const [unlocking, setUnlocking] = useState<SubActionLock | null>(null);
  const [relocking, setRelocking] = useState<string | null>(null);
  const { failure, show: showFailure, clear: clearFailure } = useFailure();
  const subActionOf = (lock: SubActionLock): ParentOption => ({
    id: lock.sub_action_id,
    name: lock.sub_action_name,
  });

  /** A row's 'Kunci': its failure shows above the table with the server's words. */
  const relock = async (lock: SubActionLock) => {
    setRelocking(lock.sub_action_id);
    clearFailure();
    try {
      await onLock(subActionOf(lock), '');
    } catch (caught) {
      showFailure(describeError(caught, t.failed));
    } finally {
      setRelocking(null);
    }
  };

  return (
    <AdminPage
      title={t.title}
      intro={t.intro}
      controls={controls}
      listTitle={t.listTitle(year)}
      listAside={!error && <Button onPress={() => setLocking(true)}>{t.lock.open}</Button>}
      failure={failure}
      error={error}
      onRetry={onRetry}
      pagination={pagination}
      footer={
        <>
          <LockSubActionDialog
            isOpen={isLocking}
            year={year}
            subActions={subActions}
            onClose={() => setLocking(false)}
            onSubmit={onLock}
          />
          <UnlockDialog
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
    >
      {(labelledBy) => (
        <Table aria-labelledby={labelledBy} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column isRowHeader>{t.columns.subAction}</Column>
            <Column>{t.columns.status}</Column>
            <Column>{t.columns.reason}</Column>
            <Column>{t.columns.changedBy}</Column>
            <Column>{t.columns.changedAt}</Column>
            <Column>{m.common.actions}</Column>
          </TableHeader>
          <TableBody
            items={locks.map((lock) => ({ ...lock, id: lock.sub_action_id }))}
            isLoading={isLoading}
            renderEmptyState={() => <EmptyState text={t.empty} hint={t.emptyHint} />}
          >
            {(lock) => (
              <Row id={lock.id}>
                <Cell className="min-w-48 break-words font-medium text-slate-900">
                  {lock.sub_action_name}
                </Cell>
                <Cell>
                  <span
                    className={cn(
                      'whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium',
                      lockedStyles[lock.locked ? 'locked' : 'unlocked'],
                    )}
                  >
                    {lock.locked ? t.locked : t.unlocked}
                  </span>
                </Cell>
                <Cell className="min-w-40 max-w-80 break-words">{lock.reason || t.noReason}</Cell>
                <Cell className="break-words">{lock.changed_by_name ?? t.unknownPerson}</Cell>
                <Cell>
                  <DateText value={lock.changed_at} format="long" className="block min-w-32" />
                </Cell>
                <Cell>
                  {lock.locked ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t.unlock.label(lock.sub_action_name)}
                      onPress={() => setUnlocking(lock)}
                    >
                      {t.unlock.open}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t.lock.againLabel(lock.sub_action_name)}
                      isPending={relocking === lock.id}
                      isDisabled={relocking !== null && relocking !== lock.id}
                      onPress={() => void relock(lock)}
                    >
                      {t.lock.again}
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </AdminPage>
  );
}
