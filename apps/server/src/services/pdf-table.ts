import type { Writable } from 'node:stream';
import { formatNumberId, messagesId } from '@ranwal/core';
import PDFDocument from 'pdfkit';
import { fieldOf } from './library-internals.js';

/*
 * pdfkit makes the document: its pages, the two standard fonts, compression and the file. The
 * rows are laid out here and written as PDF text and line operators: pdfkit's own text() runs
 * every call through its line wrapper and glyph encoder, 60-150 µs a cell, which made 100 000
 * lines take 47 s. The standard fonts' widths come from pdfkit once per character.
 */

/** Landscape pages, in points. */
export const PAGE_SIZES = {
  A4: { width: 841.89, height: 595.28 },
  A3: { width: 1190.55, height: 841.89 },
} as const;
export const MARGIN = { left: 28, right: 28, top: 28, bottom: 40 };
const FONT_SIZE = 7;
/** The smallest type a code is set in to keep it on one line. */
const MIN_CODE_SIZE = 5;
/** Every printed table opens with the code, then the description (Kode, Uraian). */
const CODE_COLUMN = 0;
export const DESCRIPTION_COLUMN = 1;
/** How far a level's description is set in, in points. */
const indentPoints = (indent: number) => indent * 3;
export const LINE_HEIGHT = 8.4;
const PAD_X = 2.5;
export const PAD_Y = 2;
/** The text's baseline below the top of its line (Helvetica's ascender 718, descender 207). */
const baselineIn = (lineHeight: number, size: number) =>
  lineHeight / 2 + ((718 - 207) / 2 / 1000) * size;
// How much of pdfkit's output may wait to be read (a few pages) before rows wait for it.
export const MAX_QUEUED_PDF_BYTES = 1024 * 1024;

/*
 * What one field may put on the page (issue 34). A specification may hold 2 000 characters, and
 * 1 000 line breaks among them made each line a page and a half: 300 such lines were a 5.2 MB
 * PDF that took 4.5 s of the server's one thread. In the PDF a cell's blank lines are left out
 * (a run of line breaks is one), and a cell prints MAX_CELL_LINES lines at most, its last ending
 * in '…' where text was left out. About 450 characters of prose fit in the specification's
 * column, more in the description's; the workbook (the RKA to edit) keeps every field whole.
 */
export const MAX_CELL_LINES = 16;
/** What ends a cell's last line where the rest was left out (WinAnsi has it: byte 133). */
export const ELLIPSIS = '\u2026';
/**
 * Characters of a field the PDF lays out at most: more than MAX_CELL_LINES lines of its widest
 * cell (a label over six columns, 430 points) hold even in the narrowest letters.
 */
const MAX_CELL_CHARACTERS = MAX_CELL_LINES * 300;

/**
 * A field as the PDF lays it out: blank lines left out, and cut (before it is wrapped, which
 * costs by the character) to what could ever be printed: the first MAX_CELL_LINES + 1 of its
 * lines, so what is cut still ends in '…', within MAX_CELL_CHARACTERS.
 */
export function printedText(text: string): string {
  let bounded = text.length > MAX_CELL_CHARACTERS ? text.slice(0, MAX_CELL_CHARACTERS) : text;
  if (!bounded.includes('\n')) return bounded;
  bounded = bounded.trim();
  let kept = '';
  let lines = 0;
  for (const line of bounded.split('\n', MAX_CELL_CHARACTERS)) {
    const words = line.trim();
    if (words === '') continue;
    kept = lines === 0 ? words : `${kept}\n${words}`;
    lines += 1;
    if (lines > MAX_CELL_LINES) break;
  }
  return kept;
}

/** WinAnsiEncoding's characters above 127 that are not Latin-1's (as pdfkit maps them). */
const winAnsiExtra: Record<number, number> = {
  8364: 128,
  8218: 130,
  402: 131,
  8222: 132,
  8230: 133,
  8224: 134,
  8225: 135,
  710: 136,
  8240: 137,
  352: 138,
  8249: 139,
  338: 140,
  381: 142,
  8216: 145,
  8217: 146,
  8220: 147,
  8221: 148,
  8226: 149,
  8211: 150,
  8212: 151,
  732: 152,
  8482: 153,
  353: 154,
  8250: 155,
  339: 156,
  382: 158,
  376: 159,
};
const QUESTION_MARK = 63;
/** Text a PDF string holds as it is: printable ASCII but parentheses and backslashes. */
const plainText = /^[\x20-\x27\x2a-\x5b\x5d-\x7e]*$/;
/** The byte a character is in the standard fonts' encoding; '?' for what it cannot show. */
function winAnsiByte(code: number): number {
  if (code >= 32 && code < 127) return code;
  if (code >= 160 && code <= 255) return code;
  if (code === 9) return 32;
  return winAnsiExtra[code] ?? QUESTION_MARK;
}

