import { csvCellText, csvEncodingOf, type SheetTextRow, sniffSeparator } from '@ranwal/core';
import Papa from 'papaparse';
import type { SheetData } from 'read-excel-file/browser';

/** Why a picked file cannot be read as a sheet; the screen words each. */
export type SheetFileProblem = 'xls' | 'unreadable';

export class SheetFileError extends Error {
  constructor(readonly problem: SheetFileProblem) {
    super(problem);
    this.name = 'SheetFileError';
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

/**
 * A CSV or XLSX file the person picked, as rows of text cells numbered as a spreadsheet numbers
 * them, the way the CLI reads the same file: the kind told by the content (a workbook saved as
 * `.csv` still reads), a CSV file's encoding and separator detected (Excel's Windows-1252 and
 * semicolons included), a workbook's first sheet with its numbers as written and its date cells
 * as dates. The workbook reader is loaded only when a workbook is picked.
 */
export async function readSheetFile(file: Blob): Promise<SheetTextRow[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (startsWith(bytes, OLE_MAGIC)) throw new SheetFileError('xls');
  if (startsWith(bytes, ZIP_MAGIC)) return readWorkbook(file);
  return readCsv(bytes);
}

async function readWorkbook(file: Blob): Promise<SheetTextRow[]> {
  const { readSheet } = await import('read-excel-file/browser');
  let rows: SheetData<string>;
  try {
    // Numbers as the file writes them: an amount stays exact, a code stays a code.
    rows = await readSheet<string>(file, { parseNumber: (text: string) => text, trim: false });
  } catch {
    throw new SheetFileError('unreadable');
  }
  return rows.map((cells, index) => ({ row: index + 1, cells: cells.map(cellText) }));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function readCsv(bytes: Uint8Array): SheetTextRow[] {
  // The decoder drops a byte order mark; browsers decode Windows-1252 as WHATWG says.
  const text = new TextDecoder(csvEncodingOf(bytes)).decode(bytes);
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), {
    delimiter: sniffSeparator(text.slice(0, 64 * 1024)),
    newline: '\n',
    quoteChar: '"',
  });
  if (parsed.errors.some((error) => error.code === 'MissingQuotes')) {
    throw new SheetFileError('unreadable');
  }
  // A text Ranwal's own export guarded against formulas ('=…) reads back as it was.
  return parsed.data.map((cells, index) => ({ row: index + 1, cells: cells.map(csvCellText) }));
}
