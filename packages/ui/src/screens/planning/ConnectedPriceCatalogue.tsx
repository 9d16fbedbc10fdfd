import {
  type PriceItem,
  type PriceItemKind,
  PriceItemListQuery,
  priceItemKinds,
  priceItemStatuses,
} from '@ranwal/core';
import { useState } from 'react';
import { FilterBar, SearchField } from '../../components/FilterBar.js';
import { AllOrOneSelect, Select, SelectItem } from '../../components/Select.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { type FilterParams, useListPage, useSearchedYearList } from '../../data/list-page.js';
import { useCreatePriceItem, usePriceItems, useUpdatePriceItem } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { PriceCatalogue } from './PriceCatalogue.js';
import { PriceItemDialog, type PriceItemTarget } from './PriceItemDialog.js';
import { YearSelect } from './planning-parts.js';

/** Items per page of the Katalog Harga page. */
export const CATALOGUE_PAGE_SIZE = 20;
/** The kind filter's 'all' option. */

export interface ConnectedPriceCatalogueProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  pageSize?: number;
}

type ItemStatus = NonNullable<PriceItemListQuery['status']>;
/** The kind, and the status where one is chosen: the admin sees every item, retired ones marked. */
type CatalogueFilters = { kind: PriceItemKind | null; status: Exclude<ItemStatus, 'all'> | null };

/** The filters in the portal's URL (`?jenis=SSH&status=retired`), as the list call reads them. */
const catalogueParams: FilterParams<CatalogueFilters> = {
  kind: { name: 'jenis', schema: PriceItemListQuery.shape.kind },
  status: { name: 'status', schema: PriceItemListQuery.shape.status.unwrap().exclude(['all']) },
};

/**
 * `PriceCatalogue` over the RanwalProvider's client: the year, the kind, the status and a search
 * narrow the list; 'Tambah Item' saves through `priceItem.create`, the toggle, 'Edit' and
 * 'Nonaktifkan' through `priceItem.update`. Needs a `ToastProvider`.
 */
export function ConnectedPriceCatalogue({
  initialYear,
  pageSize = CATALOGUE_PAGE_SIZE,
}: ConnectedPriceCatalogueProps) {
  const t = useMessages().planning.catalogue;
  const toasts = useCallToasts();
  const { view, search, query, isNarrowed } = useSearchedYearList<CatalogueFilters>(
    { kind: null, status: null },
    { initialYear, params: catalogueParams, pageSize },
  );
  const { year } = view;
  const [editing, setEditing] = useState<PriceItemTarget | null>(null);
  const create = useCreatePriceItem();
  const list = usePriceItems({ status: 'all', ...query });
  const update = useUpdatePriceItem();
  const [changingId, setChangingId] = useState<string | null>(null);
  const listPage = useListPage(list, view, pageSize, t.fetchFailed);
  /** The toggle and 'Nonaktifkan': one item changed at a time, said in a toast either way. */
  const change = async (
    item: PriceItem,
    body: { open: boolean } | { retired: boolean },
    done: string,
  ) => {
    setChangingId(item.id);
    await toasts.attempt(
      () => update.mutateAsync({ id: item.id, body }),
      () => done,
      t.updateFailed,
    );
    setChangingId(null);
  };

  return (
    <PriceCatalogue
      year={year}
      items={list.data?.data ?? []}
      {...listPage}
      isNarrowed={isNarrowed}
      changingId={changingId}
      onOpenChange={(item, open) =>
        change(item, { open }, open ? t.opened(item.name) : t.closed(item.name))
      }
      onAdd={() => setEditing({ mode: 'add' })}
      onEdit={(item) => setEditing({ mode: 'edit', item })}
      onRetiredChange={(item, retired) =>
        change(item, { retired }, retired ? t.retiredToast(item.name) : t.restoredToast(item.name))
      }
      controls={
        <FilterBar
          label={t.search}
          className="sm:grid-cols-2 lg:grid-cols-[8rem_minmax(0,1fr)_10rem_minmax(0,1fr)]"
        >
          <YearSelect {...view.yearSelect} />
          <AllOrOneSelect
            label={t.kind}
            allLabel={t.allKinds}
            options={priceItemKinds.map((id) => ({ id, name: t.kinds[id] }))}
            value={view.filters.kind}
            onChange={(kind) => view.setFilters({ kind })}
          />
          <Select
            label={t.status}
            items={[...priceItemStatuses].reverse().map((id) => ({ id }))}
            value={view.filters.status ?? 'all'}
            onChange={(key) => {
              if (key === null) return;
              view.setFilters({
                status: key === 'all' ? null : (key as CatalogueFilters['status']),
              });
            }}
          >
            {(option) => <SelectItem id={option.id}>{t.statuses[option.id]}</SelectItem>}
          </Select>
          <SearchField label={t.search} placeholder={t.searchPlaceholder} {...search.field} />
        </FilterBar>
      }
    >
      <PriceItemDialog
        target={editing}
        year={year}
        onClose={() => setEditing(null)}
        onSubmit={async (target, values) => {
          const saved =
            target.mode === 'add'
              ? await create.mutateAsync({ year, ...values })
              : await update.mutateAsync({ id: target.item.id, body: values });
          toasts.success(
            target.mode === 'add' ? t.created(saved.data.name) : t.saved(saved.data.name),
          );
        }}
      />
    </PriceCatalogue>
  );
}
