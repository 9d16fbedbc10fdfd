import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file starts its own database (PGlite, and PostgreSQL when DATABASE_URL is set).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
