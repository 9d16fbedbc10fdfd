import { AsyncLocalStorage } from 'node:async_hooks';

/** Who makes the changes of a call, and from which address (the history's, migration 0016). */
export interface ChangeActor {
  id: string | null;
  address: string | null;
}

/**
 * The person whose call is being answered, set around every call that may write
 * (routes/contract.ts), so each transaction begun below it tells the database who makes its
 * changes: the history's triggers read it.
 */
export const changeActors = new AsyncLocalStorage<ChangeActor>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that tells the database, for the transaction it runs in, who is making its
 * changes; null outside a person's call (the demo seed, a migration: recorded with no one). The
 * dialects send it with `begin` in one round trip, so the values are literals: an id is a UUID
 * and an address keeps only the characters of an IPv4 or IPv6 address.
 */
export function changeActorStatement(): string | null {
  const actor = changeActors.getStore();
  if (!actor) return null;
  const id = actor.id && UUID.test(actor.id) ? actor.id : '';
  const address = (actor.address ?? '').replace(/[^0-9a-fA-F:.]/g, '').slice(0, 64);
  return `select set_config('ranwal.actor', '${id}', true), set_config('ranwal.address', '${address}', true)`;
}
