import { codeAndName } from '@ranwal/core';
import { useState } from 'react';
import { FilterBar } from '../../components/FilterBar.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { useListPage, useYearListView } from '../../data/list-page.js';
import { useEntityList, useSetSubActionLock, useSubActionLocks } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { PARENT_OPTIONS_LIMIT, type ParentOption } from '../management/entity-form.js';
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
  const toasts = useCallToasts();
  const view = useYearListView({}, initialYear);
  const { year } = view;
  const [subActionSearch, setSubActionSearch] = useState('');
  const list = useSubActionLocks({ year, page: view.page, limit: LOCKS_PAGE_SIZE });
  const listPage = useListPage(list, view, LOCKS_PAGE_SIZE, t.fetchFailed);
  const subActions = useEntityList('sub_action', {
    limit: PARENT_OPTIONS_LIMIT,
    ...(subActionSearch ? { search: subActionSearch } : {}),
  });
  const setLock = useSetSubActionLock();
  const lock = async (subAction: ParentOption, locked: boolean, reason: string) => {
    const { data } = await setLock.mutateAsync({
      sub_action_id: subAction.id,
      year,
      locked,
      reason,
    });
    toasts.success((locked ? t.lock : t.unlock).done(data.sub_action_name));
  };

  return (
    <LockManager
      year={year}
      locks={list.data?.data ?? []}
      {...listPage}
      controls={
        <FilterBar className="sm:grid-cols-[8rem]">
          <YearSelect {...view.yearSelect} />
        </FilterBar>
      }
      subActions={{
        options: (subActions.data?.data ?? []).map((row) => ({
          id: row.id,
          name: codeAndName(row.code, row.name),
          code: row.code ?? null,
        })),
        isLoading: subActions.isFetching,
        onSearchChange: (search) => setSubActionSearch(search.trim()),
      }}
      onLock={(subAction, reason) => lock(subAction, true, reason)}
      onUnlock={(subAction, reason) => lock(subAction, false, reason)}
    />
  );
}
