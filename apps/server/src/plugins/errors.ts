import type { IncomingMessage } from 'node:http';
import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  errorCodeForStatus,
  errorStatuses,
  type FieldIssue,
  MoneyError,
  messagesId,
  moneyErrorAnswer,
} from '@ranwal/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { wantsPortalPage } from './portal.js';

const server = messagesId.server;

function body(code: ErrorCode, message: string, issues?: FieldIssue[]): ErrorBody {
  return { status: errorStatuses[code], message, data: null, code, ...(issues ? { issues } : {}) };
}

/** PostgreSQL error codes that mean the request, not the server, was wrong. */
const pgErrors: Record<string, { code: ErrorCode; message: string }> = {
  '23505': { code: 'conflict', message: server.duplicateRecord },
  '23503': { code: 'conflict', message: server.recordInUseOrParentMissing },
  '22P02': { code: 'validation', message: server.badRequest },
  '22003': { code: 'validation', message: server.numberOutOfRange },
};

/**
 * The database cannot be reached or went away mid-request (a restart, a cut connection): a 503
 * the caller may retry, not a 500. PostgreSQL's connection-exception class 08, its shutdown and
 * too-many-connections codes, socket errors, and node-postgres's own uncoded messages.
 */
const unavailableCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
]);
const unavailableCodePrefix = '08';
const unavailableMessage =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;
const databaseUnavailable = (error: { code?: unknown; message?: unknown }) =>
  (typeof error.code === 'string' &&
    (unavailableCodes.has(error.code) ||
      (error.code.length === 5 && error.code.startsWith(unavailableCodePrefix)))) ||
  (typeof error.message === 'string' && unavailableMessage.test(error.message));

/** Past this much, or this long, a refused body is not read any further: the connection is cut. */
const DISCARD_LIMIT = { bytes: 64 * 1024 * 1024, ms: 15_000 };

/**
 * Reads and drops the rest of a body the server refused before reading it (too large, wrong
 * content type). Answering first and closing would reset the connection under a client that is
 * still sending, so it would see a network error instead of the 413 and its message.
 */
function discardBody(raw: IncomingMessage): Promise<void> {
  // `readableEnded`: a body already read to its end (app.inject's requests never set `complete`).
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DISCARD_LIMIT.bytes) done();
    };
    const timer = setTimeout(done, DISCARD_LIMIT.ms);
    raw.on('data', onData).once('end', done).once('error', done).once('close', done);
    raw.resume();
  });
}

/**
 * Maps every failure to the `{status, message, data: null, code, issues?}` body through the
 * closed code table of @ranwal/core. A 5xx never reveals internals.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { portalIndex?: Buffer | null } = {},
): void {
  app.setErrorHandler(async (error: FastifyError & { code?: string }, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (where ?? 'body'),
        message: v.message ?? server.issueInvalid,
      }));
      const first = issues[0]!;
      return reply
        .code(400)
        .send(body('validation', server.validation(first.path, first.message), issues));
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(error.status).send(body(error.code, error.message, error.issues));
    }
    if (error instanceof MoneyError) {
      const { message, issues } = moneyErrorAnswer(error);
      return reply.code(400).send(body('validation', message, issues));
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body('unavailable', server.unavailable));
    }
    const pg = typeof error.code === 'string' ? pgErrors[error.code] : undefined;
    if (pg) return reply.code(errorStatuses[pg.code]).send(body(pg.code, pg.message));

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) await discardBody(request.raw);
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(body('payload_too_large', server.payloadTooLarge));
    }
    if (status === 429) return reply.code(429).send(body('rate_limited', server.rateLimited));
    if (status >= 400 && status < 500) {
      const code = errorCodeForStatus(status);
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? `${server.badRequest} ${server.invalidJson}`
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? server.unsupportedContentType
            : server.badRequest;
      return reply.code(status).send({ ...body(code, message), status });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('internal', server.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.portalIndex && wantsPortalPage(request.method, request.url)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(options.portalIndex);
    }
    reply
      .code(404)
      .send(body('not_found', server.notFound(`${request.method} ${request.url.split('?')[0]}`)));
  });
}
