import type { PriceItem } from '@ranwal/core';
import type { ReactNode } from 'react';
import { type AdminListProps, AdminTablePage } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { Checkbox } from '../../components/Checkbox.js';
import { RowButton } from '../../components/DataTable.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface PriceCatalogueProps extends AdminListProps {
  year: number;
  /** The current page of items. */
  items: readonly PriceItem[];
  /** A search or kind narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  /** Marks an item open (lines may go above its price) or not. */
  onOpenChange: (item: PriceItem, open: boolean) => unknown;
  /** The item being changed: its toggle and buttons wait. */
  changingId?: string | null;
  /** Opens 'Tambah Item' for the year. */
  onAdd: () => void;
  /** Opens 'Ubah Item' for an item. */
  onEdit: (item: PriceItem) => void;
  /** Retires an item (no longer offered for new lines) or brings it back. */
  onRetiredChange: (item: PriceItem, retired: boolean) => unknown;
  /** The add and edit dialog, rendered beside the page. */
  children?: ReactNode;
}

/**
 * The Katalog Harga page (issue 18, beyond the spec): a year's standard price catalogue (SSH,
 * SBU, HSPK, ASB) with a toggle per item marking it open. Items are added, edited and retired
 * here one at a time (issue 33); a whole sheet is loaded through the CLI, whose command the page
 * shows: it uploads nothing.
 */
export function PriceCatalogue({
  year,
  items,
  isNarrowed = false,
  onOpenChange,
  changingId = null,
  onAdd,
  onEdit,
  onRetiredChange,
  children,
  controls,
  ...list
}: PriceCatalogueProps) {
  const m = useMessages();
  const t = m.planning.catalogue;
  const c = t.columns;
  return (
    <AdminTablePage
      title={t.title}
      intro={t.intro}
      action={<Button onPress={onAdd}>{t.add}</Button>}
      // Eight columns, codes of up to 24 characters never broken: narrower gutters let the table
      // fit beside the sidebar at 1 366 px, its actions in sight without scrolling sideways.
      tableClassName="[&_td]:px-2.5 [&_th]:px-2.5"
      controls={
        <>
          <div className="flex flex-col gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
            <p>{t.importNote}</p>
            <code className="w-fit max-w-full overflow-x-auto rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
              {t.importCommand(year)}
            </code>
          </div>
          {controls}
        </>
      }
      listTitle={t.listTitle(year)}
      listAside={
        <div className="flex flex-col gap-0.5 text-sm text-slate-600">
          <p>{t.openHint}</p>
          <p>{t.retiredHint}</p>
        </div>
      }
      listAsideAlign="baseline"
      footer={children}
      rows={items}
      empty={
        isNarrowed ? (
          <EmptyState text={t.emptySearch} />
        ) : (
          <EmptyState text={t.empty(year)} hint={t.importCommand(year)} />
        )
      }
      columns={[
        {
          id: 'code',
          header: c.code,
          cellClassName: 'whitespace-nowrap font-mono text-xs text-slate-700',
          cell: (item) => (
            <>
              <span className="block">{item.code}</span>
              <span className="mt-0.5 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-sans font-medium text-slate-700">
                {item.kind}
              </span>
              {/* A space between the badges, so the two words read apart. */}
              {item.retired && ' '}
              {item.retired && (
                <span className="ms-0.5 mt-0.5 inline-block rounded bg-slate-700 px-1.5 py-0.5 font-sans font-medium text-white">
                  {t.statuses.retired}
                </span>
              )}
            </>
          ),
        },
        {
          id: 'name',
          header: c.name,
          isRowHeader: true,
          cellClassName: 'min-w-28 break-words font-medium text-slate-900',
          cell: (item) => item.name,
        },
        {
          id: 'specification',
          header: c.specification,
          cellClassName: 'min-w-28 max-w-72 break-words text-slate-700',
          cell: (item) => item.specification,
        },
        { id: 'unit', header: c.unit, cellClassName: 'break-words', cell: (item) => item.unit },
        {
          id: 'price',
          header: c.price,
          className: 'text-end',
          cellClassName: 'text-end',
          cell: (item) => <Rupiah value={item.price} />,
        },
        {
          id: 'accounts',
          header: c.accounts,
          cellClassName: 'text-xs',
          cell: (item) =>
            item.account_codes.length === 0 ? (
              <span className="italic text-slate-600">{t.anyAccount}</span>
            ) : (
              // A code is read whole (one per line), never broken inside.
              <ul className="flex flex-col gap-0.5 font-mono">
                {item.account_codes.map((code) => (
                  <li key={code} className="whitespace-nowrap">
                    {code}
                  </li>
                ))}
              </ul>
            ),
        },
        {
          id: 'open',
          header: c.open,
          cell: (item) => (
            <Checkbox
              isSelected={item.open}
              isDisabled={changingId === item.id}
              onChange={(open) => void onOpenChange(item, open)}
            >
              <span className="sr-only">{t.openFor(item.name)}</span>
            </Checkbox>
          ),
        },
        {
          id: 'actions',
          header: t.actions,
          cell: (item) => (
            <div className="flex flex-wrap gap-2">
              <RowButton
                aria-label={t.editFor(item.name)}
                isDisabled={changingId === item.id}
                onPress={() => onEdit(item)}
              >
                {m.common.edit}
              </RowButton>
              <RowButton
                className="whitespace-nowrap"
                aria-label={item.retired ? t.restoreFor(item.name) : t.retireFor(item.name)}
                isDisabled={changingId === item.id}
                onPress={() => void onRetiredChange(item, !item.retired)}
              >
                {item.retired ? t.restore : t.retire}
              </RowButton>
            </div>
          ),
        },
      ]}
      {...list}
    />
  );
}
