import { messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createHistoryService } from '../services/history.js';
import { createLockService } from '../services/locks.js';
import type { BudgetLineService } from '../services/reports.js';
import { createStageService } from '../services/stages.js';
import type { Handlers } from './contract.js';

/** The history of every change: the admin's audit list, a line's history, a restore. */
export function historyHandlers({ db }: AppContext, lines: BudgetLineService): Handlers['history'] {
  const history = createHistoryService(db, lines);
  return {
    list: async ({ query }) => history.list(query),
    line: async ({ params, user }) => ({ data: await history.line(params.id, user) }),
    restore: async ({ body, user }) => ({
      message: messagesId.server.updated,
      data: await history.restore(body.change_id, user),
    }),
  };
}

/** Locks (kunci) of a sub kegiatan's lines of a year. */
export function lockHandlers({ db }: AppContext): Handlers['lock'] {
  const locks = createLockService(db);
  return {
    list: async ({ query }) => locks.list(query),
    set: async ({ body, user }) => ({
      message: messagesId.server.updated,
      data: await locks.set(body, user),
    }),
  };
}

/** A budget year's stages: their schedule, moving on, locking, comparing two. */
export function stageHandlers({ db }: AppContext): Handlers['stage'] {
  const stages = createStageService(db);
  return {
    list: async ({ query }) => ({ data: await stages.list(query.year) }),
    schedule: async ({ body }) => ({
      message: messagesId.server.updated,
      data: await stages.schedule(body),
    }),
    advance: async ({ body }) => ({
      message: messagesId.server.updated,
      data: await stages.advance(body.year),
    }),
    lock: async ({ body, user }) => ({
      message: messagesId.server.updated,
      data: await stages.lock(body, user),
    }),
    compare: async ({ query }) => ({ data: await stages.compare(query) }),
  };
}
