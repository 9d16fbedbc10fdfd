import { formatRupiah, type PriceItem } from '@ranwal/core';
import { ComboBox, ComboBoxItem } from '../../components/ComboBox.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedCallback } from '../../lib/use-debounced.js';

/** Where the component search gets its items: a year's catalogue under the chosen kode rekening. */
export interface CatalogueSource {
  /** The chosen kode rekening the items are usable under. */
  accountCode: string;
  items: readonly PriceItem[];
  isLoading?: boolean;
  /** Why the items could not be loaded. */
  errorMessage?: string | undefined;
  /** The typed text, 500 ms after the last keystroke; '' while the field shows its pick. */
  onSearchChange: (search: string) => void;
}

export interface ComponentPickerProps {
  catalogue: CatalogueSource;
  /** The component's name as typed or picked. */
  value: string;
  onTextChange: (text: string) => void;
  picked: PriceItem | null;
  onPick: (item: PriceItem) => void;
  /** Whether a name outside the catalogue may stay (settings.free_form_components). */
  allowsFreeForm: boolean;
  errorMessage?: string | undefined;
}

/**
 * Nama Komponen as a search over the standard price catalogue: picking an item fills the
 * line from it; where the region allows it, a name typed and not picked stays, flagged as a
 * component outside the catalogue.
 */
export function ComponentPicker({
  catalogue,
  value,
  onTextChange,
  picked,
  onPick,
  allowsFreeForm,
  errorMessage,
}: ComponentPickerProps) {
  const messages = useMessages();
  const text = messages.reports.planning.catalogue;
  // The field showing its pick is not a search.
  const search = picked && value === picked.name ? '' : value.trim();
  useDebouncedCallback(search, SEARCH_DEBOUNCE_MS, catalogue.onSearchChange);
  const items = [
    ...(picked && !catalogue.items.some((item) => item.id === picked.id) ? [picked] : []),
    ...catalogue.items,
  ];
  const freeForm = !picked && value.trim() !== '';
  const flagged = freeForm && allowsFreeForm;
  const description = picked
    ? text.picked(picked.code)
    : flagged
      ? messages.reports.fields.freeFormComponent
      : (catalogue.errorMessage ?? text.description);
  return (
    <ComboBox
      label={messages.reports.form.componentName}
      placeholder={text.placeholder}
      isRequired
      items={items}
      value={picked?.id ?? null}
      // Both the choice and the text are ours: a blur that commits the choice hands it back, and
      // where nothing may stay unpicked, typed text without a choice is cleared.
      onChange={(id) => {
        const item = items.find((candidate) => candidate.id === id);
        if (item && item.id === picked?.id) onTextChange(item.name);
        else if (item) onPick(item);
        else if (!allowsFreeForm) onTextChange('');
      }}
      inputValue={value}
      onInputChange={onTextChange}
      allowsCustomValue={allowsFreeForm}
      isLoading={catalogue.isLoading ?? false}
      description={description}
      descriptionTone={flagged || (!picked && catalogue.errorMessage) ? 'warning' : 'neutral'}
      errorMessage={errorMessage}
      renderEmptyState={() => text.empty}
    >
      {(item) => (
        // The whole option is its name, kind, code and price: items of one name differ only by
        // those (two 'Kudapan Rapat' at Rp 18.000 and Rp 20.000), and a name shorter than what
        // is shown fails WCAG 2.5.3 (axe: label-content-name-mismatch).
        <ComboBoxItem id={item.id} textValue={item.name}>
          <span className="block">{item.name}</span>
          <span className="block text-xs text-slate-600">
            {`${item.kind} ${item.code} · ${text.optionPrice(formatRupiah(item.price), item.unit)}`}
          </span>
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
