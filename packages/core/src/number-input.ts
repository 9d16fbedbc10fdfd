/**
 * Numbers as people in Indonesia type them into amount and volume fields. One reading, never a
 * guess: `2.500.000` is two and a half million (a dot groups thousands, in groups of three),
 * `1,5` and `1.5` are one and a half (a comma is the decimal mark; a lone dot not followed by
 * exactly three digits is one too), `2.500.000,75` is both. Whatever has no single reading
 * (`2,500,000`, `1,234.5`, `1.2.3`, `1.`) is refused with the reason, not reinterpreted.
 */

import type { Messages } from './messages/id.js';

/** Why a typed number was refused; the message catalogue words each one (`numberInput`). */
export type NumberInputProblem =
  | 'required'
  | 'notANumber'
  | 'negative'
  | 'misplacedSeparator'
  | 'commaGrouping'
  | 'tooManyDecimals'
  | 'wholeOnly'
  | 'tooLarge';

export type NumberInputResult =
  | { ok: true; value: number }
  | { ok: false; problem: NumberInputProblem };

export interface NumberInputOptions {
  /** Decimal places the field allows: 0 for rupiah, 2 for volumes, 1 for a percentage. */
  decimals: number;
  /** A percentage: a `%` typed after the number is taken as read (`45,5 %`). */
  percent?: boolean;
}

const refuse = (problem: NumberInputProblem): NumberInputResult => ({ ok: false, problem });

// Thousands grouped by dots: 1 to 3 digits, then groups of exactly three.
const DOT_GROUPED = /^\d{1,3}(?:\.\d{3})+$/;
const DIGITS = /^\d+$/;
// A leading currency mark people copy along with an amount ("Rp 2.500.000", "Rp. 1.000").
const RUPIAH_MARK = /^rp\.?\s*/i;
// The sign people type after a percentage, when the field is one.
const PERCENT_SIGN = /\s*%$/;

/** Reads `text` as typed into a number field; see the module comment for what it accepts. */
export function parseNumberInput(text: string, options: NumberInputOptions): NumberInputResult {
  let trimmed = text.trim().replace(RUPIAH_MARK, '');
  if (options.percent) trimmed = trimmed.replace(PERCENT_SIGN, '');
  if (trimmed === '') return refuse('required');
  if (/^[-−]/.test(trimmed)) return refuse('negative');
  if (!/^[\d.,]+$/.test(trimmed)) return refuse('notANumber');

  const commas = trimmed.split(',').length - 1;
  let whole: string;
  let fraction = '';
  if (commas > 1) {
    // 2,500,000: English grouping, which reads here as two decimal commas.
    return refuse(trimmed.includes('.') ? 'misplacedSeparator' : 'commaGrouping');
  }
  if (commas === 1) {
    [whole, fraction] = trimmed.split(',') as [string, string];
    if (!DIGITS.test(fraction)) return refuse('misplacedSeparator');
    if (whole.includes('.')) {
      if (!DOT_GROUPED.test(whole)) return refuse('misplacedSeparator');
      whole = whole.replaceAll('.', '');
    }
    if (!DIGITS.test(whole)) return refuse('misplacedSeparator');
  } else if (DOT_GROUPED.test(trimmed)) {
    whole = trimmed.replaceAll('.', '');
  } else if (trimmed.split('.').length === 2) {
    // One dot that does not group thousands: a decimal point (1.5, 0.25, 1234.5).
    [whole, fraction] = trimmed.split('.') as [string, string];
    if (!DIGITS.test(whole) || !DIGITS.test(fraction)) return refuse('misplacedSeparator');
  } else if (DIGITS.test(trimmed)) {
    whole = trimmed;
  } else {
    return refuse('misplacedSeparator');
  }

  const significant = fraction.replace(/0+$/, '');
  if (significant.length > options.decimals) {
    return refuse(options.decimals === 0 ? 'wholeOnly' : 'tooManyDecimals');
  }
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 16 || Number(digits) > Number.MAX_SAFE_INTEGER) return refuse('tooLarge');
  const value = Number(significant ? `${digits}.${significant}` : digits);
  return { ok: true, value };
}

/** Why a number typed into a field of `options` was refused, in the catalogue's words. */
export function numberInputProblemText(
  problem: NumberInputProblem,
  options: NumberInputOptions,
  words: Messages['numberInput'],
): string {
  const text = words[problem];
  return typeof text === 'function' ? text(options.decimals) : text;
}

/**
 * An amount or volume as the field shows it while typed: thousands grouped by dots and the
 * decimal comma, keeping what the person is in the middle of typing (a trailing comma, its
 * zeros). Text that does not parse is left as typed, for the field's error to explain.
 */
export function groupNumberInput(text: string, options: NumberInputOptions): string {
  const trimmed = text.trim();
  const parsed = parseNumberInput(trimmed.replace(/,$/, ''), options);
  if (!parsed.ok || RUPIAH_MARK.test(trimmed)) return text;
  const [whole] = String(Math.trunc(parsed.value)).split('.') as [string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const decimalMark = trimmed.search(/,|\.(?!\d{3}(?:\D|$))/);
  if (decimalMark < 0) return grouped;
  return `${grouped},${trimmed.slice(decimalMark + 1)}`;
}
