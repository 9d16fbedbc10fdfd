/**
 * The server's rendering of the public pages (`/` and `/artikel/:slug`), built by Vite as a
 * module of its own (`dist/ssr/entry-server.js`, see vite.config.ts) and imported by the server
 * (apps/server/src/plugins/public-pages.ts). It renders the very tree the browser runs
 * (`AppRoutes`, the same pages and @ranwal/ui screens) under a static router, with the query
 * cache filled first, and hands back that cache for the browser to hydrate with.
 */
import { createClient, isApiError } from '@ranwal/core';
import {
  createRanwalQueryClient,
  prefetchPublicHome,
  setArticleSanitizerOutsideBrowser,
} from '@ranwal/ui';
import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { AppRoutes } from './App.js';

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
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location={path}>
      <AppRoutes queryClient={queryClient} />
    </StaticRouter>,
    { signal, onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  if (errors.length > 0) throw errors[0];
  const state = JSON.stringify(dehydrate(queryClient));
  queryClient.clear();
  return { kind: 'page', html, state };
}
