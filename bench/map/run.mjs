// How RegionMap (issue 38) copes with a kabupaten's whole year: builds a static page with Vite
// (bench/map/page: the app shell in the entry, the map in a chunk of its own), serves it, and in
// headless Chromium renders 6 381 sub kegiatan, then drags the map and turns the wheel while
// recording every requestAnimationFrame. Prints the render time, the frame times (p50, p95,
// max, and the share of frames over 20 ms) on a desk (1366 × 768) and on a phone (390 × 844,
// CPU slowed 4×), and the gzip size of what the map adds beyond the shell. See README.md.
//
//   npm run bench:map [-- --count 6381] [-- --json] [-- --shots DIR]
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '6381' },
    json: { type: 'boolean', default: false },
    /** A folder for a screenshot of each scenario's page as it first painted, to look at. */
    shots: { type: 'string' },
  },
});
const count = Number(options.count);
const BUDGET_BYTES = 300 * 1024;

const outDir = await mkdtemp(path.join(os.tmpdir(), 'bench-map-'));
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The page, built for production as the portal is (minified, no source maps). */
async function buildPage() {
  const started = performance.now();
  await build({
    root: path.join(here, 'page'),
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir, emptyOutDir: true, sourcemap: false, modulePreload: false },
  });
  const assets = path.join(outDir, 'assets');
  const files = await Promise.all(
    (await readdir(assets)).map(async (name) => {
      const content = await readFile(path.join(assets, name));
      return { name, bytes: content.length, gzip: gzipSync(content).length };
    }),
  );
  return { seconds: (performance.now() - started) / 1000, files };
}

/** A static server for the built page on a free local port. */
async function serve() {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : url.pathname);
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'text/plain' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

function frameFigures({ deltas, draws }) {
  const sorted = [...deltas].sort((a, b) => a - b);
  const drawn = [...draws].sort((a, b) => a - b);
  return {
    frames: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    over20: sorted.length ? sorted.filter((delta) => delta > 20).length / sorted.length : 0,
    draws: drawn.length,
    drawP50: percentile(drawn, 0.5),
    drawP95: percentile(drawn, 0.95),
    drawMax: drawn.at(-1) ?? 0,
  };
}

