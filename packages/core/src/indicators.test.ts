import { describe, expect, it } from 'vitest';
import {
  IndicatorQuantity,
  quarterEndingIn,
  quarterMonths,
  targetShareTenths,
} from './indicators.js';
import { messagesId } from './messages/index.js';

const problems = messagesId.numberInput;

describe('IndicatorQuantity', () => {
  it.each([
    [12, 12],
    ['1,5', 1.5],
    ['1.5', 1.5],
    ['2.500', 2500],
    ['0,25', 0.25],
    ['0', 0],
  ] as const)('reads %j as %d', (typed, value) => {
    expect(IndicatorQuantity.parse(typed)).toBe(value);
  });

  it.each([
    ['2,500,000', problems.commaGrouping],
    ['1,234', 'paling banyak 2 angka di belakang koma'],
    [1.234, 'paling banyak 2 angka di belakang koma'],
    ['-1', problems.negative],
    [-1, problems.negative],
    ['', problems.required],
    [null, problems.notANumber],
  ] as const)('refuses %j: %s', (typed, message) => {
    const result = IndicatorQuantity.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('targetShareTenths', () => {
  it.each([
    [6, 12, 500],
    [1, 3, 333],
    [2, 3, 667],
    [0.1, 0.3, 333],
    [15, 12, 1250],
    [1, 0, null],
  ] as const)('%d of %d is %s tenths', (achieved, target, tenths) => {
    expect(targetShareTenths(achieved, target)).toBe(tenths);
  });
});

describe('quarters', () => {
  it('names the months of a quarter and the quarter a month ends', () => {
    expect(quarterMonths(3)).toEqual([7, 8, 9]);
    expect([3, 4, 6, 12].map(quarterEndingIn)).toEqual([1, null, 2, 4]);
  });
});
