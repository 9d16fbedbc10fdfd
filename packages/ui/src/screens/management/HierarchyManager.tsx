import { codeAndName, type ManagedEntityKey, managedEntities } from '@ranwal/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { DeleteRowButton } from '../../components/DeleteRowButton.js';
import { SearchField } from '../../components/FilterBar.js';
import { SimplePagination } from '../../components/Pagination.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useDebouncedCallback } from '../../lib/use-debounced.js';
import { EntityFields, type ParentSource, useEntityForm } from './EntityFields.js';
import {
  emptyFormValues,
  type ManagedInput,
  type ManagedRow,
  type ParentOption,
  parentOf,
  SEARCH_DEBOUNCE_MS,
} from './entity-form.js';
import type { ReferenceSource } from './ReferencePicker.js';

// Only a page whose user edits a row downloads the edit dialog.
const EditEntityDialog = lazy(() => import('./EditEntityDialog.js'));

/** The filter's key for 'Semua …' (no parent chosen). */
const ALL = '';

export interface HierarchyManagerProps {
  /** Which level (or the supporter list) this page manages. */
  entity: ManagedEntityKey;
  /** The current page of rows. */
  rows: readonly ManagedRow[];
  /** The first load: the table shows 'Memuat data...'. */
  isLoading?: boolean;
  /** Why the list could not be loaded; shown instead of the table. */
  error?: string | null;
  onRetry?: () => void;
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The search box's text, 500 ms after the last keystroke. */
  onSearchChange: (search: string) => void;
  /** Child levels: the parent the list is narrowed to, or null for 'Semua …'. */
  parentFilter?: string | null;
  onParentFilterChange?: (parentId: string | null) => void;
  /** Child levels: the parents the filter offers. */
  filterOptions?: readonly ParentOption[];
  /** Child levels: the add and edit forms' parent search. */
  parentSource?: ParentSource;
  /**
   * The add form's nomenclature picker (programme, kegiatan, sub kegiatan, kode rekening), where
   * the server has the nomenclature; told the chosen parent's code to search below it.
   */
  referenceSource?: ReferenceSource & { onUnderChange?: (under: string | null) => void };
  /** Saves a new row; resolve to clear the form, reject to keep what was typed. */
  onCreate: (input: ManagedInput) => unknown;
  /** Saves an edited row; resolve to close the dialog, reject to keep it open. */
  onUpdate: (id: string, input: ManagedInput) => unknown;
  /** Deletes a row the user has confirmed. */
  onDelete: (row: ManagedRow) => unknown;
  isCreating?: boolean;
  isUpdating?: boolean;
  /** The row being deleted: its button shows 'Menghapus...'. */
  deletingId?: string | null;
}

const noParents: ParentSource = { options: [] };

/**
 * The management page of one hierarchy level or of supporters, driven by the level table: the
 * add form, the searchable, filterable, paged list, the edit dialog and the delete confirmation.
 */
