import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: the slow reliability suites (faults, two processes, soak, import
// limits) plus the fast ones that `npm test` also runs (hostile input, authorization matrix), the
// hostile input at full size. One file at a time: several start server processes and load the 2-core machine.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'reliability',
    include: ['reliability/**/*.test.ts', 'test/reliability-*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
    env: { RANWAL_RELIABILITY_FULL: '1' },
  },
});
