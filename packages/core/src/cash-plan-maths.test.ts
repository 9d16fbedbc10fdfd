import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allInMonth,
  cashPlanSelisih,
  readPastedBlock,
  spreadEvenly,
  spreadLike,
} from './cash-plan-maths.js';

const total = (values: readonly bigint[]) => values.reduce((sum, value) => sum + value, 0n);
const rupiah = fc.bigInt({ min: 0n, max: 10n ** 18n });

describe('spreadEvenly', () => {
  it('gives twelve equal months when the total divides', () => {
    expect(spreadEvenly(12_000_000n)).toEqual(Array(12).fill(1_000_000n));
  });

  it('puts what does not divide on the last months, one rupiah each', () => {
    const spread = spreadEvenly(1_000_000n);
    expect(spread.slice(0, 8)).toEqual(Array(8).fill(83_333n));
    expect(spread.slice(8)).toEqual(Array(4).fill(83_334n));
  });

  it('adds up to the total exactly, however large', () => {
    fc.assert(
      fc.property(rupiah, (amount) => {
        const spread = spreadEvenly(amount);
        expect(spread).toHaveLength(12);
        expect(total(spread)).toBe(amount);
        const sorted = [...spread].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect((sorted[11] ?? 0n) - (sorted[0] ?? 0n) <= 1n).toBe(true);
      }),
    );
  });

  it('gives zeros for nothing to spread', () => {
    expect(spreadEvenly(0n)).toEqual(Array(12).fill(0n));
  });
});

describe('spreadLike', () => {
  it("follows the previous year's proportions", () => {
    const shape = [0n, 0n, 100n, 0n, 0n, 100n, 0n, 0n, 200n, 0n, 0n, 0n];
    expect(spreadLike(4_000_000n, shape)).toEqual([
      0n,
      0n,
      1_000_000n,
      0n,
      0n,
      1_000_000n,
      0n,
      0n,
      2_000_000n,
      0n,
      0n,
      0n,
    ]);
  });

  it('gives the leftover rupiah to the largest remainders, keeping the total exact', () => {
    const spread = spreadLike(10n, [1n, 1n, 1n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]);
    expect(spread.slice(0, 3)).toEqual([4n, 3n, 3n]);
    expect(total(spread)).toBe(10n);
  });

  it('spreads evenly when the previous year had nothing', () => {
    expect(spreadLike(12n, Array(12).fill(0n))).toEqual(Array(12).fill(1n));
  });

  it('adds up to the total exactly and leaves the months the shape left empty', () => {
    fc.assert(
      fc.property(rupiah, fc.array(rupiah, { minLength: 12, maxLength: 12 }), (amount, shape) => {
        const spread = spreadLike(amount, shape);
        expect(total(spread)).toBe(amount);
        if (total(shape) > 0n) {
          shape.forEach((weight, month) => {
            if (weight === 0n) expect(spread[month]).toBe(0n);
          });
        }
      }),
    );
  });
});

describe('allInMonth and the selisih', () => {
  it('puts the whole total in the month chosen', () => {
    const plan = allInMonth(5_550_000n, 6);
    expect(plan[6]).toBe(5_550_000n);
    expect(total(plan)).toBe(5_550_000n);
  });

  it('is plan minus lines: negative while months are missing', () => {
    expect(cashPlanSelisih([1n, 2n, 3n], 10n)).toBe(-4n);
    expect(cashPlanSelisih(spreadEvenly(999n), 999n)).toBe(0n);
  });
});

describe('readPastedBlock', () => {
  it('reads twelve months copied from a spreadsheet row, in Indonesian figures', () => {
    const copied = `${['1.000.000', 'Rp 2.000.000', '3000000', '', '-', '0', '1.500', '2', '3', '4', '5', '6'].join('\t')}\r\n`;
    const block = readPastedBlock(copied);
    expect(block.problems).toEqual([]);
    expect(block.rows).toEqual([
      [1_000_000n, 2_000_000n, 3_000_000n, 0n, 0n, 0n, 1_500n, 2n, 3n, 4n, 5n, 6n],
    ]);
  });

  it('reads several rows, a column and quoted cells', () => {
    expect(readPastedBlock('1\t2\n3\t4').rows).toEqual([
      [1n, 2n],
      [3n, 4n],
    ]);
    expect(readPastedBlock('10\n"20"\n30\n').rows).toEqual([[10n], [20n], [30n]]);
  });

  it('names each cell that is not a whole rupiah amount, with why', () => {
    const block = readPastedBlock('1.000\tabc\n2,500,000\t1,5');
    expect(block.problems).toEqual([
      { row: 0, column: 1, text: 'abc', problem: 'notANumber' },
      { row: 1, column: 0, text: '2,500,000', problem: 'commaGrouping' },
      { row: 1, column: 1, text: '1,5', problem: 'wholeOnly' },
    ]);
  });
});
