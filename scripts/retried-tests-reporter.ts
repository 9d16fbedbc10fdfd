import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only when run again (the stories' `retry` in CI,
 * packages/ui/vitest.config.ts), just above vitest's summary: a retry keeps a slow moment of a
 * shared machine from failing the run, and this list keeps the flaky test from going unseen,
 * with what went wrong the first time (the run's summary shows only final failures).
 */
export class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    const first = testCase.result().errors?.[0];
    const why = first
      ? `\n      ${firstLines(first.message ?? String(first))}${whereIn(first.stacks, testCase.module.moduleId)}`
      : '';
    this.retried.push(
      `${file} > ${testCase.fullName} (passed on run ${diagnostic.retryCount + 1})${why}`,
    );
  }

  onTestRunEnd() {
    if (this.retried.length === 0) return;
    console.log(`\nPassed only when run again (${this.retried.length}):`);
    for (const line of this.retried) console.log(`  ${line}`);
  }
}

/**
 * An error's first four lines, colours stripped, indented under its test's name. Storybook's
 * 'Click to debug' link heads every story's error and says nothing of what failed.
 */
function firstLines(message: string): string {
  return stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.includes('Click to debug'))
    .slice(0, 4)
    .join('\n      ');
}

/** The line of the test's own file the error came from ('at …stories.tsx:161'), when known. */
function whereIn(stacks: ReadonlyArray<{ file: string; line: number }> | undefined, file: string) {
  const frame = stacks?.find((stack) => stack.file === file);
  return frame ? `\n      at ${path.basename(file)}:${frame.line}` : '';
}
