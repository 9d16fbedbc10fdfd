import { useEffect, useEffectEvent, useState } from 'react';
import { useMessages } from '../data/RanwalProvider.js';
import { SEARCH_DEBOUNCE_MS } from '../lib/timing.js';
import { useDebouncedValue } from '../lib/use-debounced.js';
import { ComboBox, ComboBoxItem } from './ComboBox.js';

/** Options a searched filter loads per search; typing finds the rest on the server. */
export const SEARCH_FILTER_PAGE_SIZE = 20;

/** A record a filter can narrow to, by the name it is shown with. */
export interface SearchFilterOption {
  id: string;
  name: string;
}

export interface SearchFilterProps {
  label: string;
  /** The option that filters nothing ('Semua Program'). */
  allLabel: string;
  /** The chosen record's id; null: all. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** The records found for the current search (one page of them). */
  options: readonly SearchFilterOption[];
  isLoading: boolean;
  /** What the person typed, debounced ('' when the box shows the choice): search for it. */
  onSearchChange: (search: string) => void;
  /** The chosen record's name when it came from outside (a link) and no option lists it yet. */
  nameHint?: string | undefined;
  className?: string | undefined;
}

/** The id of the 'all' option: no filter. */
const ALL = '';

/**
 * One filter of a list: 'Semua …' or one record, found by typing (the caller searches, usually on
 * the server, and gives back one page of options). The chosen record keeps its name once seen:
 * the page that comes back after a pick or a later search may not list it, and its text changing
 * under the focused box would reopen the list, which hides the page from assistive technology.
 */
export function SearchFilter({
  label,
  allLabel,
  value,
  onChange,
  options,
  isLoading,
  onSearchChange,
  nameHint,
  className,
}: SearchFilterProps) {
  const t = useMessages().common;
  const [names, setNames] = useState<Record<string, string>>({});
  const listed = value ? options.find((option) => option.id === value) : undefined;
  // A choice given from outside (a link, a reload) is named once an option holds it.
  if (listed && names[listed.id] !== listed.name) {
    setNames((known) => ({ ...known, [listed.id]: listed.name }));
  }
  const chosenName = value ? (listed?.name ?? names[value] ?? nameHint ?? t.chosen) : allLabel;
  const [inputValue, setInputValue] = useState(chosenName);
  const [shown, setShown] = useState(chosenName);
  if (shown !== chosenName) {
    setShown(chosenName);
    setInputValue(chosenName);
  }
  const typed = inputValue === chosenName ? '' : inputValue.trim();
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const sendSearch = useEffectEvent(onSearchChange);
  useEffect(() => sendSearch(search), [search]);
  const items: SearchFilterOption[] = [
    { id: ALL, name: allLabel },
    ...(value && !listed ? [{ id: value, name: chosenName }] : []),
    ...options,
  ];
  return (
    <ComboBox
      label={label}
      items={items}
      value={value ?? ALL}
      inputValue={inputValue}
      onInputChange={setInputValue}
      isLoading={isLoading}
      className={className}
      onChange={(key) => {
        if (key === null) {
          setInputValue(chosenName);
          return;
        }
        const id = String(key);
        const name = items.find((item) => item.id === id)?.name ?? chosenName;
        if (id !== ALL) setNames((known) => ({ ...known, [id]: name }));
        setInputValue(name);
        if (id !== (value ?? ALL)) onChange(id === ALL ? null : id);
      }}
    >
      {(option) => (
        <ComboBoxItem id={option.id} textValue={option.name}>
          {option.name}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
