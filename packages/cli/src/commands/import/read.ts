import { isUtf8 } from 'node:buffer';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import {
  byteOrderMarkOf,
  type CsvEncoding,
  csvCellText,
  csvEncodingOf,
  csvEncodings,
  sniffSeparator,
} from '@ranwal/core';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CliError } from '../../errors.js';
import { cliText } from '../../lang.js';
import { describePlace, type SheetRow } from './columns.js';
import { checkWorkbookLimits, WORKBOOK_LIMITS, type WorkbookLimits } from './workbook-limits.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The encodings `--encoding` takes; without it a CSV file's encoding is detected (see `detectEncoding`). */
export { type CsvEncoding, csvEncodings, sniffSeparator };

/**
 * A CSV or XLSX file, read from its top as often as asked, a chunk of rows at a time: a file of
 * any length never sits in memory whole.
 */
export interface SheetSource {
  /** CSV files only: the encoding the text is read in. */
  encoding?: CsvEncoding;
  /** The rows that have a cell, top to bottom, in chunks; each call reads the file again. */
  chunks(): AsyncIterable<SheetRow[]>;
  /** Lets go of what reading again needed (a workbook's rows kept on disk). */
  close(): Promise<void>;
}

/** The rows of a file, and for a CSV file the encoding its text was read in. */
export interface Sheet {
  rows: SheetRow[];
  encoding?: CsvEncoding;
}

/** Bytes read at a time: a chunk of a few hundred rows. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Opens a CSV or XLSX file to read it row by row. The kind is told by the content (an .xlsx is a
 * zip), not the name, so a workbook saved as `data.csv` by mistake still reads. `encoding`
 * forces a CSV file's; a workbook's text is Unicode whatever it says. A CSV file's bytes are
 * read through once here, to tell (or check) UTF-8. With `again`, the rows will be read more
 * than once: a workbook's are then kept on disk as they are first read (see `workbookSource`).
 * A workbook past `limits` once unpacked is refused before a row is read (workbook-limits.ts).
 */
export async function openSheet(
  file: string,
  encoding?: CsvEncoding,
  { again = false, limits = WORKBOOK_LIMITS }: { again?: boolean; limits?: WorkbookLimits } = {},
): Promise<SheetSource> {
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
    const { code = '', message } = error as NodeJS.ErrnoException;
    throw new CliError(
      'usage',
      cliText().failures.cannotRead(file, cliText().failures.fileReason(code, message)),
    );
  }
  if (head.equals(ZIP_MAGIC)) {
    // Unpacked once first, within limits: a small zip can unpack to gigabytes.
    await checkWorkbookLimits(file, limits);
    return workbookSource(file, again);
  }
  if (head.equals(OLE_MAGIC)) {
    throw new CliError('usage', cliText().failures.xls(file));
  }
  const chosen = encoding ?? (await detectFileEncoding(file));
  if (chosen === 'utf-8' && encoding && !(await isUtf8File(file))) {
    throw notValid(file, chosen, await detectFileEncoding(file));
  }
  return { encoding: chosen, chunks: () => csvChunks(file, chosen), close: async () => {} };
}

/** Every row of a file at once, for files that are small (a reference list, say). */
export async function readSheet(file: string, encoding?: CsvEncoding): Promise<Sheet> {
  const source = await openSheet(file, encoding);
  const rows: SheetRow[] = [];
  try {
    for await (const chunk of source.chunks()) rows.push(...chunk);
  } finally {
    await source.close();
  }
  return { rows, ...(source.encoding ? { encoding: source.encoding } : {}) };
}

/** A CSV file's encoding from its bytes (core's `csvEncodingOf`, with Node's fast UTF-8 check). */
export const detectEncoding = (bytes: Buffer): CsvEncoding => csvEncodingOf(bytes, isUtf8);

/** `detectEncoding` of a file, read a chunk at a time. */
async function detectFileEncoding(file: string): Promise<CsvEncoding> {
  const head = Buffer.alloc(3);
  const handle = await open(file, 'r');
  try {
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    const marked = byteOrderMarkOf(head.subarray(0, bytesRead));
    if (marked) return marked;
  } finally {
    await handle.close();
  }
  return (await isUtf8File(file)) ? 'utf-8' : 'windows-1252';
}

/**
 * A file's bytes a chunk at a time, read into one buffer: each chunk is gone at the next (a
 * new buffer for each chunk would be memory freed only when the garbage collector next runs).
 */
async function* fileChunks(file: string, size: number): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(size);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, size, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Whether a file's bytes are valid UTF-8, read a chunk at a time: a character cut at the end of
 * a chunk is checked with the next one.
 */
