import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { createClient, type RanwalClient } from '@ranwal/core';
import type ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { clearForNextVisitor, journeyChromiumLaunchOptions } from '../../../bench/local.mjs';
import { buildApp } from '../../server/src/app.js';
import { ensureFirstAdmin } from '../../server/src/boot.js';
import { loadConfig } from '../../server/src/config.js';
import type { DatabaseHandle } from '../../server/src/db/connect.js';
import { freshDatabase } from '../../server/test/harness.js';
import {
  pdfPages,
  rkaHeaderBlock as readHeaderBlock,
  rkaSignature as readSignature,
  readWorkbook,
  rkaTableHeaderRow,
} from '../../server/test/rka-reading.js';

export { pdfPages, readWorkbook, rkaTableHeaderRow };

const here = path.dirname(fileURLToPath(import.meta.url));
export const PORTAL_DIR = path.resolve(here, '../dist');

export const ADMIN = { email: 'admin@e2e.local', password: 'admin-e2e-password' };

export interface E2E {
  baseUrl: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  browser: Browser;
  /**
   * A browser context and page, 1280x800, as a new context starts: signed out, nothing stored or
   * cached (one a finished test closed, reset; see `contextPool`). With `clock`, the page's
   * timers run on Playwright's clock (flowing normally until a test pauses it). The portal's
   * service worker is blocked unless `serviceWorkers` is 'allow' (offline.test.ts): a stored
   * shell would answer the script requests a journey stubs (deploy.test.ts), as it does for a
   * person, and each journey would first download the shell.
   */
  newPage(options?: {
    clock?: boolean;
    serviceWorkers?: 'allow' | 'block';
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The real server (built portal + API) on a fresh database (PostgreSQL when DATABASE_URL is set,
 * else embedded PGlite), and a headless Chromium;
 * `env` adds to the server's configuration, `today` fixes the region's date (ISO) the server
 * takes as today (a journey through a month that may not have begun yet on the real clock).
 */
export async function startE2E(
  env: Record<string, string> = {},
  { today }: { today?: () => string } = {},
): Promise<E2E> {
  if (!existsSync(path.join(PORTAL_DIR, 'index.html'))) {
    throw new Error(`The portal is not built (${PORTAL_DIR}); run npm run build -w @ranwal/portal`);
  }
  // A copy of the build: a rebuild while the journeys run cannot take files from under them.
  const portalDir = await mkdtemp(path.join(tmpdir(), 'ranwal-portal-'));
  // `dist` is a link to the build of the moment (scripts/build-swap.mjs): its folder is copied.
  await cp(realpathSync(PORTAL_DIR), portalDir, { recursive: true });
  // PostgreSQL when the run has one (CI): the server's queries run natively beside the worker
  // instead of in PGlite's WebAssembly inside it (two journeys: 36 s of the worker's CPU on PGlite,
  // 26 s + 2 s of PostgreSQL's). Every server test still runs on PGlite too, and the journeys
  // run on it wherever DATABASE_URL is not set.
  const database = await freshDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RANWAL_PORTAL_DIR: portalDir,
    RANWAL_ADMIN_EMAIL: ADMIN.email,
    RANWAL_ADMIN_PASSWORD: ADMIN.password,
    RANWAL_SIGN_IN_LIMIT: '1000',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, today });
  await ensureFirstAdmin(database, config);
  const browser = await keptBrowser(app);
  return {
    baseUrl: browser.baseUrl,
    app,
    database,
    browser: browser.browser,
    newPage: (options = {}) => browser.contexts.newPage(options),
    async close() {
      // The browser stays for the worker's next journey file; what this one left open goes.
      await teardownStep('closing the browser contexts in use', () =>
        browser.contexts.closeInUse(),
      );
      await teardownStep('closing the server', () => app.close(), {
        // A request of a closed page that never ends would hold its connection, and so the
        // server's close, for good: after this long none is still a test's, so they are cut.
        whenSlow: () => app.server.closeAllConnections(),
        pending: async () => `${await openConnections(app)} connection(s) open`,
      });
      await teardownStep('closing the database', () => database.close());
      await rm(portalDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs one step of a journey file's teardown. One still pending after `SLOW_TEARDOWN_MS` is named
 * on stderr with what it waits for (a hook timeout alone says only that the whole `afterAll`
 * took too long), and `whenSlow` runs then.
 */
async function teardownStep(
  name: string,
  step: () => Promise<unknown>,
  slow: { whenSlow?: () => void; pending?: () => Promise<string> } = {},
): Promise<void> {
  const started = Date.now();
  const timer = setTimeout(async () => {
    const waitingFor = slow.pending ? ` (${await slow.pending()})` : '';
    console.error(
      `e2e teardown: ${name} still pending after ${Date.now() - started} ms${waitingFor}`,
    );
    slow.whenSlow?.();
  }, SLOW_TEARDOWN_MS);
  try {
    await step();
  } finally {
    clearTimeout(timer);
  }
}

const SLOW_TEARDOWN_MS = 15_000;

/** How many connections the server holds open, as Node counts them. */
function openConnections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((_error, open) => resolve(open)));
}

/** The test worker's Chromium, the server address its pages know, and its contexts to hand on. */
interface KeptBrowser {
  browser: Browser;
  baseUrl: string;
  contexts: ReturnType<typeof contextPool>;
}
let kept: KeptBrowser | undefined;

/**
 * Starts `app` listening on the port the worker's last journey file had, so the Chromium that
 * file used, and the contexts it handed on, serve this file too (a launch and a first page cost
 * about 6.5 s of CPU, 21 files). A new browser when the port was taken meanwhile or the browser
 * is gone. Playwright ends it when the worker exits.
 */
async function keptBrowser(app: FastifyInstance): Promise<KeptBrowser> {
  const reusable = kept?.browser.isConnected() ? kept : undefined;
  try {
    await app.listen({
      port: reusable ? Number(new URL(reusable.baseUrl).port) : 0,
      host: '127.0.0.1',
    });
    if (reusable) return reusable;
  } catch (error) {
    if (!reusable) throw error;
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  await kept?.browser.close().catch(() => undefined);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    ...journeyChromiumLaunchOptions,
    // A journey's pages live seconds each, too short for V8's optimizing compilers to pay back
    // their background compiles: with Sparkplug only, the planning day's Chromium took 73 s of
    // CPU instead of 82 (two runs each; docs/performance.md). The stories' one long-lived page
    // gains nothing from it, so their browser keeps V8's defaults.
    args: [...journeyChromiumLaunchOptions.args, '--js-flags=--max-opt=1'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  kept = { browser, baseUrl, contexts: contextPool(browser, baseUrl) };
  return kept;
}

/**
 * The page events a test may listen to: all of Playwright's but 'close' and 'crash', on which
 * Playwright itself listens to end what is pending on a closed page.
 */
const PAGE_EVENTS = [
  'console',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
] as const;

/** A page's size unless a test sets another. */
const VIEWPORT = { width: 1280, height: 800 };

/**
 * Browser contexts for `newPage`, each handed on to the next test when the last one closes it.
 *
 * A page opened in a new context starts a new renderer process, which compiles the portal's
 * scripts afresh and grows its heaps from nothing: on a 2-core machine 4.5 s of CPU for the
 * sign-in page, where the same page loaded again in a used tab took 0.9 s (docs/performance.md).
 * So `close()` on a context from `newPage` does not close it: its extra pages close, the test's
 * listeners and routes go, its tab moves to an inert document of the same site (the renderer
 * stays), cookies, storage and the HTTP cache are cleared (`clearForNextVisitor`) and the
 * viewport reset, so the next test starts as signed out, with nothing stored or cached, as a new
 * context would. Contexts with a
 * clock (which cannot be uninstalled) or service workers are never handed on.
 */
function contextPool(browser: Browser, baseUrl: string) {
  const idle: BrowserContext[] = [];

  /** Resets `context` for the next test, or closes it when it cannot be reset. */
  async function handBack(context: BrowserContext) {
    const [tab, ...others] = context.pages();
    try {
      if (!tab) throw new Error('the test closed the tab');
      await Promise.all(others.map((page) => page.close()));
      for (const event of PAGE_EVENTS) tab.removeAllListeners(event);
      await tab.unrouteAll({ behavior: 'ignoreErrors' });
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.setOffline(false);
      // Its timers and requests end with the app's document; the renderer stays.
      await clearForNextVisitor(context, tab, baseUrl);
      await tab.setViewportSize(VIEWPORT);
      idle.push(context);
    } catch {
      await context.close().catch(() => undefined);
    }
  }

  /** `context` as the test sees it: closing it hands it back instead. */
  const lent = (context: BrowserContext): BrowserContext =>
    new Proxy(context, {
      get(target, key) {
        if (key === 'close') return () => handBack(target);
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  return {
    /** Closes every context of the browser but those waiting to be handed on. */
    async closeInUse() {
      const open = browser.contexts().filter((context) => !idle.includes(context));
      await Promise.all(open.map((context) => context.close().catch(() => undefined)));
    },
    async newPage(options: Parameters<E2E['newPage']>[0] = {}) {
      const serviceWorkers = options.serviceWorkers ?? 'block';
      const reusable = !options.clock && serviceWorkers === 'block';
      const used = reusable ? idle.pop() : undefined;
      if (used) return { context: lent(used), page: used.pages()[0]! };
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'id-ID',
        timezoneId: 'Asia/Jakarta',
        viewport: VIEWPORT,
        serviceWorkers,
      });
      if (options.clock) await context.clock.install();
      const page = await context.newPage();
      return { context: reusable ? lent(context) : context, page };
    },
  };
}

/**
 * What Playwright writes to the console when the portal registers its service worker in a
 * context that blocks workers (every `newPage` but offline.test's): Playwright's, not the app's.
 */
export const isBlockedWorkerWarning = (text: string) =>
  text.startsWith('Service Worker registration blocked by Playwright');

/** Signs in through the login screen as a person would. */
export async function signInThroughForm(
  page: Page,
  credentials: { email: string; password: string },
  role: 'admin' | 'user' | 'verifier',
) {
  await page.goto('/login');
  await page.getByLabel('Alamat Email').fill(credentials.email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Where the role's sign-in leads.
  await page.waitForURL(role === 'verifier' ? '**/verifikasi' : `**/${role}-dashboard`);
}

/** Where screenshots of the journeys go (looked at by people; not compared by the tests). */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/**
 * Whether the journeys take their screenshots: always when E2E_SHOTS_DIR names a folder, and in
 * every run but CI, where nobody looks at them (about 80 captures, a fifth of a second of
 * Chromium's CPU each, half a second for a whole page).
 */
export const SHOTS_WANTED = Boolean(process.env.E2E_SHOTS_DIR) || process.env.CI !== 'true';

/** A 1280x800 screenshot of `target` into SHOTS_DIR, for people to look at (SHOTS_WANTED). */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  if (!SHOTS_WANTED) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage });
  else await target.screenshot({ path: file });
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The WCAG 2.x A/AA rules every route and open dialog must pass. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * WCAG 2.x A/AA violations axe-core finds on the page, as 'rule-id: selector' lines, so a failing
 * assertion says where. The whole page: react-aria's hidden live region is read out by screen
 * readers, so what it names must exist.
 *
 * One rule is scoped, precisely: while a picker's list is open (focus in a combo box whose list
 * is expanded), react-aria's useComboBox hides everything but that input and its list with
 * aria-hidden (ariaHideOutside), so a screen reader stays between the two; it uses aria-hidden,
 * not inert, because the list is not modal (adobe/react-spectrum#4937, #1093). axe's
 * aria-hidden-focus then names every field under the hidden rest, though none can take focus
 * while it is hidden: Tab from the input closes the list first, which the planning day checks
 * (`expectListLeftByTab`). Those nodes only are left out; were the input or its list itself
 * hidden, or focus elsewhere, the rule counts as always, and every other rule runs.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP rightly forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    const input = document.activeElement;
    const picking =
      input?.getAttribute('role') === 'combobox' && input.getAttribute('aria-expanded') === 'true';
    const list = picking
      ? document.getElementById(input.getAttribute('aria-controls') ?? '')
      : null;
    /** Hidden by the open picker: outside its input and its list. */
    const hiddenByPicker = (selector: string) => {
      const node = document.querySelector(selector);
      return (
        picking && list !== null && node !== null && !node.contains(input) && !node.contains(list)
      );
    };
    return result.violations.flatMap((violation) =>
      violation.nodes
        .filter(
          (node) =>
            violation.id !== 'aria-hidden-focus' ||
            node.target.length !== 1 ||
            !hiddenByPicker(node.target[0]!),
        )
        .map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
  }, AXE_TAGS);
}

/**
 * The controls of the page that show nothing when the keyboard reaches them, named (empty when
 * every one does). axe does not check that focus is visible, and for a while no ring of the app
 * drew (docs/ui.md, focus rings). After a Tab, so react-aria and the browser take the keyboard as
 * the way in, each control the keyboard can reach is focused in turn: an outline or a shadow must
 * appear on it or on one of its three nearest ancestors (a field's ring is on its frame), or its
 * own background change (a date's segments). The page is left with nothing focused.
 */
export async function controlsWithoutFocusRing(page: Page): Promise<string[]> {
  await page.keyboard.press('Tab');
  return page.evaluate(async () => {
    const reachable =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        !element.closest('[inert], [aria-hidden="true"]') &&
        getComputedStyle(element).visibility !== 'hidden'
      );
    };
    /** What can mark focus, on the element and its three nearest ancestors. */
    const marks = (element: HTMLElement) => {
      const found: string[] = [];
      let node: Element | null = element;
      for (let level = 0; level < 4 && node; level++, node = node.parentElement) {
        const style = getComputedStyle(node);
        const outline =
          style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
            ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
            : 'none';
        found.push(`${level} outline ${outline}`, `${level} shadow ${style.boxShadow}`);
        if (level === 0) found.push(`background ${style.backgroundColor}`);
      }
      return found;
    };
    const missing: string[] = [];
    const controls = Array.from(document.querySelectorAll<HTMLElement>(reachable)).filter(shown);
    for (const control of controls) {
      (document.activeElement as HTMLElement | null)?.blur();
      // React applies what a focus event changed in a microtask.
      await null;
      const before = marks(control);
      control.focus({ preventScroll: true });
      await null;
      if (document.activeElement !== control) continue;
      const after = marks(control);
      const appeared = after.some((mark, index) => mark !== before[index] && !/ none$/.test(mark));
      if (!appeared) {
        const name =
          control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        missing.push(`${control.tagName.toLowerCase()} '${name.slice(0, 40)}'`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return missing;
  });
}

/**
 * The open picker list `box` controls is left by Tab, as a keyboard user leaves it: the list
 * closes and nothing on the page stays aria-hidden, so what react-aria hid while it was open
 * could not be reached by keyboard in between (why axeViolations scopes aria-hidden-focus).
 */
export async function expectListLeftByTab(page: Page, box: Locator) {
  expect(await box.getAttribute('aria-expanded')).toBe('true');
  expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.press('Tab');
  await expect.poll(() => box.getAttribute('aria-expanded')).not.toBe('true');
  expect(await page.getByRole('listbox').count()).toBe(0);
  // Where focus went, and the page around it, are read out again.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [document.activeElement, document.querySelector('main')].map(
          (node) => node?.closest('[aria-hidden="true"]') ?? null,
        ),
      ),
    )
    .toEqual([null, null]);
}

/**
 * The boxes of the page that scroll sideways because what they hold is wider than they are (a
 * table whose last columns, often its actions, are out of sight), as `tag "name": inside > shown`.
 */
export function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((box) => {
        const overflow = getComputedStyle(box).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth;
      })
      .map(
        (box) =>
          `${box.tagName.toLowerCase()} "${box.getAttribute('aria-label') ?? box.textContent?.slice(0, 40)}": ${box.scrollWidth} > ${box.clientWidth}`,
      ),
  );
}

