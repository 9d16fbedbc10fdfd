import { open, readFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CliError } from '../../errors.js';
import type { SheetRow } from './columns.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The rows of a CSV or XLSX file as text cells. The kind is told by the content (an .xlsx is a
 * zip), not the name, so a workbook saved as `data.csv` by mistake still reads.
 */
export async function readSheet(file: string): Promise<SheetRow[]> {
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
  if (head.equals(ZIP_MAGIC)) return readWorkbook(file);
  if (head.equals(OLE_MAGIC)) {
    throw new CliError(
      'usage',
      `${file} is an Excel 97-2003 workbook (.xls): save it as .xlsx or CSV in Excel first`,
    );
  }
  return readCsv(await readFile(file));
}

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1252, as Excel saves "CSV" on Windows. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
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

export function readCsv(bytes: Buffer): SheetRow[] {
  // One line ending for all, so line breaks inside quoted cells count once.
  const text = decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  const { data, errors } = Papa.parse<string[]>(text, {
    // The header is near the top (below a title at most).
    delimiter: sniffSeparator(text.slice(0, 64 * 1024)),
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: false,
  });
  // Every line gives a record (an empty line an empty one), so a record starts one line after
  // the previous record's last line.
  const lineOf: number[] = [];
  let line = 1;
  for (const cells of data) {
    lineOf.push(line);
    line += 1 + cells.reduce((breaks, cell) => breaks + countBreaks(cell), 0);
  }
  const unclosed = errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    throw new CliError(
      'invalid_data',
      `line ${lineOf[unclosed.row ?? 0] ?? 1}: a quoted cell never ends (a " is missing)`,
    );
  }
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    if (cells.some((cell) => cell !== '')) rows.push({ line: lineOf[index]!, cells });
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
        if (cells.some((cell) => cell.trim())) rows.push({ line: row.number, cells });
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
