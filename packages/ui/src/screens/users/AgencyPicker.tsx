import { codeAndName } from '@ranwal/core';
import { useState } from 'react';
import { ComboBox, ComboBoxItem } from '../../components/ComboBox.js';
import { Tag, TagGroup } from '../../components/TagGroup.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** A Perangkat Daerah a person may belong to. */
export interface AgencyOption {
  id: string;
  name: string;
  code?: string | null;
}

export interface AgencyPickerProps {
  /** Every Perangkat Daerah (a region has a few dozen). */
  agencies: readonly AgencyOption[];
  /** The chosen ones' ids, in the order chosen. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** The server's refusal of the field (an agency removed meanwhile). */
  errorMessage?: string;
}

/**
 * A person's Perangkat Daerah: a search box adds one at a time, the chosen ones stand below as
 * tags, each with a button (or Backspace) that takes it out.
 */
export function AgencyPicker({ agencies, value, onChange, errorMessage }: AgencyPickerProps) {
  const u = useMessages().users;
  const [search, setSearch] = useState('');
  const byId = new Map(agencies.map((agency) => [agency.id, agency]));
  const chosen = value.map((id) => byId.get(id) ?? { id, name: id });
  const needle = search.trim().toLowerCase();
  const options = agencies.filter(
    (agency) =>
      !value.includes(agency.id) &&
      `${agency.code ?? ''} ${agency.name}`.toLowerCase().includes(needle),
  );

  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        label={u.agencies}
        placeholder={u.agencySearch}
        description={u.agenciesHint}
        errorMessage={errorMessage}
        validationBehavior="aria"
        items={options}
        inputValue={search}
        onInputChange={setSearch}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key === null) return;
          onChange([...value, String(key)]);
          setSearch('');
        }}
        renderEmptyState={() => u.agencyNoMatch}
      >
        {(agency) => (
          <ComboBoxItem id={agency.id} textValue={agency.name}>
            {codeAndName(agency.code, agency.name)}
          </ComboBoxItem>
        )}
      </ComboBox>
      <TagGroup
        label={u.agenciesChosen}
        items={chosen}
        onRemove={(keys) => onChange(value.filter((id) => !keys.has(id)))}
        renderEmptyState={() => u.noAgencies}
      >
        {(agency) => (
          <Tag id={agency.id} textValue={agency.name} removeLabel={u.removeAgency}>
            {agency.name}
          </Tag>
        )}
      </TagGroup>
    </div>
  );
}
