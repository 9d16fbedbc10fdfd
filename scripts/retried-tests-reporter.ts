import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only when run again (the stories' `retry` in CI,
 * packages/ui/vitest.config.ts), just above vitest's summary: a retry keeps a slow moment of a
 * shared machine from failing the run, and this list keeps the flaky test from going unseen.
 */
export class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    this.retried.push(
      `${file} > ${testCase.fullName} (passed on run ${diagnostic.retryCount + 1})`,
    );
  }

  onTestRunEnd() {
    if (this.retried.length === 0) return;
    console.log(`\nPassed only when run again (${this.retried.length}):`);
    for (const line of this.retried) console.log(`  ${line}`);
  }
}
