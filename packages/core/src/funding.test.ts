import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareOf, shareTenths } from './funding.js';

describe('shareOf', () => {
  it('gives a percentage to one decimal place in Indonesian, rounded half up', () => {
    expect(shareOf('1', '8')).toBe('12,5 %');
    expect(shareOf('1', '3')).toBe('33,3 %');
    expect(shareOf('2', '3')).toBe('66,7 %');
    expect(shareOf('1', '2000')).toBe('0,1 %'); // 0.05 % rounds up
    expect(shareOf('1', '2001')).toBe('0 %');
    expect(shareOf('5', '5')).toBe('100 %');
    expect(shareOf('0', '0')).toBe('0 %');
  });

  it('is exact past the range of floating point numbers', () => {
    const whole = 10n ** 30n;
    expect(shareOf(whole / 4n, whole)).toBe('25 %');
  });

  it('adds up to about 100 % over any split of a whole', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1 }), (parts) => {
        const whole = parts.reduce((sum, part) => sum + part, 0n);
        fc.pre(whole > 0n);
        const tenths = parts.map((part) => shareTenths(part, whole));
        const sum = tenths.reduce((a, b) => a + b, 0);
        // Each share is within half a tenth of its exact value.
        expect(Math.abs(sum - 1000)).toBeLessThanOrEqual(Math.ceil(parts.length / 2));
      }),
    );
  });
});
