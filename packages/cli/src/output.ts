import { type CliOutput, currentRun } from './io.js';
import { cliText, language } from './lang.js';

/** How a command's result reaches the person or the script that ran it. */
export interface OutputOptions {
  json: boolean;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/**
 * A count as `1.000.000` (`1,000,000` in English). Whole numbers are grouped here: an
 * Intl.NumberFormat costs every command 40 ms and megabytes of ICU data at start (the import's
 * help text has counts).
 */
export function formatCount(value: number): string {
  const text = cliText();
  if (Number.isSafeInteger(value)) {
    return String(value).replace(/\B(?=(\d{3})+$)/g, text.numberGroup);
  }
  const locale = language() === 'en' ? 'en-US' : 'id-ID';
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

export function formatBytes(bytes: number): string {
  const decimal = (value: number) => value.toFixed(1).replace('.', cliText().decimalMark);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${decimal(bytes / 1024)} kB`;
  return `${decimal(bytes / 1024 / 1024)} MB`;
}

/** Machine output is the result as JSON; people get the command's own summary. */
export function printResult<T>(result: T, options: OutputOptions, summary: (result: T) => string) {
  const text = options.json ? JSON.stringify(result, null, 2) : summary(result);
  if (text) currentRun().stdout.write(`${text}\n`);
}

/** A command's note on stderr (an import's renames, say), so stdout stays the result alone. */
export function printNote(text: string): void {
  currentRun().stderr.write(`${text}\n`);
}

/** Names longer than this are cut in tables (never in --json): a 255-character name would push the columns after it off the screen. */
export const TABLE_TEXT_WIDTH = 60;

/** A name for a table cell: at most `width` characters, a cut one ending in an ellipsis. */
export function clip(text: string, width = TABLE_TEXT_WIDTH): string {
  if (text.length <= width) return text;
  const characters = [...text];
  return characters.length <= width ? text : `${characters.slice(0, width - 1).join('')}…`;
}

/** Columns under a header, for lists and summaries; columns of counts are right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  // A count as formatCount writes it (`1.234`): a code (`5.1.02`) is text, left-aligned.
  const group = cliText().numberGroup === '.' ? '\\.' : ',';
  const count = new RegExp(`^\\d{1,3}(?:${group}\\d{3})*$`);
  const numeric = header.map(
    (_, column) => rows.length > 0 && rows.every((row) => count.test(row[column] ?? '')),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/**
 * Progress of a long command: how much is done, out of how much when that is known, and what it
 * is doing when that is not plain from the count (waiting for the server, say).
 */
export type ProgressListener = (done: number, total?: number, note?: string) => void;

export interface ProgressBar {
  update: ProgressListener;
  stop(): void;
}

const silent: ProgressBar = { update: () => {}, stop: () => {} };

/**
 * A one-line bar on stderr, redrawn at most ten times a second; nothing at all unless stderr is
 * a terminal (and never with --json), so logs and pipes stay clean.
 */
export function createProgressBar(
  label: string,
  format: (value: number) => string,
  options: OutputOptions,
  stream: CliOutput = currentRun().stderr,
): ProgressBar {
  if (options.json || !stream.isTTY) return silent;
  const width = 28;
  let drawnAt = 0;
  let shown = false;
  const draw = (done: number, total?: number, note?: string) => {
    const now = Date.now();
    if (shown && now - drawnAt < 100 && done !== total && note === undefined) return;
    drawnAt = now;
    shown = true;
    let line = `${label} ${format(done)}`;
    if (total) {
      const ratio = Math.min(1, done / total);
      const filled = Math.round(ratio * width);
      line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${format(done)}/${format(total)}`;
    }
    stream.write(`\r\u001b[2K${line}${note ? `, ${note}` : ''}`);
  };
  return {
    update: draw,
    stop: () => {
      if (shown) stream.write('\r\u001b[2K');
    },
  };
}
