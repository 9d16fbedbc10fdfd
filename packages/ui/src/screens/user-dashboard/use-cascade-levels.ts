import { MAX_PAGE_SIZE, type ManagedEntityKey, managedEntities } from '@ranwal/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { useEntityList, useReachedProgrammes } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import {
  type CascadeOption,
  type HierarchySelection,
  levelsBelow,
  selectLevel,
} from './cascade.js';
import type { CascadeLevelData, CascadeLevels } from './HierarchyCascade.js';

/** Options fetched per select; typing searches the server for the rest. */
export const CASCADE_PAGE_SIZE = 20;

/** Shows a failure toast each time a read fails (after its retry). */
export function useFailureToast(errorUpdatedAt: number, message: string) {
  const toast = useToast();
  const show = useEffectEvent(() => toast.error(undefined, message, toastDurations.reportError));
  useEffect(() => {
    if (errorUpdatedAt > 0) show();
  }, [errorUpdatedAt]);
}

interface LevelOptions {
  /** The optional parent must be chosen first (programmes of a person with units). */
  requireParent?: boolean;
  /** Hold the call back, shown as loading (until the person's units are known). */
  wait?: boolean;
  limit?: number;
}

/** One select's options: the rows under the chosen parent that match its search. */
function useCascadeLevel(
  key: ManagedEntityKey,
  selection: HierarchySelection,
  search: string | undefined,
  { requireParent = false, wait = false, limit = CASCADE_PAGE_SIZE }: LevelOptions = {},
): CascadeLevelData {
  const text = useMessages().levels[key];
  const { parent, parentField, parentOptional } = managedEntities[key];
  const parentId = parent ? selection[parent]?.id : undefined;
  // Programmes under no chosen agency are all of them (unless one must be chosen).
  const scoped =
    parentField !== null && !(parentOptional && !requireParent && parentId === undefined);
  const query = useEntityList(
    key,
    { uuid: parentId, search: search || undefined, limit },
    { enabled: !wait && (!scoped || parentId !== undefined) },
  );
  useFailureToast(query.errorUpdatedAt, text.fetchFailedToast);
  const rows = (query.data?.data ?? []) as readonly (CascadeOption & Record<string, unknown>)[];
  return {
    // While a new parent's rows load, the old parent's stand in: never offer those.
    options: scoped ? rows.filter((row) => row[parentField] === parentId) : rows,
    total: query.isPlaceholderData ? undefined : query.data?.filter.filtered_result,
    isLoading: wait || query.isFetching,
    errorMessage: query.isError ? describeError(query.error, text.fetchFailed) : undefined,
  };
}

/**
 * The cascade's selects over the data hooks (the dashboard's and the edit dialog's): each
 * loads under its chosen parent and searches the server as the user types. The agency select is
 * left out while no Perangkat Daerah exists (none found, chosen, searched for, or failing).
 *
 * For a person with units, the agency select offers only their units (no 'Semua …') and the
 * programmes wait for one; with `onStart`, a person with exactly one unit starts on it while
 * no agency and no programme are chosen.
 */
export function useCascadeLevels(
  selection: HierarchySelection,
  onStart?: (next: HierarchySelection, changed: ManagedEntityKey) => void,
) {
  const [searches, setSearches] = useState<Partial<Record<ManagedEntityKey, string>>>({});
  const programmes = useReachedProgrammes();
  const wait = programmes === undefined;
  const units = typeof programmes === 'object' ? programmes : null;
  // A person without a unit chooses no Perangkat Daerah: the server lists them only the
  // programmes without one.
  const withoutUnit = programmes === 'unitless';
  const agencies = useCascadeLevel('agency', selection, searches.agency, {
    wait: wait || withoutUnit,
    // Every unit on one page: the select offers nothing else.
    limit: units ? MAX_PAGE_SIZE : CASCADE_PAGE_SIZE,
  });
  const agency: CascadeLevelData = units
    ? {
        ...agencies,
        options: agencies.options.filter((option) => units.includes(option.id)),
        total: undefined,
        isRequired: true,
      }
    : agencies;
  const onlyUnit = units?.length === 1 ? agency.options[0] : undefined;
  const onlyUnitId = onlyUnit?.id;
  const start = useEffectEvent(() => {
    if (onlyUnit && !selection.agency && !selection.program) {
      onStart?.(selectLevel(selection, 'agency', onlyUnit), 'agency');
    }
  });
  useEffect(() => {
    if (onlyUnitId) start();
  }, [onlyUnitId]);
  const levels: CascadeLevels = {
    agency: withoutUnit
      ? undefined
      : units ||
          agency.options.length > 0 ||
          searches.agency ||
          selection.agency ||
          agency.errorMessage
        ? agency
        : undefined,
    program: useCascadeLevel('program', selection, searches.program, {
      wait,
      requireParent: Boolean(units),
    }),
    action: useCascadeLevel('action', selection, searches.action),
    sub_action: useCascadeLevel('sub_action', selection, searches.sub_action),
    activity: useCascadeLevel('activity', selection, searches.activity),
    subtitle: useCascadeLevel('subtitle', selection, searches.subtitle),
    account: useCascadeLevel('account', selection, searches.account),
    supporter: useCascadeLevel('supporter', selection, searches.supporter),
  };
  return {
    levels,
    onSearchChange: (key: ManagedEntityKey, search: string) =>
      setSearches((current) => ({ ...current, [key]: search })),
    /** The cleared selects start over, without the search typed under the old parent. */
    forgetSearchesBelow: (changed: ManagedEntityKey) =>
      setSearches((current) => {
        const kept = { ...current };
        for (const key of levelsBelow(changed)) delete kept[key];
        return kept;
      }),
  };
}
