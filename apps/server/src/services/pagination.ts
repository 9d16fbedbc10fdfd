import type { ListFilter } from '@ranwal/core';
import type { z } from 'zod';

/** A schema's parsed (output) type: what a handler receives after validation. */
export type Parsed<S extends z.ZodType> = z.output<S>;

/** The spec's `filter` block for a page of a list. */
export function listFilter(
  page: number,
  limit: number,
  filteredResult: number,
  totalResult: number,
): ListFilter {
  return {
    current_page: page,
    total_page: Math.max(1, Math.ceil(filteredResult / limit)),
    filtered_result: filteredResult,
    total_result: totalResult,
  };
}

/** A user's search text as an ILIKE pattern that matches it literally anywhere. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const offsetOf = (page: number, limit: number): number => (page - 1) * limit;

/** count(*) arrives as a string from pg and a number from PGlite. */
export const toCount = (value: unknown): number => Number(value ?? 0);
