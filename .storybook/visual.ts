import { formatDateShortEnUs, formatDateShortId, formatDateTimeLong } from '@ranwal/core';
import { afterEach, beforeEach, inject } from 'vitest';
import { page } from 'vitest/browser';
import { SANDBOX_SESSION_EVENT } from '../packages/ui/src/testing/sandbox-client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether stories are compared with their kept screenshots (packages/ui/vitest.config.ts). */
    visualRegression: boolean;
    /** Whether a story's axe report keeps what passed too (packages/ui/vitest.config.ts). */
    a11yReportsInFull: boolean;
  }
}

const DAY = 24 * 60 * 60 * 1000;
/** What a date of the run's own day reads as in a screenshot: one fixed instant, in the same format. */
const FIXED = new Date('2026-01-05T03:00:00Z');
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Ids the server makes at random (rows a story creates) read as one fixed id in a screenshot. */
function fixIds(root: HTMLElement) {
  replaceText(root, [[UUID, '00000000-0000-4000-8000-000000000000']]);
}
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

function replaceText(root: HTMLElement, replacements: ReadonlyArray<readonly [RegExp, string]>) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const fixed = replacements.reduce((value, [pattern, to]) => value.replace(pattern, to), text);
    if (fixed !== text) node.nodeValue = fixed;
  }
}

/**
 * Rows a story writes on the sandboxed server are stamped with the server's clock, so a screen
 * shows the day (and minute) the test ran. Each such date (yesterday to tomorrow, for runs over
 * midnight) is rewritten to one fixed date in the same format before the screenshot, so the
 * picture is the same whenever it is taken. Only in stories that opened a sandbox session: the
 * others' dates are all the story's own, and one dated near the run must stay as given.
 */
function fixRunDates(root: HTMLElement) {
  const replacements = [-1, 0, 1].flatMap((offset) => {
    const day = new Date(Date.now() + offset * DAY);
    const longDay = formatDateTimeLong(day).replace(/ pukul .*$/, '');
    return [
      [new RegExp(`${literal(longDay)}( pukul \\d{2}\\.\\d{2})?`, 'g'), formatDateTimeLong(FIXED)],
      [new RegExp(literal(formatDateShortId(day)), 'g'), formatDateShortId(FIXED)],
      [new RegExp(literal(formatDateShortEnUs(day)), 'g'), formatDateShortEnUs(FIXED)],
    ] as const;
  });
  replaceText(root, replacements);
}

// Visual regression inside the story run (docs/ui.md, "Visual regression"): once a story has
// rendered, played and passed axe, the page (dialogs included; animations paused)
// is compared with its kept screenshot, named by story id. The page is already there, so this
// costs one screenshot and one comparison per story, not a second pass over them all.

/**
 * Where the page stood when a picture differed: its scroll, the frame's and visual viewport's
 * size and offset, the document's size, what react-aria's scroll lock set, and where the first
 * full-frame overlay is.
 */
function pageGeometry(): string {
  const html = document.documentElement;
  const viewport = window.visualViewport;
  const overlay = [...document.querySelectorAll<HTMLElement>('body > *')]
    .filter((element) => getComputedStyle(element).position === 'fixed')
    .map((element) => element.getBoundingClientRect())
    .find((rect) => rect.width >= window.innerWidth - 1);
  return [
    `scroll ${window.scrollX},${window.scrollY}`,
    `window ${window.innerWidth}x${window.innerHeight}`,
    `visual viewport ${viewport?.width}x${viewport?.height} at ${viewport?.offsetLeft},${viewport?.offsetTop}`,
    `document ${html.scrollWidth}x${html.scrollHeight}`,
    `html overflow ${html.style.overflow || '-'} padding-right ${html.style.paddingRight || '-'}`,
    `overlay ${overlay ? `${overlay.x},${overlay.y} ${overlay.width}x${overlay.height}` : 'none'}`,
    `runner page ${describeScrolled(scrolledRunnerElements()) || 'not scrolled'}`,
  ].join('; ');
}

/**
 * Elements of Vitest's runner page (the story's frame is scaled into it, and the picture is
 * taken of that page) that are scrolled. Its `overflow: hidden` still lets
 * focus inside the frame scroll it: scrolled 3 px, the picture's top three rows came out white
 * (2 880 pixels), in dialog stories on a loaded machine and, every time, in one story that
 * scrolls its own page, whose kept picture had the strip.
 */
