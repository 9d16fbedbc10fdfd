import { type ReactNode, useState } from 'react';
import { useEntityList } from '../../data/queries.js';
import type { ParentOption } from '../management/entity-form.js';
import { ParentPicker } from '../management/ParentPicker.js';

/** Sub kegiatan offered per search. */
const PICKER_SIZE = 20;

/**
 * The sub kegiatan a per-sub-kegiatan editor works on (its sumber dana, its Anggaran Kas):
 * found by typing, as the hierarchy pages' parent picker, among the caller's units' own (the
 * server scopes the list). Returns the choice and the field to place.
 */
export function useSubActionPicker(): { subAction: ParentOption | null; picker: ReactNode } {
  const [subAction, setSubAction] = useState<ParentOption | null>(null);
  const [search, setSearch] = useState('');
  const options = useEntityList('sub_action', {
    limit: PICKER_SIZE,
    ...(search ? { search } : {}),
  });
  const picker = (
    <ParentPicker
      level="sub_action"
      value={subAction}
      onChange={setSubAction}
      options={(options.data?.data ?? []).map((row) => ({
        id: row.id,
        name: row.name,
        code: row.code ?? null,
      }))}
      isLoading={options.isFetching}
      onSearchChange={setSearch}
    />
  );
  return { subAction, picker };
}
