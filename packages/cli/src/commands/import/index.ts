import {
  ApiError,
  HIERARCHY_IMPORT_BATCH_ROWS,
  HIERARCHY_IMPORT_MAX_ROWS,
  type HierarchyImportBatch,
  type HierarchyImportResult,
  type HierarchyLevelKey,
  hierarchyLevelKeys,
  type ImportLevelKey,
  importLevelKeys,
  messagesId,
} from '@ranwal/core';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, fromApiError } from '../../errors.js';
import { formatCount, formatTable, type ProgressListener } from '../../output.js';
import {
  codeFieldOf,
  describePlace,
  findHeader,
  labelOf,
  type NamedLevel,
  type Place,
} from './columns.js';
import { type CsvEncoding, readSheet } from './read.js';
import { checkRows, type PlacedRow, type RowProblem } from './validate.js';

export type { Place } from './columns.js';
export { type CsvEncoding, csvEncodings } from './read.js';
export type { RowProblem } from './validate.js';

export interface ImportOptions extends ConnectionOptions {
  /** A .csv or .xlsx file: one row per account code with its whole path. */
  file: string;
  /** Do everything but keep nothing: report what would be created. */
  dryRun?: boolean;
  /** Import the valid rows and succeed even when some rows are invalid or conflict. */
  skipInvalid?: boolean;
  /**
   * Rows per call (and per transaction); at most 100 000. By default the first call has 1 000
   * (DEFAULT_BATCH_ROWS) and the next ones the size the server asks for (`batch_rows`).
   */
  batchSize?: number;
  /** A CSV file's encoding; else told by its byte order mark, else UTF-8 if valid, else Windows-1252. */
  encoding?: CsvEncoding | undefined;
  /** An empty Perangkat Daerah, programme … subtitle cell takes the text of the cell above (see `checkRows`). */
  fillDown?: boolean | undefined;
  /** A record found by its code under another name takes the file's name (an official rename). */
  acceptRenames?: boolean | undefined;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  /** Told, once each, what the person should know before the result: the encoding read, columns ignored, a hint. */
  onNote?: (text: string) => void;
}

export interface LevelCounts {
  created: number;
  /** Found by code under another name and renamed (with `acceptRenames`). */
  renamed: number;
  existing: number;
}

/** A record an import created (or, in a dry run, would create): its level, first row and path of names. */
export interface CreatedRecord extends Place {
  level: ImportLevelKey;
  path: string[];
}

/** Per level; the Perangkat Daerah's only when the file names agencies (as the server answers). */
export type ImportLevelCounts = Record<HierarchyLevelKey, LevelCounts> & { agency?: LevelCounts };

export interface ImportReport {
  file: string;
  /** CSV files only: the encoding the file was read in. */
  encoding?: CsvEncoding;
  /** Header names of the columns the import does not use. */
  ignoredColumns: string[];
  dryRun: boolean;
  /** Data rows in the file (blank rows aside). */
  rows: number;
  /** Rows to send: those that passed the checks, less exact repeats. */
  valid: number;
  /** Rows in the calls the server answered, so stored (fewer than `valid` when the import stopped midway). */
  sent: number;
  duplicates: number;
  levels: ImportLevelCounts;
  /** Dry runs only: every record that would be created, top level first. */
  created?: CreatedRecord[];
  /** Rows not imported because they are invalid (nothing is imported without --skip-invalid). */
  invalid: RowProblem[];
  /** Rows the server could not apply as written: a stored code with another name, a programme's PPN flag. */
  conflicts: RowProblem[];
}

/** The levels a report counts, top to bottom: the file's (see `levelsOf`). */
const levelsIn = (report: ImportReport): readonly ImportLevelKey[] =>
  report.levels.agency ? importLevelKeys : hierarchyLevelKeys;

/** The names of a record's path, from the top of the file's levels down to `depth`. */
const pathOf = (row: PlacedRow['row'], levels: readonly ImportLevelKey[], depth: number) =>
  levels
    .slice(0, depth + 1)
    .map((key) => (key === 'account' ? `${row.account_code} ${row.account_name}` : row[key]!));

