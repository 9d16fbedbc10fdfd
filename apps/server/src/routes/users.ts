import { messagesId } from '@ranwal/core';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { signSessionToken } from '../plugins/auth.js';
import type { Session } from '../services/users.js';
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

export function userHandlers({ users, tokens, signInGuard }: AppContext): Handlers['user'] {
  /** A session token for the user at their current session version, with the user. */
  const signedIn = async ({ user, version }: Session) => ({
    token: await signSessionToken(tokens, user, version),
    // The spec's sign-in answer: the person's units come with /user/me.
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
  });
  return {
    signIn: async ({ body, request }) => {
      const takeBack = await signInGuard.admit(request.ip, body.email);
      const session = await users.signIn(body.email, body.password);
      await takeBack();
      return { message: server.signInSuccess, data: await signedIn(session) };
    },
    changePassword: async ({ body, user, request }) => {
      // Guessing the current password from a stolen session counts as guessing at sign-in.
      const takeBack = await signInGuard.admit(request.ip, user.email);
      const session = await users.changePassword(user.id, body.current_password, body.new_password);
      await takeBack();
      return { message: server.passwordChanged, data: await signedIn(session) };
    },
    setPassword: async ({ params, body }) => ({
      message: server.passwordSet,
      data: await users.setPassword(params.id, body.password),
    }),
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