async function isUtf8File(file: string): Promise<boolean> {
  let carried: Buffer = Buffer.alloc(0);
  for await (const read of fileChunks(file, CHUNK_BYTES)) {
    const bytes: Buffer = carried.length > 0 ? Buffer.concat([carried, read]) : read;
    const end = completeLength(bytes);
    if (!isUtf8(bytes.subarray(0, end))) return false;
    carried = Buffer.from(bytes.subarray(end));
  }
  return isUtf8(carried);
}

/** How many bytes of a chunk end with a whole UTF-8 character: a lead byte without all its followers is left over. */
function completeLength(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** Text that is not valid in the encoding it was read in, and what it reads as. */
const notValid = (source: string, encoding: CsvEncoding, detected: CsvEncoding) =>
  new CliError(
    'usage',
    cliText().failures.notValidText(source, encoding, detected === encoding ? '' : detected),
  );

/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F, where it is not Latin-1 (the WHATWG
 * index; the five bytes it leaves unassigned keep their code point). Node's TextDecoder decodes
 * these bytes as Latin-1, or drops them, since 20.18.3 and 22.13 (nodejs/node#60888).
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Every byte is a character: this cannot fail, and a chunk may end anywhere. */
const windows1252 = (bytes: Buffer): string =>
  bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_C1[char.charCodeAt(0) - 0x80]!);

/** The text of the bytes in the encoding (less its byte order mark). */
export function decode(
  bytes: Buffer,
  encoding: CsvEncoding,
  source = cliText().failures.theFile,
): string {
  if (encoding === 'windows-1252') return windows1252(bytes);
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw notValid(source, encoding, detectEncoding(bytes));
  }
}

/** Decodes a file's bytes a chunk at a time (a character may straddle two chunks). */
interface ChunkDecoder {
  write(bytes: Buffer): string;
  end(): string;
}

function chunkDecoder(encoding: CsvEncoding): ChunkDecoder {
  if (encoding === 'windows-1252') return { write: windows1252, end: () => '' };
  if (encoding === 'utf-8') {
    // Known valid (see openSheet): Node's own decoder is the fastest; it keeps the byte order mark.
    const decoder = new StringDecoder('utf8');
    let first = true;
    return {
      write(bytes) {
        const text = decoder.write(bytes);
        if (!first || text === '') return text;
        first = false;
        return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      },
      end: () => decoder.end(),
    };
  }
  const decoder = new TextDecoder(encoding, { fatal: true });
  const decoded = (bytes?: Buffer) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new DecodeFailure();
    }
  };
  return { write: decoded, end: () => decoded() };
}

/** Bytes that are not valid in the chosen encoding (`csvChunks` says so, naming the file). */
class DecodeFailure extends Error {}

/** Text read before the separator is told: the header is near the top (below a title at most). */
const SNIFF_CHARS = 64 * 1024;

/**
 * Cuts CSV text into records as it comes, a piece at a time, numbering them as a spreadsheet
 * numbers its rows (a quoted cell's line breaks stay in its row; an empty line is an empty row)
 * and by the text line each starts on, which is further down once a cell above holds a line
 * break. Gives the records that have a cell.
 */
export class CsvRecords {
  #parser: Papa.Parser | null = null;
  /** Text not parsed yet: before the separator is known, or too short to be worth a parse. */
  #pending = '';
  /** The start of a record cut off at the end of the text parsed so far. */
  #partial = '';
  /** A carriage return at the end of a piece: the next may begin with its line feed. */
  #carriageReturn = false;
  #records = 0;
  #line = 1;

