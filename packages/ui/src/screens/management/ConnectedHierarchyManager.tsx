import { isReferenceLevel, type ManagedEntityKey } from '@ranwal/core';
import { useCallback, useEffect, useState } from 'react';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import {
  useCreateEntity,
  useDeleteEntity,
  useEntityList,
  useReferenceList,
  useUpdateEntity,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import {
  FILTER_OPTIONS_LIMIT,
  HIERARCHY_PAGE_SIZE,
  type ManagedInput,
  type ManagedRow,
  PARENT_OPTIONS_LIMIT,
  parentOf,
  toManagedRow,
} from './entity-form.js';
import { HierarchyManager } from './HierarchyManager.js';

export interface ConnectedHierarchyManagerProps {
  /** Which level (or the supporter list) this page manages. */
  entity: ManagedEntityKey;
}

/**
 * `HierarchyManager` loading and saving through the RanwalProvider's client. Outcomes show as
 * toasts ('Berhasil!', 'Diperbarui!', 'Dihapus!' for 1.5 s; 'Gagal' with the server's message
 * when it sent one), so it needs a `ToastProvider` above it.
 */
export function ConnectedHierarchyManager({ entity }: ConnectedHierarchyManagerProps) {
  // Another level is another page: nothing (page, search, filter) carries over.
  return <EntityPage key={entity} entity={entity} />;
}

function EntityPage({ entity }: ConnectedHierarchyManagerProps) {
  const messages = useMessages();
  const h = messages.hierarchy;
  const level = messages.levels[entity];
  const toast = useToast();
  const parent = parentOf(entity);

  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [parentFilter, setParentFilter] = useState<string | null>(null);
  const [parentSearch, setParentSearch] = useState('');

  const list = useEntityList(entity, {
    page,
    limit: HIERARCHY_PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(parentFilter ? { uuid: parentFilter } : {}),
  });
  // Agencies and supporters have no parent: these two stay idle.
  const parentLevel = parent ?? entity;
  const filterList = useEntityList(
    parentLevel,
    { limit: FILTER_OPTIONS_LIMIT },
    { enabled: parent !== null },
  );
  const pickerList = useEntityList(
    parentLevel,
    { limit: PARENT_OPTIONS_LIMIT, ...(parentSearch ? { search: parentSearch } : {}) },
    { enabled: parent !== null },
  );
  // The nomenclature, for the levels it names and where the server has some of it.
  const referenceLevel = isReferenceLevel(entity) ? entity : null;
  const [referenceQuery, setReferenceQuery] = useState<{ search: string; under: string | null }>({
    search: '',
    under: null,
  });
  const referenceAny = useReferenceList(
    { level: referenceLevel ?? 'program', limit: 1 },
    { enabled: referenceLevel !== null },
  );
  const referenceList = useReferenceList(
    {
      level: referenceLevel ?? 'program',
      limit: PARENT_OPTIONS_LIMIT,
      ...(referenceQuery.search ? { search: referenceQuery.search } : {}),
      ...(referenceQuery.under ? { under: referenceQuery.under } : {}),
    },
    { enabled: referenceLevel !== null && (referenceAny.data?.filter.total_result ?? 0) > 0 },
  );
  const onUnderChange = useCallback(
    (under: string | null) => setReferenceQuery((query) => ({ ...query, under })),
    [],
  );
  const create = useCreateEntity(entity);
  const update = useUpdateEntity(entity);
  const remove = useDeleteEntity(entity);

  const totalPages = list.data?.filter.total_page ?? 1;
  // Deleting the last row of the last page leaves the page past the end.
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const saved = (title: string, text: string) =>
    toast.success(title, text, toastDurations.successDialog);
  const failed = (error: unknown, fallback: string) => {
    toast.error(h.failureTitle, describeError(error, fallback));
    throw error;
  };

  const rows = (list.data?.data ?? []).map((row) => toManagedRow(entity, row));
  const options = (data: typeof filterList.data) =>
    (data?.data ?? []).map((row) => ({
      id: row.id,
      name: row.name,
      code: 'code' in row ? (row.code as string | null) : null,
    }));

  return (
    <HierarchyManager
      entity={entity}
      rows={rows}
      isLoading={list.isPending}
      error={list.isError ? describeError(list.error, level.fetchFailed) : null}
      onRetry={() => void list.refetch()}
      page={Math.min(page, totalPages)}
      totalPages={totalPages}
      onPageChange={setPage}
      onSearchChange={(value) => {
        setSearch(value.trim());
        setPage(1);
      }}
      parentFilter={parentFilter}
      onParentFilterChange={(value) => {
        setParentFilter(value);
        setPage(1);
      }}
      filterOptions={options(filterList.data)}
      parentSource={{
        options: options(pickerList.data),
        isLoading: pickerList.isFetching,
        onSearchChange: (value) => setParentSearch(value.trim()),
      }}
      referenceSource={
        referenceList.data
          ? {
              options: referenceList.data.data,
              isLoading: referenceList.isFetching,
              onSearchChange: (value) =>
                setReferenceQuery((query) => ({ ...query, search: value.trim() })),
              onUnderChange,
            }
          : undefined
      }
      onCreate={(input: ManagedInput) =>
        create.mutateAsync(input).then(
          () => saved(h.createdTitle, level.created),
          (error) => failed(error, level.createFailed),
        )
      }
      onUpdate={(id: string, body: ManagedInput) =>
        update.mutateAsync({ id, body }).then(
          () => saved(h.updatedTitle, level.updated),
          (error) => failed(error, level.updateFailed),
        )
      }
      onDelete={(row: ManagedRow) =>
        remove.mutateAsync(row.id).then(
          () => saved(h.deletedTitle, level.deleted),
          (error) => failed(error, level.deleteFailed(row.name)),
        )
      }
      isCreating={create.isPending}
      isUpdating={update.isPending}
      deletingId={remove.isPending ? (remove.variables ?? null) : null}
    />
  );
}
