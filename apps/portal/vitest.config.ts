import { defineProject } from 'vitest/config';

// End-to-end journeys: the built portal served by the real server on a fresh database (PostgreSQL
// when DATABASE_URL is set, else the embedded PGlite), driven by Debian's Chromium through
// playwright-core. The files share the pool of the other Node projects (one worker on 2 cores),
// so they run beside the stories instead of after everything.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    // The files share nothing but the (large) app's module graph: load it once, not per file.
    isolate: false,
    // A journey is minutes of a person's clicks: 20–40 s alone, and more than twice that on a
    // half-speed machine of this kind beside a full run (CI failed one at 60 s there, its
    // steps each answered). What a journey asserts is never its time.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // A page answers within a second on a quiet machine, not on a loaded CI one (a search's
    // debounce plus its request once took longer than the default 1 s on Node 24 under load).
    expect: { poll: { timeout: 10_000 } },
  },
});
