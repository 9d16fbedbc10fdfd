import {
  type PriceItemKind,
  type PriceItemListQuery,
  priceItemKinds,
  priceItemStatuses,
} from '@ranwal/core';
import { useState } from 'react';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { describeError } from '../../data/errors.js';
import { listStates, usePagination } from '../../data/list-page.js';
import { useCreatePriceItem, usePriceItems, useUpdatePriceItem } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedSearch } from '../../lib/use-debounced.js';
import { PriceCatalogue } from './PriceCatalogue.js';
import { PriceItemDialog, type PriceItemTarget } from './PriceItemDialog.js';
import { YearSelect } from './planning-parts.js';

/** Items per page of the Katalog Harga page. */
export const CATALOGUE_PAGE_SIZE = 20;
/** The kind filter's 'all' option. */
const ALL_KINDS = 'all';

export interface ConnectedPriceCatalogueProps {
  /** The year shown first where no `BudgetYearProvider` gives it; by default the server's. */
  initialYear?: number;
  pageSize?: number;
}

type ItemStatus = NonNullable<PriceItemListQuery['status']>;

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
  const toast = useToast();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const [kind, setKind] = useState<PriceItemKind | null>(null);
  // The admin sees every item, retired ones marked, unless they narrow it.
  const [status, setStatus] = useState<ItemStatus>('all');
  const [editing, setEditing] = useState<PriceItemTarget | null>(null);
  const create = useCreatePriceItem();
  const [page, setPage] = useState(1);
  const [text, setText, search] = useDebouncedSearch('', SEARCH_DEBOUNCE_MS, () => setPage(1));
  const list = usePriceItems({
    year,
    page,
    limit: pageSize,
    status,
    ...(search ? { search } : {}),
    ...(kind ? { kind } : {}),
  });
  const update = useUpdatePriceItem();
  const [changingId, setChangingId] = useState<string | null>(null);
  const pagination = usePagination(page, setPage, list.data?.filter, pageSize);

  return (
    <PriceCatalogue
      year={year}
      items={list.data?.data ?? []}
      {...listStates(list, t.fetchFailed)}
      isNarrowed={Boolean(search || kind || status !== 'all')}
      changingId={changingId}
      controls={
        <search
          aria-label={t.search}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[8rem_minmax(0,1fr)_10rem_minmax(0,1fr)]"
        >
          <YearSelect
            year={year}
            years={years}
            onChange={(next) => {
              setYear(next);
              setPage(1);
            }}
          />
          <Select
            label={t.kind}
            items={[ALL_KINDS, ...priceItemKinds].map((id) => ({ id }))}
            value={kind ?? ALL_KINDS}
            onChange={(key) => {
              setKind(key === ALL_KINDS || key === null ? null : (key as PriceItemKind));
              setPage(1);
            }}
          >
            {(option) => (
              <SelectItem id={option.id}>
                {option.id === ALL_KINDS ? t.allKinds : t.kinds[option.id as PriceItemKind]}
              </SelectItem>
            )}
          </Select>
          <Select
            label={t.status}
            items={[...priceItemStatuses].reverse().map((id) => ({ id }))}
            value={status}
            onChange={(key) => {
              if (key === null) return;
              setStatus(key as ItemStatus);
              setPage(1);
            }}
          >
            {(option) => <SelectItem id={option.id}>{t.statuses[option.id]}</SelectItem>}
          </Select>
          <TextField
            label={t.search}
            type="search"
            placeholder={t.searchPlaceholder}
            value={text}
            onChange={setText}
          />
        </search>
      }
      pagination={pagination}
      onOpenChange={async (item, open) => {
        setChangingId(item.id);
        try {
          await update.mutateAsync({ id: item.id, body: { open } });
          toast.success(
            undefined,
            open ? t.opened(item.name) : t.closed(item.name),
            toastDurations.reportSuccess,
          );
        } catch (error) {
          toast.error(undefined, describeError(error, t.updateFailed), toastDurations.reportError);
        } finally {
          setChangingId(null);
        }
      }}
      onAdd={() => setEditing({ mode: 'add' })}
      onEdit={(item) => setEditing({ mode: 'edit', item })}
      onRetiredChange={async (item, retired) => {
        setChangingId(item.id);
        try {
          await update.mutateAsync({ id: item.id, body: { retired } });
          toast.success(
            undefined,
            retired ? t.retiredToast(item.name) : t.restoredToast(item.name),
            toastDurations.reportSuccess,
          );
        } catch (error) {
          toast.error(undefined, describeError(error, t.updateFailed), toastDurations.reportError);
        } finally {
          setChangingId(null);
        }
      }}
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
          toast.success(
            undefined,
            target.mode === 'add' ? t.created(saved.data.name) : t.saved(saved.data.name),
            toastDurations.reportSuccess,
          );
        }}
      />
    </PriceCatalogue>
  );
}
