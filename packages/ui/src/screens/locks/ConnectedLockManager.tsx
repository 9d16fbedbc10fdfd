import { codeAndName } from '@ranwal/core';
import { useState } from 'react';
import { toastDurations, useToast } from '../../components/Toast.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { listStates, usePagination } from '../../data/list-page.js';
import { useEntityList, useSetSubActionLock, useSubActionLocks } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { PARENT_OPTIONS_LIMIT } from '../management/entity-form.js';
import { YearSelect } from '../planning/planning-parts.js';
import { LockManager } from './LockManager.js';

/** Locks per page of the list. */
export const LOCKS_PAGE_SIZE = 20;

export interface ConnectedLockManagerProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
}

/**
 * `LockManager` over the RanwalProvider's client (admin only): the year's `lock.list`, a page at
 * a time, and `lock.set` to lock and unlock with a toast each; the lock dialog's picker searches
 * the sub kegiatan level. Needs a `ToastProvider`.
 */
export function ConnectedLockManager({ initialYear }: ConnectedLockManagerProps) {
  const m = useMessages();
  const t = m.locks;
  const toast = useToast();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const [page, setPage] = useState(1);
  const [subActionSearch, setSubActionSearch] = useState('');
  const list = useSubActionLocks({ year, page, limit: LOCKS_PAGE_SIZE });
  const subActions = useEntityList('sub_action', {
    limit: PARENT_OPTIONS_LIMIT,
    ...(subActionSearch ? { search: subActionSearch } : {}),
  });
  const setLock = useSetSubActionLock();

  const pagination = usePagination(page, setPage, list.data?.filter, LOCKS_PAGE_SIZE);

  return (
    <LockManager
      year={year}
      locks={list.data?.data ?? []}
      {...listStates(list, t.fetchFailed)}
      controls={
        <div className="grid gap-3 sm:grid-cols-[8rem]">
          <YearSelect
            year={year}
            years={years}
            onChange={(next) => {
              setYear(next);
              setPage(1);
            }}
          />
        </div>
      }
      pagination={pagination}
      subActions={{
        options: (subActions.data?.data ?? []).map((row) => ({
          id: row.id,
          name: codeAndName(row.code, row.name),
          code: row.code ?? null,
        })),
        isLoading: subActions.isFetching,
        onSearchChange: (search) => setSubActionSearch(search.trim()),
      }}
      onLock={async (subAction, reason) => {
        const { data } = await setLock.mutateAsync({
          sub_action_id: subAction.id,
          year,
          locked: true,
          reason,
        });
        toast.success(undefined, t.lock.done(data.sub_action_name), toastDurations.reportSuccess);
      }}
      onUnlock={async (subAction, reason) => {
        const { data } = await setLock.mutateAsync({
          sub_action_id: subAction.id,
          year,
          locked: false,
          reason,
        });
        toast.success(undefined, t.unlock.done(data.sub_action_name), toastDurations.reportSuccess);
      }}
    />
  );
}
