import { describe, expect, it } from 'vitest';
import {
  codeAndName,
  currentYear,
  type DateInput,
  DEFAULT_TIME_ZONE,
  formatDateShortEnUs,
  formatDateShortId,
  formatDateTimeLong,
  formatNumberId,
  formatRupiah,
  formatRupiahCompact,
} from './format.js';
import { messagesId } from './messages/index.js';

describe('formatRupiah', () => {
  it.each<[number | bigint | string, string]>([
    [0, 'Rp 0'],
    [-0, 'Rp 0'],
    [7, 'Rp 7'],
    [1000, 'Rp 1.000'],
    [1_234_567, 'Rp 1.234.567'],
    [1_234_567n, 'Rp 1.234.567'],
    [25_200_000, 'Rp 25.200.000'],
    [Number.MAX_SAFE_INTEGER, 'Rp 9.007.199.254.740.991'],
    [BigInt(Number.MAX_SAFE_INTEGER) * 1000n, 'Rp 9.007.199.254.740.991.000'],
    ['10000000000000001', 'Rp 10.000.000.000.000.001'],
    [-1234, '-Rp 1.234'],
    [-1234n, '-Rp 1.234'],
    [1501.5, 'Rp 1.502'],
    [1501.49, 'Rp 1.501'],
    [0.5, 'Rp 1'],
    [-0.4, 'Rp 0'],
    [-1234.5, '-Rp 1.235'],
  ])('%s -> %s', (amount, text) => {
    expect(formatRupiah(amount)).toBe(text);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (amount) => {
    expect(() => formatRupiah(amount)).toThrow(RangeError);
  });
});

describe('formatNumberId', () => {
  it.each<[number | bigint, number, string]>([
    [1.5, 0, '2'],
    [1.5, 2, '1,5'],
    [2.25, 2, '2,25'],
    [1234.56, 2, '1.234,56'],
    [1234.567, 2, '1.234,57'],
    [1_000_000n, 0, '1.000.000'],
    [-1.5, 1, '-1,5'],
    [3, 2, '3'],
  ])('%s with %s decimals -> %s', (n, digits, text) => {
    expect(formatNumberId(n, digits)).toBe(text);
  });

  it('defaults to no decimals', () => {
    expect(formatNumberId(1234.5)).toBe('1.235');
  });
});

describe('dates', () => {
  // 04:30 UTC is 11:30 in Jakarta (WIB, UTC+7).
  const instant = '2026-11-21T04:30:00Z';
  // 20:00 UTC on the 31st is already 1 January in Jakarta.
  const newYear = Date.UTC(2026, 11, 31, 20, 0);

  it('defaults to Jakarta time', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Jakarta');
  });

  it.each<{
    value: DateInput;
    timeZone: string | undefined;
    long: string;
    shortId: string;
    shortEnUs: string;
  }>([
    {
      value: instant,
      timeZone: undefined,
      long: '21 November 2026 pukul 11.30',
      shortId: '21 Nov 2026',
      shortEnUs: 'Nov 21, 2026',
    },
    {
      value: instant,
      timeZone: 'UTC',
      long: '21 November 2026 pukul 04.30',
      shortId: '21 Nov 2026',
      shortEnUs: 'Nov 21, 2026',
    },
    {
      value: newYear,
      timeZone: undefined,
      long: '1 Januari 2027 pukul 03.00',
      shortId: '1 Jan 2027',
      shortEnUs: 'Jan 1, 2027',
    },
    {
      value: new Date(newYear),
      timeZone: 'UTC',
      long: '31 Desember 2026 pukul 20.00',
      shortId: '31 Des 2026',
      shortEnUs: 'Dec 31, 2026',
    },
    {
      value: '2025-08-17T10:00:00+07:00',
      timeZone: 'Asia/Jakarta',
      long: '17 Agustus 2025 pukul 10.00',
      shortId: '17 Agu 2025',
      shortEnUs: 'Aug 17, 2025',
    },
    {
      value: 0,
      timeZone: 'UTC',
      long: '1 Januari 1970 pukul 00.00',
      shortId: '1 Jan 1970',
      shortEnUs: 'Jan 1, 1970',
    },
  ])('$value in $timeZone', ({ value, timeZone, long, shortId, shortEnUs }) => {
    const options = timeZone === undefined ? undefined : { timeZone };
    expect(formatDateTimeLong(value, options)).toBe(long);
    expect(formatDateShortId(value, options)).toBe(shortId);
    expect(formatDateShortEnUs(value, options)).toBe(shortEnUs);
  });

  it.each<[DateInput, string]>([
    [null, 'Unknown date'],
    [undefined, 'Unknown date'],
    ['', 'Unknown date'],
    ['not a date', 'Invalid date'],
    ['2026-13-45', 'Invalid date'],
    [Number.NaN, 'Invalid date'],
    [8.64e15 + 1, 'Invalid date'],
    [new Date(Number.NaN), 'Invalid date'],
  ])('%s -> %s', (value, text) => {
    for (const format of [formatDateTimeLong, formatDateShortId, formatDateShortEnUs]) {
      expect(format(value)).toBe(text);
      expect(format(value, { timeZone: 'UTC' })).toBe(text);
    }
  });

  it('takes the fallbacks from the message catalogue', () => {
    expect(formatDateShortId(null)).toBe(messagesId.dates.unknown);
    expect(formatDateShortId('nope')).toBe(messagesId.dates.invalid);
  });

  it('refuses an unknown time zone', () => {
    expect(() => formatDateShortId(instant, { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('currentYear', () => {
  it.each<[string, string | undefined, number]>([
    // 17:00 UTC on New Year's Eve is already midnight in Jakarta (UTC+7).
    ['2025-12-31T16:59:59Z', undefined, 2025],
    ['2025-12-31T17:00:00Z', undefined, 2026],
    ['2025-12-31T17:00:00Z', 'UTC', 2025],
    ['2026-06-15T00:00:00Z', 'Asia/Jayapura', 2026],
  ])('%s in %s -> %i', (instant, timeZone, year) => {
    expect(currentYear(timeZone, new Date(instant))).toBe(year);
  });
});

describe('codeAndName', () => {
  it.each([
    ['1.01.02', 'Program Pendidikan', '1.01.02 - Program Pendidikan'],
    [null, 'Program Pendidikan', 'Program Pendidikan'],
    [undefined, 'Program Pendidikan', 'Program Pendidikan'],
    ['', 'Program Pendidikan', 'Program Pendidikan'],
  ])('names %j %j as %j', (code, name, expected) => {
    expect(codeAndName(code, name)).toBe(expected);
  });

  it('tells two records of one name apart by their codes', () => {
    expect(codeAndName('1.01.02.2.01', 'Perencanaan')).not.toBe(
      codeAndName('1.02.02.2.01', 'Perencanaan'),
    );
  });
});

describe('formatRupiahCompact', () => {
  it("shortens rupiah for a chart's axis as Indonesians read them", () => {
    expect(formatRupiahCompact(0n)).toBe('Rp 0');
    // Intl keeps the number and its unit together with a no-break space.
    expect(formatRupiahCompact(350_000_000n)).toBe('Rp 350\u00a0jt');
    expect(formatRupiahCompact(1_200_000_000n)).toBe('Rp 1,2\u00a0M');
  });
});
