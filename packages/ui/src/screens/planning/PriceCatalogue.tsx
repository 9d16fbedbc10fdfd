import type { PriceItem } from '@ranwal/core';
import type { ReactNode } from 'react';
import { AdminPage } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { Checkbox } from '../../components/Checkbox.js';
import type { NumberedPaginationProps } from '../../components/Pagination.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface PriceCatalogueProps {
  year: number;
  /** The current page of items. */
  items: readonly PriceItem[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** A search or kind narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  /** Year, kind and search above the table. */
  controls?: ReactNode;
  pagination?: NumberedPaginationProps | undefined;
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
  isLoading = false,
  error = null,
  onRetry,
  isNarrowed = false,
  controls,
  pagination,
  onOpenChange,
  changingId = null,
  onAdd,
  onEdit,
  onRetiredChange,
  children,
}: PriceCatalogueProps) {
  const m = useMessages();
  const t = m.planning.catalogue;
  const c = t.columns;
  return (
    <AdminPage
      title={t.title}
      intro={t.intro}
      action={<Button onPress={onAdd}>{t.add}</Button>}
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
      error={error}
      onRetry={onRetry}
      pagination={pagination}
      footer={children}
    >
      {(labelledBy) => (
        <Table aria-labelledby={labelledBy} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column>{c.code}</Column>
            <Column isRowHeader>{c.name}</Column>
            <Column>{c.specification}</Column>
            <Column>{c.unit}</Column>
            <Column className="text-end">{c.price}</Column>
            <Column>{c.accounts}</Column>
            <Column>{c.open}</Column>
            <Column>{t.actions}</Column>
          </TableHeader>
          <TableBody
            items={items}
            isLoading={isLoading}
            dependencies={[changingId]}
            renderEmptyState={() =>
              isNarrowed ? (
                <EmptyState text={t.emptySearch} />
              ) : (
                <EmptyState text={t.empty(year)} hint={t.importCommand(year)} />
              )
            }
          >
            {(item) => (
              <Row id={item.id}>
                <Cell className="whitespace-nowrap font-mono text-xs text-slate-700">
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
                </Cell>
                <Cell className="min-w-40 break-words font-medium text-slate-900">{item.name}</Cell>
                <Cell className="min-w-40 max-w-72 break-words text-slate-700">
                  {item.specification}
                </Cell>
                <Cell className="break-words">{item.unit}</Cell>
                <Cell className="text-end">
                  <Rupiah value={item.price} />
                </Cell>
                <Cell className="text-xs">
                  {item.account_codes.length === 0 ? (
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
                  )}
                </Cell>
                <Cell>
                  <Checkbox
                    isSelected={item.open}
                    isDisabled={changingId === item.id}
                    onChange={(open) => void onOpenChange(item, open)}
                  >
                    <span className="sr-only">{t.openFor(item.name)}</span>
                  </Checkbox>
                </Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t.editFor(item.name)}
                      isDisabled={changingId === item.id}
                      onPress={() => onEdit(item)}
                    >
                      {m.common.edit}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={item.retired ? t.restoreFor(item.name) : t.retireFor(item.name)}
                      isDisabled={changingId === item.id}
                      onPress={() => void onRetiredChange(item, !item.retired)}
                    >
                      {item.retired ? t.restore : t.retire}
                    </Button>
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </AdminPage>
  );
}
