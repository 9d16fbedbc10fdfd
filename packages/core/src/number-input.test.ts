import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messagesEn } from './messages/en.js';
import { messagesId } from './messages/id.js';
import { groupNumberInput, numberInputProblemText, parseNumberInput } from './number-input.js';

const RUPIAH = { decimals: 0 };
const VOLUME = { decimals: 2 };
const PERCENT = { decimals: 1, percent: true };

const idGrouped = (n: number, decimals: number) =>
  new Intl.NumberFormat('id-ID', { maximumFractionDigits: decimals }).format(n);
const hundredths = fc.integer({ min: 0, max: 10_000_000_000 }).map((n) => n / 100);

describe('parseNumberInput', () => {
  it.each([
    ['2.500.000', RUPIAH, 2_500_000],
    ['2500000', RUPIAH, 2_500_000],
    ['Rp 2.500.000', RUPIAH, 2_500_000],
    ['Rp. 1.000', RUPIAH, 1000],
    ['  15.000  ', RUPIAH, 15_000],
    ['2.500.000,00', RUPIAH, 2_500_000],
    ['1.500', RUPIAH, 1500],
    ['0', RUPIAH, 0],
    ['007', RUPIAH, 7],
    ['1,5', VOLUME, 1.5],
    ['1.5', VOLUME, 1.5],
    ['0.5', VOLUME, 0.5],
    ['0,25', VOLUME, 0.25],
    ['1234.5', VOLUME, 1234.5],
    ['1.234,5', VOLUME, 1234.5],
    ['12,50', VOLUME, 12.5],
    ['45,5', PERCENT, 45.5],
    ['45.5%', PERCENT, 45.5],
    ['100 %', PERCENT, 100],
    ['3', VOLUME, 3],
    ['9007199254740991', RUPIAH, Number.MAX_SAFE_INTEGER],
  ])('reads %s as %s', (text, options, value) => {
    expect(parseNumberInput(text, options)).toEqual({ ok: true, value });
  });

  it.each([
    ['', RUPIAH, 'required'],
    ['   ', VOLUME, 'required'],
    ['Rp', RUPIAH, 'required'],
    ['2,500,000', RUPIAH, 'commaGrouping'],
    ['1,234.5', VOLUME, 'misplacedSeparator'],
    ['1.234.5', VOLUME, 'misplacedSeparator'],
    ['1.2.3', VOLUME, 'misplacedSeparator'],
    ['12.34.567', RUPIAH, 'misplacedSeparator'],
    ['1.', VOLUME, 'misplacedSeparator'],
    ['1,', VOLUME, 'misplacedSeparator'],
    ['.5', VOLUME, 'misplacedSeparator'],
    [',5', VOLUME, 'misplacedSeparator'],
    ['1.50.000', RUPIAH, 'misplacedSeparator'],
    ['-5', VOLUME, 'negative'],
    ['−5', VOLUME, 'negative'],
    ['1e3', VOLUME, 'notANumber'],
    ['dua', VOLUME, 'notANumber'],
    ['2 500 000', RUPIAH, 'notANumber'],
    ['0x10', RUPIAH, 'notANumber'],
    ['2.500.000,50', RUPIAH, 'wholeOnly'],
    ['1,5', RUPIAH, 'wholeOnly'],
    ['1,255', VOLUME, 'tooManyDecimals'],
    ['45,25', PERCENT, 'tooManyDecimals'],
    ['50%', VOLUME, 'notANumber'],
    ['50%%', PERCENT, 'notANumber'],
    ['9007199254740992', RUPIAH, 'tooLarge'],
    ['99999999999999999999', RUPIAH, 'tooLarge'],
  ])('refuses %s (%o) as %s', (text, options, problem) => {
    expect(parseNumberInput(text, options)).toEqual({ ok: false, problem });
  });

  it('names the places a field takes when it refuses more', () => {
    const refusal = (text: string, options: typeof PERCENT | typeof VOLUME) => {
      const result = parseNumberInput(text, options);
      if (result.ok) throw new Error(`${text} was read`);
      return [
        numberInputProblemText(result.problem, options, messagesId.numberInput),
        numberInputProblemText(result.problem, options, messagesEn.numberInput),
      ];
    };
    expect(refusal('0,25', PERCENT)).toEqual([
      'paling banyak 1 angka di belakang koma',
      'takes at most 1 decimal place',
    ]);
    expect(refusal('1,255', VOLUME)).toEqual([
      'paling banyak 2 angka di belakang koma',
      'takes at most 2 decimal places',
    ]);
    expect(refusal('dua', VOLUME)[0]).toBe(messagesId.numberInput.notANumber);
  });

  it('reads back every whole amount as Indonesians write it, grouped or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseNumberInput(idGrouped(n, 0), RUPIAH)).toEqual({ ok: true, value: n });
        expect(parseNumberInput(String(n), RUPIAH)).toEqual({ ok: true, value: n });
        expect(parseNumberInput(`Rp ${idGrouped(n, 0)}`, RUPIAH)).toEqual({ ok: true, value: n });
      }),
    );
  });

  it('reads back every volume with two decimals, with a decimal comma or a decimal point', () => {
    fc.assert(
      fc.property(hundredths, (n) => {
        expect(parseNumberInput(idGrouped(n, 2), VOLUME)).toEqual({ ok: true, value: n });
        const plain = String(n);
        // A dot before exactly three digits groups thousands: "1.500" is 1500, by the rule.
        if (!/\.\d{3}$/.test(plain)) {
          expect(parseNumberInput(plain, VOLUME)).toEqual({ ok: true, value: n });
        }
      }),
    );
  });

  it('refuses English grouping of two or more groups instead of reading a decimal comma', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const english = new Intl.NumberFormat('en-US').format(n);
        expect(parseNumberInput(english, RUPIAH)).toMatchObject({ ok: false });
        expect(parseNumberInput(english, VOLUME)).toMatchObject({ ok: false });
      }),
    );
  });

  it('answers, for any text, a finite non-negative number within the decimals, or a reason', () => {
    const typed = fc.string({
      unit: fc.constantFrom(...'0123456789.,-Rp e'.split('')),
      maxLength: 24,
    });
    fc.assert(
      fc.property(typed, fc.constantFrom(RUPIAH, VOLUME), (text, options) => {
        const result = parseNumberInput(text, options);
        if (!result.ok) return;
        expect(Number.isFinite(result.value)).toBe(true);
        expect(result.value).toBeGreaterThanOrEqual(0);
        expect(result.value).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
        expect(Math.round(result.value * 10 ** options.decimals) / 10 ** options.decimals).toBe(
          result.value,
        );
        // The same reading, whatever spacing is around it.
        expect(parseNumberInput(`  ${text}  `, options)).toEqual(result);
      }),
    );
  });
});

describe('groupNumberInput', () => {
  it.each([
    ['2500000', RUPIAH, '2.500.000'],
    ['2.500.000', RUPIAH, '2.500.000'],
    ['15000', RUPIAH, '15.000'],
    ['1,5', VOLUME, '1,5'],
    ['1.5', VOLUME, '1,5'],
    ['1,', VOLUME, '1,'],
    ['1.', VOLUME, '1.'],
    ['1234,50', VOLUME, '1.234,50'],
    ['2,500,000', RUPIAH, '2,500,000'],
    ['', RUPIAH, ''],
  ])('shows %s as %s while typed', (text, options, shown) => {
    expect(groupNumberInput(text, options)).toBe(shown);
  });

  it('never changes the number a text reads as', () => {
    fc.assert(
      fc.property(hundredths, (n) => {
        const typed = String(n).replace('.', ',');
        const shown = groupNumberInput(typed, VOLUME);
        expect(parseNumberInput(shown, VOLUME)).toEqual(parseNumberInput(typed, VOLUME));
      }),
    );
  });
});
