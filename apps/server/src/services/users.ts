import { hash, verify } from '@node-rs/argon2';
import {
  fieldRefusal,
  listFilter,
  messagesId,
  refusals,
  type User,
  type UserCreateInput,
  type UserListQuery,
  type UserUpdateInput,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { containsPattern, inTransaction, offsetOf, type Parsed, toCount } from './pagination.js';

type ListQueryOut = Parsed<typeof UserListQuery>;
type CreateOut = Parsed<typeof UserCreateInput>;
type UpdateOut = Parsed<typeof UserUpdateInput>;

// algorithm 2 is Argon2id (a const enum in the typings); parameters per OWASP's minimum.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Seconds a looked-up user stays cached; a deletion in this process clears it at once.
const USER_CACHE_MS = 5_000;

/** A user and the session version their tokens must carry. */
export interface Session {
  user: User;
  version: number;
}

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export function createUserService(db: Kysely<Database>, cacheMs = USER_CACHE_MS) {
  // The lookup itself is cached, so concurrent requests of one user share one query.
  const cache = new Map<string, { session: Promise<Session | null>; expires: number }>();
  // Verifying against a real hash when the email is unknown keeps sign-in timing uniform.
  const dummyHash = hashPassword('ranwal-timing-equaliser');

  const columns = ['id', 'name', 'email', 'role'] as const;
  /** The person's Perangkat Daerah (issue 19), read with them. */
  const agencyIds = sql<string[]>`coalesce((select array_agg(user_agency.agency_id::text
    order by user_agency.agency_id) from user_agency where user_agency.user_id = app_user.id),
    '{}')`.as('agency_ids');
  const userColumns = [...columns, agencyIds] as const;

  const readUser = (executor: Kysely<Database>, id: string): Promise<User> =>
    executor
      .selectFrom('app_user')
      .select(userColumns)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Sets the person's units to exactly `ids`, each of which must exist. */
  async function setAgencies(trx: Kysely<Database>, userId: string, ids: string[]) {
    const wanted = [...new Set(ids)];
    if (wanted.length > 0) {
      const found = await trx.selectFrom('agency').select('id').where('id', 'in', wanted).execute();
      if (found.length !== wanted.length) {
        throw fieldRefusal('validation', 'agency_ids', messagesId.server.agencyUnknown);
      }
    }
    // Only what changes is written, so the history (migration 0026) records each unit given
    // or taken away, not every unit again on every save.
    let gone = trx.deleteFrom('user_agency').where('user_id', '=', userId);
    if (wanted.length > 0) gone = gone.where('agency_id', 'not in', wanted);
    await gone.execute();
    if (wanted.length > 0) {
      await trx
        .insertInto('user_agency')
        .values(wanted.map((agency_id) => ({ user_id: userId, agency_id })))
        .onConflict((oc) => oc.columns(['user_id', 'agency_id']).doNothing())
        .execute();
    }
  }

  async function adminCount(): Promise<number> {
    const row = await db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return toCount(row.count);
  }

  async function emailTaken(
    email: string,
    exceptId?: string,
    executor: Kysely<Database> = db,
  ): Promise<boolean> {
    let query = executor
      .selectFrom('app_user')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Locks every admin row until the transaction ends and answers how many there are, so two
   * admins demoting or deleting each other at once are taken one after the other: the second
   * sees the first's change and is refused if it would leave no admin.
   */
  async function lockAdmins(trx: Kysely<Database>): Promise<number> {
    const admins = await trx
      .selectFrom('app_user')
      .select('id')
      .where('role', '=', 'admin')
      .forUpdate()
      .execute();
    return admins.length;
  }

  /** Runs `change` on user `id` in one transaction that holds every admin row (lockAdmins). */
  async function changeUser<T>(
    id: string,
    change: (trx: Kysely<Database>, current: User, admins: number) => Promise<T>,
  ): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const admins = await lockAdmins(trx);
      const current = await trx
        .selectFrom('app_user')
        .select(userColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) throw refusals.notFound(messagesId.server.records.user);
      return change(trx, current, admins);
    });
    cache.delete(id);
    return result;
  }

  function sessionOf(id: string): Promise<Session | null> {
    const hit = cache.get(id);
    if (hit && hit.expires > Date.now()) return hit.session;
    const session = db
      .selectFrom('app_user')
      .select([...userColumns, 'session_version'])
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        if (!row) return null;
        const { session_version: version, ...user } = row;
        return { user, version };
      });
    if (cacheMs <= 0) return session;
    const entry = { session, expires: Date.now() + cacheMs };
    cache.set(id, entry);
    // A failed lookup is not remembered.
    session.catch(() => cache.get(id) === entry && cache.delete(id));
    return session;
  }

  /** Stores a new password and moves the session version on, which ends every session. */
  async function replacePassword(id: string, password: string): Promise<Session> {
    const password_hash = await hashPassword(password);
    const row = await db
      .updateTable('app_user')
      .set((eb) => ({
        password_hash,
        session_version: eb('session_version', '+', 1),
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .returning([...columns, agencyIds, 'session_version'])
      .executeTakeFirst();
    cache.delete(id);
    if (!row) throw refusals.notFound(messagesId.server.records.user);
    const { session_version: version, ...user } = row;
    return { user, version };
  }

  return {
    hashPassword,

    /**
     * The user behind a token signed at session version `version`, or null when the user no
     * longer exists or their sessions were ended since (a password change).
     */
    async findActive(id: string, version: number): Promise<User | null> {
      const session = await sessionOf(id);
      return session && session.version === version ? session.user : null;
    },

    /** The user's current session version, which new tokens (and report links) are signed at. */
    async sessionVersion(id: string): Promise<number | null> {
      return (await sessionOf(id))?.version ?? null;
    },

    async signIn(email: string, password: string): Promise<Session> {
      const row = await db
        .selectFrom('app_user')
        .select([...userColumns, 'password_hash', 'session_version'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      const ok = await verify(row?.password_hash ?? (await dummyHash), password).catch(() => false);
      if (!row || !ok) throw refusals.signInFailed();
      const { password_hash: _, session_version: version, ...user } = row;
      return { user, version };
    },

    /**
     * A person changes their own password: the current one must be right. Every session of
     * theirs ends; answers the new session version to sign their new token at.
     */
    async changePassword(id: string, current: string, next: string): Promise<Session> {
      const row = await db
        .selectFrom('app_user')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw refusals.notFound(messagesId.server.records.user);
      if (!(await verify(row.password_hash, current).catch(() => false))) {
        throw refusals.currentPasswordWrong();
      }
      return replacePassword(id, next);
    },

    /** An admin sets another person's password; every session of that person ends. */
    async setPassword(id: string, password: string): Promise<User> {
      return (await replacePassword(id, password)).user;
    },

    async list(query: ListQueryOut) {
      const search = query.search ? containsPattern(query.search) : undefined;
      let filtered = db.selectFrom('app_user');
      if (query.without_agency) {
        // Users and verifiers of no Perangkat Daerah (issue 34); admins need none.
        filtered = filtered
          .where('role', '<>', 'admin')
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('user_agency')
                  .select('user_agency.user_id')
                  .whereRef('user_agency.user_id', '=', 'app_user.id'),
              ),
            ),
          );
      }
      if (search) {
        filtered = filtered.where((eb) =>
          eb.or([eb('name', 'ilike', search), eb('email', 'ilike', search)]),
        );
      }
      const [rows, counted, total] = await Promise.all([
        filtered
          .select(userColumns)
          .orderBy('name')
          .orderBy('id')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
        search || query.without_agency
          ? db
              .selectFrom('app_user')
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirstOrThrow()
          : undefined,
      ]);
      const filteredCount = toCount(counted.count);
      return {
        data: rows,
        filter: listFilter(
          query.page,
          query.limit,
          filteredCount,
          total ? toCount(total.count) : filteredCount,
        ),
      };
    },

    async create(input: CreateOut): Promise<User> {
      if (await emailTaken(input.email)) throw refusals.emailTaken();
      const password_hash = await hashPassword(input.password);
      // The caller's transaction when there is one (the demo seed's).
      return inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('app_user')
          .values({ name: input.name, email: input.email, role: input.role, password_hash })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setAgencies(trx, id, input.agency_ids ?? []);
        return readUser(trx, id);
      });
    },

    async update(id: string, input: UpdateOut): Promise<User> {
      return changeUser(id, async (trx, current, admins) => {
        if (await emailTaken(input.email, id, trx)) throw refusals.emailTaken();
        if (current.role === 'admin' && input.role !== 'admin' && admins <= 1) {
          throw refusals.lastAdminDemoted();
        }
        await trx
          .updateTable('app_user')
          .set({ name: input.name, email: input.email, role: input.role, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        if (input.agency_ids) await setAgencies(trx, id, input.agency_ids);
        return readUser(trx, id);
      });
    },

    async remove(id: string, actor: User): Promise<void> {
      if (id === actor.id) {
        throw refusals.selfDeleted();
      }
      await changeUser(id, async (trx, current, admins) => {
        if (current.role === 'admin' && admins <= 1) {
          throw refusals.lastAdminDeleted();
        }
        await trx.deleteFrom('app_user').where('id', '=', id).execute();
      });
    },

    /** Creates the first admin when the database has none; returns what was created. */
    async ensureFirstAdmin(
      email: string,
      password: string,
    ): Promise<{ created: boolean; email: string }> {
      if ((await adminCount()) > 0) return { created: false, email };
      if (await emailTaken(email)) {
        await db
          .updateTable('app_user')
          .set({ role: 'admin' })
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
          .execute();
        return { created: false, email };
      }
      // Two processes starting together on an empty database both get here: one inserts, the
      // other's insert meets the email's unique index and does nothing.
      const inserted = await db
        .insertInto('app_user')
        .values({
          name: 'Administrator',
          email,
          role: 'admin',
          password_hash: await hashPassword(password),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return { created: inserted.numInsertedOrUpdatedRows === 1n, email };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
