import {
  ApiError,
  HIERARCHY_IMPORT_MAX_ROWS,
  type HierarchyImportBatch,
  type HierarchyImportResult,
  type HierarchyLevelKey,
  hierarchyLevelKeys,
  messagesId,
} from '@ranwal/core';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, fromApiError } from '../../errors.js';
import { formatCount, formatTable, type ProgressListener } from '../../output.js';
import { findHeader, labelOf } from './columns.js';
import { readSheet } from './read.js';
import { checkRows, type LinedRow, type RowProblem } from './validate.js';

export type { RowProblem } from './validate.js';

export interface ImportOptions extends ConnectionOptions {
  /** A .csv or .xlsx file: one row per account code with its whole path. */
  file: string;
  /** Do everything but keep nothing: report what would be created. */
  dryRun?: boolean;
  /** Import the valid rows and succeed even when some rows are invalid or conflict. */
  skipInvalid?: boolean;
  /** Rows per call (and per transaction); at most 100 000, 1 000 by default (DEFAULT_BATCH_ROWS). */
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

export interface LevelCounts {
  created: number;
  existing: number;
}

/** A record an import created (or, in a dry run, would create): its level and path of names. */
export interface CreatedRecord {
  level: HierarchyLevelKey;
  line: number;
  path: string[];
}

export interface ImportReport {
  file: string;
  dryRun: boolean;
  /** Data rows in the file (blank rows aside). */
  rows: number;
  /** Rows to send: those that passed the checks, less exact repeats. */
  valid: number;
  /** Rows sent and applied (fewer than `valid` when the import stopped midway). */
  sent: number;
  duplicates: number;
  levels: Record<HierarchyLevelKey, LevelCounts>;
  /** Dry runs only: every record that would be created, top level first. */
  created?: CreatedRecord[];
  /** Rows not imported because they are invalid (nothing is imported without --skip-invalid). */
  invalid: RowProblem[];
  /** Rows the server could not apply as written: a stored code with another name, a programme's PPN flag. */
  conflicts: RowProblem[];
}

const pathOf = (row: LinedRow['row'], level: HierarchyLevelKey): string[] => {
  const depth = hierarchyLevelKeys.indexOf(level);
  return hierarchyLevelKeys
    .slice(0, depth + 1)
    .map((key) => (key === 'account' ? `${row.account_code} ${row.account_name}` : row[key]));
};

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
 * record). The names sent are those of the first row naming the record.
 */
export function buildCall(rows: LinedRow[], dryRun: boolean): Call {
  const body: HierarchyImportBatch = {
    program: { name: [], is_taxed: [] },
    action: { parent: [], name: [] },
    sub_action: { parent: [], name: [] },
    activity: { parent: [], name: [] },
    subtitle: { parent: [], name: [] },
    account: { parent: [], code: [], name: [] },
    dry_run: dryRun,
  };
  const rowOf = hierarchyLevelKeys.map(() => [] as number[]);
  const flagRowOf: (number | null)[] = [];
  // Per level, the position of each record (by its number) in this call, -1 until placed.
  const placed = hierarchyLevelKeys.map((_, depth) => {
    let count = 0;
    for (const lined of rows) count = Math.max(count, lined.records[depth]! + 1);
    return new Int32Array(count).fill(-1);
  });
  rows.forEach((lined, index) => {
    const { row, records } = lined;
    let parent = -1;
    hierarchyLevelKeys.forEach((key, depth) => {
      let position = placed[depth]![records[depth]!]!;
      if (position === -1) {
        position = rowOf[depth]!.length;
        placed[depth]![records[depth]!] = position;
        rowOf[depth]!.push(index);
        if (key === 'program') {
          body.program.name.push(row.program);
          body.program.is_taxed.push(null);
          flagRowOf.push(null);
        } else if (key === 'account') {
          body.account.parent.push(parent);
          body.account.code.push(row.account_code);
          body.account.name.push(row.account_name);
        } else {
          body[key].parent.push(parent);
          body[key].name.push(row[key]);
        }
      }
      if (key === 'program' && row.program_is_taxed !== undefined && flagRowOf[position] === null) {
        body.program.is_taxed[position] = row.program_is_taxed;
        flagRowOf[position] = index;
      }
      parent = position;
    });
  });
  return { body, rowOf, flagRowOf };
}

/**
 * Rows per call unless told. A call is one transaction, and on the embedded PGlite (one database
 * session) everyone else's calls wait for it: 1 000 rows take about 50 ms there, where the
 * 100 000 a call may carry held every other person for 5 s (bench/server/contention.mjs).
 */
