import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file starts its own database (PGlite, and PostgreSQL when DATABASE_URL is set).
    // Generous: a full run on a shared 2-core machine slowed tests here past 30 s and starting
    // an app past 60 s (timeouts, never wrong answers); a test's time is not what it asserts.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The files share nothing but the (large) app's module graph: load it once, not per file.
    isolate: false,
  },
});
