import {
  codeAndName,
  type HierarchyLevelKey,
  hierarchyLevelKeys,
  type LineReferenceKey,
  lineReferenceKeys,
  type ManagedEntityKey,
  type Messages,
  managedEntities,
  managedEntityKeys,
} from '@ranwal/core';
import { useState } from 'react';
import { readDraft, writeDraft } from '../../lib/session-draft.js';

/**
 * The cascade's rules, written once from core's level table: what a choice clears, when the
 * hierarchy is complete, how an option is labelled. Pengampu (supporter) rides along as a
 * seventh, independent choice; a Perangkat Daerah above Program, optional, only narrows the
 * programmes offered (a line does not carry it).
 */

/** One option of a cascade select: any level's row (accounts carry a code, programs the PPN flag). */
export interface CascadeOption {
  id: string;
  name: string;
  /** The record's code, if it has one: the option reads `code - name`. */
  code?: string | null;
  is_taxed?: boolean;
}

/** What is chosen at each level, for Pengampu and of agencies; null while nothing is. */
export type HierarchySelection = { readonly [K in ManagedEntityKey]: CascadeOption | null };

export const emptySelection: HierarchySelection = Object.fromEntries(
  managedEntityKeys.map((key) => [key, null]),
) as Record<ManagedEntityKey, null>;

/**
 * A choice at one level: every level below it is cleared (spec section 4), walking the level
 * table's `child` links. Pengampu has no child, so choosing it clears nothing.
 */
export function selectLevel(
  selection: HierarchySelection,
  key: ManagedEntityKey,
  option: CascadeOption | null,
): HierarchySelection {
  const next: Record<ManagedEntityKey, CascadeOption | null> = { ...selection, [key]: option };
  for (let child = managedEntities[key].child; child; child = managedEntities[child].child) {
    next[child] = null;
  }
  return next;
}

/** The levels strictly below `key`, top to bottom. */
export function levelsBelow(key: ManagedEntityKey): HierarchyLevelKey[] {
  const below: HierarchyLevelKey[] = [];
  for (let child = managedEntities[key].child; child; child = managedEntities[child].child) {
    below.push(child);
  }
  return below;
}

/** Program through account are all chosen (the report form appears). */
export const isHierarchyComplete = (selection: HierarchySelection): boolean =>
  hierarchyLevelKeys.every((key) => selection[key] !== null);

/**
 * Why a line cannot be saved yet with these choices, as the form's button says it: the hierarchy
 * is incomplete, or no Pengampu is chosen; undefined once it can.
 */
export function submitBlockedReason(
  selection: HierarchySelection,
  messages: Messages,
): string | undefined {
  if (!isHierarchyComplete(selection)) return messages.reports.form.incompleteHierarchy;
  return selection.supporter ? undefined : messages.levels.supporter.chooseFirstHint;
}

/** The ids a report needs (`program_id` … `supporter_id`), or null while any is missing. */
export function selectionIds(
  selection: HierarchySelection,
): { [K in LineReferenceKey as `${K}_id`]: string } | null {
  const ids: Partial<Record<`${LineReferenceKey}_id`, string>> = {};
  for (const key of lineReferenceKeys) {
    const chosen = selection[key];
    if (!chosen) return null;
    ids[`${key}_id`] = chosen.id;
  }
  return ids as { [K in LineReferenceKey as `${K}_id`]: string };
}

/** How an option reads: a record with a code as 'code - name' (core's `codeAndName`), else by name. */
export function optionLabel(
  key: ManagedEntityKey,
  option: CascadeOption,
  messages: Messages,
): string {
  return managedEntities[key].hasCode
    ? codeAndName(option.code, option.name, messages)
    : option.name;
}

/**
 * The dashboard's choices: the seven selections and the PPN switch, which follows the chosen
 * program's `is_taxed` until the user flips it. With `draftKey`, they are kept in session
 * storage, so a reload (or signing in again after the session ended) keeps them.
 */
export function useHierarchyChoice(
  initial: HierarchySelection = emptySelection,
  draftKey?: string,
) {
  const [stored] = useState(() =>
    draftKey ? readDraft<{ selection: HierarchySelection; taxed: boolean }>(draftKey) : undefined,
  );
  // A draft kept before agencies existed has no `agency`.
  const [selection, setSelection] = useState(
    stored ? { ...emptySelection, ...stored.selection } : initial,
  );
  const [taxed, setTaxedState] = useState(stored?.taxed ?? initial.program?.is_taxed ?? false);
  const keep = (nextSelection: HierarchySelection, nextTaxed: boolean) => {
    if (draftKey) writeDraft(draftKey, { selection: nextSelection, taxed: nextTaxed });
  };
  const choose = (next: HierarchySelection, changed: ManagedEntityKey) => {
    const nextTaxed = changed === 'program' ? (next.program?.is_taxed ?? false) : taxed;
    setSelection(next);
    setTaxedState(nextTaxed);
    keep(next, nextTaxed);
  };
  const setTaxed = (value: boolean) => {
    setTaxedState(value);
    keep(selection, value);
  };
  return { selection, taxed, choose, setTaxed };
}
