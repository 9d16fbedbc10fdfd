import type { WorkScope } from '@ranwal/core';
import { type RawBuilder, sql } from 'kysely';

/**
 * The scope's programmes as a condition on a programme's Perangkat Daerah column (`column`,
 * e.g. `p.agency_id`): the same rule in SQL, for statements over many rows.
 */
export function programmesWhere(scope: WorkScope, column: string): RawBuilder<boolean> {
  const { programmes } = scope;
  if (programmes === 'all') return sql<boolean>`true`;
  if (programmes === 'unitless') return sql<boolean>`${sql.ref(column)} is null`;
  if (programmes.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(column)} = any(${[...programmes]}::uuid[])`;
}
