import { messagesId } from './messages/index.js';
import type { FieldIssue } from './schemas.js';
/**
 * Exact budget-line money maths (spec section 9): total price = price x the three volumes,
 * PPN 12% of it when tax is on, total after tax = total price + tax.
 * Volumes are read from their decimal text and multiplied as BigInt hundredths, so no
 * floating-point step ever touches an amount; anything not exact in a JS number is refused.
 */

export const PPN_PERCENT = 12;

/**
 * How PPN is charged from a date on: `rate` percent (up to two decimals) of `base_numerator /
 * base_denominator` of the total. The spec's 12% of the whole total is the default; the 2025
 * rule (PMK 131/2024) charges 12% of an 11/12 base, 11% in effect.
 */
export interface TaxRuleValues {
  /** The first day the rule applies, `YYYY-MM-DD`. */
  effective_from: string;
  rate: number;
  base_numerator: number;
  base_denominator: number;
}

/** What applies when no rule is configured, and before the first configured one. */
export const DEFAULT_TAX_RULE: TaxRuleValues = {
  effective_from: '2000-01-01',
  rate: PPN_PERCENT,
  base_numerator: 1,
  base_denominator: 1,
};

/**
 * The rule a budget line of `year` is priced with: the latest whose date is on or before the
 * year's first day (a line plans a whole budget year, so one rule prices all of its lines).
 */
export function taxRuleForYear(rules: readonly TaxRuleValues[], year: number): TaxRuleValues {
  const yearStart = `${String(year).padStart(4, '0')}-01-01`;
  let chosen: TaxRuleValues | undefined;
  for (const rule of rules) {
    if (
      rule.effective_from <= yearStart &&
      (!chosen || rule.effective_from > chosen.effective_from)
    ) {
      chosen = rule;
    }
  }
  return chosen ?? DEFAULT_TAX_RULE;
}

/** The rate in hundredths of a percent (12 -> 1200n), exact for up to two decimals. */
const rateHundredths = (rule: TaxRuleValues): bigint => BigInt(Math.round(rule.rate * 100));

export interface LineAmounts {
  /** Whole rupiah. */
  price: number;
  first_volume: number | string;
  second_volume: number | string;
  third_volume: number | string;
  /** Whether PPN applies (the programme's `is_taxed`). */
  taxed: boolean;
  /** How PPN is charged; the spec's 12% of the whole total when left out. */
  rule?: TaxRuleValues | undefined;
}

export interface LineTotals {
  total_price: number;
  tax: number;
  total_after_tax: number;
}

/** An invalid money input, or a result too large to be exact; `field` names which. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  readonly field: string;
  /** `inexact`: past what a JSON number holds exactly; `lineLimit`: past MAX_LINE_TOTAL. */
  readonly reason: 'inexact' | 'lineLimit';

  constructor(field: string, message: string, reason: 'inexact' | 'lineLimit' = 'inexact') {
    super(message);
    this.field = field;
    this.reason = reason;
  }
}

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
// Three volumes in hundredths multiply to millionths.
const VOLUMES_SCALE = 1_000_000n;
// A decimal with an optional exponent (the shape of String(n)); the sign is matched only to
// report a negative volume as such.
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

const shown = (value: unknown): string =>
  typeof value === 'string' ? `'${value}'` : String(value);

/** Rounds a non-negative ratio to the nearest integer, halves up. */
const divideHalfUp = (numerator: bigint, denominator: bigint): bigint =>
  (2n * numerator + denominator) / (2n * denominator);

/**
 * An exact whole amount as a JSON-safe number; a MoneyError on `field` past
 * Number.MAX_SAFE_INTEGER, whose message names `subject` (the field itself unless told).
 */
export function exactRupiah(amount: bigint, field: string, subject: string = field): number {
  if (amount > MAX_EXACT) {
    throw new MoneyError(
      field,
      `${subject} exceeds the largest exact amount (${Number.MAX_SAFE_INTEGER})`,
    );
  }
  return Number(amount);
}

function checkRupiah(amount: number, field: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new MoneyError(
      field,
      `${field} must be a whole number of rupiah from 0 to ${Number.MAX_SAFE_INTEGER} (got ${shown(amount)})`,
    );
  }
}

/**
 * A volume in exact hundredths (1.5 -> 150n). Numbers are read through String(n), so
 * 0.1 + 0.2 (0.30000000000000004) is refused rather than silently rounded.
 */
export function volumeHundredths(value: number | string, field = 'volume'): bigint {
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw new MoneyError(field, `${field} must be a number or a decimal string`);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new MoneyError(field, `${field} must be a finite number (got ${shown(value)})`);
  }
  const match = DECIMAL.exec(String(value));
  if (!match) {
    throw new MoneyError(
      field,
      `${field} must be a decimal number such as 1.5, with '.' as the decimal point (got ${shown(value)})`,
    );
  }
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (sign === '-' || digits === '') {
    throw new MoneyError(field, `${field} must be greater than 0 (got ${shown(value)})`);
  }
  const significant = digits.replace(/0+$/, '');
  // value = significant x 10^power
  const power =
    Number.parseInt(exponent, 10) - fraction.length + digits.length - significant.length;
  if (power < -2) {
    throw new MoneyError(
      field,
      `${field} must have at most 2 decimal places (got ${shown(value)})`,
    );
  }
  if (!Number.isFinite(Number(value))) {
    throw new MoneyError(field, `${field} is too large (got ${shown(value)})`);
  }
  return BigInt(significant) * 10n ** BigInt(power + 2);
}

