import { CompiledQuery } from 'kysely';
import type { DatabaseHandle } from '../src/db/connect.js';

/** A node of PostgreSQL's `explain (format json)` plan, as the plan checks read it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  /** With `analyze` only. */
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/**
 * Watches what an app reads (give `wrapDatabase` to startTestApp): `take` answers the reads since
 * it was last called, and `planOf` a read's plan, every node of it, explained on the same database.
 */
export function readRecorder() {
  let raw: DatabaseHandle | undefined;
  let recorded: CompiledQuery[] = [];
  return {
    wrapDatabase(database: DatabaseHandle): DatabaseHandle {
      raw = database;
      return {
        ...database,
        read: (query) => {
          recorded.push(query);
          return database.read(query);
        },
      };
    },
    take(): CompiledQuery[] {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    async planOf(read: CompiledQuery, { analyze = false } = {}): Promise<PlanNode[]> {
      if (!raw) throw new Error('readRecorder: the app was not started with its wrapDatabase');
      const [row] = await raw.read<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (${analyze ? 'analyze, ' : ''}format json) ${read.sql}`, [
          ...read.parameters,
        ]),
      );
      const plan = row!['QUERY PLAN'];
      const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
      return nodesOf(top.Plan);
    },
  };
}
