import { messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createImportService } from '../services/import.js';
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

/**
 * Rows per import call the server asks for. PGlite has one session, so a call holds everyone
 * else for as long as it runs: small calls (about 50 ms each). PostgreSQL serves other sessions
 * meanwhile: calls of 20 000 rows import 100 000 in 1.6x the SQL-only floor against 2.6x in calls
 * of 1 000 (docs/performance.md).
 */
export const IMPORT_BATCH_ROWS = { pglite: 1_000, postgres: 20_000 } as const;

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
        batch_rows: IMPORT_BATCH_ROWS[database.kind],
      },
    }),
  };
}
