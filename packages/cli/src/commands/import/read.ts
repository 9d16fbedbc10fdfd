import { isUtf8 } from 'node:buffer';
import { open, readFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CliError } from '../../errors.js';
import { describePlace, type SheetRow } from './columns.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The encodings `--encoding` takes; without it a CSV file's encoding is detected (see `detectEncoding`). */
export const csvEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof csvEncodings)[number];

/** The rows of a file, and for a CSV file the encoding its text was read in. */
export interface Sheet {
  rows: SheetRow[];
  encoding?: CsvEncoding;
}

/**
 * The rows of a CSV or XLSX file as text cells. The kind is told by the content (an .xlsx is a
 * zip), not the name, so a workbook saved as `data.csv` by mistake still reads. `encoding` forces
 * a CSV file's; a workbook's text is Unicode whatever it says.
 */
export async function readSheet(file: string, encoding?: CsvEncoding): Promise<Sheet> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(4);
      await handle.read(head, 0, 4, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new CliError('usage', `cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.equals(ZIP_MAGIC)) return { rows: await readWorkbook(file) };
  if (head.equals(OLE_MAGIC)) {
    throw new CliError(
      'usage',
      `${file} is an Excel 97-2003 workbook (.xls): save it as .xlsx or CSV in Excel first`,
    );
  }
  const bytes = await readFile(file);
  const chosen = encoding ?? detectEncoding(bytes);
  return { rows: readCsv(bytes, chosen, file), encoding: chosen };
}

const BYTE_ORDER_MARKS: [CsvEncoding, Buffer][] = [
  ['utf-8', Buffer.from([0xef, 0xbb, 0xbf])],
  ['utf-16le', Buffer.from([0xff, 0xfe])],
  ['utf-16be', Buffer.from([0xfe, 0xff])],
];

/**
 * A CSV file's encoding: its byte order mark (Excel's "CSV UTF-8" and "Unicode Text" have one),
 * else UTF-8 when the bytes are valid UTF-8, else Windows-1252, what Excel on Windows saves as
 * plain "CSV" (its – “ ” … are bytes that are never valid UTF-8 on their own).
 */
export function detectEncoding(bytes: Buffer): CsvEncoding {
  for (const [encoding, mark] of BYTE_ORDER_MARKS) {
    if (bytes.subarray(0, mark.length).equals(mark)) return encoding;
  }
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F, where it is not Latin-1 (the WHATWG
 * index; the five bytes it leaves unassigned keep their code point). Node's TextDecoder decodes
 * these bytes as Latin-1, or drops them, since 20.18.3 and 22.13 (nodejs/node#60888).
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** The text of the bytes in the encoding (less its byte order mark). */
export function decode(bytes: Buffer, encoding: CsvEncoding, source = 'the file'): string {
  if (encoding === 'windows-1252') {
    // Every byte is a character: this cannot fail.
    return bytes
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_C1[char.charCodeAt(0) - 0x80]!);
  }
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    const detected = detectEncoding(bytes);
    throw new CliError(
      'usage',
      `${source} is not valid ${encoding} text${detected === encoding ? '' : ` (it reads as ${detected}: leave out --encoding)`}`,
    );
  }
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

/**
 * The records of a CSV file, numbered as a spreadsheet numbers its rows (a quoted cell's line
 * breaks stay in its row) and by the text line each starts on, which is further down once a
 * cell above holds a line break.
 */
export function readCsv(
  bytes: Buffer,
  encoding: CsvEncoding = detectEncoding(bytes),
  source = 'the file',
): SheetRow[] {
  // One line ending for all, so line breaks inside quoted cells count once.
  const text = decode(bytes, encoding, source).replace(/\r\n?/g, '\n');
  const { data, errors } = Papa.parse<string[]>(text, {
    // The header is near the top (below a title at most).
    delimiter: sniffSeparator(text.slice(0, 64 * 1024)),
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: false,
  });
  // Every line gives a record (an empty line an empty one, as a spreadsheet shows an empty
  // row), so a record starts one line after the previous record's last line.
  const lineOf: number[] = [];
  let line = 1;
  for (const cells of data) {
    lineOf.push(line);
    line += 1 + cells.reduce((breaks, cell) => breaks + countBreaks(cell), 0);
  }
  const unclosed = errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    const index = unclosed.row ?? 0;
    throw new CliError(
      'invalid_data',
      `${describePlace({ row: index + 1, line: lineOf[index] ?? 1 })}: a quoted cell never ends (a " is missing)`,
    );
  }
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    if (cells.some((cell) => cell !== ''))
      rows.push({ row: index + 1, line: lineOf[index]!, cells });
  });
  return rows;
}

function countBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** A cell as the text a person sees in it (a formula by its result, rich text joined). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  }
  if ('text' in value) return cellText((value as ExcelJS.CellHyperlinkValue).text);
  if ('error' in value) return '';
  return String(value);
}

/** The first worksheet, streamed: a 100 000-row workbook never sits in memory as a whole. */
async function readWorkbook(file: string): Promise<SheetRow[]> {
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let column = 1; column < values.length; column += 1) {
          cells.push(cellText(values[column]));
        }
        if (cells.some((cell) => cell.trim())) rows.push({ row: row.number, cells });
      }
      break;
    }
  } catch (error) {
    throw new CliError(
      'invalid_data',
      `not a readable .xlsx workbook: ${(error as Error).message}`,
    );
  }
  return rows;
}