/** Validates a volume (positive, at most 2 decimal places) and returns it as a number. */
export function parseVolume(value: number | string, field = 'volume'): number {
  volumeHundredths(value, field);
  return Number(value);
}

export function isValidVolume(value: unknown): boolean {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  try {
    volumeHundredths(value);
    return true;
  } catch (error) {
    if (error instanceof MoneyError) return false;
    throw error;
  }
}

/** Exact PPN of a whole total under a rule, rounded half-up once at the end. */
const taxOf = (total: bigint, rule: TaxRuleValues): bigint =>
  divideHalfUp(
    total * rateHundredths(rule) * BigInt(rule.base_numerator),
    10_000n * BigInt(rule.base_denominator),
  );

/**
 * PPN on a whole-rupiah total: the rule's rate of its base (12% of the whole total unless told),
 * rounded half-up, or 0 when tax is off.
 */
export function computeTax(
  totalPrice: number,
  taxed: boolean,
  rule: TaxRuleValues = DEFAULT_TAX_RULE,
): number {
  checkRupiah(totalPrice, 'total_price');
  if (!taxed) return 0;
  return Number(taxOf(BigInt(totalPrice), rule));
}

export function computeTotals(input: LineAmounts): LineTotals {
  checkRupiah(input.price, 'price');
  const exact =
    BigInt(input.price) *
    volumeHundredths(input.first_volume, 'first_volume') *
    volumeHundredths(input.second_volume, 'second_volume') *
    volumeHundredths(input.third_volume, 'third_volume');
  // The stored and displayed total is whole rupiah, so it is rounded first and tax is on it.
  const total = divideHalfUp(exact, VOLUMES_SCALE);
  const rule = input.rule ?? DEFAULT_TAX_RULE;
  const exactTax = input.taxed ? taxOf(total, rule) : 0n;
  if (total + exactTax > BigInt(MAX_LINE_TOTAL)) {
    throw new MoneyError(
      'total_after_tax',
      `total_after_tax ${total + exactTax} exceeds the most a line may hold (${MAX_LINE_TOTAL})`,
      'lineLimit',
    );
  }
  const totalPrice = Number(total);
  const tax = computeTax(totalPrice, input.taxed, rule);
  const totalAfterTax = totalPrice + tax;
  return { total_price: totalPrice, tax, total_after_tax: totalAfterTax };
}

/**
 * The most one budget line may total after PPN: Rp 1.000.000.000.000.000 (a thousand trillion,
 * far above any real line, and ~9 times below where whole rupiah stop being exact in a JSON
 * number). Sums of lines are not bounded by it: they are exact decimal text (`sumRupiahText`).
 */
export const MAX_LINE_TOTAL = 1_000_000_000_000_000;

/** The exact sum of whole-rupiah amounts as decimal text, however large (summaries, exports). */
export function sumRupiahText(values: Iterable<number | string | bigint>): string {
  let sum = 0n;
  for (const value of values) sum += BigInt(value);
  return sum.toString();
}

/** Exact sum of whole-rupiah amounts (subtotals); refuses a sum too large to be exact. */
export function sumRupiah(values: readonly number[]): number {
  let sum = 0n;
  values.forEach((value, index) => {
    checkRupiah(value, `values[${index}]`);
    sum += BigInt(value);
  });
  return exactRupiah(sum, 'sum');
}

/**
 * Whether a budget line is priced with PPN: as it says, or, from clients that send only the
 * amounts (the spec's), when it carries a tax above zero.
 */
export const taxRequested = (input: { is_taxed?: boolean | undefined; tax?: number | undefined }) =>
  input.is_taxed ?? (input.tax ?? 0) > 0;

/** What the API answers for a MoneyError (a 400 naming the field): the message and its issue. */
export function moneyErrorAnswer(error: MoneyError): { message: string; issues: FieldIssue[] } {
  const server = messagesId.server;
  const problem =
    error.reason === 'lineLimit' ? server.issueLineTooLarge : server.issueMoneyTooLarge;
  return {
    message: server.validation(error.field, problem),
    issues: [{ path: error.field, message: error.message }],
  };
}

/** What a line's pricing reads from its input (the create and update payload). */
export interface LinePricingInput {
  price: number;
  first_volume: number | string;
  second_volume: number | string;
  third_volume: number | string;
  unit: string;
  first_volume_unit?: string | null | undefined;
  second_volume_unit?: string | null | undefined;
  third_volume_unit?: string | null | undefined;
  is_taxed?: boolean | undefined;
  tax?: number | undefined;
}

/**
 * The stored money and units of a budget line, as its writer computes them: totals under the
 * rule of its year, the rule it was priced with, and what each volume counts (left out, the
 * first volume counts the line's unit: the spec's client knows one unit).
 */
export function pricedLine(input: LinePricingInput, rule: TaxRuleValues = DEFAULT_TAX_RULE) {
  const taxed = taxRequested(input);
  const totals = computeTotals({
    price: input.price,
    first_volume: input.first_volume,
    second_volume: input.second_volume,
    third_volume: input.third_volume,
    taxed,
    rule,
  });
  return {
    first_volume_unit: input.first_volume_unit === undefined ? input.unit : input.first_volume_unit,
    second_volume_unit: input.second_volume_unit ?? null,
    third_volume_unit: input.third_volume_unit ?? null,
    ...totals,
    tax_rate: taxed ? rule.rate : 0,
    tax_base_numerator: taxed ? rule.base_numerator : 1,
    tax_base_denominator: taxed ? rule.base_denominator : 1,
  };
}
