import { defineConfig } from 'vitest/config';

// One test run covers every workspace; each workspace declares its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'packages/ui/vitest.node.config.ts'],
  },
});
