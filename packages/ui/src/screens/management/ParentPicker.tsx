import type { HierarchyLevelKey } from '@ranwal/core';
import { useState } from 'react';
import { ComboBox, ComboBoxItem } from '../../components/ComboBox.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useDebouncedCallback } from '../../lib/use-debounced.js';
import type { ParentOption } from './entity-form.js';
import { SEARCH_DEBOUNCE_MS } from './entity-form.js';

export interface ParentPickerProps {
  /** The level the parent belongs to, e.g. 'program' on the Kegiatan page. */
  level: HierarchyLevelKey;
  value: ParentOption | null;
  onChange: (value: ParentOption | null) => void;
  /** The parents matching the last search, as the server answered. */
  options: readonly ParentOption[];
  isLoading?: boolean;
  /** The typed text, 500 ms after the last keystroke; '' after a choice. */
  onSearchChange?: (search: string) => void;
  errorMessage?: string;
  autoFocus?: boolean;
}

/** The add and edit forms' parent field: a combo box searching the parent level on the server. */
export function ParentPicker({
  level,
  value,
  onChange,
  options,
  isLoading = false,
  onSearchChange,
  errorMessage,
  autoFocus,
}: ParentPickerProps) {
  const text = useMessages().levels[level];
  const [inputValue, setInputValue] = useState(value?.name ?? '');
  const [search, setSearch] = useState('');
  // A parent set from outside (a reset form, another row) shows its name.
  const [shownId, setShownId] = useState(value?.id ?? null);
  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    setInputValue(value?.name ?? '');
  }
  useDebouncedCallback(search, SEARCH_DEBOUNCE_MS, onSearchChange);

  // The chosen parent stays an option even when the current search does not find it, so the
  // field can always show and keep it.
  const items =
    value && !options.some((option) => option.id === value.id) ? [value, ...options] : options;

  return (
    <ComboBox
      label={text.label}
      placeholder={text.selectPlaceholder}
      isRequired
      autoFocus={autoFocus}
      items={items}
      value={value?.id ?? null}
      onChange={(key) => {
        const chosen = items.find((option) => option.id === key) ?? null;
        onChange(chosen);
        setInputValue(chosen?.name ?? '');
        setSearch('');
      }}
      inputValue={inputValue}
      onInputChange={(typed) => {
        setInputValue(typed);
        setSearch(typed);
        if (typed === '') onChange(null);
      }}
      isLoading={isLoading}
      renderEmptyState={() => text.emptyList}
      errorMessage={errorMessage}
    >
      {(item) => (
        <ComboBoxItem id={item.id} textValue={item.name}>
          {item.name}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
