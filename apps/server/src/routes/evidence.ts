import {
  AppError,
  BASE_PATH,
  EvidenceSheetQuery,
  messagesId,
  PDF_CONTENT_TYPE,
  routes,
} from '@ranwal/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { createEvidenceService } from '../services/evidence.js';
import { evidenceSheetName, writeEvidenceSheet } from '../services/evidence-sheet.js';
import { createUploadService } from '../services/uploads.js';
import { type Handlers, lagTolerant } from './contract.js';
import { type SignedFiles, signedFile } from './signed-files.js';
import { readUpload } from './uploads.js';

const ok = messagesId.server.ok;

/** The printed evidence sheet's signed link path, next to the call that hands it out. */
export const EVIDENCE_SHEET_FILE_PATH = `${BASE_PATH}${routes.evidence.sheet.path}/file`;

/**
 * Evidence from the field (issue 38): areas, a sub kegiatan's location, its photos (filed from a
 * phone, flagged when far or out of the month), the region's map and the printed evidence sheet.
 */
export function evidenceRoutes(
  { db, replica, linkOrigin, config, today }: AppContext,
  files: SignedFiles,
): {
  handlers: Pick<Handlers, 'location' | 'evidence'>;
  register(app: FastifyInstance): void;
} {
  const evidence = createEvidenceService(db, linkOrigin, today);
  // The same service reading what may lag: the region's map and the printed sheet.
  const lagging = createEvidenceService(replica, linkOrigin, today);
  const uploads = createUploadService(db);
  const tileUrl = config.RANWAL_MAP_TILE_URL ?? null;
  const evidenceSheetFile = signedFile({
    path: EVIDENCE_SHEET_FILE_PATH,
    purpose: 'evidence-sheet',
    claims: EvidenceSheetQuery,
    open: async (query, signer) => {
      // Read as the signer may read it now, with the photos as they stand now.
      const sheet = await lagging.sheet(query, signer);
      return {
        fileName: evidenceSheetName(sheet),
        contentType: PDF_CONTENT_TYPE,
        write: (output) => writeEvidenceSheet(replica, sheet, output),
      };
    },
  });
  return {
    handlers: {
      location: {
        areas: async ({ query }) => ({ message: ok, data: await evidence.areas(query) }),
        get: async ({ query, user }) => ({
          message: ok,
          data: { ...(await evidence.location.get(query.sub_action_id, user)), tile_url: tileUrl },
        }),
        set: async ({ body, user }) => ({
          message: ok,
          data: { ...(await evidence.location.set(body, user)), tile_url: tileUrl },
        }),
      },
      evidence: {
        list: async ({ query, user }) => ({ message: ok, data: await evidence.list(query, user) }),
        upload: async ({ request, user }) => {
          const sent = await readUpload(request, routes.evidence.upload.fields);
          const contentType = await uploads.detectImageType(sent.bytes);
          // The printed evidence sheet draws JPEG and PNG; a phone's camera writes JPEG.
          if (contentType !== 'image/jpeg' && contentType !== 'image/png') {
            throw new AppError('unsupported_media_type', messagesId.evidence.onlyJpegPng);
          }
          return {
            message: ok,
            data: await evidence.add(sent.fields, sent.bytes, contentType, user),
          };
        },
        remove: async ({ query, user }) => {
          await evidence.remove(query.id, user);
          return { message: ok, data: null };
        },
        map: lagTolerant(async ({ query, user }) => ({
          message: ok,
          data: await lagging.map(query, user, tileUrl),
        })),
        sheet: async ({ query, user }) => {
          // Refused now (another unit's sub kegiatan) rather than when the link is opened.
          const sheet = await evidence.sheet(query, user);
          return {
            data: {
              path: await files.link(evidenceSheetFile, user, query),
              originalName: evidenceSheetName(sheet),
            },
          };
        },
      },
    },
    register(app) {
      files.register(app, evidenceSheetFile);
    },
  };
}
