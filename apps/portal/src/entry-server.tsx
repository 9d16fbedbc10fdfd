/**
 * The server's rendering of the public pages (`/` and `/artikel/:slug`), built by Vite as a
 * module of its own (`dist/ssr/entry-server.js`, see vite.config.ts) and imported by the server
 * (apps/server/src/plugins/public-pages.ts). It renders the very tree the browser runs (the same
 * route objects, pages and @ranwal/ui screens) under a static data router, with the query cache
 * filled first, and hands back that cache for the browser to hydrate with.
 */
import { createClient, isApiError } from '@ranwal/core';
import {
  createRanwalQueryClient,
  prefetchPublicHome,
  setArticleSanitizerOutsideBrowser,
} from '@ranwal/ui';
import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  StaticRouterProvider,
} from 'react-router';
import { portalRouteObjects } from './App.js';

export { SERVER_STATE_ID } from './server-state.js';

export interface RenderOptions {
  /** Answers the page's API calls; the server passes one that calls its own routes in-process. */
  fetch: typeof fetch;
  /** Aborts a render that takes too long. */
  signal?: AbortSignal;
  /**
   * Sanitizes an article's HTML (the browser's sanitizer needs a DOMParser); without it, the
   * content is shown as escaped text.
   */
  sanitizeHtml?: (html: string) => string;
}

export type RenderResult =
  /** `html` goes inside `#root`; `state` is the query cache as JSON, for the browser. */
  | { kind: 'page'; html: string; state: string }
  /** The article does not exist or is not published. */
  | { kind: 'not-found' };

/** Which public page a path is, or null for every other path (the browser renders those). */
export function publicPageOf(path: string): { articleSlug?: string } | null {
  const pathname = path.split('?')[0] ?? '';
  if (pathname === '/') return {};
  const article = matchPath('/artikel/:slug', pathname);
  return article?.params.slug ? { articleSlug: article.params.slug } : null;
}

/**
 * Renders a public page to HTML. Resolves to null for a path that is not a public page; rejects
 * when the data cannot be read (other than not found) or rendering fails.
 */
export async function renderPublicPage(
  path: string,
  { fetch, signal, sanitizeHtml }: RenderOptions,
): Promise<RenderResult | null> {
  const page = publicPageOf(path);
  if (!page) return null;
  setArticleSanitizerOutsideBrowser(sanitizeHtml ?? null);
  const queryClient = createRanwalQueryClient();
  const client = createClient({ baseUrl: '', fetch });
  try {
    await prefetchPublicHome(queryClient, client, page);
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 404) {
      return { kind: 'not-found' };
    }
    throw error;
  }
  // React reports an error inside a Suspense boundary and renders its fallback for the browser
  // to retry; here any error fails the render, and the server sends the plain app instead.
  const errors: unknown[] = [];
  // The browser's data router, statically: the same route objects make the same tree (App.tsx).
  const handler = createStaticHandler(portalRouteObjects({ queryClient }));
  const context = await handler.query(new Request(new URL(path, 'http://localhost'), { signal }));
  // The routes have no loaders, so the answer is never a redirect; this narrows the type.
  if (context instanceof Response) throw new Error(`The static router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
    { signal, onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  if (errors.length > 0) throw errors[0];
  const state = JSON.stringify(dehydrate(queryClient));
  queryClient.clear();
  return { kind: 'page', html, state };
}
