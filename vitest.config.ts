import { defineConfig } from 'vitest/config';
import { HeaviestFirstSequencer, TestSecondsRecorder } from './scripts/heaviest-first.js';
import { RetriedTestsReporter } from './scripts/retried-tests-reporter.js';

// One test run covers every workspace; each workspace declares its own project config.
export default defineConfig({
  test: {
    // Every core: the stories, the Node files and the journeys wait on each other's answers more
    // than they compute, so two at a time keep a 2-core machine busy (docs/performance.md).
    maxWorkers: 2,
    // The longest files of each project first, by the kept seconds of a whole run on a fresh
    // clone (scripts/heaviest-first.ts).
    sequence: { sequencer: HeaviestFirstSequencer },
    // The list of tests that passed only when run again comes first, so the summary stays last.
    reporters: [new RetriedTestsReporter(), new TestSecondsRecorder(), 'default'],
    projects: ['packages/*', 'apps/*', 'packages/ui/vitest.node.config.ts'],
  },
});
