import { type ManagedEntityKey, type Messages, managedEntities } from '@ranwal/core';
import type { EntityInputOf, EntityOf } from '../../data/entity-group.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';

/** Rows per page of every hierarchy and supporter list (spec section 9). */
export const HIERARCHY_PAGE_SIZE = 5;
/** The list search waits this long after the last keystroke (spec section 9). */
export { SEARCH_DEBOUNCE_MS };
/** Parents offered per search by the add and edit forms' parent picker. */
export const PARENT_OPTIONS_LIMIT = 20;
/** Dropdown loads use page 1, limit 100 (spec section 7): the list's parent filter. */
export const FILTER_OPTIONS_LIMIT = 100;

/** A parent a row can be placed under, as the picker and the filter offer it. */
export interface ParentOption {
  id: string;
  name: string;
  /** The parent's code, where it has one: the nomenclature's items below it begin with it. */
  code?: string | null;
}

/** One row of a managed list, whatever its level. */
export interface ManagedRow {
  id: string;
  name: string;
  /** The six levels: the record's code, '' where it has none (required for accounts). */
  code?: string;
  /** Programs only. */
  is_taxed?: boolean;
  /** Child levels only: the parent's id, and its name (null when the parent is missing). */
  parentId?: string;
  parentName?: string | null;
}

/** What a create or update of any managed entity sends. */
export type ManagedInput = EntityInputOf<ManagedEntityKey>;

/** Reads a row as the API answers it through the level table. */
export function toManagedRow(
  entity: ManagedEntityKey,
  row: EntityOf<ManagedEntityKey>,
): ManagedRow {
  const { parent, parentField, hasCode, hasTaxFlag } = managedEntities[entity];
  const record = row as Record<string, unknown>;
  return {
    id: row.id,
    name: row.name,
    ...(hasCode ? { code: String(record.code ?? '') } : {}),
    ...(hasTaxFlag ? { is_taxed: record.is_taxed === true } : {}),
    ...(parent && parentField
      ? {
          parentId: String(record[parentField] ?? ''),
          parentName: (record[`${parent}_name`] as string | null | undefined) ?? null,
        }
      : {}),
  };
}

/** The level above `entity` (a programme's Perangkat Daerah), or null for agencies and supporters. */
export const parentOf = (entity: ManagedEntityKey): ManagedEntityKey | null =>
  managedEntities[entity].parent;

/** The fields of the add form and the edit dialog. */
export interface EntityFormValues {
  parent: ParentOption | null;
  code: string;
  name: string;
  is_taxed: boolean;
}

export const emptyFormValues: EntityFormValues = {
  parent: null,
  code: '',
  name: '',
  is_taxed: false,
};

/** The edit dialog starts from the row it edits. */
export function formValuesOf(entity: ManagedEntityKey, row: ManagedRow): EntityFormValues {
  const parent = parentOf(entity);
  return {
    parent:
      parent && row.parentId
        ? {
            id: row.parentId,
            name: row.parentName ?? '',
          }
        : null,
    code: row.code ?? '',
    name: row.name,
    is_taxed: row.is_taxed ?? false,
  };
}

/**
 * How a form answers a missing field (spec section 5): Program, Kegiatan and Sub Kegiatan (and
 * Perangkat Daerah, beyond the spec, like Program) do nothing; Aktivitas, Subtitle and Kode Rekening warn 'Input Tidak Lengkap'; Pengampu says so
 * under the name field.
 */
const whenIncomplete = {
  agency: 'ignore',
  program: 'ignore',
  action: 'ignore',
  sub_action: 'ignore',
  activity: 'warn',
  subtitle: 'warn',
  account: 'warn',
  supporter: 'nameError',
} as const satisfies Record<ManagedEntityKey, 'ignore' | 'warn' | 'nameError'>;

export type FormField = 'parent' | 'code' | 'name';
export type FieldErrors = Partial<Record<FormField, string>>;

export type FormCheck =
  | { kind: 'valid'; input: ManagedInput }
  /** A field is empty and this level says nothing about it. */
  | { kind: 'ignored' }
  /** A field is empty: 'Input Tidak Lengkap' / 'Harap lengkapi semua bidang.'. */
  | { kind: 'incomplete' }
  | { kind: 'invalid'; errors: FieldErrors };

/**
 * Checks a form against the spec's required-field rules, then against the same core schema the
 * server validates with (e.g. the account code's format).
 */
export function checkForm(
  entity: ManagedEntityKey,
  values: EntityFormValues,
  mode: 'create' | 'edit',
  messages: Messages,
): FormCheck {
  const { parentField, parentOptional, hasCode, codeRequired, hasTaxFlag, input } =
    managedEntities[entity];
  const missing =
    (parentField !== null && !parentOptional && values.parent === null) ||
    (codeRequired && values.code.trim() === '') ||
    values.name.trim() === '';
  if (missing) {
    const rule = whenIncomplete[entity];
    if (rule === 'ignore') return { kind: 'ignored' };
    if (rule === 'warn') return { kind: 'incomplete' };
    const h = messages.hierarchy;
    return {
      kind: 'invalid',
      errors: { name: mode === 'create' ? h.supporterNameRequired : h.supporterNameEmpty },
    };
  }

  const body: Record<string, unknown> = { name: values.name };
  if (hasCode) body.code = values.code;
  // The add form has no tax checkbox: a new program starts untaxed.
  if (hasTaxFlag) body.is_taxed = values.is_taxed;
  // A blank (optional) parent is sent as none: an edit can take a programme out of its agency.
  if (parentField) body[parentField] = values.parent?.id ?? null;

  const parsed = input.safeParse(body);
  if (parsed.success) return { kind: 'valid', input: parsed.data as ManagedInput };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0] ?? '');
    const field: FormField = path === 'code' ? 'code' : path === 'name' ? 'name' : 'parent';
    errors[field] ??= issue.message;
  }
  return { kind: 'invalid', errors };
}
