import { messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createNotificationService, createVerificationService } from '../services/verification.js';
import type { Handlers } from './contract.js';

const server = messagesId.server;

/** Verification (asistensi): notes, answers, closing, sub kegiatan verified. */
export function verificationHandlers({ db, database }: AppContext): Handlers['verification'] {
  const verification = createVerificationService(db, database.read);
  return {
    notes: async ({ query, user }) => verification.list(query, user),
    replies: async ({ params, query, user }) => verification.replies(params.id, query, user),
    create: async ({ body, user }) => ({
      message: server.created,
      data: await verification.create(body, user),
    }),
    reply: async ({ params, body, user }) => ({
      message: server.created,
      data: await verification.reply(params.id, body.body, user),
    }),
    close: async ({ params, body, user }) => ({
      message: server.updated,
      data: await verification.close(params.id, body.closed, user),
    }),
    subActions: async ({ query, user }) => verification.subActions(query, user),
    verify: async ({ body, user }) => ({
      message: server.updated,
      data: await verification.verify(body, user),
    }),
  };
}

/** The caller's notifications inside the app. */
export function notificationHandlers({ db }: AppContext): Handlers['notification'] {
  const notifications = createNotificationService(db);
  return {
    list: async ({ query, user }) => notifications.list(query, user),
    count: async ({ user }) => ({ data: { unread: await notifications.unread(user) } }),
    read: async ({ body, user }) => ({ data: await notifications.read(body.ids, user) }),
  };
}
