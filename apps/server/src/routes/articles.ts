import { messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createArticleService } from '../services/articles.js';
import type { RouteModule } from './module.js';

const server = messagesId.server;

export function articleRoutes({ db }: AppContext): RouteModule<'article'> {
  const articles = createArticleService(db);
  return {
    handlers: {
      list: async ({ query, user }) => articles.list(query, user),
      get: async ({ params, user }) => ({ data: await articles.get(params.slug, user) }),
      create: async ({ body, user }) => ({
        message: server.created,
        data: await articles.create(body, user),
      }),
      update: async ({ params, body }) => ({
        message: server.updated,
        data: await articles.update(params.slug, body),
      }),
      delete: async ({ params }) => {
        await articles.remove(params.slug);
        return { message: server.deleted, data: null };
      },
    },
  };
}
