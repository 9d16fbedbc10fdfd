// What the portal's pages download on a first visit: drives real Chromium against the real server
// (apps/server/dist/server.js serving apps/portal/dist) and sums the gzip size of every JavaScript
// and CSS response each page loads, with a cold cache. The budget (issue 5): `/` loads at most
// 100 KB of JavaScript and CSS, gzipped, in total. See README.md.
//
//   npm run bench:portal [-- --json] [-- --portal-dir DIR]
//
// Needs the builds of core, ui, portal and server (the npm script does them). Exits non-zero on
// errors (a page that does not render, a request to another origin), never on a missed budget.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, startBuiltServer } from '../local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const { values: options } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    'portal-dir': { type: 'string', default: path.join(root, 'apps/portal/dist') },
  },
});
const portalDir = path.resolve(options['portal-dir']);
const BUDGET_BYTES = 100 * 1024;
const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password-1' };

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Decodes a source map's `mappings` into, per generated line, [column, sourceIndex] segments. */
function decodeMappings(mappings) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const values = new Map([...alphabet].map((char, index) => [char, index]));
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = values.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) {
        source += fields[1];
        segments.push([column, source]);
      } else {
        segments.push([column, -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** A built chunk's source map, its sources as paths from the repository root; null without one. */
async function readSourceMap(assetPath) {
  try {
    const map = JSON.parse(await readFile(`${assetPath}.map`, 'utf8'));
    const base = path.resolve(path.dirname(assetPath), map.sourceRoot ?? '');
    const sources = map.sources.map((source) =>
      path.relative(root, path.resolve(base, source)).replaceAll('\\', '/'),
    );
    return { mappings: map.mappings, sources };
  } catch {
    return null;
  }
}

/** `react-dom`, `@ranwal/ui`, ... for a source path from the repository root. */
function packageOf(sourcePath) {
  const nodeModules = sourcePath.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const [scope, name] = sourcePath.slice(nodeModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  for (const [folder, name] of [
    ['packages/ui/', '@ranwal/ui'],
    ['packages/core/', '@ranwal/core'],
    ['apps/portal/', '@ranwal/portal'],
  ]) {
    if (sourcePath.includes(folder)) return name;
  }
  return sourcePath;
}

/** Characters of one built chunk per package, from its source map (mapped spans: approximate). */
function sizeByPackage(map, code) {
  const totals = new Map();
  const add = (name, size) => totals.set(name, (totals.get(name) ?? 0) + size);
  const codeLines = code.split('\n');
  decodeMappings(map.mappings).forEach((segments, lineIndex) => {
    const lineLength = codeLines[lineIndex]?.length ?? 0;
    let covered = 0;
    segments.forEach(([column, sourceIndex], index) => {
      const span = Math.max(0, (segments[index + 1]?.[0] ?? lineLength) - column);
      covered += span;
      add(sourceIndex >= 0 ? packageOf(map.sources[sourceIndex]) : '(unmapped)', span);
    });
    if (lineLength > covered) add('(unmapped)', lineLength - covered);
  });
  return totals;
}

/**
 * Code the public home must not load (issue 5): the signed-in shell, the admin and user screens,
 * the article editor and management, as modules of @ranwal/ui and pages of the portal.
 */
const SIGNED_IN_ONLY = [
  /packages\/ui\/.*screens\/(management|users|user-dashboard|dashboard)\//,
  /packages\/ui\/.*screens\/shell\/AdminShell/,
  /packages\/ui\/.*screens\/articles\/(ArticleEditor|RichTextEditor|TagInput|ArticleManagement|EditArticleDialog|ViewArticleDialog)/,
  /apps\/portal\/src\/(Shell|pages\/(Admin|Hierarchy|ArticleEditor|ArticleManagement|UserManagement|UserDashboard))/,
];

/**
 * Loads one page in a fresh context (cold cache) and returns every response it received. With
 * `interact`, then does that on the page (the public home loads the app on a first interaction)
 * and marks the responses that came after it with `afterInteraction`.
 */
async function visit(browser, baseUrl, pagePath, { storageState, ready, interact }) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    storageState,
  });
  const page = await context.newPage();
  const pending = [];
  const foreign = [];
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith('data:')) foreign.push(url);
  });
  let interacted = false;
  page.on('response', (response) => {
    const afterInteraction = interacted;
    pending.push(
      (async () => {
        const url = new URL(response.url());
        if (url.origin !== baseUrl) return null;
        const body = await response.body().catch(() => Buffer.alloc(0));
        // What went over the wire: the body as the server encoded it (or did not).
        const sizes = await response
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: body.length }));
        return {
          path: url.pathname,
          type: response.request().resourceType(),
          contentType: response.headers()['content-type'] ?? '',
          encoding: response.headers()['content-encoding'] ?? 'none',
          bytes: body.length,
          gzip: gzipSync(body).length,
          sent: sizes.responseBodySize,
          body,
          afterInteraction,
        };
      })(),
    );
  });
  await page.goto(pagePath);
  try {
    await ready(page);
  } catch (error) {
    throw new Error(`${pagePath} did not render: ${error.message}\n${errors.join('\n')}`);
  }
  await page.waitForLoadState('networkidle');
  if (interact) {
    interacted = true;
    try {
      await interact(page);
    } catch (error) {
      throw new Error(
        `${pagePath}: the interaction failed: ${error.message}\n${errors.join('\n')}`,
      );
    }
    await page.waitForLoadState('networkidle');
  }
  const responses = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  if (foreign.length > 0) {
    throw new Error(`${pagePath} requested other origins:\n  ${foreign.join('\n  ')}`);
  }
  return responses;
}

