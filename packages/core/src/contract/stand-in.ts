import { type ManagedEntityKey, managedEntities } from '../hierarchy.js';
import { messagesId } from '../messages/index.js';
import { refusals } from '../refusals.js';
import { listFilter } from '../schemas.js';

/*
 * Tables kept in arrays, read and written as the API reads and writes its own: what a stand-in
 * of the API (an embedding agency's demo, say) needs besides its rules.
 */

/** What a list's query always has. */
export interface PageQuery {
  page: number;
  limit: number;
  search?: string | undefined;
}

/** Whether any of the texts contains the search, ignoring case; no search matches everything. */
export function containsText(search: string | undefined, ...texts: unknown[]): boolean {
  const needle = search?.toLowerCase();
  return (
    !needle ||
    texts.some((text) =>
      String(text ?? '')
        .toLowerCase()
        .includes(needle),
    )
  );
}

/** The API's default order of dated rows: newest first, then by id. */
export function newestFirst(
  a: { created_at: string; id: string },
  b: { created_at: string; id: string },
): number {
  return b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);
}

/** One page of the matching rows as a list answers it; `total` counts the rows in scope. */
export function pageOf(matching: unknown[], query: PageQuery, total = matching.length) {
  const { page, limit } = query;
  return {
    data: matching.slice((page - 1) * limit, page * limit),
    filter: listFilter(page, limit, matching.length, total),
  };
}

/** The row with this id, or the API's 404 naming `what` (`messagesId.server.records.line`, a level's label, …). */
export function rowOf<T extends { id: string }>(rows: T[], id: unknown, what: string): T {
  const found = rows.find((row) => row.id === id);
  if (!found) throw refusals.notFound(what);
  return found;
}

/** Removes the row and answers as a delete does. */
export function deleteRow<T>(rows: T[], row: T) {
  rows.splice(rows.indexOf(row), 1);
  return { message: messagesId.server.deleted, data: null };
}

const levelCollator = new Intl.Collator('id');

/**
 * A level's list order as the server reads it: accounts by code; levels whose code is optional
 * by code, those without one last, then by name; supporters by name; the id last.
 */
export function compareLevelRows(key: ManagedEntityKey) {
  const { hasCode, codeRequired } = managedEntities[key];
  return (
    a: { id: string; name: string; code?: unknown },
    b: { id: string; name: string; code?: unknown },
  ): number => {
    const byCode = hasCode
      ? Number(a.code == null) - Number(b.code == null) ||
        levelCollator.compare(String(a.code ?? ''), String(b.code ?? ''))
      : 0;
    const byName = codeRequired ? 0 : levelCollator.compare(a.name, b.name);
    return byCode || byName || a.id.localeCompare(b.id);
  };
}