/** The texts of the page's h1 elements (each page should have exactly one). */
export function headingsLevel1(page: Page): Promise<string[]> {
  return page.locator('h1').allInnerTexts();
}

/** A core API client signed in as `credentials` against the e2e server (for seeding). */
export async function apiAs(
  e2e: Pick<E2E, 'baseUrl'>,
  credentials: { email: string; password: string },
): Promise<RanwalClient> {
  let token: string | undefined;
  const client = createClient({ baseUrl: e2e.baseUrl, getToken: () => token });
  token = (await client.user.signIn(credentials)).data.token;
  return client;
}

type CreateBody<K extends keyof RanwalClient> = RanwalClient[K] extends {
  create: (body: infer B, ...rest: never[]) => unknown;
}
  ? B
  : never;

/**
 * What a journey's lines are written under, one of each level from the Perangkat Daerah
 * (optional: a region without units) down to a kode rekening, and a pengampu; each level as the
 * journey names it, its parent filled in.
 */
export interface ChainSpec {
  agency?: CreateBody<'agency'>;
  program: Omit<CreateBody<'program'>, 'agency_id'>;
  action: Omit<CreateBody<'action'>, 'program_id'>;
  sub_action: Omit<CreateBody<'sub_action'>, 'action_id'>;
  activity: Omit<CreateBody<'activity'>, 'sub_action_id'>;
  subtitle: Omit<CreateBody<'subtitle'>, 'activity_id'>;
  account: Omit<CreateBody<'account'>, 'subtitle_id'>;
  supporter: CreateBody<'supporter'>;
}

