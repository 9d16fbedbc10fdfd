import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's settings for the API and the portal. */
export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * The headers helmet writes for these options, as `[lower-case name, value]` pairs. None of our
 * options depends on the request (no CSP nonces or per-request directives), so they are the same
 * on every answer and are worked out once.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  // A response that is never sent: helmet only sets and removes its headers.
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let finished = false;
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet is synchronous; a version that is not would leave the headers unset here.
  if (!finished) throw new Error('helmet did not finish synchronously');
  // Node keeps the names lower-cased, in the order they were last set.
  return Object.entries(response.getHeaders()).map(([name, value]) => [
    name,
    Array.isArray(value) ? value.join(', ') : String(value),
  ]);
}

/**
 * Sends helmet's security headers on every answer (API, portal, errors). @fastify/helmet builds
 * helmet's middleware (and parses the CSP) again on every request; the headers never change, so
 * this computes them once and only copies them onto each reply. A route can still override one
 * with `reply.header`.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS,
): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
