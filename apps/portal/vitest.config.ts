import { defineProject } from 'vitest/config';

// End-to-end journeys: the built portal served by the real server on an embedded database,
// driven by Debian's Chromium through playwright-core. The files share the pool of the other Node
// projects (one worker on 2 cores), so they run beside the stories instead of after everything.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    // The files share nothing but the (large) app's module graph: load it once, not per file.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page answers within a second on a quiet machine, not on a loaded CI one (a search's
    // debounce plus its request once took longer than the default 1 s on Node 24 under load).
    expect: { poll: { timeout: 10_000 } },
  },
});
