import {
  type BudgetLine,
  BudgetLineInput,
  fieldIssuesOf,
  type HistoryEntry,
  type HistoryListQuery,
  Id,
  issuesRefusal,
  listFilter,
  messagesId,
  refusals,
  type User,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { offsetOf, type Parsed, toCount } from './pagination.js';
import type { BudgetLineService } from './reports.js';

const server = messagesId.server;
type Caller = Pick<User, 'id' | 'role'>;

const LINE = 'detail_program';

/**
 * The history of every change, as the database's triggers wrote it (migration 0016): read by
 * admins, a line's by its owner, and a line restored from it. Nothing here writes to it.
 */
export function createHistoryService(db: Kysely<Database>, lines: BudgetLineService) {
  const entries = db
    .selectFrom('change_log as change')
    .leftJoin('app_user as actor', 'actor.id', 'change.actor_id')
    .select([
      'change.id',
      'change.changed_at',
      'change.actor_id',
      'actor.name as actor_name',
      'change.address',
      'change.record_type',
      'change.record_id',
      'change.action',
      'change.old_values',
      'change.new_values',
    ]);
  const toEntry = (row: Record<string, unknown>): HistoryEntry =>
    ({
      ...row,
      id: Number(row.id),
      changed_at: new Date(row.changed_at as Date | string).toISOString(),
    }) as HistoryEntry;

  /** A line's changes, oldest first. */
  const lineChanges = async (id: string) =>
    (
      await entries
        .where('change.record_type', '=', LINE)
        .where('change.record_id', '=', id)
        .orderBy('change.id')
        .execute()
    ).map(toEntry);

  return {
    async list(query: Parsed<typeof HistoryListQuery>) {
      let scope = db.selectFrom('change_log as change');
      if (query.record_type) scope = scope.where('change.record_type', '=', query.record_type);
      if (query.record_id) scope = scope.where('change.record_id', '=', query.record_id);
      if (query.actor_id) scope = scope.where('change.actor_id', '=', query.actor_id);
      // Whole days, from the first's start to the last's end.
      if (query.from)
        scope = scope.where('change.changed_at', '>=', sql<Date>`${query.from}::date`);
      if (query.to) {
        scope = scope.where('change.changed_at', '<', sql<Date>`${query.to}::date + 1`);
      }
      const ids = scope
        .select('change.id')
        .orderBy('change.id', 'desc')
        .limit(query.limit)
        .offset(offsetOf(query.page, query.limit));
      const [rows, counted, all] = await Promise.all([
        entries.where('change.id', 'in', ids).orderBy('change.id', 'desc').execute(),
        scope.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
        db
          .selectFrom('change_log')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows.map(toEntry),
        filter: listFilter(query.page, query.limit, toCount(counted.count), toCount(all.count)),
      };
    },

    /**
     * A line's changes, deleted lines included: an admin's for any line, a user's for a line
     * they own (or owned: its last recorded state says whose it is); else a 404, as a read.
     */
    async line(id: string, caller: Caller): Promise<HistoryEntry[]> {
      const changes = await lineChanges(id);
      const last = changes.at(-1);
      const owner = (last?.new_values ?? last?.old_values)?.created_by;
      if (!last || (caller.role !== 'admin' && owner !== caller.id)) {
        throw refusals.notFound(server.records.line);
      }
      return changes;
    },

    /**
     * Brings a line back as it was after a change (before it, for a delete): checked and priced
     * as an edit, under the pagu; a deleted line comes back with its id and owner. The restore is
     * itself a recorded change.
     */
    async restore(changeId: number, caller: Caller): Promise<BudgetLine> {
      const change = await entries.where('change.id', '=', changeId).executeTakeFirst();
      if (!change) throw refusals.notFound(server.records.change);
      if (change.record_type !== LINE) {
        throw issuesRefusal([{ path: 'change_id', message: server.historyNotRestorable }]);
      }
      const values = (change.action === 'delete' ? change.old_values : change.new_values)!;
      const input = BudgetLineInput.safeParse(values);
      if (!input.success) {
        throw issuesRefusal(fieldIssuesOf(input.error));
      }
      const id = change.record_id;
      const stored = await db.selectFrom(LINE).select('id').where('id', '=', id).executeTakeFirst();
      if (stored) return lines.update(id, input.data, caller);
      // The owner, unless they have since been removed.
      const ownerId = Id.safeParse(values.created_by);
      const owner = ownerId.success
        ? await db
            .selectFrom('app_user')
            .select('id')
            .where('id', '=', ownerId.data)
            .executeTakeFirst()
        : undefined;
      return lines.create(input.data, caller, { id, owner: owner?.id ?? null });
    },
  };
}
