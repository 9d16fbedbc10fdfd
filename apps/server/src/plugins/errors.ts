import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  errorCodeForStatus,
  errorStatuses,
  type FieldIssue,
  MoneyError,
  messagesId,
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
  '23505': { code: 'conflict', message: 'Data yang sama sudah ada.' },
  '23503': { code: 'conflict', message: 'Data masih dipakai atau induknya tidak ditemukan.' },
  '22P02': { code: 'validation', message: server.badRequest },
  '22003': { code: 'validation', message: 'Angka di luar batas yang diizinkan.' },
};

/**
 * Maps every failure to the `{status, message, data: null, code, issues?}` body through the
 * closed code table of @ranwal/core. A 5xx never reveals internals.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { portalIndex?: Buffer | null } = {},
): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (where ?? 'body'),
        message: v.message ?? 'tidak valid',
      }));
      const first = issues[0]!;
      return reply
        .code(400)
        .send(body('validation', server.validation(first.path, first.message), issues));
    }
    if (error instanceof AppError) {
      return reply.code(error.status).send(body(error.code, error.message, error.issues));
    }
    if (error instanceof MoneyError) {
      const message = server.validation(
        error.field,
        'melebihi jumlah terbesar yang dapat dihitung tepat',
      );
      return reply
        .code(400)
        .send(body('validation', message, [{ path: error.field, message: error.message }]));
    }
    const pg = typeof error.code === 'string' ? pgErrors[error.code] : undefined;
    if (pg) return reply.code(errorStatuses[pg.code]).send(body(pg.code, pg.message));

    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(body('payload_too_large', server.payloadTooLarge));
    }
    if (status === 429) return reply.code(429).send(body('rate_limited', server.rateLimited));
    if (status >= 400 && status < 500) {
      const code = errorCodeForStatus(status);
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? `${server.badRequest} Body bukan JSON yang valid.`
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Content-Type tidak didukung; kirim application/json (atau multipart/form-data untuk unggahan).'
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