/**
 * Creates `spec`'s chain as the admin, top down, and answers each record and `line`: the seven
 * ids a budget line is written under.
 */
export async function createChain(admin: RanwalClient, spec: ChainSpec) {
  const agency = spec.agency ? (await admin.agency.create(spec.agency)).data : undefined;
  const program = (
    await admin.program.create({ ...spec.program, ...(agency ? { agency_id: agency.id } : {}) })
  ).data;
  const action = (await admin.action.create({ ...spec.action, program_id: program.id })).data;
  const sub_action = (await admin.sub_action.create({ ...spec.sub_action, action_id: action.id }))
    .data;
  const activity = (await admin.activity.create({ ...spec.activity, sub_action_id: sub_action.id }))
    .data;
  const subtitle = (await admin.subtitle.create({ ...spec.subtitle, activity_id: activity.id }))
    .data;
  const account = (await admin.account.create({ ...spec.account, subtitle_id: subtitle.id })).data;
  const supporter = (await admin.supporter.create(spec.supporter)).data;
  return {
    agency,
    program,
    action,
    sub_action,
    activity,
    subtitle,
    account,
    supporter,
    line: {
      program_id: program.id,
      action_id: action.id,
      sub_action_id: sub_action.id,
      activity_id: activity.id,
      subtitle_id: subtitle.id,
      account_id: account.id,
      supporter_id: supporter.id,
    },
  };
}

