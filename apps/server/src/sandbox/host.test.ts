import { SANDBOX_YEAR } from '@ranwal/core/demo';
import { describe, expect, it } from 'vitest';
import { sandboxToday } from './host.js';

describe("the sandbox's day", () => {
  it('is the real one in Jakarta within its year, and the last day of its year after it', () => {
    // 17:30 UTC is already the next day in Jakarta.
    expect(sandboxToday(new Date(`${SANDBOX_YEAR}-03-09T17:30:00Z`))).toBe(`${SANDBOX_YEAR}-03-10`);
    expect(sandboxToday(new Date(`${SANDBOX_YEAR}-12-31T10:00:00Z`))).toBe(`${SANDBOX_YEAR}-12-31`);
    expect(sandboxToday(new Date(`${SANDBOX_YEAR}-12-31T17:30:00Z`))).toBe(`${SANDBOX_YEAR}-12-31`);
    expect(sandboxToday(new Date(`${SANDBOX_YEAR + 1}-01-11T03:00:00Z`))).toBe(
      `${SANDBOX_YEAR}-12-31`,
    );
  });
});
