import { HIERARCHY_IMPORT_BATCH_ROWS, messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createImportService } from '../services/import.js';
import { createReferenceService } from '../services/reference.js';
import type { Handlers } from './contract.js';

/**
 * One import call carries up to 100 000 account codes with the records above them: about 10 MB
 * for realistic names, up to some 170 MB if every name of every level were distinct and 255
 * characters long. This one route (admin only, checked before the body is read) allows 256 MB.
 */
export const IMPORT_BODY_LIMIT_BYTES = 256 * 1024 * 1024;

/** The hierarchy in the import's own format, a page at a time (`ranwal export hierarchy`). */
export function exportHandlers({ db }: AppContext): Handlers['export'] {
  const imports = createImportService(db);
  return {
    hierarchy: async ({ query }) => ({
      message: messagesId.server.ok,
      data: await imports.exportPage(query),
    }),
  };
}

export function importHandlers({ db, database }: AppContext): Handlers['import'] {
  const imports = createImportService(db);
  return {
    hierarchy: async ({ body, request }) => ({
      message: messagesId.server.ok,
      data: {
        ...(await imports.hierarchy(body, {
          // Ctrl-C or a lost connection while the server works: nothing of this call is kept.
          abandoned: () => request.raw.socket.destroyed,
        })),
        batch_rows: HIERARCHY_IMPORT_BATCH_ROWS[database.kind],
      },
    }),
  };
}

/** The national nomenclature: loaded by an admin, read to pick official codes and names. */
export function referenceHandlers({ db }: AppContext): Handlers['reference'] {
  const reference = createReferenceService(db);
  return {
    import: async ({ body }) => ({
      message: messagesId.server.ok,
      data: await reference.load(body),
    }),
    list: async ({ query }) => ({
      message: messagesId.server.ok,
      ...(await reference.list(query)),
    }),
  };
}