/** One import call and, per level, the row of the batch each record of its lists comes from. */
interface Call {
  body: HierarchyImportBatch;
  /** Per level, per position in the call's list: the batch row that named the record first. */
  rowOf: number[][];
  /** Per programme position: the batch row that gave its PPN flag, if one did. */
  flagRowOf: (number | null)[];
}

/**
 * The call for a batch of checked rows: the records they name, each once, in the order the rows
 * name them, under their parent's position (the rows' numbering says which rows name the same
 * record). The names sent are those of the first row naming the record. `levels` are the rows'
 * (`CheckedRows.levels`): with the Perangkat Daerah on top, each programme goes under its agency.
 */
export function buildCall(
  rows: PlacedRow[],
  levels: readonly ImportLevelKey[],
  dryRun: boolean,
  acceptRenames = false,
): Call {
  const agencies = levels[0] === 'agency';
  const body: HierarchyImportBatch = {
    ...(agencies ? { agency: { name: [], code: [] } } : {}),
    program: { ...(agencies ? { parent: [] } : {}), name: [], is_taxed: [], code: [] },
    action: { parent: [], name: [], code: [] },
    sub_action: { parent: [], name: [], code: [] },
    activity: { parent: [], name: [], code: [] },
    subtitle: { parent: [], name: [], code: [] },
    account: { parent: [], code: [], name: [] },
    dry_run: dryRun,
    ...(acceptRenames ? { accept_renames: true } : {}),
  };
  const rowOf = levels.map(() => [] as number[]);
  const flagRowOf: (number | null)[] = [];
  // Per level, the position of each record (by its number) in this call, -1 until placed.
  const placed = levels.map((_, depth) => {
    let count = 0;
    for (const { records } of rows) count = Math.max(count, records[depth]! + 1);
    return new Int32Array(count).fill(-1);
  });
  rows.forEach(({ row, records }, index) => {
    let parent = -1;
    levels.forEach((key, depth) => {
      let position = placed[depth]![records[depth]!]!;
      if (position === -1) {
        position = rowOf[depth]!.length;
        placed[depth]![records[depth]!] = position;
        rowOf[depth]!.push(index);
        // The top level has no parent list: the agency, or the programme in a file without agencies.
        const list = body[key] as { parent?: number[]; name: string[]; code: (string | null)[] };
        list.parent?.push(parent);
        list.name.push(key === 'account' ? row.account_name : row[key]!);
        list.code.push(key === 'account' ? row.account_code : (row[codeFieldOf(key)] ?? null));
        if (key === 'program') {
          body.program.is_taxed.push(null);
          flagRowOf.push(null);
        }
      }
      if (key === 'program' && row.program_is_taxed !== undefined && flagRowOf[position] === null) {
        body.program.is_taxed[position] = row.program_is_taxed;
        flagRowOf[position] = index;
      }
      parent = position;
    });
  });
  // A level none of whose rows has a code goes as names only (a server before codes takes it).
  for (const key of levels.slice(0, -1)) {
    const level = body[key] as { code?: (string | null)[] };
    if (level.code?.every((code) => code === null)) delete level.code;
  }
  return { body, rowOf, flagRowOf };
}

/**
 * Rows of the first call unless told; the server then says what size suits it (`batch_rows`).
 * The embedded PGlite's size: there everyone else waits while a call is applied
 * (bench/server/contention.mjs).
 */
export const DEFAULT_BATCH_ROWS = HIERARCHY_IMPORT_BATCH_ROWS.pglite;

/**
 * Imports a hierarchy file: reads and checks every row first (nothing is sent when a row is bad,
 * unless `skipInvalid`), then sends the records the rows name in calls of `batchSize` rows
 * (DEFAULT_BATCH_ROWS), each applied by the server in one transaction. An interrupted import
 * leaves whole calls only; running it again completes it.
 */
