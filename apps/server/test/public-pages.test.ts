import { existsSync, realpathSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ArticleInput } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_FILE } from '../src/plugins/public-pages.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

// The public pages (`/`, `/artikel/:slug`) rendered on the server by the built portal's own
// rendering module (apps/portal/src/entry-server.tsx), served in the portal's index.html.
const BUILT_PORTAL = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../portal/dist',
);
const API = '/ranwal/api/article';
const STATE = /<script type="application\/json" id="ranwal-server-state">([^<]*)<\/script>/;

/** A copy of the built portal (a rebuild meanwhile cannot change it under the tests). */
async function copyOfPortal(): Promise<string> {
  if (!existsSync(path.join(BUILT_PORTAL, RENDERER_FILE))) {
    throw new Error(
      `The portal is not built (${BUILT_PORTAL}); run npm run build -w @ranwal/portal`,
    );
  }
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ranwal-public-pages-'));
  // `dist` is a link to the build of the moment (scripts/build-swap.mjs): its folder is copied.
  await cp(realpathSync(BUILT_PORTAL), directory, { recursive: true });
  return directory;
}

/** Every `<script …>` opening tag of a page. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe.each(databaseTargets)('server-rendered public pages (%s)', (target) => {
  let directory: string;
  let index: string;
  let t: TestApp;
  const published: { slug: string; title: string }[] = [];
  let draftSlug: string;

  const create = async (input: ArticleInput) => {
    const response = await t.call('POST', `${API}/create`, { token: t.adminToken, body: input });
    expect(response.statusCode).toBe(201);
    return response.json().data as { slug: string; title: string; views_count: number };
  };
  const viewsOf = async (slug: string) =>
    (await t.call('GET', `${API}/${slug}/get`, { token: t.adminToken })).json().data
      .views_count as number;

  beforeAll(async () => {
    directory = await copyOfPortal();
    index = await readFile(path.join(directory, 'index.html'), 'utf8');
    t = await startTestApp(target, { RANWAL_PORTAL_DIR: directory });
    for (const title of ['Panen Raya di Desa Sukamaju', 'Jalan Desa Selesai Diperbaiki']) {
      published.push(
        await create({
          title,
          content: `<p>Isi artikel <strong>tebal</strong> ${title}.</p>`,
          category: 'Kegiatan Rutin',
          status: 'published',
        }),
      );
    }
    // A title that tries to end the data's script element and start one of its own.
    published.push(
      await create({
        title: 'Laporan </script><script>alert(1)</script> Warga',
        content: '<p>Isi.</p>',
        category: 'Usulan Langsung Warga Masyarakat',
        status: 'published',
      }),
    );
    draftSlug = (
      await create({
        title: 'Rancangan Rahasia Belum Terbit',
        content: '<p>Draf.</p>',
        category: 'Kegiatan Rutin',
        status: 'draft',
      })
    ).slug;
  });
  afterAll(async () => {
    await t?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('renders / with the published articles, linked to their own pages, and no drafts', async () => {
    const response = await t.call('GET', '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('Panen Raya di Desa Sukamaju');
    expect(html).toContain('Jalan Desa Selesai Diperbaiki');
    expect(html).not.toContain('Rancangan Rahasia');
    for (const article of published) expect(html).toContain(`href="/artikel/${article.slug}"`);
    expect(html).toContain('href="/login"');
    // In the portal's page: its stylesheet and its entry script, as index.html links them.
    for (const tag of scriptTags(index)) expect(html).toContain(tag);
    expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
  });

  it('sends no inline script: only the entry script and the data, which cannot break out', async () => {
    const html = (await t.call('GET', '/')).body;
    const tags = scriptTags(html);
    expect(tags.length).toBe(scriptTags(index).length + 1);
    for (const tag of tags) {
      expect(tag.includes(' src=') || tag.includes('type="application/json"'), tag).toBe(true);
    }
    expect(html).not.toContain('<script>alert(1)');
    // The data is the query cache the page was rendered with.
    const state = JSON.parse(STATE.exec(html)?.[1] ?? 'null');
    const titles = state.queries[0].state.data.data.map(
      (article: { title: string }) => article.title,
    );
    expect(titles).toContain('Laporan </script><script>alert(1)</script> Warga');
    expect(titles).not.toContain('Rancangan Rahasia Belum Terbit');
    // The policy still allows no inline script.
    expect(String((await t.call('GET', '/')).headers['content-security-policy'])).toMatch(
      /script-src 'self'(;|$)/,
    );
  });

  it('renders /artikel/:slug with the article, counting one view per page load', async () => {
    const [article] = published;
    const before = await viewsOf(article!.slug);
    const response = await t.call('GET', `/artikel/${article!.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Panen Raya di Desa Sukamaju');
    // The content as HTML (sanitized on the server as in the browser), not as escaped text.
    expect(response.body).toContain(
      'Isi artikel <strong>tebal</strong> Panen Raya di Desa Sukamaju.',
    );
    expect(response.body).toMatch(STATE);
    expect(await viewsOf(article!.slug)).toBe(before + 1);
    // A HEAD reads nothing.
    expect((await t.call('HEAD', `/artikel/${article!.slug}`)).statusCode).toBe(200);
    expect(await viewsOf(article!.slug)).toBe(before + 1);
  });

  it('answers an unknown or unpublished article with the plain app and a 404', async () => {
    for (const slug of ['tidak-ada-artikel-ini', draftSlug]) {
      const response = await t.call('GET', `/artikel/${slug}`);
      expect(response.statusCode).toBe(404);
      // The app then shows its own not-found state, as for any article it cannot read.
      expect(response.body).toBe(index);
    }
    expect(await viewsOf(draftSlug)).toBe(0);
  });

  it('compresses the page for a browser that accepts it', async () => {
    const plain = (await t.call('GET', '/')).body;
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await t.call('GET', '/', { headers: { 'accept-encoding': accepted } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 2);
      // The same page (the data's time of reading apart).
      const withoutData = (html: string) => html.replace(STATE, '');
      expect(withoutData(decode(response.rawPayload).toString())).toBe(withoutData(plain));
    }
  });

  it('does not send the rendering module to browsers', async () => {
    expect((await t.call('GET', '/ssr/entry-server.js')).statusCode).toBe(404);
  });
});

describe('when server rendering is not possible', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup) await step();
  });

  const start = async (change: (directory: string) => Promise<void>) => {
    const directory = await copyOfPortal();
    await change(directory);
    const t = await startTestApp('pglite', { RANWAL_PORTAL_DIR: directory });
    cleanup.push(async () => {
      await t.close();
      await rm(directory, { recursive: true, force: true });
    });
    return { t, index: await readFile(path.join(directory, 'index.html'), 'utf8') };
  };

  it('sends the plain app when rendering fails', async () => {
    const { t, index } = await start((directory) =>
      writeFile(
        path.join(directory, RENDERER_FILE),
        `export const SERVER_STATE_ID = 'ranwal-server-state';
export async function renderPublicPage() { throw new Error('rendering broke'); }\n`,
      ),
    );
    for (const url of ['/', '/artikel/apa-saja']) {
      const response = await t.call('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(index);
    }
  });

  it('behaves as before when the build has no rendering module', async () => {
    const { t, index } = await start((directory) =>
      rm(path.join(directory, 'ssr'), { recursive: true }),
    );
    const response = await t.call('GET', '/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(index);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
