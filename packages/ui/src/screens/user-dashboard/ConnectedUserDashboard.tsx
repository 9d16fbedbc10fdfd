import { type BudgetLineInput, type ManagedEntityKey, managedEntities } from '@ranwal/core';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import {
  useBudgetLine,
  useBudgetLines,
  useCreateBudgetLine,
  useEntityList,
} from '../../data/queries.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import {
  type CascadeOption,
  type HierarchySelection,
  levelsBelow,
  optionLabel,
  useHierarchyChoice,
} from './cascade.js';
import type { CascadeLevelData, CascadeLevels } from './HierarchyCascade.js';
import { UserDashboard } from './UserDashboard.js';

/** Options fetched per select; typing searches the server for the rest. */
export const CASCADE_PAGE_SIZE = 20;
/** The spec's report list size (section 9). */
export const REPORT_LIST_LIMIT = 100;

export interface ConnectedUserDashboardProps {
  onLogout: () => void;
  /** Whether a session token is stored; by default, whether the provider's session has one. */
  hasToken?: boolean;
  /** The report year; 2025 by default. */
  year?: number;
}

/** Shows a failure toast each time a read fails (after its retry). */
function useFailureToast(errorUpdatedAt: number, message: string) {
  const toast = useToast();
  const show = useEffectEvent(() => toast.error(undefined, message, toastDurations.reportError));
  useEffect(() => {
    if (errorUpdatedAt > 0) show();
  }, [errorUpdatedAt]);
}

/** One select's options: the rows under the chosen parent that match its search. */
function useCascadeLevel(
  key: ManagedEntityKey,
  selection: HierarchySelection,
  search: string | undefined,
): CascadeLevelData {
  const text = useMessages().levels[key];
  const { parent, parentField } = managedEntities[key];
  const parentId = parent ? selection[parent]?.id : undefined;
  const query = useEntityList(
    key,
    { uuid: parentId, search: search || undefined, limit: CASCADE_PAGE_SIZE },
    { enabled: parent === null || parentId !== undefined },
  );
  useFailureToast(query.errorUpdatedAt, text.fetchFailedToast);
  const rows = (query.data?.data ?? []) as readonly (CascadeOption & Record<string, unknown>)[];
  return {
    // While a new parent's rows load, the old parent's stand in: never offer those.
    options: parentField ? rows.filter((row) => row[parentField] === parentId) : rows,
    total: query.isPlaceholderData ? undefined : query.data?.filter.filtered_result,
    isLoading: query.isFetching,
    errorMessage: query.isError ? describeError(query.error, text.fetchFailed) : undefined,
  };
}

/**
 * The user dashboard over the data hooks: each select loads under its parent and searches the
 * server as the user types; the report is created through the API and the list reloads.
 * Needs a `RanwalProvider` and a `ToastProvider` above it.
 */
export function ConnectedUserDashboard({ onLogout, hasToken, year }: ConnectedUserDashboardProps) {
  const messages = useMessages();
  const toast = useToast();
  const session = useSession();
  const signedIn = hasToken ?? Boolean(session?.token);
  const { selection, taxed, choose, setTaxed } = useHierarchyChoice();
  const [searches, setSearches] = useState<Partial<Record<ManagedEntityKey, string>>>({});

  const levels: CascadeLevels = {
    program: useCascadeLevel('program', selection, searches.program),
    action: useCascadeLevel('action', selection, searches.action),
    sub_action: useCascadeLevel('sub_action', selection, searches.sub_action),
    activity: useCascadeLevel('activity', selection, searches.activity),
    subtitle: useCascadeLevel('subtitle', selection, searches.subtitle),
    account: useCascadeLevel('account', selection, searches.account),
    supporter: useCascadeLevel('supporter', selection, searches.supporter),
  };

  const reports = useBudgetLines({ limit: REPORT_LIST_LIMIT }, { enabled: signedIn });
  useFailureToast(reports.errorUpdatedAt, messages.reports.fetchFailed);
  const { refetch: refetchReports } = reports;
  // Stable, so the memoised list skips the re-renders of choosing in the cascade.
  const retryReports = useCallback(() => {
    void refetchReports();
  }, [refetchReports]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const detail = useBudgetLine(detailId ?? undefined);
  const create = useCreateBudgetLine();

  const success = (message: string) =>
    toast.success(undefined, message, toastDurations.reportSuccess);

  const onSelectionChange = (next: HierarchySelection, changed: ManagedEntityKey) => {
    choose(next, changed);
    // The cleared selects start over, without the search typed under the old parent.
    setSearches((current) => {
      const kept = { ...current };
      for (const key of levelsBelow(changed)) delete kept[key];
      return kept;
    });
    const option = next[changed];
    if (option) success(messages.levels[changed].selected(optionLabel(changed, option, messages)));
  };

  const onTaxedChange = (value: boolean) => {
    setTaxed(value);
    success(value ? messages.reports.form.taxApplied : messages.reports.form.taxNotApplied);
  };

  const onCreateReport = (input: BudgetLineInput) =>
    create.mutateAsync(input).then(
      () => {
        success(messages.reports.created);
      },
      (error: unknown) => {
        toast.error(
          undefined,
          describeError(error, messages.reports.createFailed),
          toastDurations.reportError,
        );
        throw error;
      },
    );

  return (
    <UserDashboard
      userName={session?.userName}
      onLogout={onLogout}
      selection={selection}
      onSelectionChange={onSelectionChange}
      levels={levels}
      onSearchChange={(key, search) => setSearches((current) => ({ ...current, [key]: search }))}
      taxed={taxed}
      onTaxedChange={onTaxedChange}
      onCreateReport={onCreateReport}
      isCreating={create.isPending}
      year={year}
      reportList={{
        reports: reports.data?.data,
        isLoading: signedIn && reports.isPending,
        error: reports.error ?? undefined,
        onRetry: retryReports,
        hasToken: signedIn,
        detailId,
        onDetailIdChange: setDetailId,
        detail: detail.data?.data,
        isDetailLoading: detail.isPending,
        detailError: detail.error ?? undefined,
      }}
    />
  );
}