export async function importHierarchy(options: ImportOptions): Promise<ImportReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_ROWS;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > HIERARCHY_IMPORT_MAX_ROWS) {
    throw new CliError(
      'usage',
      `--batch-size must be a whole number from 1 to ${formatCount(HIERARCHY_IMPORT_MAX_ROWS)}`,
    );
  }
  const sheet = await readSheet(options.file, options.encoding);
  if (sheet.encoding) options.onNote?.(`Reading ${options.file} as ${sheet.encoding}`);
  const header = findHeader(sheet.rows);
  if (header.ignored.length > 0) {
    options.onNote?.(`Ignored columns: ${header.ignored.join(', ')}`);
  }
  if (header.report) {
    options.onNote?.(
      'Reading a Ranwal report workbook: its subtotal rows are skipped and its PPN column (an amount) is ignored',
    );
  }
  const checked = checkRows(sheet.rows.slice(header.position + 1), header.columns, {
    fillDown: options.fillDown ?? false,
    totalsRows: header.report,
  });
  sheet.rows.length = 0;
  const dryRun = options.dryRun ?? false;
  const { blankBelowFilled } = checked;
  if (blankBelowFilled.rows > 0) {
    options.onNote?.(
      `Hint: ${formatCount(blankBelowFilled.rows)} row(s) leave ${blankBelowFilled.columns.join(', ')} empty below a filled cell; if the sheet leaves repeated names blank, run again with --fill-down`,
    );
  }

  const levelKeys = checked.levels;
  const levels = Object.fromEntries(
    levelKeys.map((key) => [key, { created: 0, renamed: 0, existing: 0 }]),
  ) as ImportLevelCounts;
  const invalidRows = new Set(checked.problems.map((problem) => problem.row)).size;
  const report: ImportReport = {
    file: options.file,
    ...(sheet.encoding ? { encoding: sheet.encoding } : {}),
    ignoredColumns: header.ignored,
    dryRun,
    rows: checked.rows.length + invalidRows + checked.duplicates,
    valid: checked.rows.length,
    sent: 0,
    duplicates: checked.duplicates,
    levels,
    ...(dryRun ? { created: [] } : {}),
    invalid: checked.problems,
    conflicts: [],
  };
  if (invalidRows > 0 && !options.skipInvalid) {
    throw new CliError(
      'invalid_data',
      `${formatCount(invalidRows)} invalid row(s) in ${options.file}; nothing was imported (fix them, or pass --skip-invalid to import the other rows)`,
      { report },
    );
  }
  if (checked.rows.length === 0) {
    throw new CliError('invalid_data', `${options.file} has no rows to import`, { report });
  }

  const rows = checked.rows;
  // Progress: the rows of the calls answered, and of the one on its way as its bytes go out.
  let shown = -1;
  const progress = (done: number, note?: string) => {
    if (done === shown && note === undefined) return;
    shown = done;
    options.onProgress?.(done, rows.length, note);
  };
  let batchStart = 0;
  let batchLength = 0;
  const { client, server } = await connect(options, (sent, total) => {
    progress(
      batchStart + Math.floor((batchLength * sent) / total),
      sent === total ? 'applying on the server' : undefined,
    );
  });
  // Per level, by record number: sent yet, created; with their counts, so a record met in
  // several calls counts once.
  const recordCounts = levelKeys.map((_, depth) => {
    let count = 0;
    for (const { records } of rows) count = Math.max(count, records[depth]! + 1);
    return count;
  });
  const seen = recordCounts.map((count) => new Uint8Array(count));
  const created = recordCounts.map((count) => new Uint8Array(count));
  const seenCount = recordCounts.map(() => 0);
  const createdCount = recordCounts.map(() => 0);
  const renamed = recordCounts.map((count) => new Uint8Array(count));
  const renamedCount = recordCounts.map(() => 0);
  const conflictedAccounts = new Set<number>();

  const tally = () => {
    levelKeys.forEach((level, depth) => {
      const conflicted = level === 'account' ? conflictedAccounts.size : 0;
      levels[level] = {
        created: createdCount[depth]!,
        renamed: renamedCount[depth]!,
        existing: seenCount[depth]! - createdCount[depth]! - renamedCount[depth]! - conflicted,
      };
    });
  };

  /**
   * The failure of a call as the reason the import stopped, saying how far it got: the rows of
   * the calls the server answered, which it has stored whole (the call in flight is dropped).
   */
  const stopped = (error: unknown): CliError => {
    tally();
    const done = dryRun
      ? `${formatCount(report.sent)} of ${formatCount(rows.length)} rows checked, nothing was written`
      : `the server confirmed ${formatCount(report.sent)} of ${formatCount(rows.length)} rows (whole batches); run the same command again to complete the import`;
    if (options.signal?.aborted) {
      return new CliError('interrupted', `interrupted: ${done}`, { report });
    }
    if (error instanceof ApiError) {
      const failure = fromApiError(error, 'import stopped');
      return new CliError(failure.kind, `${failure.message}; ${done}`, { report, cause: error });
    }
    return error instanceof CliError
      ? error
      : new CliError('failure', String(error), { cause: error });
  };

  // Without --batch-size, the first call is small and the server says what size suits it.
  let callRows = batchSize;
  let lastAdvice: number | undefined;
  for (let start = 0; start < rows.length; start += callRows) {
    if (start > 0 && options.batchSize === undefined && lastAdvice !== undefined) {
      callRows = Math.min(lastAdvice, HIERARCHY_IMPORT_MAX_ROWS);
    }
    const batch = rows.slice(start, start + callRows);
    const call = buildCall(batch, levelKeys, dryRun, options.acceptRenames);
    batchStart = start;
    batchLength = batch.length;
    let result: HierarchyImportResult;
    try {
      if (options.signal?.aborted) throw options.signal.reason;
      ({ data: result } = await client.import.hierarchy(
        call.body,
        options.signal ? { signal: options.signal } : {},
      ));
    } catch (error) {
      throw stopped(error);
    }
    lastAdvice = result.batch_rows;
    levelKeys.forEach((level, depth) => {
      // The server answers for every level the call has (the agency's when it names agencies).
      const answer = result.levels[level]!;
      const seenHere = seen[depth]!;
      const createdHere = created[depth]!;
      for (const index of call.rowOf[depth]!) {
        const record = batch[index]!.records[depth]!;
        if (seenHere[record]) continue;
        seenHere[record] = 1;
        seenCount[depth]! += 1;
      }
      for (const position of answer.created_records) {
        const placed = batch[call.rowOf[depth]![position]!]!;
        const record = placed.records[depth]!;
        if (createdHere[record]) continue;
        createdHere[record] = 1;
        createdCount[depth]! += 1;
        report.created?.push({
          level,
          ...placed.place,
          path: pathOf(placed.row, levelKeys, depth),
        });
      }
      for (const position of answer.renamed_records) {
        const record = batch[call.rowOf[depth]![position]!]!.records[depth]!;
        if (renamed[depth]![record]) continue;
        renamed[depth]![record] = 1;
        renamedCount[depth]! += 1;
      }
    });
    for (const conflict of result.conflicts) {
      const isAccount = conflict.field === 'account_name';
      const isFlag = conflict.field === 'program_is_taxed';
      // A named level's code stored under another name: the row of the level's record.
      const depth = isAccount
        ? levelKeys.length - 1
        : levelKeys.indexOf(isFlag ? 'program' : (conflict.field as NamedLevel));
      const index =
        (isFlag ? call.flagRowOf[conflict.record] : null) ?? call.rowOf[depth]![conflict.record];
      const placed = batch[index!]!;
      if (isAccount) conflictedAccounts.add(placed.records.at(-1)!);
      const column =
        isAccount || isFlag ? conflict.field : codeFieldOf(conflict.field as NamedLevel);
      report.conflicts.push({
        ...placed.place,
        column: labelOf(header.columns, column),
        message: conflict.message,
      });
    }
    report.sent = start + batch.length;
    progress(report.sent);
  }

  tally();
  report.created?.sort(
    (a, b) => levelKeys.indexOf(a.level) - levelKeys.indexOf(b.level) || a.row - b.row,
  );
  report.conflicts.sort((a, b) => a.row - b.row);
  if (report.conflicts.length > 0 && !options.skipInvalid) {
    throw new CliError(
      'invalid_data',
      `${formatCount(report.conflicts.length)} row(s) conflict with records stored on ${server} and were not applied as written (pass --skip-invalid to accept that)`,
      { report },
    );
  }
  return report;
}

