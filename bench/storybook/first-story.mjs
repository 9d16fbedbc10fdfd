// How long a designer waits in `npm run storybook`: starts Storybook's dev server (as the npm
// script does, after its build), then opens connected stories one after another in Chromium and
// times each from navigation until its sandbox session is open and a row of its data is on the
// screen. BENCH_VERBOSE=1 also prints when each sandbox call and module left and came back. Run with `npm run bench:storybook`; figures go to docs/performance.md.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, freePort } from '../local.mjs';

/** Connected stories (their data comes from the sandboxed server), opened in this order. */
const STORIES = [
  'screens-locks-connectedlockmanager--default',
  'screens-planning-connectedpricecatalogue--default',
  'screens-history-connectedhistorylog--default',
];

const port = await freePort();
const started = Date.now();
// BENCH_CPU_PROF=dir: Storybook's process (and its worker threads) write CPU profiles there.
const profile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const storybook = spawn(
  process.execPath,
  [
    ...profile,
    'node_modules/storybook/dist/bin/dispatcher.js',
    'dev',
    '-p',
    String(port),
    '-c',
    '.storybook',
    '--ci',
    '--no-open',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
);
let output = '';
storybook.stdout.on('data', (chunk) => (output += chunk));
storybook.stderr.on('data', (chunk) => (output += chunk));
// SIGINT: Storybook exits on it, so a profile is written.
const stop = () => {
  try {
    process.kill(-storybook.pid, profile.length > 0 ? 'SIGINT' : 'SIGTERM');
  } catch {}
};
process.on('exit', stop);

const base = `http://127.0.0.1:${port}`;
for (;;) {
  if (Date.now() - started > 300_000) throw new Error(`Storybook did not start:\n${output}`);
  const up = await fetch(`${base}/index.json`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  await sleep(250);
}
const index = await (await fetch(`${base}/index.json`)).json();
console.log(`Storybook answers: ${((Date.now() - started) / 1000).toFixed(1)} s after start`);

// BENCH_OPEN_AFTER=seconds: the first story is opened that long after Storybook answers.
if (process.env.BENCH_OPEN_AFTER) await sleep(Number(process.env.BENCH_OPEN_AFTER) * 1000);
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
let opened = 0;
if (process.env.BENCH_VERBOSE) {
  const at = () => ((Date.now() - opened) / 1000).toFixed(1);
  page.on(
    'request',
    (r) =>
      r.url().includes('sandbox') && console.log(at(), 'request', r.method(), r.url().slice(-60)),
  );
  page.on(
    'response',
    (r) =>
      r.url().includes('sandbox') && console.log(at(), 'answer', r.status(), r.url().slice(-60)),
  );
  page.on('load', () => console.log(at(), 'load'));
  page.on('domcontentloaded', () => console.log(at(), 'domcontentloaded'));
}
for (const id of STORIES) {
  if (!index.entries[id]) throw new Error(`No story ${id} in Storybook's index`);
  opened = Date.now();
  const session = page.waitForResponse((r) => r.url().endsWith('/__sandbox/sessions'), {
    timeout: 300_000,
  });
  await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`, {
    waitUntil: 'commit',
    timeout: 300_000,
  });
  await session;
  // A row of data under the table's header row, once the story's session is open.
  await page.waitForFunction(
    () => document.querySelectorAll('#storybook-root [role=row], #storybook-root tr').length > 1,
    null,
    { timeout: 300_000, polling: 50 },
  );
  console.log(`${id}: data shown ${((Date.now() - opened) / 1000).toFixed(2)} s after opening`);
}
await browser.close();
stop();
if (profile.length > 0) await new Promise((done) => storybook.on('exit', done));
process.exit(0);