function scrolledRunnerElements(): Element[] {
  if (window.parent === window) return [];
  const runner = window.parent.document;
  return [runner.scrollingElement, ...runner.querySelectorAll('body *')].filter(
    (element): element is Element => Boolean(element?.scrollTop || element?.scrollLeft),
  );
}

const describeScrolled = (elements: Element[]) =>
  elements
    .map(
      (element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} at ${element.scrollLeft},${element.scrollTop}`,
    )
    .join(', ');

/** Scrolls the runner page's elements back to their origin, saying which had moved. */
function unscrollRunner(storyId: string) {
  const scrolled = scrolledRunnerElements();
  if (scrolled.length === 0) return;
  console.warn(
    `[visual] ${storyId}: the runner page was scrolled (${describeScrolled(scrolled)}); put back`,
  );
  for (const element of scrolled) element.scrollTo(0, 0);
}

/** The test id of the element whose picture is taken (the story's frame, see below). */
const VISUAL_FRAME = 'visual-regression-frame';

let openedSandbox = false;
globalThis.addEventListener(SANDBOX_SESSION_EVENT, () => {
  openedSandbox = true;
});
beforeEach(() => {
  openedSandbox = false;
});

/**
 * A story's axe report, as Storybook attaches it to the test (`task.meta.reports`), holds every
 * rule that passed or did not apply with the nodes it looked at: 150–400 KB a story, serialised in
 * the browser and parsed again in Vitest's process for every story of a run, where nothing reads
 * it. A run from the terminal keeps the violations (what fails a story) and the rules' names;
 * Storybook's own test panel, which shows the passes, gets them whole.
 */
function trimA11yReports(meta: { reports?: Array<{ type?: string; result?: unknown }> }) {
  for (const report of meta.reports ?? []) {
    const result = report.result as Record<string, unknown> | undefined;
    if (report.type !== 'a11y' || !result) continue;
    for (const kind of ['passes', 'inapplicable', 'incomplete']) {
      const rules = result[kind];
      if (Array.isArray(rules)) {
        result[kind] = rules.map(({ id, impact }: { id: string; impact?: string }) => ({
          id,
          impact,
          nodes: [],
        }));
      }
    }
  }
}

afterEach(async ({ task, expect }) => {
  if (!inject('a11yReportsInFull'))
    trimA11yReports(task.meta as Parameters<typeof trimA11yReports>[0]);
  const storyId = (task.meta as { storyId?: string }).storyId;
  // A failed story has said what is wrong; its picture would only add noise.
  if (!inject('visualRegression') || !storyId || task.result?.state === 'fail') return;
  if (openedSandbox) fixRunDates(document.body);
  fixIds(document.body);
  // Whether an earlier toast is still up when a story ends depends on the machine's speed (each
  // leaves after its duration): toasts are pictured in their own stories only, and the other
  // stories' play functions assert them by their text. A style rule, not the regions' own
  // style: a region is made afresh when a toast comes while the screenshots are taken.
  const hideToasts = document.createElement('style');
  if (!storyId.startsWith('building-blocks-toast--')) {
    hideToasts.textContent = '[data-toast-region] { visibility: hidden !important; }';
  }
  document.head.append(hideToasts);
  // The picture is the story's frame as a person sees it, not the whole page: Chromium paints
  // only the part of a longer page scrolled into the frame (the rest came out white), and the
  // height of that unseen rest (a hint still loading far below) failed pictures that showed
  // nothing different, while a page thousands of pixels tall took seconds to capture.
  // Found by a test id of its own: a locator made from the element itself is a CSS path
  // ('div:nth-child(9)') that another element of the page can match too.
  const frame = document.createElement('div');
  frame.style.cssText = 'position: fixed; inset: 0; pointer-events: none;';
  frame.dataset.testid = VISUAL_FRAME;
  document.body.append(frame);
  unscrollRunner(storyId);
  try {
    await expect(page.getByTestId(VISUAL_FRAME)).toMatchScreenshot(storyId);
  } catch (error) {
    console.warn(`[visual] ${storyId} differs from its kept picture; ${pageGeometry()}`);
    throw error;
  } finally {
    frame.remove();
    hideToasts.remove();
  }
});
