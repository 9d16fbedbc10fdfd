import { type ManagedEntityKey, messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import type { Handlers } from './contract.js';

const server = messagesId.server;

type CrudGroup = Handlers['program'];

/** The same four handlers for every level and for supporters, from the level table. */
function crudHandlers({ hierarchy }: AppContext, key: ManagedEntityKey): CrudGroup {
  return {
    list: async ({ query }) => hierarchy.list(key, query) as never,
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

export function hierarchyHandlers(context: AppContext) {
  return {
    program: crudHandlers(context, 'program'),
    action: crudHandlers(context, 'action') as unknown as Handlers['action'],
    subAction: crudHandlers(context, 'sub_action') as unknown as Handlers['subAction'],
    activity: crudHandlers(context, 'activity') as unknown as Handlers['activity'],
    subtitle: crudHandlers(context, 'subtitle') as unknown as Handlers['subtitle'],
    account: crudHandlers(context, 'account') as unknown as Handlers['account'],
    supporter: crudHandlers(context, 'supporter') as unknown as Handlers['supporter'],
  } satisfies Pick<
    Handlers,
    'program' | 'action' | 'subAction' | 'activity' | 'subtitle' | 'account' | 'supporter'
  >;
}
