import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeArticleHtml } from '../services/sanitize.js';

/**
 * The public pages, `/` and `/artikel/:slug`, rendered on the server: HTML a visitor can read and
 * whose links work before any script runs, so the home's first load is the HTML, the stylesheet
 * and the portal's small loader, not the React app (issue 5's budget; docs/server.md).
 *
 * The rendering itself is the portal's: `apps/portal/src/entry-server.tsx`, built by Vite into
 * `<portal>/ssr/entry-server.js`, renders the same React tree the browser runs, with its query
 * cache filled through the API's own routes (called in-process). This module only puts that HTML
 * and the cache into the portal's index.html, and falls back to the plain index.html (the app,
 * rendering in the browser as before) whenever rendering is not possible.
 */

/** What `entry-server.js` exports (see apps/portal/src/entry-server.tsx). */
export interface PublicPageRenderer {
  SERVER_STATE_ID: string;
  renderPublicPage(
    path: string,
    options: {
      fetch: typeof fetch;
      signal?: AbortSignal;
      sanitizeHtml?: (html: string) => string;
    },
  ): Promise<
    { kind: 'page'; html: string; state: string } | { kind: 'not-found' } | null | undefined
  >;
}

/** The portal's server rendering module, relative to the portal's directory. */
export const RENDERER_FILE = path.join('ssr', 'entry-server.js');

/** A render slower than this is abandoned for the plain index.html. */
export const RENDER_TIMEOUT_MS = 5_000;

const ROOT_OPEN = '<div id="root">';
const ROOT = `${ROOT_OPEN}</div>`;

/** The public pages' paths, as Fastify routes. */
export const PUBLIC_PAGE_ROUTES = ['/', '/artikel/:slug'] as const;

/**
 * Serves `/` and `/artikel/:slug` server-rendered when the portal's build has its rendering
 * module and an index.html with an empty `#root`; otherwise registers nothing (the not-found
 * handler serves index.html for them, as for every page).
 */
export function registerPublicPages(
  app: FastifyInstance,
  { directory, index }: { directory: string; index: Buffer },
): void {
  const file = path.join(directory, RENDERER_FILE);
  const template = index.toString('utf8');
  const at = template.indexOf(ROOT);
  if (!existsSync(file) || at < 0) return;
  // The page around the rendered app: up to the root's opening tag, and after the root.
  const before = template.slice(0, at + ROOT_OPEN.length);
  const after = template.slice(at + ROOT.length);

  let renderer: Promise<PublicPageRenderer> | undefined;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(file).href) as Promise<PublicPageRenderer>;
    return renderer;
  };

  /** The API, called in-process: what the browser's client would get, without a socket. */
  const inProcessFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    });
  };

  const sendIndex = (reply: FastifyReply, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(index);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A HEAD must not read the article (a read counts a view).
    if (request.method !== 'GET') return sendIndex(reply);
    try {
      const { renderPublicPage, SERVER_STATE_ID } = await loadRenderer();
      const result = await renderPublicPage(request.url, {
        fetch: inProcessFetch,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        // The same policy as the browser's; the HTML was sanitized when written, too.
        sanitizeHtml: sanitizeArticleHtml,
      });
      if (!result) return sendIndex(reply);
      // The app in the browser shows its own not-found state, as for any unknown article.
      if (result.kind === 'not-found') return sendIndex(reply, 404);
      const page =
        before +
        result.html +
        `</div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${scriptSafe(result.state)}</script>` +
        after;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      // The page is most of the first load; the portal's files come compressed at build time.
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) {
        return reply.header('content-encoding', 'br').send(await brotli(page, BROTLI_OPTIONS));
      }
      if (/\bgzip\b/.test(accepted)) {
        return reply.header('content-encoding', 'gzip').send(await gzipAsync(page));
      }
      return reply.send(page);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; sending the plain portal page');
      return sendIndex(reply);
    }
  };

  for (const url of PUBLIC_PAGE_ROUTES) app.get(url, { schema: { hide: true } }, handler);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** A middling quality: each page is compressed as it is sent. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** JSON that cannot end the script element it sits in, nor open a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
