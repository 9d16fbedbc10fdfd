import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CliError } from '../../errors.js';
import { cliText } from '../../lang.js';
import { formatBytes, formatCount } from '../../output.js';

/**
 * What an .xlsx to import may hold once unpacked (issue 34). A workbook is a zip: 400 KB can
 * unpack to 400 MB of shared strings, which exceljs keeps in memory before it gives the first
 * row (a 3.2 GB process that never finished). A genuine import is far below each limit: a
 * 100 000-row hierarchy workbook unpacks to about 40 MB.
 */
export interface WorkbookLimits {
  /** All the workbook's parts together, unpacked. */
  unpackedBytes: number;
  /** The shared strings part, unpacked: what exceljs holds in memory. */
  sharedStringsBytes: number;
  /** Shared strings (`<si>`), counted. */
  sharedStrings: number;
  /** Rows (`<row>`) of all worksheets together. Excel's own maximum is 1 048 576 per sheet. */
  rows: number;
}

const MB = 1024 * 1024;

export const WORKBOOK_LIMITS: WorkbookLimits = {
  unpackedBytes: 256 * MB,
  sharedStringsBytes: 64 * MB,
  sharedStrings: 1_000_000,
  rows: 1_048_576,
};

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
/** An element's opening tag, with or without a namespace prefix (`<row `, `<x:si>`). */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;
const STRING_TAG = /<(?:[A-Za-z_][\w.-]*:)?si[\s>/]/g;
/** Characters kept from the end of a chunk, so a tag cut in two is still counted once. */
const CARRY = 40;

function countTags(text: string, tag: RegExp): number {
  let count = 0;
  tag.lastIndex = 0;
  while (tag.exec(text) !== null) count += 1;
  return count;
}

/**
 * Unpacks the workbook once, without keeping it, and refuses it (invalid data, in the catalogue's
 * words) as soon as it is past a limit. The zip is read as exceljs reads it (unzipper's
 * streaming parser, entry by entry), so what is counted is what the import would read.
 */
export async function checkWorkbookLimits(
  file: string,
  limits: WorkbookLimits = WORKBOOK_LIMITS,
): Promise<void> {
  const text = cliText().import;
  // Loaded here, not with the command line: unzipper brings bluebird, big-integer and a
  // readable-stream of its own, which every other command started without needing.
  const { default: unzipper } = await import('unzipper');
  const input = createReadStream(file);
  const zip = input.pipe(unzipper.Parse({ forceStream: true }));
  let unpacked = 0;
  let rows = 0;
  let strings = 0;
  try {
    for await (const entry of zip as AsyncIterable<Readable & { path: string }>) {
      const shared = entry.path === SHARED_STRINGS;
      const tag = shared ? STRING_TAG : WORKSHEET.test(entry.path) ? ROW_TAG : null;
      let part = 0;
      let carry = '';
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        part += chunk.length;
        if (unpacked > limits.unpackedBytes) {
          throw new CliError(
            'invalid_data',
            text.workbookTooLarge(file, formatBytes(limits.unpackedBytes)),
          );
        }
        if (!tag) continue;
        // Tags are ASCII: latin1 reads the bytes one to one, fast, whatever the text around them.
        const piece = carry + chunk.toString('latin1');
        const counted = countTags(piece, tag) - countTags(carry, tag);
        carry = piece.slice(-CARRY);
        if (shared) {
          strings += counted;
          if (strings > limits.sharedStrings || part > limits.sharedStringsBytes) {
            throw new CliError(
              'invalid_data',
              text.workbookTooManyStrings(
                file,
                formatCount(limits.sharedStrings),
                formatBytes(limits.sharedStringsBytes),
              ),
            );
          }
        } else {
          rows += counted;
          if (rows > limits.rows) {
            throw new CliError(
              'invalid_data',
              text.workbookTooManyRows(file, formatCount(limits.rows)),
            );
          }
        }
      }
    }
  } catch (error) {
    // A zip that does not read stops the import's own reading too, which says so.
    if (error instanceof CliError) throw error;
  } finally {
    input.destroy();
  }
}
