import { type ManagedEntityKey, managedEntityKeys, messagesId, type Routes } from '@ranwal/core';
import type { AppContext } from '../context.js';
import type { HandlerResult, RequestContext } from './contract.js';

const server = messagesId.server;

/** A call of the four every managed entity has, as the route of any of the seven. */
type LevelRoute<N extends keyof Routes['program']> = Routes[ManagedEntityKey][N];

/**
 * The four handlers one implementation gives every level. Each takes the request of any level's
 * route (so it is a handler of every one of them) and answers what the service checked against
 * that level's schemas, which the registrar checks again against the route's schema.
 */
type LevelHandlers = {
  [N in keyof Routes['program']]: (
    context: RequestContext<LevelRoute<N>>,
  ) => Promise<HandlerResult<LevelRoute<N>> & { data: never }>;
};

/** The same four handlers for every level and for supporters, from the level table. */
function crudHandlers({ hierarchy }: AppContext, key: ManagedEntityKey): LevelHandlers {
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
      return { message: server.deleted, data: null as never };
    },
  };
}

/**
 * The handlers of the six levels and supporters, keyed as the route table keys them (the level
 * table's keys). Returning them as the route table's own handler types is what checks that one
 * implementation serves all seven.
 */
export function hierarchyHandlers(context: AppContext): Record<ManagedEntityKey, LevelHandlers> {
  // Built from the level table at run time, as core builds these routes (routes.ts).
  const entries = managedEntityKeys.map((key) => [key, crudHandlers(context, key)]);
  return Object.fromEntries(entries) as Record<ManagedEntityKey, LevelHandlers>;
}
