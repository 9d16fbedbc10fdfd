import {
  hierarchyLevelKeys,
  isLineReference,
  type LineReferenceKey,
  type ManagedEntityKey,
  managedEntities,
} from '@ranwal/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { ComboBox, ComboBoxItem } from '../../components/ComboBox.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import {
  type CascadeOption,
  type HierarchySelection,
  optionLabel,
  selectLevel,
} from './cascade.js';

/** The spec's search debounce (section 9). */
export { SEARCH_DEBOUNCE_MS };

/** What one select has to offer: the options the server returned for its parent and search. */
export interface CascadeLevelData {
  options: readonly CascadeOption[];
  /** How many options match on the server; above `options.length` the field says so. */
  total?: number;
  /** Options are being fetched. */
  isLoading?: boolean;
  /** The options could not be fetched. */
  errorMessage?: string;
  /**
   * The optional agency select must be chosen (a person with units): it offers no 'Semua …',
   * and the programmes wait for it.
   */
  isRequired?: boolean;
}

/**
 * Each select's options. `agency` only where Perangkat Daerah exist: without it the cascade has no
 * agency select.
 */
export type CascadeLevels = { readonly [K in LineReferenceKey]: CascadeLevelData } & {
  readonly agency?: CascadeLevelData | undefined;
};

export interface HierarchyCascadeProps {
  selection: HierarchySelection;
  /** A choice was made: `next` already has every level below `changed` cleared. */
  onSelectionChange: (next: HierarchySelection, changed: ManagedEntityKey) => void;
  levels: CascadeLevels;
  /** The search text of one select, debounced; '' when the field shows its choice again. */
  onSearchChange?: (key: ManagedEntityKey, search: string) => void;
  searchDebounceMs?: number;
  className?: string;
}

/**
 * The six cascading selects (program down to kode rekening) and the separate Pengampu select,
 * all one searchable field driven by the level table. A select waits, disabled with a yellow
 * hint, until the level above is chosen; choosing clears every level below. Above Program, an
 * optional Perangkat Daerah select ('Semua Perangkat Daerah' until one is chosen) narrows the
 * programmes offered; marked `isRequired` (a person's units), it has no 'Semua …' and the
 * programmes wait for it.
 */
export function HierarchyCascade({
  selection,
  onSelectionChange,
  levels,
  onSearchChange,
  searchDebounceMs = SEARCH_DEBOUNCE_MS,
  className,
}: HierarchyCascadeProps) {
  const field = (key: ManagedEntityKey, data: CascadeLevelData) => {
    const { parent } = managedEntities[key];
    return (
      <CascadeField
        key={key}
        entity={key}
        selection={selection}
        data={data}
        parentRequired={Boolean(parent && levels[parent]?.isRequired)}
        onChoose={(option) => onSelectionChange(selectLevel(selection, key, option), key)}
        onSearchChange={onSearchChange}
        debounceMs={searchDebounceMs}
      />
    );
  };
  return (
    <div className={cn('flex flex-col gap-5', className)}>
      {levels.agency && (
        <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">{field('agency', levels.agency)}</div>
      )}
      <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
        {hierarchyLevelKeys.map((key) => field(key, levels[key]))}
      </div>
      <div className="grid gap-x-5 gap-y-4 border-t border-slate-200 pt-4 sm:grid-cols-2">
        {field('supporter', levels.supporter)}
      </div>
    </div>
  );
}

interface CascadeFieldProps {
  entity: ManagedEntityKey;
  selection: HierarchySelection;
  data: CascadeLevelData;
  /** The optional parent select must be chosen before this one. */
  parentRequired: boolean;
  /** null: the optional select's 'Semua …' (nothing chosen). */
  onChoose: (option: CascadeOption | null) => void;
  onSearchChange: HierarchyCascadeProps['onSearchChange'];
  debounceMs: number;
}

/** The id of the optional select's 'Semua …' option. */
const ALL = '';

const matches = (text: string, search: string) =>
  search === '' || text.toLocaleLowerCase('id').includes(search.toLocaleLowerCase('id'));