export function HierarchyManager({
  entity,
  rows,
  isLoading = false,
  error = null,
  onRetry,
  page,
  totalPages,
  onPageChange,
  onSearchChange,
  parentFilter = null,
  onParentFilterChange,
  filterOptions = [],
  parentSource = noParents,
  referenceSource,
  onCreate,
  onUpdate,
  onDelete,
  isCreating = false,
  isUpdating = false,
  deletingId = null,
}: HierarchyManagerProps) {
  const messages = useMessages();
  const { common, hierarchy: h } = messages;
  const level = messages.levels[entity];
  const parent = parentOf(entity);
  const { hasCode, parentOptional } = managedEntities[entity];

  // A saved row clears the form; the chosen parent stays for the next one.
  const addForm = useEntityForm(entity, emptyFormValues, 'create', onCreate, (values) => ({
    ...emptyFormValues,
    parent: values.parent,
  }));
  const [search, setSearch] = useState('');
  useDebouncedCallback(search, SEARCH_DEBOUNCE_MS, onSearchChange);
  // The nomenclature offers the items below the chosen parent's official code.
  const parentCode = addForm.values.parent?.code ?? null;
  const onUnderChange = referenceSource?.onUnderChange;
  useEffect(() => onUnderChange?.(parentCode), [onUnderChange, parentCode]);
  const [editing, setEditing] = useState<ManagedRow | null>(null);
  const [confirming, setConfirming] = useState<ManagedRow | null>(null);
  const addTitleId = useId();
  const listTitleId = useId();

  const confirmDelete = async () => {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    try {
      await onDelete(row);
    } catch {
      // The screen has told the user why; the row stays.
    }
  };

  const filterItems = [
    { id: ALL, name: parent ? messages.levels[parent].allFilter : '' },
    ...filterOptions,
  ];

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{level.label}</h1>
      <section
        aria-labelledby={addTitleId}
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id={addTitleId} className="mb-4 text-lg font-semibold text-slate-900">
          {level.addTitle}
        </h2>
        <Form validationBehavior="aria" onSubmit={addForm.onSubmit} className="flex flex-col gap-4">
          <EntityFields
            entity={entity}
            form={addForm}
            parentSource={parentSource}
            referenceSource={referenceSource}
          />
          <div>
            <Button type="submit" isPending={isCreating}>
              {isCreating ? common.saving : common.save}
            </Button>
          </div>
        </Form>
      </section>

      <section
        aria-labelledby={listTitleId}
        className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={listTitleId} className="text-lg font-semibold text-slate-900">
            {level.listTitle}
          </h2>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {parent && (
              <Select
                label={messages.levels[parent].label}
                items={filterItems}
                value={parentFilter ?? ALL}
                onChange={(key) =>
                  onParentFilterChange?.(key === ALL || key === null ? null : String(key))
                }
                className="sm:w-64"
              >
                {(item) => (
                  <SelectItem id={item.id} textValue={codeAndName(item.code, item.name, messages)}>
                    {codeAndName(item.code, item.name, messages)}
                  </SelectItem>
                )}
              </Select>
            )}
            <SearchField
              label={common.searchFor(level.label)}
              placeholder={level.searchPlaceholder}
              value={search}
              onChange={setSearch}
              className="sm:w-64"
            />
          </div>
        </div>

        {error ? (
          <ErrorState heading={h.failureTitle} message={error} onRetry={onRetry} />
        ) : (
          <Table aria-labelledby={listTitleId}>
            <TableHeader>
              <Column isRowHeader>{level.label}</Column>
              <Column className="w-1 whitespace-nowrap">{common.actions}</Column>
            </TableHeader>
            <TableBody
              items={rows}
              isLoading={isLoading}
              dependencies={[deletingId, parent]}
              renderEmptyState={() => <EmptyState text={level.emptyList} />}
            >
              {(row) => (
                <Row id={row.id}>
                  <Cell>
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <span className="break-words font-medium text-slate-900">
                        {hasCode ? codeAndName(row.code, row.name, messages) : row.name}
                      </span>
                      {parent && (
                        <span className="break-words text-xs text-slate-600">
                          {/* A programme of no agency reads 'Tanpa Perangkat Daerah' alone. */}
                          {parentOptional && !row.parentId
                            ? messages.levels[parent].unknownParentFallback
                            : messages.levels[parent].rowParent(
                                row.parentName || messages.levels[parent].unknownParentFallback,
                              )}
                        </span>
                      )}
                      {entity === 'supporter' && (
                        <span className="break-all text-xs text-slate-600">
                          {h.supporterId(row.id)}
                        </span>
                      )}
                      {row.is_taxed && (
                        <span className="w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                          {h.programTaxed}
                        </span>
                      )}
                    </div>
                  </Cell>
                  <Cell>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        isDisabled={deletingId === row.id}
                        onPress={() => setEditing(row)}
                      >
                        {common.edit}
                      </Button>
                      <DeleteRowButton
                        isDeleting={deletingId === row.id}
                        onPress={() => setConfirming(row)}
                      />
                    </div>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}

        <SimplePagination page={page} totalPages={totalPages} onChange={onPageChange} />
      </section>

      {editing && (
        <Suspense fallback={null}>
          <EditEntityDialog
            entity={entity}
            row={editing}
            parentSource={parentSource}
            onSubmit={onUpdate}
            onClose={() => setEditing(null)}
            isPending={isUpdating}
          />
        </Suspense>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirming(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