  /** The records the text completes. */
  push(text: string): SheetRow[] {
    let piece = this.#carriageReturn ? `\r${text}` : text;
    this.#carriageReturn = piece.endsWith('\r');
    if (this.#carriageReturn) piece = piece.slice(0, -1);
    // One line ending for all, so line breaks inside quoted cells count once.
    this.#pending += piece.includes('\r') ? piece.replace(/\r\n?/g, '\n') : piece;
    // A record cut off by the end of a piece is parsed again with the next one: waiting for as
    // much new text as it holds keeps a long quoted cell (or one never closed) from being
    // parsed again at every piece.
    if (this.#pending.length < Math.max(SNIFF_CHARS, this.#partial.length)) return [];
    return this.#parse(false);
  }

  /** The records left at the end of the text. */
  end(): SheetRow[] {
    if (this.#carriageReturn) this.#pending += '\n';
    this.#carriageReturn = false;
    return this.#parse(true);
  }

  #parse(last: boolean): SheetRow[] {
    this.#parser ??= new Papa.Parser({
      delimiter: sniffSeparator(this.#pending.slice(0, SNIFF_CHARS)),
      newline: '\n',
      quoteChar: '"',
    });
    const input = this.#partial + this.#pending;
    this.#pending = '';
    const { data, errors, meta } = this.#parser.parse(input, 0, !last) as Papa.ParseResult<
      string[]
    >;
    this.#partial = last ? '' : input.slice(meta.cursor);
    // Only a quoted cell holds a line break.
    const quoted = input.includes('"');
    const unclosed = last ? errors.find((error) => error.code === 'MissingQuotes') : undefined;
    const rows: SheetRow[] = [];
    for (let index = 0; index < data.length; index += 1) {
      const cells = data[index]!;
      this.#records += 1;
      const row = this.#records;
      const line = this.#line;
      if (index === unclosed?.row) {
        throw new CliError(
          'invalid_data',
          cliText().failures.unclosedQuote(describePlace({ row, line })),
        );
      }
      if (quoted) for (const cell of cells) this.#line += countBreaks(cell);
      this.#line += 1;
      // A text our export guarded against formulas ('=…) reads back as it was.
      if (hasCell(cells)) rows.push({ row, line, cells: cells.map(csvCellText) });
    }
    return rows;
  }
}

function hasCell(cells: string[]): boolean {
  for (const cell of cells) if (cell !== '') return true;
  return false;
}

function countBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** The records of CSV bytes in memory (see `CsvRecords`). */
export function readCsv(
  bytes: Buffer,
  encoding: CsvEncoding = detectEncoding(bytes),
  source = cliText().failures.theFile,
): SheetRow[] {
  const records = new CsvRecords();
  return [...records.push(decode(bytes, encoding, source)), ...records.end()];
}

/** A CSV file's records, a chunk of bytes at a time. */
async function* csvChunks(file: string, encoding: CsvEncoding): AsyncGenerator<SheetRow[]> {
  const decoder = chunkDecoder(encoding);
  const records = new CsvRecords();
  try {
    for await (const bytes of fileChunks(file, CHUNK_BYTES)) {
      const rows = records.push(decoder.write(bytes));
      if (rows.length > 0) yield rows;
    }
    const rows = [...records.push(decoder.end()), ...records.end()];
    if (rows.length > 0) yield rows;
  } catch (error) {
    if (error instanceof DecodeFailure) {
      throw notValid(file, encoding, await detectFileEncoding(file));
    }
    throw error;
  }
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

/** Rows of a workbook given at a time. */
const CHUNK_ROWS = 500;

/**
 * A workbook to read row by row. Parsing its zipped XML is slow (100 000 rows take seconds of
 * CPU): with `again`, the first reading also writes the rows to a temporary file, one JSON line
 * each, and the readings after it read that instead, a twentieth of the work.
 */
function workbookSource(file: string, again: boolean): SheetSource {
  let kept: { dir: string; rows: string; whole: boolean } | null = null;
  async function* firstReading(): AsyncGenerator<SheetRow[]> {
    const dir = await mkdtemp(path.join(tmpdir(), 'ranwal-import-'));
    kept = { dir, rows: path.join(dir, 'rows.jsonl'), whole: false };
    const handle = await open(kept.rows, 'w', 0o600);
    try {
      for await (const rows of workbookChunks(file)) {
        const lines = rows.map(({ row, cells }) => JSON.stringify([row, ...cells]));
        await handle.write(`${lines.join('\n')}\n`);
        yield rows;
      }
      kept.whole = true;
    } finally {
      await handle.close();
    }
  }
  return {
    chunks: () => {
      if (!again) return workbookChunks(file);
      if (!kept) return firstReading();
      if (!kept.whole) throw new Error('the workbook was not read through the first time');
      return keptChunks(kept.rows);
    },
    close: async () => {
      if (kept) await rm(kept.dir, { recursive: true, force: true });
    },
  };
}

/** The rows a first reading of a workbook kept (see `workbookSource`). */
async function* keptChunks(file: string): AsyncGenerator<SheetRow[]> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  for await (const bytes of fileChunks(file, CHUNK_BYTES)) {
    const lines = (partial + decoder.write(bytes)).split('\n');
    partial = lines.pop()!;
    yield lines.map((line) => {
      const [row, ...cells] = JSON.parse(line) as [number, ...string[]];
      return { row, cells };
    });
  }
}

/** The first worksheet's rows, streamed: a 100 000-row workbook never sits in memory as a whole. */
async function* workbookChunks(file: string): AsyncGenerator<SheetRow[]> {
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let column = 1; column < values.length; column += 1) {
          cells.push(cellText(values[column]));
        }
        if (cells.some((cell) => cell.trim())) rows.push({ row: row.number, cells });
        if (rows.length === CHUNK_ROWS) {
          yield rows;
          rows = [];
        }
      }
      break;
    }
  } catch (error) {
    throw new CliError('invalid_data', cliText().failures.notXlsx((error as Error).message));
  }
  if (rows.length > 0) yield rows;
}