const isCode = (response) =>
  /\.(m?js|css)$/.test(response.path) ||
  /javascript|text\/css/.test(response.contentType.split(';')[0]);

function summarize(label, responses) {
  const code = responses.filter(isCode);
  const other = responses.filter((response) => !isCode(response));
  const sum = (list, key) => list.reduce((total, response) => total + response[key], 0);
  return {
    label,
    files: code.length,
    bytes: sum(code, 'bytes'),
    gzip: sum(code, 'gzip'),
    sent: sum(code, 'sent'),
    encodings: [...new Set(code.map((r) => r.encoding))],
    js: sum(
      code.filter((r) => !r.path.endsWith('.css')),
      'gzip',
    ),
    css: sum(
      code.filter((r) => r.path.endsWith('.css')),
      'gzip',
    ),
    otherFiles: other.map((r) => `${r.path} (${r.type}, ${kb(r.bytes)} KB)`),
    // The page itself: server-rendered for `/`, so it carries the articles and their data.
    html: other
      .filter((r) => r.type === 'document')
      .map(({ path: htmlPath, bytes, gzip, sent, encoding }) => ({
        path: htmlPath,
        bytes,
        gzip,
        sent,
        encoding,
      })),
    chunks: code
      .map(({ path: chunkPath, bytes, gzip, body }) => ({ path: chunkPath, bytes, gzip, body }))
      .sort((a, b) => b.gzip - a.gzip),
  };
}

/** The source maps of a page's JavaScript chunks, each with the chunk it belongs to. */
async function sourceMapsOf(summary) {
  const maps = [];
  for (const chunk of summary.chunks) {
    if (!/\.m?js$/.test(chunk.path)) continue;
    const map = await readSourceMap(path.join(portalDir, chunk.path));
    if (map) maps.push({ ...map, chunk });
  }
  return maps;
}

/**
 * Every source file behind a page's chunks; where a source is itself a built file with a source
 * map (a package's bundle), the files behind that too.
 */
async function originalSources(maps) {
  const sources = new Set(maps.flatMap((map) => map.sources));
  for (const source of [...sources]) {
    if (source.includes('node_modules/') || !/\.m?js$/.test(source)) continue;
    const inner = await readSourceMap(path.join(root, source));
    for (const innerSource of inner?.sources ?? []) sources.add(innerSource);
  }
  return [...sources];
}

/** A page's JavaScript per package, largest first; gzip shared out by each package's share. */
function packagesOf(maps) {
  const byPackage = new Map();
  for (const map of maps) {
    const code = String(map.chunk.body);
    for (const [name, size] of sizeByPackage(map, code)) {
      const entry = byPackage.get(name) ?? { bytes: 0, gzip: 0 };
      entry.bytes += (size / code.length) * map.chunk.bytes;
      entry.gzip += (size / code.length) * map.chunk.gzip;
      byPackage.set(name, entry);
    }
  }
  return [...byPackage].sort((a, b) => b[1].gzip - a[1].gzip);
}

