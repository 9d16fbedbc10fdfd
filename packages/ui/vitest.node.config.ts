import { defineProject } from 'vitest/config';

// The UI package's plain modules (no DOM): the in-memory client held to core's contract.
export default defineProject({
  test: {
    name: 'ui-node',
    include: ['src/**/*.test.ts'],
    // The first call migrates the sandbox's database (seconds).
    testTimeout: 30_000,
  },
});