interface Face {
  /** pdfkit's resource name of the font (F1, F2). */
  id: string;
  /** Width of each byte at size 1. */
  widths: Float64Array;
}

/** A table's shape on the page. */
export interface PdfTableLayout {
  size: keyof typeof PAGE_SIZES;
  columns: readonly { header: string; points: number }[];
  /** Columns (from 0) of amounts: set flush right. */
  amountColumns: ReadonlySet<number>;
  /**
   * Whether an amount wider than its column is set smaller (down to MIN_CODE_SIZE) to stay on
   * one line, as a code is; otherwise it wraps.
   */
  fitAmounts?: boolean;
}

/** A row of the header block as printed. */
export interface HeaderRow {
  label: string;
  value: string;
}

/** The signature block, line by line (blank lines to sign on when no one is configured). */
export interface SignerLines {
  placeAndDate: string;
  position: string;
  name: string;
  nip: string;
}

/**
 * A printed table (the RKA, the Anggaran Kas): pages of `layout` with a footer and page numbers,
 * a title, a header block, the header row repeated on every page, rows that wrap and move to the
 * next page whole, and a signature block.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly regular: Face;
  readonly bold: Face;
  page = 0;
  /** The top of what comes next on the page. */
  y = MARGIN.top;
  readonly columnX: number[];
  readonly tableWidth: number;

  private readonly pageSize: { width: number; height: number };
  private readonly headerCells: string[];
  private readonly footer: string;

  constructor(
    output: Writable,
    private readonly layout: PdfTableLayout,
    { title, footer }: { title: string; footer: string },
  ) {
    this.pageSize = PAGE_SIZES[layout.size];
    this.headerCells = layout.columns.map((column) => column.header);
    this.footer = footer;
    this.doc = new PDFDocument({
      size: layout.size,
      layout: 'landscape',
      margin: 0,
      autoFirstPage: false,
      info: { Title: title, Creator: 'Ranwal' },
    });
    this.doc.pipe(output);
    this.regular = this.face('Helvetica');
    this.bold = this.face('Helvetica-Bold');
    this.columnX = [];
    let x = MARGIN.left;
    for (const column of layout.columns) {
      this.columnX.push(x);
      x += column.points;
    }
    this.columnX.push(x);
    this.tableWidth = x - MARGIN.left;
  }

  private face(name: string): Face {
    this.doc.font(name).fontSize(1);
    const widths = new Float64Array(256);
    for (let byte = 0; byte < 256; byte++) {
      const unicode =
        Number(Object.entries(winAnsiExtra).find(([, value]) => value === byte)?.[0]) || byte;
      widths[byte] =
        winAnsiByte(unicode) === byte
          ? this.doc.widthOfString(String.fromCharCode(unicode))
          : this.doc.widthOfString('?');
    }
    return { id: this.fontId(), widths };
  }

  /** The current font's resource name. pdfkit keeps it private; its own text() reads it so. */
  private fontId(): string {
    const id = fieldOf(fieldOf(this.doc, '_font'), 'id');
    if (typeof id !== 'string') throw new Error('pdfkit no longer keeps its current font as _font');
    return id;
  }

  /** Puts both fonts in the page's resources, as pdfkit's text() does for the font it uses. */
  private registerFonts(): void {
    for (const name of ['Helvetica', 'Helvetica-Bold']) {
      this.doc.font(name);
      const font = fieldOf(this.doc, '_font');
      const ref = fieldOf(font, 'ref');
      if (typeof ref !== 'function') throw new Error('pdfkit fonts no longer have ref()');
      const fonts: Record<string, unknown> = this.doc.page.fonts;
      fonts[this.fontId()] ??= ref.call(font);
    }
  }

  width(text: string, face: Face, size: number): number {
    let width = 0;
    for (let index = 0; index < text.length; index++) {
      width += face.widths[winAnsiByte(text.charCodeAt(index))]!;
    }
    return width * size;
  }

  /** `text` in lines no wider than `width`: at spaces, and inside a word longer than a line. */
  wrap(text: string, face: Face, size: number, width: number): string[] {
    if (text === '') return [];
    if (!text.includes('\n') && this.width(text, face, size) <= width) return [text];
    const lines: string[] = [];
    const space = this.width(' ', face, size);
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(/[ \t]+/)) {
        if (word === '') continue;
        const wordWidth = this.width(word, face, size);
        if (line !== '' && lineWidth + space + wordWidth <= width) {
          line += ` ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (line !== '') lines.push(line);
        if (wordWidth <= width) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        line = '';
        lineWidth = 0;
        for (const character of word) {
          const characterWidth = this.width(character, face, size);
          if (line !== '' && lineWidth + characterWidth > width) {
            lines.push(line);
            line = '';
            lineWidth = 0;
          }
          line += character;
          lineWidth += characterWidth;
        }
      }
      lines.push(line);
    }
    while (lines.length > 1 && lines.at(-1) === '') lines.pop();
    return lines;
  }

  /** A PDF string of `text` in the fonts' encoding (ASCII only, so the content stays ASCII). */
  private static pdfString(text: string): string {
    // Most text is printable ASCII with nothing to escape: as it is.
    if (plainText.test(text)) return `(${text})`;
    let out = '(';
    for (let index = 0; index < text.length; index++) {
      const byte = winAnsiByte(text.charCodeAt(index));
      if (byte === 40 || byte === 41 || byte === 92) out += `\\${String.fromCharCode(byte)}`;
      else if (byte > 126) out += `\\${byte.toString(8)}`;
      else out += String.fromCharCode(byte);
    }
    return `${out})`;
  }

  /** Operators in the PDF's own coordinates (origin bottom left), undoing pdfkit's flip. */
  private draw(operators: string): void {
    this.doc.addContent(`q 1 0 0 -1 0 ${this.pageSize.height} cm\n${operators}Q`);
  }

  private static n(value: number): string {
    return String(Math.round(value * 100) / 100);
  }

  /** Text operators for `text` with its top-left corner at (x, top), or right-aligned to x. */
  textAt(
    text: string,
    face: Face,
    size: number,
    x: number,
    top: number,
    align: 'left' | 'right' | 'center' = 'left',
  ): string {
    const width = align === 'left' ? 0 : this.width(text, face, size);
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    const baseline = this.pageSize.height - (top + baselineIn(size * 1.2, size));
    return `BT /${face.id} ${PdfWriter.n(size)} Tf 1 0 0 1 ${PdfWriter.n(left)} ${PdfWriter.n(baseline)} Tm ${PdfWriter.pdfString(text)} Tj ET\n`;
  }

  private line(x1: number, y1: number, x2: number, y2: number): string {
    const { n } = PdfWriter;
    return `${n(x1)} ${n(this.pageSize.height - y1)} m ${n(x2)} ${n(this.pageSize.height - y2)} l S\n`;
  }

  newPage(): void {
    this.doc.addPage({ size: this.layout.size, layout: 'landscape', margin: 0 });
    this.page += 1;
    this.registerFonts();
    this.y = MARGIN.top;
    const footerTop = this.pageSize.height - MARGIN.bottom + 14;
    this.draw(
      `0 g\n${this.textAt(this.footer, this.regular, FONT_SIZE, MARGIN.left, footerTop)}${this.textAt(
        messagesId.rka.page(this.page),
        this.regular,
        FONT_SIZE,
        MARGIN.left + this.tableWidth,
        footerTop,
        'right',
      )}`,
    );
  }

  /** Room left on the page, in points. */
  get room(): number {
    return this.pageSize.height - MARGIN.bottom - this.y;
  }

  /** Where the cell of `column` ends: the next column, or past the columns a label spans. */
  private cellEnd(column: number, span: number): number {
    return this.columnX[column === DESCRIPTION_COLUMN ? column + span : column + 1]!;
  }

  /**
   * The lines each cell of a row takes; the description wraps within what its indent leaves.
   * What one field may put on the page is bounded (printedText, MAX_CELL_LINES).
   */
  cellLines(cells: readonly (string | number)[], face: Face, span = 1, indent = 0): string[][] {
    return cells.map((cell, index) => {
      const text = typeof cell === 'number' ? formatNumberId(cell) : cell;
      const inset = index === DESCRIPTION_COLUMN ? indentPoints(indent) : 0;
      const width = this.cellEnd(index, span) - this.columnX[index]! - 2 * PAD_X - inset;
      if (index === CODE_COLUMN && text !== '') return this.codeLines(text, face, width);
      if (this.fits(index) && this.width(text, face, MIN_CODE_SIZE) <= width) return [text];
      return this.cutToLines(this.wrap(printedText(text), face, FONT_SIZE, width), face, width);
    });
  }

  /** At most MAX_CELL_LINES lines; the last ends in '…' where more were left out. */
  private cutToLines(lines: string[], face: Face, width: number): string[] {
    if (lines.length <= MAX_CELL_LINES) return lines;
    const kept = lines.slice(0, MAX_CELL_LINES);
    let last = kept.at(-1)!;
    while (last !== '' && this.width(`${last}${ELLIPSIS}`, face, FONT_SIZE) > width) {
      last = last.slice(0, -1);
    }
    kept[kept.length - 1] = `${last.trimEnd()}${ELLIPSIS}`;
    return kept;
  }

  /**
   * A code on one line: smaller type where it is wider than its column (down to MIN_CODE_SIZE),
   * split only after a dot where even that is too wide (a region's own long code).
   */
  private codeLines(code: string, face: Face, width: number): string[] {
    if (this.width(code, face, this.codeSize(code, face, width)) <= width) return [code];
    const lines: string[] = [];
    let line = '';
    for (const part of code.split(/(?<=\.)/)) {
      if (line !== '' && this.width(line + part, face, MIN_CODE_SIZE) > width) {
        lines.push(line);
        line = '';
      }
      line += part;
    }
    lines.push(line);
    return lines;
  }

  /** Whether `column` is an amount kept on one line in smaller type (`fitAmounts`). */
  private fits(column: number): boolean {
    return this.layout.fitAmounts === true && this.layout.amountColumns.has(column);
  }

  /** The size a code's line is drawn at: the table's, or what fits it in `width`. */
  private codeSize(code: string, face: Face, width: number): number {
    const natural = this.width(code, face, 1);
    if (natural * FONT_SIZE <= width) return FONT_SIZE;
    return Math.max(MIN_CODE_SIZE, Math.floor((width / natural) * 10) / 10);
  }

  /**
   * Draws a row, on the next page (its header first) when it does not fit here; a row taller
   * than a whole page goes on over as many as it takes.
   */
  row(
    cells: readonly (string | number)[],
    {
      face = this.regular,
      gray = null,
      indent = 0,
      header = false,
      keepLines = 0,
      span = 1,
    }: {
      face?: Face;
      gray?: number | null;
      indent?: number;
      header?: boolean;
      /** Lines that must fit below this row on the page (a group's first line). */
      keepLines?: number;
      /** Columns the description takes (a label over the empty cells beside it). */
      span?: number;
    } = {},
  ): void {
    const lines = this.cellLines(cells, face, span, indent);
    const count = Math.max(1, ...lines.map((cell) => cell.length));
    let from = 0;
    let fresh = false;
    while (from < count) {
      const fits = Math.floor((this.room - 2 * PAD_Y) / LINE_HEIGHT);
      const left = count - from;
      if (left + (fresh || from > 0 ? 0 : keepLines) <= fits) {
        this.drawRow(lines, from, count, { face, gray, indent, header, span });
        return;
      }
      // Only a row taller than an empty page is split; any other moves to the next page whole.
      if ((fresh || left > this.pageLines) && fits > 0) {
        this.drawRow(lines, from, from + fits, { face, gray, indent, header, span });
        from += fits;
      }
      this.continuePage();
      fresh = true;
    }
  }

  /** Lines a row may take on a page below its header row. */
  private get pageLines(): number {
    this.headerLines ??= Math.max(
      ...this.cellLines(this.headerCells, this.bold).map((cell) => cell.length),
    );
    const body = this.pageSize.height - MARGIN.top - MARGIN.bottom - this.headerLines * LINE_HEIGHT;
    return Math.floor((body - 4 * PAD_Y) / LINE_HEIGHT);
  }
  private headerLines: number | null = null;

  /** A new page, the table's header row at its top. */
  continuePage(): void {
    this.newPage();
    this.header();
  }

  header(): void {
    this.row(this.headerCells, { face: this.bold, gray: 0.85, header: true });
  }

  private drawRow(
    lines: string[][],
    from: number,
    to: number,
    {
      face,
      gray,
      indent,
      header,
      span,
    }: { face: Face; gray: number | null; indent: number; header: boolean; span: number },
  ): void {
    const { n } = PdfWriter;
    const top = this.y;
    const bottom = top + (to - from) * LINE_HEIGHT + 2 * PAD_Y;
    const right = MARGIN.left + this.tableWidth;
    let operators = '';
    if (gray !== null) {
      operators += `${n(gray)} g ${n(MARGIN.left)} ${n(this.pageSize.height - bottom)} ${n(this.tableWidth)} ${n(bottom - top)} re f\n`;
    }
    operators += '0 g\n';
    lines.forEach((cell, index) => {
      const left = this.columnX[index]! + PAD_X;
      const end = this.cellEnd(index, span) - PAD_X;
      const align = header ? 'center' : this.layout.amountColumns.has(index) ? 'right' : 'left';
      const x =
        align === 'right'
          ? end
          : align === 'center'
            ? (left + end) / 2
            : left + (index === DESCRIPTION_COLUMN ? indentPoints(indent) : 0);
      for (let line = from; line < Math.min(to, cell.length); line++) {
        const lineTop = top + PAD_Y + (line - from) * LINE_HEIGHT;
        const text = cell[line]!;
        const size =
          (index === CODE_COLUMN || this.fits(index)) && !header
            ? this.codeSize(text, face, end - left)
            : FONT_SIZE;
        operators += this.textAt(text, face, size, x, lineTop, align);
      }
    });
    // The row's rules: below it (above it too at the top of a page), and between its cells.
    operators += '0.6 G 0.5 w\n';
    if (header) operators += this.line(MARGIN.left, top, right, top);
    operators += this.line(MARGIN.left, bottom, right, bottom);
    this.columnX.forEach((x, index) => {
      const inside = index > DESCRIPTION_COLUMN && index < DESCRIPTION_COLUMN + span;
      if (!inside) operators += this.line(x, top, x, bottom);
    });
    this.draw(operators);
    this.y = bottom;
  }

  /** Centred lines above the table on the first page. */
  title(lines: readonly string[]): void {
    const sizes = [12, 10, 8];
    let operators = '0 g\n';
    lines.forEach((text, index) => {
      if (text === '') return;
      const size = sizes[index] ?? 8;
      const face = index < 2 ? this.bold : this.regular;
      operators += this.textAt(
        text,
        face,
        size,
        MARGIN.left + this.tableWidth / 2,
        this.y,
        'center',
      );
      this.y += size * 1.4;
    });
    this.draw(operators);
    this.y += 8;
  }

  /** The header block under the title: a bold label, then ': ' and its value (wrapped). */
  headerBlock(rows: readonly HeaderRow[]): void {
    const size = 8;
    const step = size * 1.3;
    const labelWidth =
      Math.max(...rows.map((row) => this.width(row.label, this.bold, size)), 0) + 6;
    const valueX = MARGIN.left + labelWidth + this.width(': ', this.regular, size);
    const valueWidth = MARGIN.left + this.tableWidth - valueX;
    let operators = '0 g\n';
    for (const { label, value } of rows) {
      operators += this.textAt(label, this.bold, size, MARGIN.left, this.y);
      operators += this.textAt(':', this.regular, size, MARGIN.left + labelWidth, this.y);
      for (const line of this.wrap(value, this.regular, size, valueWidth)) {
        operators += this.textAt(line, this.regular, size, valueX, this.y);
        this.y += step;
      }
    }
    this.draw(operators);
    this.y += 6;
  }

  /** The signature block at the right, below the grand total. */
  signature(signer: SignerLines): void {
    const width = 240;
    const center = MARGIN.left + this.tableWidth - width / 2;
    const size = 9;
    const step = size * 1.4;
    let top = this.y + 16;
    let operators = '0 g\n';
    const put = (text: string, face: Face) => {
      for (const line of this.wrap(text, face, size, width)) {
        operators += this.textAt(line, face, size, center, top, 'center');
        top += step;
      }
    };
    put(signer.placeAndDate, this.regular);
    put(signer.position, this.regular);
    top += 3 * step;
    put(signer.name, this.bold);
    put(signer.nip, this.regular);
    this.draw(operators);
    this.y = top;
  }

  /** The grand total's row and the signature block below it, together on the last page. */
  closing(cells: readonly (string | number)[], signer: SignerLines, span = 1): void {
    const lines = this.cellLines(cells, this.bold, span).map((cell) => cell.length);
    const need = Math.max(1, ...lines) * LINE_HEIGHT + 2 * PAD_Y + PdfWriter.signatureHeight;
    if (this.room < need) this.continuePage();
    this.row(cells, { face: this.bold, gray: 0.85, span });
    this.signature(signer);
  }

  /** Height the signature block takes (at most: names wrap onto two lines at worst). */
  static readonly signatureHeight = 16 + 9 * 1.4 * 10;

  /** Ends the document; resolves when pdfkit has written all of it. */
  finish(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.doc.once('end', resolve);
      this.doc.once('error', reject);
      this.doc.end();
    });
  }

  /** How much of pdfkit's output waits to be read. */
  get queued(): number {
    return this.doc.readableLength ?? 0;
  }
}
