import { AppError, issuesRefusal, messagesId, refusals, UPLOADS_PATH } from '@ranwal/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { cutOffWhenStalled } from '../plugins/request-guards.js';
import { withoutMetadata } from '../services/image-metadata.js';
import { createUploadService } from '../services/uploads.js';
import type { RouteModule } from './module.js';

const server = messagesId.server;

/** The multipart field the spec's upload call sends the file in. */
const FILE_FIELD = 'file';

const missingFile = () => refusals.fileMissing(FILE_FIELD);

const isTooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The bytes of the one file in the `file` field, within the multipart size limit. */
async function readFileField(request: FastifyRequest): Promise<Buffer> {
  return (await readUpload(request)).bytes;
}

/**
 * An upload's file (`file`, within the multipart size limit) and the text fields sent before it,
 * validated by `fields` (a 400 naming the field otherwise). Fields after the file are not read.
 */
export async function readUpload<F extends z.ZodObject>(
  request: FastifyRequest,
  fields?: F,
): Promise<{ bytes: Buffer; fields: z.output<F> }> {
  if (!request.isMultipart()) throw missingFile();
  const values: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD || bytes) {
        // Drain an unwanted file so the request can finish.
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      if (part.file.truncated) throw refusals.fileTooLarge();
    }
  } catch (error) {
    if (isTooLarge(error)) throw refusals.fileTooLarge();
    if (error instanceof AppError || hasClientStatus(error)) throw error;
    // The multipart parser's own failures (no boundary, a truncated or unterminated body, a
    // stream cut short) are the request's fault: a 400, not a 500.
    throw new AppError('validation', `${server.badRequest} Body multipart tidak dapat dibaca.`);
  }
  if (!bytes) throw missingFile();
  if (!fields) return { bytes, fields: {} as z.output<F> };
  const parsed = fields.safeParse(values);
  if (!parsed.success) {
    throw issuesRefusal(
      parsed.error.issues.map((issue) => ({
        path: issue.path.join('.') || 'body',
        message: issue.message,
      })),
    );
  }
  return { bytes, fields: parsed.data };
}

/** An error @fastify/multipart already labelled with a 4xx status (limits, prototype keys). */
const hasClientStatus = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** How often unreferenced uploads are looked for: a quarter of the grace, between 1 min and 1 h. */
export const sweepIntervalMs = (graceHours: number) =>
  Math.min(3_600_000, Math.max(60_000, (graceHours * 3_600_000) / 4));

/**
 * Removes uploads no article references once their grace has passed, at start and then
 * periodically, so abandoned covers do not pile up. Every process may sweep: a delete is
 * idempotent. A failure (the database away for a moment) is logged and tried again next time.
 */
function scheduleUnreferencedSweep(
  app: FastifyInstance,
  intervalMs: number,
  sweep: () => Promise<number>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweep().then(
      (removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed uploads no article references');
      },
      (error: unknown) => app.log.warn({ err: error }, 'sweep of unreferenced uploads failed'),
    );
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export function uploadRoutes({ db, linkOrigin, config }: AppContext): RouteModule<'upload'> {
  const uploads = createUploadService(db);
  const anonymousMaxBytes = Math.floor(config.RANWAL_ANONYMOUS_UPLOAD_MAX_MB * 1024 * 1024);
  return {
    handlers: {
      file: async ({ request, user }) => {
        const sent = await readFileField(request);
        const contentType = await uploads.detectImageType(sent);
        // The GPS position and whatever else a camera writes in never reach the database.
        const bytes = withoutMetadata(sent, contentType);
        // No caller only when RANWAL_ANONYMOUS_UPLOADS let a call without a token through.
        const id = user
          ? await uploads.store(bytes, contentType, user.id)
          : await uploads.storeAnonymous(bytes, contentType, anonymousMaxBytes);
        return { data: { path: `${linkOrigin()}${UPLOADS_PATH}/${id}` } };
      },
    },

    register(app) {
      const grace = config.RANWAL_UPLOAD_GRACE_HOURS;
      scheduleUnreferencedSweep(app, sweepIntervalMs(grace), () =>
        uploads.removeUnreferenced(grace),
      );
      // Public, so the portal's <img> tags load covers without a token.
      app.get<{ Params: { id: string } }>(
        `${UPLOADS_PATH}/:id`,
        { schema: { hide: true } },
        async (request, reply) => {
          const upload = await uploads.find(request.params.id);
          cutOffWhenStalled(reply, config.RANWAL_SEND_TIMEOUT_MS);
          return reply
            .header('Content-Type', upload.contentType)
            .header('Content-Length', upload.bytes.byteLength)
            .header('X-Content-Type-Options', 'nosniff')
            .header('Cache-Control', 'public, max-age=31536000, immutable')
            .send(upload.bytes);
        },
      );
    },
  };
}
