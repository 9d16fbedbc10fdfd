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

/** The encodings CSV files come in; `csvEncodingOf` tells them apart. */
export const csvEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof csvEncodings)[number];

const BYTE_ORDER_MARKS: [CsvEncoding, number[]][] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

/** The encoding a byte order mark at the start of `bytes` names, if any. */
export const byteOrderMarkOf = (bytes: Uint8Array): CsvEncoding | undefined =>
  BYTE_ORDER_MARKS.find(([, mark]) => mark.every((byte, index) => bytes[index] === byte))?.[0];

const isValidUtf8 = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * A CSV file's encoding: its byte order mark (Excel's "CSV UTF-8" and "Unicode Text" have one),
 * else UTF-8 when the bytes are valid UTF-8, else Windows-1252, what Excel on Windows saves as
 * plain "CSV" (its – “ ” … are bytes that are never valid UTF-8 on their own).
 */
export function csvEncodingOf(
  bytes: Uint8Array,
  isUtf8: (bytes: Uint8Array) => boolean = isValidUtf8,
): CsvEncoding {
  return byteOrderMarkOf(bytes) ?? (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
}

/**
 * The separator of the header line: the most frequent of `;`, `,` and tab outside quotes.
 * Indonesian Excel writes `;` (its decimal mark is the comma).
 */
export function sniffSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if ([...counts.values()].some((count) => count > 0)) break;
    } else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}