function CascadeField({
  entity,
  selection,
  data,
  parentRequired,
  onChoose,
  onSearchChange,
  debounceMs,
}: CascadeFieldProps) {
  const messages = useMessages();
  const text = messages.levels[entity];
  const { parent, parentOptional } = managedEntities[entity];
  // Only what a line refers to is required; the agency select offers 'Semua …' instead.
  const all = isLineReference(entity) || data.isRequired ? null : { id: ALL, name: text.allFilter };
  const selected = selection[entity];
  const labelOf = (option: CascadeOption) =>
    all && option.id === ALL ? all.name : optionLabel(entity, option, messages);
  const selectedLabel = selected ? labelOf(selected) : (all?.name ?? '');

  const [inputValue, setInputValue] = useState(selectedLabel);
  const [sentSearch, setSentSearch] = useState('');
  // A new parent starts the select afresh: its text and search go with the old choice.
  const parentId = parent ? (selection[parent]?.id ?? null) : null;
  const [shownParentId, setShownParentId] = useState(parentId);
  if (shownParentId !== parentId) {
    setShownParentId(parentId);
    setInputValue(selectedLabel);
    setSentSearch('');
  }
  // A choice made elsewhere (the cascade starting on a person's only unit) shows at once.
  const selectedId = selected?.id ?? null;
  const [shownSelectedId, setShownSelectedId] = useState(selectedId);
  if (shownSelectedId !== selectedId) {
    setShownSelectedId(selectedId);
    setInputValue(selectedLabel);
  }
  // The field showing its own choice is not a search.
  const search = inputValue === selectedLabel ? '' : inputValue.trim();
  const sendSearch = useEffectEvent((value: string) => {
    setSentSearch(value);
    onSearchChange?.(entity, value);
  });
  useEffect(() => {
    if (search === sentSearch) return;
    const timer = setTimeout(() => sendSearch(search), debounceMs);
    return () => clearTimeout(timer);
  }, [search, sentSearch, debounceMs]);

  const isDisabled =
    parent !== null && (!parentOptional || parentRequired) && selection[parent] === null;
  // Narrowed here at once; the server's answer for the same text replaces it after the debounce.
  const found = data.options.filter((option) => matches(labelOf(option), search));
  const items = [
    ...(all && search === '' ? [all] : []),
    ...(selected && search === '' && !found.some((option) => option.id === selected.id)
      ? [selected]
      : []),
    ...found,
  ];
  const isLoading = !isDisabled && (Boolean(data.isLoading) || search !== sentSearch);

  // The hint under the select; after a failed load the error says why the list is empty.
  let description: string | undefined;
  if (isDisabled && parent) description = messages.levels[parent].chooseFirstHint;
  else if (data.errorMessage) description = undefined;
  else if (!isLoading && data.options.length === 0 && search === '') {
    description = text.emptyOptionsHint;
  } else if (data.total !== undefined && data.total > data.options.length) {
    description = messages.reports.form.partialOptions(data.options.length, data.total);
  }

  return (
    <ComboBox
      label={text.label}
      placeholder={text.selectPlaceholder}
      isRequired={!all}
      isDisabled={isDisabled}
      isLoading={isLoading}
      description={description}
      descriptionTone={isDisabled ? 'warning' : 'neutral'}
      errorMessage={isDisabled ? undefined : data.errorMessage}
      items={items}
      value={selected?.id ?? all?.id ?? null}
      inputValue={inputValue}
      onInputChange={setInputValue}
      onChange={(key) => {
        const option = key === null ? undefined : items.find((candidate) => candidate.id === key);
        if (!option || option.id === (selected?.id ?? all?.id)) {
          // Nothing new (a blur or a re-pick): the field shows its choice again.
          setInputValue(selectedLabel);
          return;
        }
        setInputValue(labelOf(option));
        onChoose(all && option.id === ALL ? null : option);
      }}
      renderEmptyState={() => (search === '' ? text.emptyOptionsHint : text.emptyList)}
    >
      {(option) => (
        <ComboBoxItem id={option.id} textValue={labelOf(option)}>
          {labelOf(option)}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