export const DEFAULT_BATCH_ROWS = 1_000;

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
  const sheet = await readSheet(options.file);
  const header = findHeader(sheet);
  const checked = checkRows(sheet.slice(header.position + 1), header.columns);
  sheet.length = 0;
  const dryRun = options.dryRun ?? false;

  const levels = Object.fromEntries(
    hierarchyLevelKeys.map((key) => [key, { created: 0, existing: 0 }]),
  ) as Record<HierarchyLevelKey, LevelCounts>;
  const invalidRows = new Set(checked.problems.map((problem) => problem.line)).size;
  const report: ImportReport = {
    file: options.file,
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
  const recordCounts = hierarchyLevelKeys.map((_, depth) => {
    let count = 0;
    for (const lined of rows) count = Math.max(count, lined.records[depth]! + 1);
    return count;
  });
  const seen = recordCounts.map((count) => new Uint8Array(count));
  const created = recordCounts.map((count) => new Uint8Array(count));
  const seenCount = recordCounts.map(() => 0);
  const createdCount = recordCounts.map(() => 0);
  const conflictedAccounts = new Set<number>();

  const tally = () => {
    hierarchyLevelKeys.forEach((level, depth) => {
      const conflicted = level === 'account' ? conflictedAccounts.size : 0;
      levels[level] = {
        created: createdCount[depth]!,
        existing: seenCount[depth]! - createdCount[depth]! - conflicted,
      };
    });
  };

  /** The failure of a call as the reason the import stopped, saying how far it got. */
  const stopped = (error: unknown): CliError => {
    tally();
    const progress = `after ${formatCount(report.sent)} of ${formatCount(rows.length)} rows`;
    const rerun = dryRun
      ? 'nothing was written'
      : 'whole batches only were written; run the same command again to complete the import';
    if (options.signal?.aborted) {
      return new CliError('interrupted', `interrupted ${progress}; ${rerun}`, { report });
    }
    if (error instanceof ApiError) {
      const failure = fromApiError(error, `import stopped ${progress}`);
      return new CliError(failure.kind, `${failure.message}; ${rerun}`, { report, cause: error });
    }
    return error instanceof CliError
      ? error
      : new CliError('failure', String(error), { cause: error });
  };

  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const call = buildCall(batch, dryRun);
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
    hierarchyLevelKeys.forEach((level, depth) => {
      const seenHere = seen[depth]!;
      const createdHere = created[depth]!;
      for (const index of call.rowOf[depth]!) {
        const record = batch[index]!.records[depth]!;
        if (seenHere[record]) continue;
        seenHere[record] = 1;
        seenCount[depth]! += 1;
      }
      for (const position of result.levels[level].created_records) {
        const lined = batch[call.rowOf[depth]![position]!]!;
        const record = lined.records[depth]!;
        if (createdHere[record]) continue;
        createdHere[record] = 1;
        createdCount[depth]! += 1;
        report.created?.push({ level, line: lined.line, path: pathOf(lined.row, level) });
      }
    });
    for (const conflict of result.conflicts) {
      const isAccount = conflict.field === 'account_name';
      const index = isAccount
        ? call.rowOf.at(-1)![conflict.record]
        : (call.flagRowOf[conflict.record] ?? call.rowOf[0]![conflict.record]);
      const lined = batch[index!]!;
      if (isAccount) conflictedAccounts.add(lined.records.at(-1)!);
      report.conflicts.push({
        line: lined.line,
        column: labelOf(header.columns, conflict.field),
        message: conflict.message,
      });
    }
    report.sent = start + batch.length;
    progress(report.sent);
  }

  tally();
  report.created?.sort(
    (a, b) =>
      hierarchyLevelKeys.indexOf(a.level) - hierarchyLevelKeys.indexOf(b.level) || a.line - b.line,
  );
  report.conflicts.sort((a, b) => a.line - b.line);
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
        `  line ${problem.line}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}`,
    );
  const more = problems.length - shown.length;
  return [
    '',
    `${title}:`,
    ...shown,
    ...(more > 0 ? [`  … and ${formatCount(more)} more (--json lists all)`] : []),
  ];
}

export function importSummary(report: ImportReport): string {
  if (report.sent === 0) {
    return [
      `${report.file}: ${formatCount(report.rows)} row(s) read, nothing imported.`,
      ...listProblems('Invalid rows', report.invalid),
    ].join('\n');
  }
  const lines = [
    report.sent < report.valid
      ? `Stopped ${report.dryRun ? 'the dry run of' : 'importing'} ${report.file}: ${formatCount(report.sent)} of ${formatCount(report.valid)} row(s) ${report.dryRun ? 'checked' : 'applied'}.`
      : report.dryRun
        ? `Dry run of ${report.file}: ${formatCount(report.sent)} row(s) checked, nothing was written.`
        : `Imported ${report.file}: ${formatCount(report.sent)} row(s) applied.`,
    '',
    formatTable(
      ['', report.dryRun ? 'would create' : 'created', 'existing'],
      hierarchyLevelKeys.map((key) => [
        levelLabels[key].label,
        formatCount(report.levels[key].created),
        formatCount(report.levels[key].existing),
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
