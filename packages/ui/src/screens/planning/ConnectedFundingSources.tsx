import { type FundingGroup, type FundingSource, FundingSourceListQuery } from '@ranwal/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { FilterBar, SearchField } from '../../components/FilterBar.js';
import { AllOrOneSelect } from '../../components/Select.js';
import { useCallToasts } from '../../data/call-toasts.js';
import {
  type FilterParams,
  useListPage,
  useListSearch,
  useListView,
} from '../../data/list-page.js';
import {
  useCreateFundingSource,
  useDeleteFundingSource,
  useFundingSources,
  useUpdateFundingSource,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { FundingSourceDialog, type FundingSourceTarget } from './FundingSourceDialog.js';
import { FundingSources } from './FundingSources.js';

/** Sources per page of the Sumber Dana page: a region's whole list, usually. */
export const FUNDING_SOURCE_PAGE_SIZE = 50;

type FundingFilters = { funding_group: FundingGroup | null };
/** The kelompok in the portal's URL (`?kelompok=transfer`), as the list call reads it. */
const fundingParams: FilterParams<FundingFilters> = {
  funding_group: { name: 'kelompok', schema: FundingSourceListQuery.shape.funding_group.unwrap() },
};

export interface ConnectedFundingSourcesProps {
  pageSize?: number;
}

/**
 * `FundingSources` over the RanwalProvider's client (admin): the kelompok and a search narrow
 * the list; 'Tambah Sumber Dana' and 'Ubah' save through `fundingSource.create` / `update`,
 * 'Hapus' asks first, then `fundingSource.delete`. Needs a `ToastProvider`.
 */
export function ConnectedFundingSources({
  pageSize = FUNDING_SOURCE_PAGE_SIZE,
}: ConnectedFundingSourcesProps) {
  const t = useMessages().funding;
  const toasts = useCallToasts();
  const view = useListView<FundingFilters>({ funding_group: null }, fundingParams);
  const search = useListSearch(view);
  const list = useFundingSources({
    page: view.page,
    limit: pageSize,
    ...search.narrowing,
    ...view.narrowing,
  });
  const listPage = useListPage(list, view, pageSize, t.fetchFailed);
  const [editing, setEditing] = useState<FundingSourceTarget | null>(null);
  const [deleting, setDeleting] = useState<FundingSource | null>(null);
  const create = useCreateFundingSource();
  const update = useUpdateFundingSource();
  const remove = useDeleteFundingSource();

  const confirmDelete = async () => {
    if (!deleting) return;
    const source = deleting;
    await toasts.attempt(
      () => remove.mutateAsync(source.id),
      () => t.deleted(source.name),
      t.deleteFailed,
    );
    setDeleting(null);
  };

  return (
    <FundingSources
      sources={list.data?.data ?? []}
      {...listPage}
      isNarrowed={view.isNarrowed || search.isNarrowed}
      onAdd={() => setEditing({ mode: 'add' })}
      onEdit={(source) => setEditing({ mode: 'edit', source })}
      onDelete={setDeleting}
      deletingId={remove.isPending ? (deleting?.id ?? null) : null}
      controls={
        <FilterBar label={t.search} className="sm:grid-cols-[16rem_minmax(0,1fr)]">
          <AllOrOneSelect
            label={t.group}
            allLabel={t.allGroups}
            options={(Object.keys(t.groups) as FundingGroup[]).map((id) => ({
              id,
              name: t.groups[id],
            }))}
            value={view.filters.funding_group}
            onChange={(funding_group) => view.setFilters({ funding_group })}
          />
          <SearchField label={t.search} placeholder={t.searchPlaceholder} {...search.field} />
        </FilterBar>
      }
    >
      <FundingSourceDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (target, values) => {
          const saved =
            target.mode === 'add'
              ? await create.mutateAsync(values)
              : await update.mutateAsync({ id: target.source.id, body: values });
          toasts.success(
            target.mode === 'add' ? t.created(saved.data.name) : t.saved(saved.data.name),
          );
        }}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        message={deleting ? t.deleteQuestion(deleting.name) : undefined}
      />
    </FundingSources>
  );
}