const work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-bench-portal-'));
let server = null;
let browser = null;
try {
  const loadBefore = os.loadavg()[0];
  server = await startBuiltServer({ dataDir: path.join(work, 'data'), portalDir, admin: ADMIN });
  browser = await chromium.launch(chromiumLaunchOptions);
  const { baseUrl } = server;

  // `/` comes server-rendered with a small loader; the app loads on the first interaction: a
  // click on the category filter, which then opens.
  const homeVisit = await visit(browser, baseUrl, '/', {
    ready: (page) => page.getByRole('link', { name: 'Sign In' }).waitFor(),
    interact: async (page) => {
      await page.getByRole('button', { name: /Category/ }).click();
      await page.getByRole('option', { name: 'All Categories' }).waitFor();
    },
  });
  const home = homeVisit.filter((response) => !response.afterInteraction);
  const login = await visit(browser, baseUrl, '/login', {
    ready: (page) => page.getByRole('button', { name: 'Sign In' }).waitFor(),
  });

  // Sign in through the form once, then load the admin dashboard cold with that session.
  const signInContext = await browser.newContext({ baseURL: baseUrl });
  const signInPage = await signInContext.newPage();
  await signInPage.goto('/login');
  await signInPage.getByLabel('Alamat Email').fill(ADMIN.email);
  await signInPage.getByLabel('Kata Sandi', { exact: true }).fill(ADMIN.password);
  await signInPage.getByRole('button', { name: 'Sign In' }).click();
  await signInPage.waitForURL('**/admin-dashboard');
  const storageState = await signInContext.storageState();
  await signInContext.close();
  const dashboard = await visit(browser, baseUrl, '/admin-dashboard', {
    storageState,
    ready: (page) => page.getByRole('navigation').first().waitFor(),
  });

  const pages = [
    summarize('/', home),
    summarize('/ after the first interaction', homeVisit),
    summarize('/login', login),
    summarize('/admin-dashboard (signed in)', dashboard),
  ];
  const [homeSummary] = pages;
  const homeMaps = await sourceMapsOf(homeSummary);
  const byPackage = packagesOf(homeMaps);
  const signedInOnly = (await originalSources(homeMaps))
    .filter((source) => SIGNED_IN_ONLY.some((pattern) => pattern.test(source)))
    .sort();
  const met = homeSummary.gzip <= BUDGET_BYTES;
  const loadAfter = os.loadavg()[0];

  if (!options.json) {
    const line = (cells) => console.log(`| ${cells.join(' | ')} |`);
    console.log('First visit, cold cache: JavaScript and CSS each page loads.');
    console.log(
      'Gzip: each response body compressed with zlib level 6; Sent: bytes on the wire.\n',
    );
    line(['Page', 'Files', 'Raw KB', 'Gzip KB', 'of which JS', 'of which CSS', 'Sent KB']);
    line(['---', '---:', '---:', '---:', '---:', '---:', '---:']);
    for (const summary of pages) {
      line([
        `\`${summary.label}\``,
        summary.files,
        kb(summary.bytes),
        kb(summary.gzip),
        kb(summary.js),
        kb(summary.css),
        `${kb(summary.sent)} (${summary.encodings.join(', ')})`,
      ]);
    }
    console.log('\nChunks loaded by `/`:\n');
    line(['File', 'Raw KB', 'Gzip KB']);
    line(['---', '---:', '---:']);
    for (const chunk of homeSummary.chunks) line([chunk.path, kb(chunk.bytes), kb(chunk.gzip)]);
    console.log(`\nOther files loaded by \`/\`: ${homeSummary.otherFiles.join(', ') || 'none'}`);
    for (const html of homeSummary.html) {
      console.log(
        `The page \`${html.path}\` itself (HTML, not in the budget): ${kb(html.bytes)} KB, ${kb(html.gzip)} KB gzipped, ${kb(html.sent)} KB sent (${html.encoding})`,
      );
    }

    console.log(
      "\nJavaScript of `/` by package (source maps; each chunk's gzip shared out by size):\n",
    );
    line(['Package', 'Raw KB', '≈ Gzip KB']);
    line(['---', '---:', '---:']);
    for (const [name, entry] of byPackage) line([name, kb(entry.bytes), kb(entry.gzip)]);

    console.log(
      `\nSigned-in screens and the editor loaded by \`/\`: ${signedInOnly.length === 0 ? 'none' : `\n  ${signedInOnly.join('\n  ')}`}`,
    );
    console.log(
      `Budget for \`/\`: ${kb(homeSummary.gzip)} KB of ${kb(BUDGET_BYTES)} KB gzipped: ${met ? 'met' : 'MISSED'}`,
    );
    console.log(
      `Load average (1 min): ${loadBefore.toFixed(1)} at start, ${loadAfter.toFixed(1)} at end`,
    );
  }
  console.log(
    JSON.stringify({
      budgetBytes: BUDGET_BYTES,
      met,
      signedInOnlyOnHome: signedInOnly,
      pages: pages.map(({ chunks, ...summary }) => ({
        ...summary,
        chunks: chunks.map(({ body, ...chunk }) => chunk),
      })),
      homeByPackage: Object.fromEntries(
        [...byPackage].map(([name, entry]) => [name, Math.round(entry.gzip)]),
      ),
      loadAverage: [loadBefore, loadAfter],
    }),
  );
} finally {
  await browser?.close();
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  await rm(work, { recursive: true, force: true });
}
