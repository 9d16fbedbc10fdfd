import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The end-to-end files start the real server on PGlite and run the built `ranwal` binary.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The files share nothing but the (large) server module graph: load it once, not per file.
    isolate: false,
  },
});