/**
 * Holds the page's next request to `url` until `release()` is called, then lets it reach the real
 * server: the busy state in between ('Signing In...', 'Menghapus...') can be seen for certain.
 */
export async function holdNextRequest(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(
    url,
    async (route) => {
      arrived();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return { held, release };
}

/**
 * Stops the page's clock (installed by newPage({ clock: true })) a second ahead of the page's
 * own time, which earlier pauses may have moved ahead of the machine's.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/**
 * Asserts that `shown` (a toast or banner), brought up by `trigger`, stays for `ms` of page time
 * and then goes. The page's clock (newPage({ clock: true })) is paused and moved on by hand, so
 * how fast the machine runs cannot change the outcome.
 */
export async function expectShownFor(
  page: Page,
  shown: Locator,
  ms: number,
  trigger: () => Promise<unknown>,
) {
  await pauseClock(page);
  try {
    await trigger();
    // A toast under the pointer waits: keep the pointer away from the top-right corner.
    await page.mouse.move(1, 799);
    // Page time moves only when told; step it until the message is up (its timer starts then).
    for (let step = 0; !(await shown.isVisible()); step += 1) {
      if (step > 1000) throw new Error(`${shown} never appeared`);
      await page.clock.runFor(10);
    }
    await page.clock.runFor(ms - 100);
    expect(await shown.isVisible(), `${shown} ${ms - 100} ms after it appeared`).toBe(true);
    await page.clock.runFor(200);
    expect(await shown.isVisible(), `${shown} ${ms + 100} ms after it appeared`).toBe(false);
  } finally {
    await page.clock.resume();
  }
}

/** The toast (top-right) whose text includes `text`. */
export const toast = (page: Page, text: string) =>
  page.getByRole('alertdialog').filter({ hasText: text });

/** A field's accessible name: its label, and the '*' a required field's label shows. */
export const fieldName = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** Picks `option` in the searchable drop-down labelled `label`, typing to find it as a person would. */
export async function chooseInComboBox(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: fieldName(label) });
  const choice = page.getByRole('option', { name: option, exact: true });
  // Typed again when the list has not shown it after a while, as a person would. The option's
  // whole label ('code - name') is typed: until 2026-12-01 the server matched a search against
  // the code or the name alone, so its answer for the label, arriving after the debounce,
  // emptied the list the box had filtered locally, and on a loaded machine the click came
  // after it (the 'never showed the typed option' of earlier CI runs).
  for (let attempt = 1; ; attempt++) {
    await box.click();
    await box.fill(option);
    const offered = await choice.waitFor({ timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    if (offered) break;
    if (attempt === 3) {
      throw new Error(`'${option}' was not offered in '${label}' after typing it three times`);
    }
  }
  try {
    await choice.click({ timeout: 30_000 });
  } catch {
    // In three full CI runs the list kept re-rendering under the pointer for the whole wait
    // ('element was detached from the DOM, retrying'), never alone or at load 8 here. A person
    // then takes the keyboard: down the list to the option, Enter. In a fourth (a machine at
    // half its speed) the list had closed by then and the option was never found again: it is
    // typed once more first, which opens the list again.
    await box.fill(option);
    const id = await choice.getAttribute('id', { timeout: 60_000 });
    await expect
      .poll(
        async () => {
          await box.press('ArrowDown');
          return box.getAttribute('aria-activedescendant');
        },
        { timeout: 60_000 },
      )
      .toBe(id);
    await box.press('Enter');
  }
  await expect.poll(() => box.inputValue()).toBe(option);
}

/** The sidebar link marked as the current page. */
export const currentSidebarItem = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigasi admin' }).locator('[aria-current="page"]');

/** Goes to an admin page through the sidebar, as a person would, and checks it is marked. */
export async function openFromSidebar(page: Page, label: string, url: string) {
  await page
    .getByRole('navigation', { name: 'Navigasi admin' })
    .getByRole('link', { name: label, exact: true })
    .click();
  // The chosen budget year (`?tahun=`) goes along.
  await page.waitForURL((current) => current.pathname.endsWith(url));
  await expect.poll(() => currentSidebarItem(page).textContent()).toBe(label);
}

/** Text as a person reads it: non-breaking spaces as spaces, runs of white space as one. */
export const readable = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The label/value pairs of the description list(s) inside `scope`. */
export async function descriptionPairs(scope: Locator): Promise<[string, string][]> {
  const pairs = await scope
    .locator('dt')
    .evaluateAll((terms) =>
      terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
    );
  return pairs.map(([label, value]) => [readable(label ?? ''), readable(value ?? '')]);
}

/** A real PNG of `width` x `height` pixels of one colour, made here (a few hundred bytes). */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill([r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(height).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Types a 'YYYY-MM-DD' date into the date field labelled `label` inside `scope` as a person
 * does: dd mm yyyy from its day (the field reads dd/mm/yyyy whatever the browser's language).
 */
export async function fillDate(scope: Locator, label: string, iso: string) {
  const [year, month, day] = iso.split('-');
  const field = scope.getByRole('group', { name: new RegExp(`^${label}`) });
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(`${day}${month}${year}`);
}

/** Fills the schedule dialog's `n`th stage (Tahap Anggaran): its kind and its first and last day. */
export async function fillStage(
  dialog: Locator,
  n: number,
  kind: string,
  startsOn: string,
  endsOn: string,
) {
  const row = dialog.getByRole('group', { name: `Tahap ke-${n}` });
  await row.getByRole('button', { name: /Tahap\*?$/ }).click();
  await dialog.page().getByRole('option', { name: kind, exact: true }).click();
  await fillDate(row, 'Tanggal Mulai', startsOn);
  await fillDate(row, 'Tanggal Selesai', endsOn);
}

/** Kode and Uraian of every row of an RKA sheet's table, down to 'Total Keseluruhan'. */
export function rkaRows(sheet: ExcelJS.Worksheet): [ExcelJS.CellValue, ExcelJS.CellValue][] {
  const rows: [ExcelJS.CellValue, ExcelJS.CellValue][] = [];
  for (let row = rkaTableHeaderRow(sheet) + 1; row <= sheet.rowCount; row++) {
    rows.push([sheet.getCell(`A${row}`).value, sheet.getCell(`B${row}`).value]);
    if (rows.at(-1)![1] === 'Total Keseluruhan') break;
  }
  return rows;
}

/** An RKA sheet's header block, without the filter line a filtered print adds ('Program: …'). */
export const rkaHeaderBlock = (sheet: ExcelJS.Worksheet) =>
  readHeaderBlock(sheet).filter(([label]) => !String(label).startsWith('Program: '));

/** An RKA sheet's signature lines, after its place and date. */
export const rkaSignature = (sheet: ExcelJS.Worksheet) => readSignature(sheet).slice(1);

/**
 * What pressing `button` downloads, as a person gets it: the browser's download, after the toast
 * `told` says so, saved into `folder`; its suggested name and its bytes.
 */
export async function downloadFrom(page: Page, button: Locator, told: string, folder: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await toast(page, told).first().waitFor();
  const where = path.join(folder, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(where);
  return { name: file.suggestedFilename(), body: await readFile(where) };
}

/**
 * The unit's RKA of `year` printed from the dashboard's 'Cetak RKA' as a person prints it, the
 * workbook then the PDF, each saved into `folder` and read back: the file names, the sheet and
 * the PDF's text.
 */
export async function printUnitRka(page: Page, year: number, folder: string) {
  const print = page.getByRole('region', { name: 'Cetak RKA' });
  await print.getByText(`Rencana Kerja dan Anggaran ${year} Perangkat Daerah Anda`).waitFor();
  const printed = (button: string) =>
    downloadFrom(page, print.getByRole('button', { name: button }), 'RKA berhasil diunduh', folder);
  const workbook = await printed('Cetak RKA (Excel)');
  const pdf = await printed('Cetak RKA (PDF)');
  return {
    workbookName: workbook.name,
    sheet: (await readWorkbook(workbook.body)).worksheets[0]!,
    pdfName: pdf.name,
    pdfText: (await pdfPages(pdf.body)).join(' '),
  };
}
