// How long a designer waits in `npm run storybook`: starts Storybook's dev server (as the npm
// script does, after its build), opens Storybook in Chromium as the person's browser does (the
// sidebar and its preview frame), then picks connected stories one after another, as a click in
// the sidebar does, and times each from the pick until its sandbox session is open and a row of
// its data is on the screen. BENCH_DIRECT=1 opens each story's preview page on its own instead
// (`iframe.html`, a page load each: Storybook's preview runtime and a new tab's renderer counted
// in every story). BENCH_VERBOSE=1 also prints when each sandbox call and module left and came
// back; BENCH_LOOK=seconds waits that long on each story before the next pick. Run with
// `npm run bench:storybook`; figures go to docs/performance.md.
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
/** A row of data under the table's header row in the story's root. */
const dataShown = () =>
  document.querySelectorAll('#storybook-root [role=row], #storybook-root tr').length > 1;

/** Each story's preview page on its own (the measure before the pick in Storybook's page). */
const direct = Boolean(process.env.BENCH_DIRECT);
let frame = page.mainFrame();
if (!direct) {
  // Storybook as the person opens it: the sidebar, and the preview frame showing the first entry.
  const loaded = Date.now();
  await page.goto(`${base}/`, { timeout: 300_000 });
  // The manager sets the preview frame's address on its first route; the frame is found by it.
  await page.waitForSelector('#storybook-preview-iframe', { timeout: 300_000 });
  for (;;) {
    const preview = page.frames().find((candidate) => candidate.url().includes('/iframe.html'));
    if (preview) {
      frame = preview;
      break;
    }
    await sleep(50);
  }
  // Shown once the preview has rendered the first entry (Storybook marks its body then): a pick
  // made before it makes the manager load the frame again.
  await frame.waitForFunction(
    () =>
      Boolean(window.__STORYBOOK_ADDONS_CHANNEL__) &&
      document.body.classList.contains('sb-show-main'),
    null,
    { timeout: 300_000 },
  );
  console.log(`Storybook's page and preview: ${((Date.now() - loaded) / 1000).toFixed(2)} s`);
}

/**
 * Until the story shown has finished: rendered, played, and checked by the a11y addon (an
 * `afterEach`). A pick made before makes Storybook load the preview frame again (its
 * `StoryRender.teardown` reloads the page when the story being left is still pending), which a
 * person who looks at a story before picking the next does not meet.
 */
const storySettled = () =>
  frame.waitForFunction(
    () => ['finished', 'aborted'].includes(window.__STORYBOOK_PREVIEW__?.currentRender?.phase),
    null,
    { timeout: 120_000, polling: 50 },
  );

for (const id of STORIES) {
  if (!index.entries[id]) throw new Error(`No story ${id} in Storybook's index`);
  if (!direct) {
    await storySettled();
    // BENCH_LOOK=seconds: how long the person looks at the story shown before the pick (0: picks
    // as soon as it has finished).
    await sleep(Number(process.env.BENCH_LOOK ?? 0) * 1000);
    // Gone with the document if the frame is loaded again during the pick.
    await frame.evaluate(() => (window.__benchMark = true));
  }
  opened = Date.now();
  const session = page.waitForResponse((r) => r.url().endsWith('/__sandbox/sessions'), {
    timeout: 300_000,
  });
  if (direct) {
    await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`, {
      waitUntil: 'commit',
      timeout: 300_000,
    });
  } else {
    // What a click on the story in the sidebar does: the address changes, the manager's router
    // follows it and tells the preview frame to render the story (the frame stays).
    await page.evaluate((storyId) => {
      history.pushState(null, '', `/?path=/story/${storyId}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, id);
  }
  await session;
  // The story's client opens its session when the story has mounted (the previous story's rows
  // are gone by then); its play function, which Storybook runs after, is not waited for.
  await frame.waitForFunction(dataShown, null, { timeout: 300_000, polling: 50 });
  const reloaded =
    !direct && !(await frame.evaluate(() => window.__benchMark === true))
      ? ' (the frame was loaded again)'
      : '';
  console.log(
    `${id}: data shown ${((Date.now() - opened) / 1000).toFixed(2)} s after opening${reloaded}`,
  );
}
if (process.env.BENCH_VERBOSE) console.log(output);
await browser.close();
stop();
if (profile.length > 0) await new Promise((done) => storybook.on('exit', done));
process.exit(0);
