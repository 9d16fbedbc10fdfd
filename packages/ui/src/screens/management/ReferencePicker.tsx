import type { ReferenceItem } from '@ranwal/core';
import { useState } from 'react';
import { ComboBox, ComboBoxItem } from '../../components/ComboBox.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { useDebouncedCallback } from '../../lib/use-debounced.js';
import { SEARCH_DEBOUNCE_MS } from './entity-form.js';

/** Where the nomenclature picker gets its items: a server search of one level. */
export interface ReferenceSource {
  options: readonly ReferenceItem[];
  isLoading?: boolean;
  /** The typed text, 500 ms after the last keystroke; '' after a choice. */
  onSearchChange: (search: string) => void;
}

export interface ReferencePickerProps extends ReferenceSource {
  /** Fills the form's code and name from the chosen item. */
  onPick: (item: ReferenceItem) => void;
  /** The form's code now: once it is not the copied item's (saved and reset, or edited), the field empties. */
  formCode: string;
}

/**
 * 'Pilih dari Nomenklatur': searches the national nomenclature of the form's level (below the
 * chosen parent's code) and copies the chosen item's official code and name into the form, where
 * they can still be edited. The field shows the item copied until the form's code changes
 * (a save resets the form); typing searches again.
 */
export function ReferencePicker({
  options,
  isLoading,
  onSearchChange,
  onPick,
  formCode,
}: ReferencePickerProps) {
  const h = useMessages().hierarchy;
  const labelOf = (item: ReferenceItem) => h.accountCodeName(item.code, item.name);
  const [inputValue, setInputValue] = useState('');
  const [picked, setPicked] = useState<ReferenceItem | null>(null);
  if (picked && formCode !== picked.code) {
    setPicked(null);
    setInputValue('');
  }
  // The field showing its choice is not a search.
  const search = picked && inputValue === labelOf(picked) ? '' : inputValue;
  useDebouncedCallback(search, SEARCH_DEBOUNCE_MS, onSearchChange);
  const items = [
    ...(picked && !options.some((option) => option.code === picked.code) ? [picked] : []),
    ...options,
  ];
  return (
    <ComboBox
      label={h.referenceLabel}
      placeholder={h.referencePlaceholder}
      items={items.map((option) => ({ ...option, id: option.code }))}
      value={picked?.code ?? null}
      onChange={(code) => {
        const item = items.find((option) => option.code === code) ?? null;
        setPicked(item);
        setInputValue(item ? labelOf(item) : '');
        if (item) onPick(item);
      }}
      inputValue={inputValue}
      onInputChange={setInputValue}
      isLoading={isLoading ?? false}
      renderEmptyState={() => h.referenceEmpty}
    >
      {(item) => (
        <ComboBoxItem id={item.code} textValue={labelOf(item)}>
          {labelOf(item)}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
