import {
  AppError,
  issuesRefusal,
  listFilter,
  messagesId,
  type SubActionLock,
  type SubActionLockInput,
  type SubActionLockListQuery,
  type User,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { inTransaction, offsetOf, type Parsed, toCount } from './pagination.js';
import { createStageService } from './stages.js';

const server = messagesId.server;
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;

/** Where a line sits, as far as a lock is concerned. */
export interface LockedPlace {
  sub_action_id: string;
  year: number;
}

/**
 * Locks (kunci): an admin locks a sub kegiatan's lines of a year, and users' creates, edits and
 * deletes of them are refused (admins may still correct them). Locking and unlocking are
 * recorded in the history (migration 0017), unlocking with its reason.
 */
export function createLockService(db: Kysely<Database>) {
  const stages = createStageService(db);
  const locks = db
    .selectFrom('sub_action_lock as lock')
    .innerJoin('sub_action', 'sub_action.id', 'lock.sub_action_id')
    .leftJoin('app_user', 'app_user.id', 'lock.changed_by')
    .select([
      'lock.sub_action_id',
      'sub_action.name as sub_action_name',
      'lock.year',
      'lock.locked',
      'lock.reason',
      'app_user.name as changed_by_name',
      'lock.changed_at',
    ]);
  const toLock = (row: Record<string, unknown>): SubActionLock =>
    ({
      ...row,
      changed_at: new Date(row.changed_at as Date | string).toISOString(),
    }) as SubActionLock;

  return {
    async list(query: Parsed<typeof SubActionLockListQuery>) {
      const [rows, counted] = await Promise.all([
        locks
          .where('lock.year', '=', query.year)
          .orderBy('sub_action.name')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        db
          .selectFrom('sub_action_lock')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('year', '=', query.year)
          .executeTakeFirstOrThrow(),
      ]);
      const count = toCount(counted.count);
      return {
        data: rows.map(toLock),
        filter: listFilter(query.page, query.limit, count, count),
      };
    },

    async set(input: Parsed<typeof SubActionLockInput>, caller: Caller): Promise<SubActionLock> {
      const values = {
        locked: input.locked,
        reason: input.reason,
        changed_by: caller.id,
        changed_at: sql<Date>`now()`,
      };
      await inTransaction(db, async (trx) => {
        // The sub kegiatan's own row, held until the lock commits: a user's write holds it
        // shared (assertUnlocked), so a write in flight commits before the lock is set, and one
        // begun after waits for it and is refused (issue 34). A lock row may not exist yet.
        const exists = await trx
          .selectFrom('sub_action')
          .select('id')
          .where('id', '=', input.sub_action_id)
          .forUpdate()
          .executeTakeFirst();
        if (!exists) {
          throw issuesRefusal([
            {
              path: 'sub_action_id',
              message: server.recordNotFound(messagesId.levels.sub_action.label),
            },
          ]);
        }
        await trx
          .insertInto('sub_action_lock')
          .values({ sub_action_id: input.sub_action_id, year: input.year, ...values })
          .onConflict((oc) => oc.columns(['sub_action_id', 'year']).doUpdateSet(values))
          .execute();
      });
      const row = await locks
        .where('lock.sub_action_id', '=', input.sub_action_id)
        .where('lock.year', '=', input.year)
        .executeTakeFirstOrThrow();
      return toLock(row);
    },

    /**
     * Refuses a user's write to lines where the year's stage does not allow it, or of a locked
     * sub kegiatan (409 naming it, its year and who locked it), in the write's transaction. The
     * sub kegiatan's row and the lock's are held until it ends, so a lock or an unlock and a
     * write do not cross. Admins are not refused.
     */
    async assertUnlocked(trx: Kysely<Database>, caller: Caller, places: LockedPlace[]) {
      if (caller.role === 'admin' || places.length === 0) return;
      // The year's stage first: not entered, locked or out of its dates (services/stages.ts).
      await stages.assertOpen(
        trx,
        caller,
        places.map((place) => place.year),
      );
      // The sub kegiatan's rows first, shared (for key share: hierarchy edits and verification
      // notes still go ahead) until the write commits; a lock being set holds them for update,
      // so the write waits for it and the next statement reads it (issue 34).
      const subActionIds = [...new Set(places.map((place) => place.sub_action_id))].sort();
      await sql`select id from sub_action where id = any(${subActionIds}::uuid[])
        order by id for key share`.execute(trx);
      const { rows } = await sql<{ name: string; year: number; by: string | null }>`
        select s.name, l.year, u.name as by
        from sub_action_lock l
        join sub_action s on s.id = l.sub_action_id
        left join app_user u on u.id = l.changed_by
        where l.locked
          and (l.sub_action_id, l.year) in (
            select * from unnest(${places.map((place) => place.sub_action_id)}::uuid[],
              ${places.map((place) => place.year)}::int[]))
        for share of l`.execute(trx);
      const locked = rows[0];
      if (locked) {
        throw new AppError(
          'conflict',
          server.subActionLocked(locked.name, locked.year, locked.by ?? server.lockedByRemoved),
        );
      }
    },
  };
}

export type LockService = ReturnType<typeof createLockService>;
