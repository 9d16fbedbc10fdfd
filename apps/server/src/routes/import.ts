import { messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createImportService } from '../services/import.js';
import type { Handlers } from './contract.js';

/**
 * A full import batch (2 000 rows of long names) can pass the API's default body limit; this
 * one route allows up to 16 MB.
 */
export const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export function importHandlers({ db }: AppContext): Handlers['import'] {
  const imports = createImportService(db);
  return {
    hierarchy: async ({ body }) => ({
      message: messagesId.server.ok,
      data: await imports.hierarchy(body),
    }),
  };
}