/** Records every frame's requestAnimationFrame time until `stop` is called in the page. */
const startFrames = (page) =>
  page.evaluate(() => {
    const times = [];
    window.benchCallbacks.length = 0;
    window.benchFrames = times;
    window.benchRecording = true;
    const tick = (time) => {
      times.push(time);
      if (window.benchRecording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
const stopFrames = async (page) => {
  const { times, callbacks } = await page.evaluate(() => {
    window.benchRecording = false;
    return { times: window.benchFrames, callbacks: window.benchCallbacks };
  });
  // The recorder's own callbacks take microseconds; the map's drawing is the rest.
  const draws = callbacks.filter((ms) => ms >= 0.05);
  return { deltas: times.slice(1).map((time, index) => time - times[index]), draws };
};

/** Moves as a hand does: one step every ~16 ms. */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function scenario(browser, base, { name, width, height, throttle }) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (!request.url().startsWith(base)) errors.push(`fetched ${request.url()}`);
  });
  const session = await context.newCDPSession(page);
  if (throttle > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(`${base}/?count=${count}`);
  await page.waitForFunction(() => window.bench, null, { timeout: 120_000 });
  const loaded = await page.evaluate(() => window.bench);
  const summary = await page.getByRole('img').getAttribute('aria-label');
  if (options.shots) {
    await page.screenshot({ path: path.join(options.shots, `map-${name}.png`), fullPage: true });
  }
  const box = await page.getByRole('img').boundingBox();
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  // Pan: drag in a circle twice (240 moves), as a hand does, about 16 ms apart.
  await startFrames(page);
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  for (let step = 0; step <= 240; step++) {
    const angle = (step / 120) * 2 * Math.PI;
    const r = Math.min(box.width, box.height) / 4;
    await page.mouse.move(centre.x + Math.cos(angle) * r - r, centre.y + Math.sin(angle) * r);
    await pause(16);
  }
  await page.mouse.up();
  const pan = frameFigures(await stopFrames(page));

  // Zoom: the wheel in (to street level) and out again, 60 notches, about 16 ms apart.
  await startFrames(page);
  await page.mouse.move(centre.x, centre.y);
  for (let notch = 0; notch < 60; notch++) {
    await page.mouse.wheel(0, notch < 30 ? -120 : 120);
    await pause(16);
  }
  const zoom = frameFigures(await stopFrames(page));
  await context.close();
  if (errors.length > 0) throw new Error(`${name}: ${errors.join('; ')}`);
  return { name, width, height, throttle, ...loaded, summary, pan, zoom };
}

try {
  const built = await buildPage();
  const entry = built.files.find(
    (file) => file.name.startsWith('index-') && file.name.endsWith('.js'),
  );
  const css = built.files.filter((file) => file.name.endsWith('.css'));
  const chunks = built.files.filter((file) => file.name.endsWith('.js') && file !== entry);
  const mapGzip = chunks.reduce((sum, file) => sum + file.gzip, 0);
  const { server, base } = await serve();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const runs = [];
  try {
    runs.push(
      await scenario(browser, base, { name: 'desk', width: 1366, height: 768, throttle: 1 }),
    );
    runs.push(
      await scenario(browser, base, { name: 'phone', width: 390, height: 844, throttle: 4 }),
    );
  } finally {
    await browser.close();
    server.close();
  }

  const ms = (value) => value.toFixed(1);
  const where = (run) =>
    `${run.name} ${run.width}×${run.height}${run.throttle > 1 ? `, CPU ÷${run.throttle}` : ''}`;
  const pct = (value) => `${(value * 100).toFixed(1)} %`;
  const lines = [
    `RegionMap with ${count} sub kegiatan (page built in ${built.seconds.toFixed(1)} s)`,
    '',
    '| Where | Chunk loaded | Rendered (first drawing in) | Painted |',
    '|---|---:|---:|---:|',
    ...runs.map(
      (run) =>
        `| ${where(run)} | ${ms(run.importMs)} ms | ${ms(run.renderMs)} ms | ${ms(run.paintedMs)} ms |`,
    ),
    '',
    '| Where | Gesture | Frame interval p50 / p95 / max | Frames > 20 ms | Drawing a frame p50 / p95 / max (frames drawn) |',
    '|---|---|---:|---:|---:|',
    ...runs.flatMap((run) =>
      [
        ['pan', run.pan],
        ['zoom', run.zoom],
      ].map(
        ([gesture, f]) =>
          `| ${where(run)} | ${gesture} | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)} ms | ${pct(f.over20)} of ${f.frames} | ${ms(f.drawP50)} / ${ms(f.drawP95)} / ${ms(f.drawMax)} ms (${f.draws}) |`,
      ),
    ),
    '',
    '| File | Size | gzip |',
    '|---|---:|---:|',
    ...built.files.map(
      (file) =>
        `| ${file === entry ? 'shell (React, the page)' : file.name.endsWith('.css') ? 'stylesheet (all of @ranwal/ui)' : 'RegionMap chunk'} \`${file.name}\` | ${kb(file.bytes)} KB | ${kb(file.gzip)} KB |`,
    ),
    '',
    `What the map adds beyond the shell: ${kb(mapGzip)} KB of JavaScript gzipped (budget ${kb(BUDGET_BYTES)} KB: ${mapGzip <= BUDGET_BYTES ? 'met' : 'NOT met'}).`,
    `The canvas says: ${runs[0]?.summary}`,
    `Load average: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  ];
  if (!options.json) console.log(lines.join('\n'));
  console.log(
    JSON.stringify({
      count,
      files: built.files,
      entryGzip: entry?.gzip,
      mapGzip,
      cssGzip: css.reduce((sum, file) => sum + file.gzip, 0),
      runs,
      loadavg: os.loadavg(),
    }),
  );
} finally {
  await rm(outDir, { recursive: true, force: true });
}
