import {
  isLineReference,
  type LineReferenceKey,
  lineReferenceKeys,
  type ManagedEntityKey,
} from './entity-keys.js';
import { managedEntities } from './hierarchy.js';
import { messagesId } from './messages/index.js';
import type { FieldIssue } from './schemas.js';

/*
 * The hierarchy's rules that do not depend on where rows are kept, declared once: the server
 * applies them to what it reads from the database, with no storage of their own.
 */

const server = messagesId.server;
const levels = messagesId.levels;

/**
 * Why a record cannot be deleted, or null when nothing holds it: its children on the level
 * below and the budget lines that refer to it, e.g. 'Program "X" tidak dapat dihapus karena
 * masih memiliki 2 Kegiatan dan 1 laporan.'
 */
export function dependentsConflict(
  key: ManagedEntityKey,
  name: string,
  counts: { children: number; lines: number },
): string | null {
  const child = managedEntities[key].child;
  const dependents = [
    child && counts.children > 0 ? `${counts.children} ${levels[child].label}` : null,
    counts.lines > 0 ? `${counts.lines} laporan` : null,
  ].filter(Boolean);
  if (dependents.length === 0) return null;
  return server.conflictHasChildren(`${levels[key].label} "${name}"`, dependents.join(' dan '));
}

/**
 * A record as an update leaves it: the stored values, with the fields the update gives (a left
 * out optional code or programme agency stays as stored: the spec's client sends names only).
 */
export function withStoredValues<R extends Record<string, unknown>>(
  stored: R,
  input: Record<string, unknown>,
): R {
  const given = Object.entries(input).filter(([, value]) => value !== undefined);
  return { ...stored, ...Object.fromEntries(given) };
}

/**
 * What is wrong with a budget line's references: each level and its supporter must exist, and
 * each level sit under the level above it. `parentOf(key, id)` answers the parent id of that
 * row (null for a program or supporter), or undefined when there is no such row. Every wrong
 * field is named.
 */
export function chainIssues(
  ids: Readonly<Record<`${LineReferenceKey}_id`, string>>,
  parentOf: (key: LineReferenceKey, id: string) => string | null | undefined,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const key of lineReferenceKeys) {
    const { parent } = managedEntities[key];
    const path = `${key}_id` as const;
    const parentId = parentOf(key, ids[path]);
    if (parentId === undefined) {
      issues.push({ path, message: server.recordNotFound(levels[key].label) });
    } else if (
      parent &&
      isLineReference(parent) &&
      parentId?.toLowerCase() !== ids[`${parent}_id`]?.toLowerCase()
    ) {
      issues.push({
        path,
        message: server.recordNotUnder(levels[key].label, levels[parent].label),
      });
    }
  }
  return issues;
}
