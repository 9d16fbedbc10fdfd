import {
  BASE_PATH,
  HistoryExportQuery,
  messagesId,
  routes,
  StageWorkbookQuery,
  XLSX_CONTENT_TYPE,
} from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createHistoryService } from '../services/history.js';
import { HISTORY_EXPORT_FILE_NAME, writeHistoryExport } from '../services/history-export.js';
import { createLockService } from '../services/locks.js';
import type { BudgetLineService } from '../services/reports.js';
import { stageWorkbookName, writeStageWorkbook } from '../services/stage-workbook.js';
import { createStageService } from '../services/stages.js';
import { type Handlers, lagTolerant } from './contract.js';
import type { RouteModule } from './module.js';
import { assertAdmin, type SignedFiles, signedFile } from './signed-files.js';

/** The signed links' paths, next to the calls that hand them out. */
export const HISTORY_FILE_PATH = `${BASE_PATH}${routes.history.export.path}/file`;
export const STAGE_WORKBOOK_FILE_PATH = `${BASE_PATH}${routes.stage.compareWorkbook.path}/file`;

/**
 * The history of every change: the admin's audit list and its workbook, a line's history, a
 * restore.
 */
export function historyRoutes(
  context: AppContext,
  lines: BudgetLineService,
  files: SignedFiles,
): RouteModule<'history'> {
  const history = createHistoryService(context.db, lines);
  // The same service reading what may lag: the lists and the workbook.
  const lagging = createHistoryService(context.replica, lines);
  const historyFile = signedFile({
    path: HISTORY_FILE_PATH,
    purpose: 'history-export',
    claims: HistoryExportQuery,
    open: (query, signer) => {
      assertAdmin(signer);
      return {
        fileName: HISTORY_EXPORT_FILE_NAME,
        contentType: XLSX_CONTENT_TYPE,
        write: (output, { signal, shortStatements }) =>
          writeHistoryExport(
            (max) => lagging.export(query, { max, chunk: shortStatements ? 1000 : 5000 }),
            output,
            { signal },
          ),
      };
    },
  });
  return {
    handlers: {
      list: lagTolerant(async ({ query }) => lagging.list(query)),
      line: lagTolerant(async ({ params, query, user }) => lagging.line(params.id, query, user)),
      restore: async ({ body, user }) => ({
        message: messagesId.server.updated,
        data: await history.restore(body.change_id, user),
      }),
      export: async ({ query, user }) => ({
        data: {
          path: await files.link(historyFile, user, query),
          originalName: HISTORY_EXPORT_FILE_NAME,
        },
      }),
    },
    register(app) {
      files.register(app, historyFile);
    },
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

/** A budget year's stages: their schedule, moving on, locking, comparing two (as a workbook too). */
export function stageRoutes(context: AppContext, files: SignedFiles): RouteModule<'stage'> {
  const stages = createStageService(context.db);
  // The same service reading what may lag: the comparison, on screen and as a workbook.
  const lagging = createStageService(context.replica);
  const stageWorkbookFile = signedFile({
    path: STAGE_WORKBOOK_FILE_PATH,
    purpose: 'stage-workbook',
    claims: StageWorkbookQuery,
    open: async (query, signer) => {
      assertAdmin(signer);
      // Every changed line: the comparison is one statement, read before the file is made.
      const comparison = await lagging.compare({ ...query, limit: null });
      return {
        fileName: stageWorkbookName(query),
        contentType: XLSX_CONTENT_TYPE,
        write: (output) => writeStageWorkbook(comparison, output),
      };
    },
  });
  return {
    handlers: {
      list: async ({ query }) => ({ data: await stages.list(query.year) }),
      schedule: async ({ body }) => ({
        message: messagesId.server.updated,
        data: await stages.schedule(body),
      }),
      advance: async ({ body }) => ({
        message: messagesId.server.updated,
        data: await stages.advance(body.year, body.confirm),
      }),
      lock: async ({ body, user }) => ({
        message: messagesId.server.updated,
        data: await stages.lock(body, user),
      }),
      compare: lagTolerant(async ({ query }) => ({ data: await lagging.compare(query) })),
      compareWorkbook: async ({ query, user }) => {
        // Refused now (an unknown or upcoming stage) rather than when the link is opened.
        await stages.compare({ ...query, limit: 0 });
        return {
          data: {
            path: await files.link(stageWorkbookFile, user, query),
            originalName: stageWorkbookName(query),
          },
        };
      },
    },
    register(app) {
      files.register(app, stageWorkbookFile);
    },
  };
}
