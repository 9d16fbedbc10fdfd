import { renderToCanvas as renderReactToCanvas } from '@storybook/react/entry-preview';
import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import '../packages/ui/src/styles.css';
import { endSandboxSessions } from '../packages/ui/src/testing/sandbox-client.js';

// findBy… and waitFor give up after 1 s by default: on a shared 2-core machine under a full
// test run a toast or a reloaded list can take longer (stories failed there, never alone), the
// more so now that every call is the real server's SQL (CI failed stories at 5 s while every
// project of the run was starting; and at 15 s in a CI whose vitest took 2 373 s). A passing
// story never waits this long.
configure({ asyncUtilTimeout: 30_000 });

/**
 * Storybook's React renderer: the stories' test run uses React's production build
 * (packages/ui/vitest.config.ts), which has no `act`, so a story's play function would start
 * right after the first commit, before react-aria's collections fill in (56 stories read an
 * empty table). The first painted frame and one task after it is what `act` waited for.
 */
export const renderToCanvas: typeof renderReactToCanvas = async (context, canvasElement) => {
  const teardown = await renderReactToCanvas(context, canvasElement);
  if (process.env.NODE_ENV === 'production') {
    await new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 0)));
  }
  return teardown;
};

/** The sandboxed server's first database, asked for once per story file (`beforeAll`). */
let sandboxReady: Promise<unknown> = Promise.resolve();

const preview: Preview = {
  // Connected stories run on the sandboxed server (docs/ui.md): wait once for its first database
  // (seconds when a run starts), so no story spends its own timeouts on it. Without a server (the
  // static site opened from disk) there is nothing to wait for. Asked for here and waited for in
  // the loader: Storybook loads the story's files only after `beforeAll`, so waiting here put
  // the server's answer before the first story's whole module graph (issue 35).
  beforeAll: () => {
    // The story files of a test run share one page (`isolate: false`, packages/ui): each file
    // starts at the top, as in a page of its own, not where the last file's story left it (a
    // first story's picture came out 19 px off).
    window.scrollTo(0, 0);
    sandboxReady = fetch('/__sandbox/ready').catch(() => undefined);
  },
  loaders: [
    async () => {
      await sandboxReady;
      return {};
    },
  ],
  // Drafts kept in the tab's session storage (lib/session-draft) must not carry from one story
  // into the next.
  beforeEach: () => {
    sessionStorage.clear();
    // Nor what react-aria's live announcer said: it keeps each message 7 s and the stories
    // share one page, so a whole run read the notes thread's 'Tutup Catatan' in the next
    // file's English-messages story (CI, 2026-11-30). A page opened afresh has nothing announced.
    for (const log of document.querySelectorAll('[data-live-announcer] [aria-live]')) {
      log.replaceChildren();
    }
    // When the story is left (the next one opens, or the designer picks another), the sessions
    // its loaders and screens opened give their databases back to the sandbox's pool: a loader's
    // own client is never ended otherwise, and the pool then made a later story wait 13–16 s.
    return endSandboxSessions;
  },
  parameters: {
    layout: 'padded',
    // Every story is also an accessibility test: an axe violation fails it.
    // react-aria's hidden live-announcer region briefly holds text-less nodes after a busy
    // button changes; it is not page content, so axe skips it.
    a11y: { test: 'error', context: { include: ['body'], exclude: ['[data-live-announcer]'] } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};
export default preview;