const levelLabels = messagesId.levels;
const MAX_LISTED = 20;

function listProblems(title: string, problems: RowProblem[]): string[] {
  if (problems.length === 0) return [];
  const shown = problems
    .slice(0, MAX_LISTED)
    .map(
      (problem) =>
        `  ${describePlace(problem)}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}`,
    );
  const more = problems.length - shown.length;
  return [
    '',
    `${title}:`,
    ...shown,
    ...(more > 0 ? [`  … and ${formatCount(more)} more (--json lists all)`] : []),
  ];
}

/**
 * What became of the rows the server answered for: each is one account code, created, found
 * stored already (unchanged), or stored under another name (a conflict, not applied).
 */
function outcome(report: ImportReport): string {
  const { created, renamed, existing } = report.levels.account;
  const conflicting = report.sent - created - renamed - existing;
  // Renames of the levels above count too: an official rename is worth a word.
  const renamedAbove = levelsIn(report)
    .slice(0, -1)
    .reduce((sum, key) => sum + report.levels[key]!.renamed, 0);
  return [
    `${formatCount(created)} ${report.dryRun ? 'to create' : 'created'}`,
    ...(renamed + renamedAbove > 0
      ? [`${formatCount(renamed + renamedAbove)} ${report.dryRun ? 'to rename' : 'renamed'}`]
      : []),
    `${formatCount(existing)} unchanged`,
    ...(conflicting > 0 ? [`${formatCount(conflicting)} in conflict`] : []),
  ].join(', ');
}

