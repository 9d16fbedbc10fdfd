/**
 * The one place amounts and dates become text, shared by the UI, the portal, the CLI and the
 * Excel export (spec section 9: rupiah without decimals, Indonesian dates, en-US on the public
 * article view).
 */
import { type Messages, messagesId } from './messages/index.js';

// The product is Indonesian and servers often run in UTC, so dates show in WIB unless told otherwise.
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

export interface DateFormatOptions {
  /** An IANA time zone; defaults to DEFAULT_TIME_ZONE. */
  timeZone?: string;
}

/** A timestamp as it arrives: ISO text, epoch milliseconds or a Date; missing when null/undefined/''. */
export type DateInput = string | number | Date | null | undefined;

// Creating Intl formatters is slow, so each is built once and reused.
const numberFormatters = new Map<number, Intl.NumberFormat>();

/** A plain Indonesian number ('1.234.567', '1,5'), rounded half away from zero. */
export function formatNumberId(n: number | bigint, maxFractionDigits = 0): string {
  if (typeof n === 'number' && !Number.isFinite(n)) {
    throw new RangeError(`Cannot format ${n} as a number`);
  }
  let formatter = numberFormatters.get(maxFractionDigits);
  if (!formatter) {
    // 'negative' keeps a value that rounds to zero (-0.4) from showing as '-0'.
    formatter = new Intl.NumberFormat('id-ID', {
      maximumFractionDigits: maxFractionDigits,
      signDisplay: 'negative',
    });
    numberFormatters.set(maxFractionDigits, formatter);
  }
  return formatter.format(n);
}

/**
 * 'Rp 1.234.567' in whole rupiah (a fraction is rounded half up), negatives as '-Rp 1.234'. An
 * exact sum the API sends as decimal text (`RupiahSum`) is formatted exactly.
 */
export function formatRupiah(amount: number | bigint | string): string {
  const digits = formatNumberId(typeof amount === 'string' ? BigInt(amount) : amount);
  return digits.startsWith('-') ? `-Rp ${digits.slice(1)}` : `Rp ${digits}`;
}

const compactId = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });

/** Rupiah in a few characters, for a chart's axis: 'Rp 1,2 M', 'Rp 350 jt', 'Rp 0'. */
export function formatRupiahCompact(amount: number | bigint): string {
  return `Rp ${compactId.format(Number(amount))}`;
}

const dateFormats = {
  longWithTime: ['id-ID', { dateStyle: 'long', timeStyle: 'short' }],
  shortId: ['id-ID', { day: 'numeric', month: 'short', year: 'numeric' }],
  shortEnUs: ['en-US', { day: 'numeric', month: 'short', year: 'numeric' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function formatDate(
  format: keyof typeof dateFormats,
  value: DateInput,
  options: DateFormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return messagesId.dates.unknown;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return messagesId.dates.invalid;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const key = `${format} ${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    const [locale, formatOptions] = dateFormats[format];
    formatter = new Intl.DateTimeFormat(locale, { ...formatOptions, timeZone });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

const yearFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar year at `now` in a time zone (WIB by default): the budget year a screen opens on. */
export function currentYear(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): number {
  let formatter = yearFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone });
    yearFormatters.set(timeZone, formatter);
  }
  return Number(formatter.format(now));
}

/** '21 November 2026 pukul 11.30' (the report table). */
export const formatDateTimeLong = (value: DateInput, options?: DateFormatOptions): string =>
  formatDate('longWithTime', value, options);

/** '21 Nov 2026' (article management). */
export const formatDateShortId = (value: DateInput, options?: DateFormatOptions): string =>
  formatDate('shortId', value, options);

/** 'Nov 21, 2026' (the public article view). */
export const formatDateShortEnUs = (value: DateInput, options?: DateFormatOptions): string =>
  formatDate('shortEnUs', value, options);

/** The media type of the report workbooks (.xlsx). */
export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** The file name a year's report is offered under: the spec's for its sheet, `rka-…` for the RKA. */
export const reportFileName = (
  year: number,
  layout: 'flat' | 'rka' = 'flat',
  format: 'xlsx' | 'pdf' = 'xlsx',
): string => `${layout === 'rka' ? 'rka' : 'laporan-detail-program'}-${year}.${format}`;

/**
 * A coded record as every picker, filter, list and comparison names it: 'code - name' (the
 * spec's form for Kode Rekening, `hierarchy.accountCodeName`), so two records of one name tell
 * apart by their official codes; the name alone where the record has no code.
 */
export const codeAndName = (
  code: string | null | undefined,
  name: string,
  messages: Pick<Messages, 'hierarchy'> = messagesId,
): string => (code ? messages.hierarchy.accountCodeName(code, name) : name);
