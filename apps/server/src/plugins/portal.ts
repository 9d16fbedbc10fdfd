import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerPublicPages } from './public-pages.js';

/** Where the built portal lives when RANWAL_PORTAL_DIR is not set (beside this app's build). */
export const DEFAULT_PORTAL_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../portal/dist',
);

/**
 * The portal's folder as this server found it at start: `dist` is a link to the build of the
 * moment (scripts/build-swap.mjs), and a build while the server runs points it at a new one. The
 * server keeps serving the build it started with, whose index.html names its own asset files,
 * until it is restarted.
 */
export function pinnedPortalDirectory(directory: string): string {
  try {
    return realpathSync(directory);
  } catch {
    return directory;
  }
}

/** The portal's index.html, or null when no built portal is found (API-only mode). */
export async function loadPortalIndex(directory: string): Promise<Buffer | null> {
  const indexFile = path.join(directory, 'index.html');
  return existsSync(indexFile) ? readFile(indexFile) : null;
}

/**
 * Serves the built portal at `/`: its files (hashed assets cached for a year), brotli or gzip when
 * the build wrote a compressed copy and the browser accepts it. The public pages (`/`,
 * `/artikel/:slug`) are rendered on the server when the build has its rendering module
 * (public-pages.ts). The not-found handler answers `index.html` for other page paths, so history
 * routing survives reload.
 */
export async function registerPortal(app: FastifyInstance, directory: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: directory,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The server's rendering module (`ssr/`) is read by the server, not sent.
    allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
    // Set here, not by `send`: its own `max-age=0` would override the year for hashed assets.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        response.setHeader('vary', 'accept-encoding');
      } else {
        response.setHeader('cache-control', 'public, max-age=0');
      }
    },
  });
  const index = await loadPortalIndex(directory);
  if (index) registerPublicPages(app, { directory, index });
}

/** Whether a request that matched no route should get the portal's index.html. */
export const wantsPortalPage = (method: string, url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  return (
    (method === 'GET' || method === 'HEAD') &&
    !pathname.startsWith('/ranwal/') &&
    !/\.[a-z0-9]+$/i.test(pathname)
  );
};
