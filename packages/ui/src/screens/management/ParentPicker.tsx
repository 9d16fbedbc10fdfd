import { codeAndName, type ManagedEntityKey } from '@ranwal/core';
import { useState } from 'react';
import { ComboBox, ComboBoxItem } from '../../components/ComboBox.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useDebouncedCallback } from '../../lib/use-debounced.js';
import type { ParentOption } from './entity-form.js';
import { SEARCH_DEBOUNCE_MS } from './entity-form.js';

export interface ParentPickerProps {
  /** The level the parent belongs to, e.g. 'program' on the Kegiatan page. */
  level: ManagedEntityKey;
  value: ParentOption | null;
  onChange: (value: ParentOption | null) => void;
  /** The parents matching the last search, as the server answered. */
  options: readonly ParentOption[];
  isLoading?: boolean;
  /** The typed text, 500 ms after the last keystroke; '' after a choice. */
  onSearchChange?: (search: string) => void;
  errorMessage?: string;
  autoFocus?: boolean;
  /**
   * False where a record may have no parent (a programme of no Perangkat Daerah): the first
   * option, and the blank field, is 'Tanpa …' (null).
   */
  isRequired?: boolean;
}

/** The id of the optional picker's 'Tanpa …' option. */
const NONE = '';

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
  isRequired = true,
}: ParentPickerProps) {
  const messages = useMessages();
  const text = messages.levels[level];
  // A parent reads 'code - name', so two of one name tell apart.
  const labelOf = (option: ParentOption) => codeAndName(option.code, option.name, messages);
  const none = isRequired ? null : { id: NONE, name: text.unknownParentFallback };
  const shownName = value ? labelOf(value) : (none?.name ?? '');
  const [inputValue, setInputValue] = useState(shownName);
  // A parent set from outside (a reset form, another row) shows its name.
  const [shownId, setShownId] = useState(value?.id ?? null);
  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    setInputValue(shownName);
  }
  // The field showing its choice is not a search.
  const search = inputValue === shownName ? '' : inputValue;
  useDebouncedCallback(search, SEARCH_DEBOUNCE_MS, onSearchChange);

  // The chosen parent stays an option even when the current search does not find it, so the
  // field can always show and keep it.
  const items = [
    ...(none && search === '' ? [none] : []),
    ...(value && !options.some((option) => option.id === value.id) ? [value] : []),
    ...options,
  ];

  return (
    <ComboBox
      label={text.label}
      placeholder={text.selectPlaceholder}
      isRequired={isRequired}
      autoFocus={autoFocus}
      items={items}
      value={value?.id ?? (none ? NONE : null)}
      onChange={(key) => {
        const found = items.find((option) => option.id === key);
        const chosen = found && found.id !== NONE ? found : null;
        onChange(chosen);
        setInputValue(chosen ? labelOf(chosen) : (none?.name ?? ''));
      }}
      inputValue={inputValue}
      onInputChange={(typed) => {
        setInputValue(typed);
        if (typed === '') {
          // Emptied to type another: the field stays empty (blank is no parent) until a choice.
          setShownId(null);
          onChange(null);
        }
      }}
      isLoading={isLoading}
      renderEmptyState={() => text.emptyList}
      errorMessage={errorMessage}
    >
      {(item) => (
        <ComboBoxItem id={item.id} textValue={labelOf(item)}>
          {labelOf(item)}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