function headline(report: ImportReport): string {
  const rows = `${formatCount(report.sent)} row(s)`;
  if (report.sent < report.valid) {
    return report.dryRun
      ? `Stopped the dry run of ${report.file}: ${rows} of ${formatCount(report.valid)} checked (${outcome(report)}); nothing was written.`
      : `Stopped importing ${report.file}: the server confirmed ${rows} of ${formatCount(report.valid)} (${outcome(report)}).`;
  }
  if (report.dryRun) {
    return `Dry run of ${report.file}: ${rows} checked (${outcome(report)}); nothing was written.`;
  }
  const changed = levelsIn(report).some((key) => report.levels[key]!.created > 0);
  return changed
    ? `Imported ${report.file}: ${rows} (${outcome(report)}).`
    : `Nothing changed: ${report.file} has ${rows} and all are stored already (${outcome(report)}).`;
}

export function importSummary(report: ImportReport): string {
  if (report.sent === 0) {
    return [
      `${report.file}: ${formatCount(report.rows)} row(s) read, nothing imported.`,
      ...listProblems('Invalid rows', report.invalid),
    ].join('\n');
  }
  const lines = [
    headline(report),
    '',
    formatTable(
      ['', report.dryRun ? 'to create' : 'created', 'unchanged'],
      levelsIn(report).map((key) => [
        levelLabels[key].label,
        formatCount(report.levels[key]!.created),
        formatCount(report.levels[key]!.existing),
      ]),
    ),
  ];
  if (report.duplicates > 0) {
    lines.push(
      '',
      `${formatCount(report.duplicates)} row(s) repeat an earlier row and were sent once.`,
    );
  }
  if (report.created && report.created.length > 0) {
    lines.push('', 'Would create:');
    for (const record of report.created.slice(0, MAX_LISTED)) {
      lines.push(`  ${levelLabels[record.level].label}: ${record.path.join(' / ')}`);
    }
    const more = report.created.length - MAX_LISTED;
    if (more > 0) lines.push(`  … and ${formatCount(more)} more (--json lists all)`);
  }
  lines.push(...listProblems('Invalid rows, not imported', report.invalid));
  lines.push(...listProblems('Conflicts with stored records', report.conflicts));
  return lines.join('\n');
}
