import { defineProject } from 'vitest/config';

// End-to-end journeys: the built portal served by the real server on an embedded database,
// driven by Debian's Chromium through playwright-core. One file at a time: the machine has 2 cores.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page answers within a second on a quiet machine, not on a loaded CI one (a search's
    // debounce plus its request once took longer than the default 1 s on Node 24 under load).
    expect: { poll: { timeout: 10_000 } },
  },
});
