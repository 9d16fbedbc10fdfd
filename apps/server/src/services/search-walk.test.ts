import { describe, expect, it } from 'vitest';
import { walks } from './reports.js';

/** What a sample of `inScope` lines of the year says of a search `found` in them. */
const sampled = (found: number, inScope: number) => ({
  found,
  share: found / inScope,
  lines: found * 40,
  pieces: [],
});

describe('whether a whole-province search walks its order', () => {
  it('reads a word the sample found a few times from its indexes, however close together', () => {
    // 5 lines of 40 000 hold 'genset'; the sample's pages held 2 of them (CI, 2026-12-01).
    expect(walks(sampled(2, 1_000), 0, 10)).toBe(false);
    expect(walks(sampled(5, 1_000), 0, 10)).toBe(false);
    expect(walks(sampled(0, 1_000), 0, 10)).toBe(false);
  });

  it('walks a word in many lines, first pages and deep ones alike while within its bound', () => {
    // 'spesifikasi 42': 5 434 of 40 000 lines.
    expect(walks(sampled(136, 1_000), 0, 10)).toBe(true);
    expect(walks(sampled(1_000, 1_000), 5_000, 100)).toBe(true);
    // Its page 900 lies past 10 000 lines of the order: read from the indexes.
    expect(walks(sampled(136, 1_000), 9_000, 10)).toBe(false);
  });
});
