import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  AppError,
  type ErrorBody,
  errorCodeForStatus,
  type FieldIssue,
  messagesId,
} from '@ranwal/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const server = messagesId.server;

/** The error envelope for a status the error handler never sees. */
const envelope = (status: number, message: string): ErrorBody => ({
  status,
  message,
  data: null,
  code: errorCodeForStatus(status),
});

const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: `${server.badRequest} ${server.invalidUrl}`,
  FST_ERR_MAX_PARAM_LENGTH: server.urlTooLong,
};

/**
 * Fastify's own refusals before routing (a URL with broken percent-encoding, a path segment past
 * the router's length limit), in the API's error envelope instead of Fastify's default body.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  reply.code(status).send(envelope(status, frameworkMessages[error.code] ?? server.badRequest));
}

/**
 * Bytes Node's HTTP parser refuses before there is a request (a broken request line, both
 * Content-Length and Transfer-Encoding, headers past the limit): answered on the socket in the
 * API's envelope, then the connection is closed, as Fastify's default handler does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  const message =
    status === 408
      ? server.requestTimeout
      : status === 431
        ? server.headersTooLarge
        : `${server.badRequest} ${server.unreadableRequest}`;
  const payload = JSON.stringify(envelope(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (UTF-8 cannot encode it). */
const unstorable = (text: string) => text.includes('\0') || LONE_SURROGATE.test(text);

/** The first string in a parsed body, query or params that the database cannot store as sent. */
function unstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key)) return path ? `${path}.${key}` : key;
    const found = unstorableText(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const notUtf8 = () =>
  new AppError('validation', `${server.badRequest} Body bukan teks UTF-8 yang valid.`);

/**
 * Text the database would store differently from what was sent is refused, never altered:
 * JSON bodies must be valid UTF-8 (a Windows-1252 'é' would otherwise become U+FFFD), and no
 * string in a body, query or path may hold NUL or a lone surrogate (PostgreSQL refuses the one,
 * the driver replaces the other with U+FFFD). The answer is a 400 naming the field.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // No bytes is no body, not broken JSON: clients set the JSON type on every call, a body-less
    // DELETE included (the spec's own client does). A route that needs a body says so itself.
    if ((body as Buffer).byteLength === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(notUtf8(), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    for (const value of [request.body, request.query, request.params]) {
      const path = unstorableText(value, '');
      if (path === null) continue;
      const field = path || 'body';
      const problem = server.issueUnstorableText;
      const issues: FieldIssue[] = [{ path: field, message: problem }];
      throw new AppError('validation', server.validation(field, problem), issues);
    }
  });
}

/**
 * Cuts the connection of a client that takes no byte of an answer for `timeoutMs`: one that stops
 * reading a download otherwise holds its socket and what is being sent for as long as it likes.
 * Progress is the bytes the socket has handed to the system (they stop once its buffers are full).
 */
export function cutOffWhenStalled(reply: FastifyReply, timeoutMs: number): void {
  const socket = reply.raw.socket;
  // An injected request (light-my-request: the tests' in-process calls) has a socket that counts
  // no bytes, and was cut off after `timeoutMs` however fast it read.
  if (typeof socket?.bytesWritten !== 'number') return;
  let written = socket.bytesWritten;
  let quietSince = Date.now();
  const check = setInterval(
    () => {
      if (socket.bytesWritten !== written) {
        written = socket.bytesWritten;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= timeoutMs) {
        reply.log.warn({ timeoutMs }, 'client stopped reading; connection cut');
        socket.destroy();
      }
    },
    Math.max(50, Math.min(1000, timeoutMs / 4)),
  );
  check.unref();
  reply.raw.once('close', () => clearInterval(check));
}
