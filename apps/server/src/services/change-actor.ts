import { AsyncLocalStorage } from 'node:async_hooks';
import { type QueryExecutorProvider, sql } from 'kysely';

/** Who makes the changes of a call, and from which address (the history's, migration 0016). */
export interface ChangeActor {
  id: string | null;
  address: string | null;
}

/**
 * The person whose call is being answered, set around every call that may write
 * (routes/contract.ts), so a transaction opened anywhere below it can say who made its changes.
 */
export const changeActors = new AsyncLocalStorage<ChangeActor>();

/**
 * Tells the database, for this transaction only, who is making its changes: the history's
 * triggers read it. Outside a person's call (the demo seed, a migration) the changes are
 * recorded with no one.
 */
export async function attributeChanges(trx: QueryExecutorProvider): Promise<void> {
  const actor = changeActors.getStore();
  if (!actor) return;
  await sql`select set_config('ranwal.actor', ${actor.id ?? ''}, true),
    set_config('ranwal.address', ${actor.address ?? ''}, true)`.execute(trx);
}
