/**
 * CSV cells, written safe to open in a spreadsheet: every CSV Ranwal writes goes through
 * `csvCell`, and every CSV it reads through `csvCellText` (issue 34).
 *
 * A text cell a spreadsheet would read as a formula (beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return: OWASP's "CSV injection") is written with a single quote in front and inside
 * double quotes, so Excel, LibreOffice and Google Sheets show it as text. Decisions:
 * - A number is written as a number (`-1500`, `-1500,5`): a spreadsheet reads it as a value,
 *   never a formula, and a negative amount must stay a negative amount. So is text that is
 *   exactly a plain number (`-5`, `-12.5`), for the same reason.
 * - A cell already beginning with quotes before one of those characters (`'=A1`) gets one more,
 *   so reading strips exactly what writing added: `csvCellText(unquoted csvCell(x)) === x` for
 *   every text, and an exported hierarchy imports back unchanged.
 */

/** A text a spreadsheet would run as a formula, or that only looks guarded (`'=…`). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** What `csvCell` guarded: quotes, then a formula's first character. */
const GUARDED = /^'+[=+\-@\t\r]/;
/** Text that is exactly a number, a decimal point or comma: read as a value, not a formula. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** Whether `csvCell` puts a quote in front of this text. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

export interface CsvCellOptions {
  /** A number's decimal mark: `,` for Indonesian Excel (semicolon-separated files). */
  decimalComma?: boolean;
}

/**
 * One CSV cell: a number as it is (decimal comma if asked); text guarded against formulas, and
 * quoted when it holds the separator, a quote or a line break, or was guarded.
 */
export function csvCell(
  value: string | number,
  separator: string,
  { decimalComma = false }: CsvCellOptions = {},
): string {
  if (typeof value === 'number') {
    const text = String(value);
    return decimalComma ? text.replace('.', ',') : text;
  }
  const guarded = isFormulaLike(value);
  const text = guarded ? `'${value}` : value;
  return guarded || text.includes(separator) || /["\r\n]/.test(text)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

/** A CSV cell as read (its quotes already undone): without the quote `csvCell` added. */
export function csvCellText(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}
