import { type ManagedEntityKey, managedEntityKeys, messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import type { Handlers } from './contract.js';

const server = messagesId.server;

type CrudGroup = Handlers['program'];

/** The same four handlers for every level and for supporters, from the level table. */
function crudHandlers({ hierarchy }: AppContext, key: ManagedEntityKey): CrudGroup {
  return {
    list: async ({ query, user }) => hierarchy.list(key, query, user) as never,
    create: async ({ body }) => ({
      message: server.created,
      data: (await hierarchy.create(key, body)) as never,
    }),
    update: async ({ params, body }) => ({
      message: server.updated,
      data: (await hierarchy.update(key, params.id, body)) as never,
    }),
    delete: async ({ params }) => {
      await hierarchy.remove(key, params.id);
      return { message: server.deleted, data: null };
    },
  };
}

/**
 * The handlers of the six levels and supporters, keyed as the route table keys them (the level
 * table's keys). The levels' routes differ only in their entity types, which the service checks
 * with the level table's schemas, so one implementation serves all seven.
 */
export function hierarchyHandlers(context: AppContext): Pick<Handlers, ManagedEntityKey> {
  return Object.fromEntries(
    managedEntityKeys.map((key) => [key, crudHandlers(context, key)]),
    // The one place the seven entity types meet one implementation: TypeScript cannot relate a
    // key-indexed object built at run time to the per-key handler types.
  ) as unknown as Pick<Handlers, ManagedEntityKey>;
}
