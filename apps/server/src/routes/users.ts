import { messagesId } from '@ranwal/core';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Handlers } from './contract.js';

const server = messagesId.server;

export function healthHandlers({ db }: AppContext): Handlers['health'] {
  return {
    get: async () => {
      await sql`select 1`.execute(db);
      return { data: { database: 'up' } };
    },
  };
}

export function userHandlers({ users, tokens }: AppContext): Handlers['user'] {
  return {
    signIn: async ({ body }) => {
      const user = await users.signIn(body.email, body.password);
      const token = await tokens.sign(user.id, 'session', { role: user.role });
      return { message: server.signInSuccess, data: { token, ...user } };
    },
    me: async ({ user }) => ({ data: user }),
    list: async ({ query }) => users.list(query),
    create: async ({ body }) => ({ message: server.created, data: await users.create(body) }),
    update: async ({ params, body }) => ({
      message: server.updated,
      data: await users.update(params.id, body),
    }),
    delete: async ({ params, user }) => {
      await users.remove(params.id, user);
      return { message: server.deleted, data: null };
    },
  };
}
