import { stat } from 'node:fs/promises';
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
import { type ConnectionOptions, clientFor, connect } from '../../connection.js';
import { CliError, fromApiError } from '../../errors.js';
import { cliText } from '../../lang.js';
import { formatCount, formatTable, type ProgressListener } from '../../output.js';
import {
  codeFieldOf,
  describePlace,
  findHeader,
  HEADER_SEARCH_ROWS,
  type Header,
  labelOf,
  type NamedLevel,
  type Place,
  placeOf,
  type SheetRow,
} from './columns.js';
import { type CsvEncoding, openSheet, type SheetSource } from './read.js';
import {
  type CheckedRow,
  detached,
  grown,
  type Numbers,
  RowChecker,
  type RowProblem,
} from './validate.js';

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
  /**
   * A full garbage collection, run while the server applies a call: the binary passes V8's, so
   * a long import's memory stays near what it holds (docs/performance.md#cli).
   */
  collectGarbage?: () => void;
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
  /**
   * With acceptRenames: every record found by its code under another name and renamed (or, in a
   * dry run, to be), with the path of names from the file; top level first.
   */
  renamed?: CreatedRecord[];
  /** Rows not imported because they are invalid (nothing is imported without --skip-invalid). */
  invalid: RowProblem[];
  /** Rows the server could not apply as written: a stored code with another name, a programme's PPN flag. */
  conflicts: RowProblem[];
}

/** The levels a report counts, top to bottom: the file's (see `levelsOf`). */
const levelsIn = (report: ImportReport): readonly ImportLevelKey[] =>
  report.levels.agency ? importLevelKeys : hierarchyLevelKeys;

/** A level's lists in an import call (the top level has no parents). */
type LevelLists = { parent?: number[]; name: string[]; code?: (string | null)[] };

/**
 * One import call as it is built from checked rows, and what reading its answer needs. It is
 * used again for the call after next (`reset`), its lists and numbers kept: an import of
 * 100 000 rows builds two, not one per call.
 */
class Call {
  readonly body: HierarchyImportBatch;
  /** Rows in the call. */
  rows = 0;
  /** Each row's place in the file, by its position in the call: its row, and its line (0 when the same). */
  #rowNumbers: Numbers = new Int32Array(1024);
  #lineNumbers: Numbers = new Int32Array(1024);
  /** Per level, the records in the call's list. */
  readonly counts: number[];
  /** Per level, per position in the call's list: the record's number (see `CheckedRow.records`). */
  readonly recordOf: Numbers[];
  /** Per level, per position: the call's row that named the record first. */
  readonly rowOf: Numbers[];
  /** Per programme position: the call's row that gave its PPN flag, -1 when none did. */
  readonly flagRowOf: number[] = [];
  readonly #levels: readonly ImportLevelKey[];
  readonly #programDepth: number;
  /** Per level, its lists in the body, and its codes (left out of the body when all are null). */
  readonly #lists: LevelLists[];
  readonly #codes: (string | null)[][];
  /** Per named level, the position of each record (by its number) in this call. */
  readonly #positions: Map<number, number>[];
  /** The records of the row added last, and their positions. */
  readonly #lastRecords: Numbers;
  readonly #lastPositions: Numbers;

  /**
   * `levels` are the rows' (`CheckSummary.levels`): with the Perangkat Daerah on top, each
   * programme goes under its agency.
   */
  constructor(levels: readonly ImportLevelKey[], dryRun: boolean, acceptRenames = false) {
    const agencies = levels[0] === 'agency';
    this.body = {
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
    this.#levels = levels;
    this.#programDepth = levels.indexOf('program');
    this.#lists = levels.map((key) => this.body[key] as LevelLists);
    this.#codes = this.#lists.map((list) => list.code!);
    this.counts = levels.map(() => 0);
    this.recordOf = levels.map(() => new Int32Array(1024));
    this.rowOf = levels.map(() => new Int32Array(1024));
    this.#positions = levels.map(() => new Map());
    this.#lastRecords = new Int32Array(levels.length);
    this.#lastPositions = new Int32Array(levels.length);
  }

  /** Empties the call for the next rows, keeping its lists (written over, then cut to length). */
  reset(): void {
    this.rows = 0;
    this.counts.fill(0);
    this.flagRowOf.length = 0;
    for (const positions of this.#positions) positions.clear();
    this.forgetAccountCodes();
  }

  /**
   * Lets go of the account codes, copies of the file's cells: once the call has gone out, only
   * a dry run's list of what it would create reads them (`pathOf`).
   */
  forgetAccountCodes(): void {
    this.#codes.at(-1)!.fill(null);
  }

  /** The place in the file of the call's row `index`. */
  placeOf(index: number): Place {
    return placeOf({ row: this.#rowNumbers[index]!, line: this.#lineNumbers[index] || undefined });
  }

  /**
   * Adds a row: the records it names that the call does not have yet, in the order the rows
   * name them, under their parent's position (the rows' numbering says which rows name the same
   * record). The names sent are those of the first row naming the record.
   */
  add(row: CheckedRow): void {
    const index = this.rows;
    this.rows += 1;
    this.#rowNumbers = grown(this.#rowNumbers, this.rows);
    this.#lineNumbers = grown(this.#lineNumbers, this.rows);
    this.#rowNumbers[index] = row.row;
    this.#lineNumbers[index] = row.line;
    const last = this.#levels.length - 1;
    let parent = -1;
    let samePath = index > 0;
    for (let depth = 0; depth <= last; depth += 1) {
      const record = row.records[depth]!;
      // A programme of no agency (blank agency cells on top of the file): no agency record, and
      // the programme goes under none (-1).
      if (depth === 0 && this.#levels[0] === 'agency' && row.nameAt(0) === null) {
        this.#lastRecords[0] = record;
        this.#lastPositions[0] = -1;
        parent = -1;
        continue;
      }
      let position: number | undefined;
      // Rows come grouped: most name the record of the row before.
      if (samePath && record === this.#lastRecords[depth]) {
        position = this.#lastPositions[depth]!;
      } else {
        samePath = false;
        // Every row sent names its own account (repeats are dropped when checked).
        position = depth === last ? undefined : this.#positions[depth]!.get(record);
      }
      if (position === undefined) {
        position = this.counts[depth]!;
        this.counts[depth] = position + 1;
        if (depth < last) this.#positions[depth]!.set(record, position);
        this.recordOf[depth] = grown(this.recordOf[depth]!, position + 1);
        this.rowOf[depth] = grown(this.rowOf[depth]!, position + 1);
        this.recordOf[depth]![position] = record;
        this.rowOf[depth]![position] = index;
        // The top level has no parent list: the agency, or the programme in a file without agencies.
        const list = this.#lists[depth]!;
        if (list.parent) list.parent[position] = parent;
        list.name[position] = row.nameAt(depth);
        // An account code is kept until the answer: copied out of the file's chunk.
        this.#codes[depth]![position] =
          depth === last ? detached(row.codeAt(depth)!) : row.codeAt(depth);
        if (depth === this.#programDepth) {
          this.body.program.is_taxed[position] = null;
          this.flagRowOf[position] = -1;
        }
      }
      if (
        depth === this.#programDepth &&
        row.taxed !== undefined &&
        this.flagRowOf[position] === -1
      ) {
        this.body.program.is_taxed[position] = row.taxed;
        this.flagRowOf[position] = index;
      }
      this.#lastRecords[depth] = record;
      this.#lastPositions[depth] = position;
      parent = position;
    }
  }

  /**
   * The body to send: the lists cut to this call's records. A level none of whose rows has a
   * code goes as names only (a server before codes takes it).
   */
  finish(): HierarchyImportBatch {
    this.#levels.forEach((key, depth) => {
      const list = this.#lists[depth]!;
      const codes = this.#codes[depth]!;
      const count = this.counts[depth]!;
      for (const column of [list.parent, list.name, codes]) if (column) column.length = count;
      if (key === 'program') this.body.program.is_taxed.length = count;
      const named = depth < this.#levels.length - 1;
      if (named && codes.every((code) => code === null)) delete list.code;
      else list.code = codes;
    });
    return this.body;
  }

  /** The names of a record's path in the call, from the top of the file's levels down to its level. */
  pathOf(depth: number, position: number): string[] {
    const path: string[] = [];
    for (let level = depth, at = position; level >= 0; level -= 1) {
      const list = this.#lists[level]!;
      path.unshift(
        level === this.#levels.length - 1
          ? `${this.#codes[level]![at]} ${list.name[at]}`
          : list.name[at]!,
      );
      at = list.parent?.[at] ?? -1;
      // A programme of no agency has no agency above it.
      if (at < 0) break;
    }
    return path;
  }
}

/**
 * Rows of the first call unless told; the server then says what size suits it (`batch_rows`).
 * The embedded PGlite's size: there everyone else waits while a call is applied
 * (bench/server/contention.mjs).
 */
export const DEFAULT_BATCH_ROWS = HIERARCHY_IMPORT_BATCH_ROWS.pglite;

/**
 * Reads the sheet from its top: finds the header (within its first rows), then checks every row
 * below it in the file's order, handing each row to send to `onRow` (which may pause the
 * reading by returning a promise). Returns the header and what the checks found.
 */
async function readChecked(
  sheet: SheetSource,
  checkerFor: (header: Header) => RowChecker,
  onRow?: (row: CheckedRow) => Promise<void> | undefined,
): Promise<{ header: Header; checker: RowChecker }> {
  let header: Header | null = null;
  let checker: RowChecker | null = null;
  const top: SheetRow[] = [];
  const check = async (rows: SheetRow[]) => {
    for (const record of rows) {
      if (checker!.check(record) && onRow) {
        const pause = onRow(checker!);
        if (pause) await pause;
      }
    }
  };
  const start = async () => {
    header = findHeader(top);
    checker = checkerFor(header);
    await check(top.slice(header.position + 1));
  };
  for await (const rows of sheet.chunks()) {
    if (checker) {
      await check(rows);
      continue;
    }
    top.push(...rows);
    if (top.length >= HEADER_SEARCH_ROWS) await start();
  }
  if (!checker) await start();
  return { header: header!, checker: checker! };
}

/**
 * Imports a hierarchy file in two readings: the first checks every row (nothing is sent when a
 * row is bad, unless `skipInvalid`) and keeps only what checking needs, not the rows; the
 * second checks them again as it reads them and sends the records the rows name in calls of
 * `batchSize` rows (DEFAULT_BATCH_ROWS), each applied by the server in one transaction, the
 * next call being built while the server applies one (on PostgreSQL, sent too: see
 * `maxInFlight`). An interrupted import leaves whole calls only; running it again completes it.
 */
export async function importHierarchy(options: ImportOptions): Promise<ImportReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_ROWS;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > HIERARCHY_IMPORT_MAX_ROWS) {
    throw new CliError(
      'usage',
      cliText().failures.batchSize(formatCount(HIERARCHY_IMPORT_MAX_ROWS)),
    );
  }
  const sheet = await openSheet(options.file, options.encoding, { again: true });
  try {
    return await importSheet(sheet, options, batchSize);
  } finally {
    await sheet.close();
  }
}

/** `importHierarchy` of an open sheet. */
async function importSheet(
  sheet: SheetSource,
  options: ImportOptions,
  batchSize: number,
): Promise<ImportReport> {
  const text = cliText().import;
  if (sheet.encoding) options.onNote?.(text.readingAs(options.file, sheet.encoding));
  const before = await stat(options.file);
  const { header, checker } = await readChecked(sheet, (found) => {
    if (found.ignored.length > 0) {
      options.onNote?.(text.ignoredColumns(found.ignored.join(', ')));
    }
    if (found.report) options.onNote?.(text.reportWorkbook);
    return new RowChecker(found.columns, {
      fillDown: options.fillDown ?? false,
      totalsRows: found.report,
    });
  });
  const checked = checker.summary();
  const dryRun = options.dryRun ?? false;
  const { blankBelowFilled } = checked;
  if (blankBelowFilled.rows > 0) {
    options.onNote?.(
      text.fillDownHint(formatCount(blankBelowFilled.rows), blankBelowFilled.columns.join(', ')),
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
    rows: checked.valid + invalidRows + checked.duplicates,
    valid: checked.valid,
    sent: 0,
    duplicates: checked.duplicates,
    levels,
    ...(dryRun ? { created: [] } : {}),
    ...(options.acceptRenames ? { renamed: [] } : {}),
    invalid: checked.problems,
    conflicts: [],
  };
  if (invalidRows > 0 && !options.skipInvalid) {
    throw new CliError('invalid_data', text.invalidRows(formatCount(invalidRows), options.file), {
      report,
    });
  }
  if (checked.valid === 0) {
    throw new CliError('invalid_data', text.noRows(options.file), { report });
  }

  const total = checked.valid;
  // Progress: the rows of the calls answered or in flight, and of the one on its way as its
  // bytes go out.
  let shown = -1;
  const progress = (done: number, note?: string) => {
    // Never back: a call's upload counts the call before it, which may not be answered yet.
    const at = Math.max(done, shown);
    if (at === shown && note === undefined) return;
    shown = at;
    options.onProgress?.(at, total, note);
  };
  const { server, session } = await connect(options);
  /**
   * A client for one call, whose upload moves the progress bar over the call's rows after the
   * `before` rows answered or in flight ahead of it.
   */
  const clientOf = (call: Call, before: number) =>
    clientFor(server, session.token, (sent, bytes) => {
      const uploaded = sent === bytes;
      progress(
        before + Math.floor((call.rows * sent) / bytes),
        uploaded ? cliText().progress.applying : undefined,
      );
      if (!uploaded) return;
      if (!dryRun) call.forgetAccountCodes();
      // The call has gone out, what built the ones before it is garbage: the CLI has time while
      // the server applies them.
      options.collectGarbage?.();
    });
  // Per level, by record number: sent yet, created; with their counts, so a record met in
  // several calls counts once.
  const seen = checked.records.map((count) => new Uint8Array(count));
  const created = checked.records.map((count) => new Uint8Array(count));
  const seenCount = checked.records.map(() => 0);
  const createdCount = checked.records.map(() => 0);
  const renamed = checked.records.map((count) => new Uint8Array(count));
  const renamedCount = checked.records.map(() => 0);
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
   * the calls the server answered, which it has stored whole (a call in flight is dropped).
   */
  const stopped = (error: unknown): CliError => {
    tally();
    const failures = cliText().failures;
    const done = (dryRun ? failures.stoppedChecked : failures.stoppedConfirmed)(
      formatCount(report.sent),
      formatCount(total),
    );
    if (options.signal?.aborted) {
      return new CliError('interrupted', `${cliText().interrupted}: ${done}`, { report });
    }
    if (error instanceof ApiError) {
      const failure = fromApiError(error, cliText().doing.importStopped);
      return new CliError(failure.kind, `${failure.message}; ${done}`, { report, cause: error });
    }
    return error instanceof CliError
      ? error
      : new CliError('failure', String(error), { cause: error });
  };
  const changed = () =>
    new CliError(
      'failure',
      cliText().failures.changedWhileImported(
        options.file,
        report.sent > 0
          ? cliText().failures.ofRows(formatCount(report.sent), formatCount(total))
          : '',
      ),
      { report },
    );

  /** What the server answered for a call: counted per record, a record met in several calls once. */
  const answered = (call: Call, result: HierarchyImportResult) => {
    levelKeys.forEach((level, depth) => {
      // The server answers for every level the call has (the agency's when it names agencies).
      const answer = result.levels[level]!;
      const recordOf = call.recordOf[depth]!;
      const seenHere = seen[depth]!;
      for (const record of recordOf.subarray(0, call.counts[depth]!)) {
        if (seenHere[record]) continue;
        seenHere[record] = 1;
        seenCount[depth]! += 1;
      }
      const createdHere = created[depth]!;
      for (const position of answer.created_records) {
        const record = recordOf[position]!;
        if (createdHere[record]) continue;
        createdHere[record] = 1;
        createdCount[depth]! += 1;
        report.created?.push({
          level,
          ...call.placeOf(call.rowOf[depth]![position]!),
          path: call.pathOf(depth, position),
        });
      }
      for (const position of answer.renamed_records) {
        const record = recordOf[position]!;
        if (renamed[depth]![record]) continue;
        renamed[depth]![record] = 1;
        renamedCount[depth]! += 1;
        report.renamed?.push({
          level,
          ...call.placeOf(call.rowOf[depth]![position]!),
          path: call.pathOf(depth, position),
        });
      }
    });
    for (const conflict of result.conflicts) {
      const isAccount = conflict.field === 'account_name';
      const isFlag = conflict.field === 'program_is_taxed';
      // A named level's code stored under another name: the row of the level's record.
      const depth = isAccount
        ? levelKeys.length - 1
        : levelKeys.indexOf(isFlag ? 'program' : (conflict.field as NamedLevel));
      const flagRow = isFlag ? call.flagRowOf[conflict.record]! : -1;
      const index = flagRow >= 0 ? flagRow : call.rowOf[depth]![conflict.record]!;
      if (isAccount) conflictedAccounts.add(call.recordOf[depth]![conflict.record]!);
      const column =
        isAccount || isFlag ? conflict.field : codeFieldOf(conflict.field as NamedLevel);
      report.conflicts.push({
        ...call.placeOf(index),
        column: labelOf(header.columns, column),
        message: conflict.message,
      });
    }
    report.sent += call.rows;
    progress(report.sent);
  };

  // Without --batch-size, the first calls are small until the server says what size suits it.
  let callRows = batchSize;
  // Calls on their way or being applied: one until the server has answered; then two where it
  // asks for calls larger than the first (PostgreSQL, which reads and checks the next call
  // while it applies one, so no call waits for the one before it to be answered and read),
  // each of half the rows it asks for; one where it does not (PGlite: everyone else waits
  // while a call is applied).
  let maxInFlight = 1;
  const inFlight: { call: Call; answer: Promise<void> }[] = [];
  // Three calls, used in turn: at most two in flight, and the next being built.
  const calls = [0, 1, 2].map(() => new Call(levelKeys, dryRun, options.acceptRenames));
  let building = calls[0]!;
  /**
   * Waits for the oldest call in flight; when it failed, for the others too, then says how far
   * the import got.
   */
  const landed = async () => {
    const oldest = inFlight.shift();
    if (!oldest) return;
    try {
      await oldest.answer;
    } catch (error) {
      await settled();
      throw stopped(error);
    }
  };
  /** Every call in flight answered or failed (those answered are counted). */
  const settled = async () => {
    await Promise.allSettled(inFlight.splice(0).map(({ answer }) => answer));
  };
  const send = (call: Call) => {
    if (options.signal?.aborted) throw stopped(options.signal.reason);
    const before = report.sent + inFlight.reduce((rows, { call: other }) => rows + other.rows, 0);
    const answer = clientOf(call, before)
      .import.hierarchy(call.finish(), options.signal ? { signal: options.signal } : {})
      .then(({ data: result }) => {
        if (result.batch_rows !== undefined) {
          maxInFlight = result.batch_rows > DEFAULT_BATCH_ROWS ? 2 : 1;
          // The server has the rows it asks for at once: two calls of half as many.
          if (options.batchSize === undefined) {
            callRows = Math.ceil(
              Math.min(result.batch_rows, HIERARCHY_IMPORT_MAX_ROWS) / maxInFlight,
            );
          }
        }
        answered(call, result);
      });
    // Failures are taken up where the call is awaited (`landed`), not as unhandled meanwhile.
    answer.catch(() => {});
    inFlight.push({ call, answer });
  };

  // The second reading: the rows the first passed, checked again as they come, go out in calls.
  const now = await stat(options.file);
  if (now.size !== before.size || now.mtimeMs !== before.mtimeMs) throw changed();
  checker.rewind();
  let sending = 0;
  // A call full at the size known when it was built goes as soon as there is room in flight:
  // the second call has the first's size, as it is built before the server's answer.
  const sendFull = async () => {
    while (inFlight.length >= maxInFlight) await landed();
    send(building);
    building = calls[(calls.indexOf(building) + 1) % calls.length]!;
    building.reset();
  };
  try {
    await readChecked(
      sheet,
      () => checker,
      (row) => {
        sending += 1;
        if (sending > total) throw changed();
        building.add(row);
        return building.rows < callRows ? undefined : sendFull();
      },
    );
    if (building.rows > 0) {
      while (inFlight.length >= maxInFlight) await landed();
      send(building);
    }
    while (inFlight.length > 0) await landed();
  } catch (error) {
    // Stopped while calls are in flight: their answers say how far the import got.
    await settled();
    throw error;
  }
  const second = checker.summary();
  if (
    second.valid !== total ||
    second.records.some((count, depth) => count !== checked.records[depth])
  ) {
    throw changed();
  }

  tally();
  report.created?.sort(
    (a, b) => levelKeys.indexOf(a.level) - levelKeys.indexOf(b.level) || a.row - b.row,
  );
  report.renamed?.sort(
    (a, b) => levelKeys.indexOf(a.level) - levelKeys.indexOf(b.level) || a.row - b.row,
  );
  report.conflicts.sort((a, b) => a.row - b.row);
  if (report.conflicts.length > 0 && !options.skipInvalid) {
    throw new CliError(
      'invalid_data',
      text.conflicts(formatCount(report.conflicts.length), server),
      {
        report,
      },
    );
  }
  return report;
}

const levelLabels = messagesId.levels;
const MAX_LISTED = 20;
/** Renamed records the summary names (the rest are in --json): an example or two says what happened. */
const RENAMED_LISTED = 3;

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
    ...(more > 0 ? [`  ${cliText().import.more(formatCount(more))}`] : []),
  ];
}

/** Renamed records of every level: those of the levels above the account count too. */
const renamedCount = (report: ImportReport): number =>
  levelsIn(report).reduce((sum, key) => sum + report.levels[key]!.renamed, 0);

/**
 * What became of the rows the server answered for: each is one account code, created, found
 * stored already (unchanged), or stored under another name (a conflict, not applied).
 */
function outcome(report: ImportReport): string {
  const text = cliText().import;
  const { created, renamed, existing } = report.levels.account;
  const conflicting = report.sent - created - renamed - existing;
  // Renames of the levels above count too: an official rename is worth a word.
  const renames = renamedCount(report);
  return [
    `${formatCount(created)} ${report.dryRun ? text.toCreate : text.created}`,
    ...(renames > 0
      ? [`${formatCount(renames)} ${report.dryRun ? text.toRename : text.renamed}`]
      : []),
    `${formatCount(existing)} ${text.unchanged}`,
    ...(conflicting > 0 ? [`${formatCount(conflicting)} ${text.inConflict}`] : []),
  ].join(', ');
}

function headline(report: ImportReport): string {
  const text = cliText().import;
  const rows = text.rows(formatCount(report.sent));
  if (report.sent < report.valid) {
    return report.dryRun
      ? text.stoppedDryRun(report.file, rows, formatCount(report.valid), outcome(report))
      : text.stopped(report.file, rows, formatCount(report.valid), outcome(report));
  }
  if (report.dryRun) return text.dryRun(report.file, rows, outcome(report));
  // A run that only renamed changed something too.
  const changed =
    renamedCount(report) > 0 || levelsIn(report).some((key) => report.levels[key]!.created > 0);
  return changed
    ? text.imported(report.file, rows, outcome(report))
    : text.nothingChanged(report.file, rows, outcome(report));
}

export function importSummary(report: ImportReport): string {
  const text = cliText().import;
  if (report.sent === 0) {
    return [
      text.readNothing(report.file, formatCount(report.rows)),
      ...listProblems(text.invalidTitleShort, report.invalid),
    ].join('\n');
  }
  const renames = renamedCount(report) > 0;
  const lines = [
    headline(report),
    '',
    formatTable(
      [
        '',
        report.dryRun ? text.toCreate : text.created,
        ...(renames ? [report.dryRun ? text.toRename : text.renamed] : []),
        text.unchanged,
      ],
      levelsIn(report).map((key) => [
        levelLabels[key].label,
        formatCount(report.levels[key]!.created),
        ...(renames ? [formatCount(report.levels[key]!.renamed)] : []),
        formatCount(report.levels[key]!.existing),
      ]),
    ),
  ];
  if (report.duplicates > 0) {
    lines.push('', text.duplicates(formatCount(report.duplicates)));
  }
  if (report.created && report.created.length > 0) {
    lines.push('', text.wouldCreate);
    for (const record of report.created.slice(0, MAX_LISTED)) {
      lines.push(`  ${levelLabels[record.level].label}: ${record.path.join(' / ')}`);
    }
    const more = report.created.length - MAX_LISTED;
    if (more > 0) lines.push(`  ${text.more(formatCount(more))}`);
  }
  if (report.renamed && report.renamed.length > 0) {
    lines.push('', text.renamedList(formatCount(report.renamed.length), report.dryRun));
    for (const record of report.renamed.slice(0, RENAMED_LISTED)) {
      lines.push(
        `  ${describePlace(record)}, ${levelLabels[record.level].label}: ${record.path.at(-1)}`,
      );
    }
    const more = report.renamed.length - RENAMED_LISTED;
    if (more > 0) lines.push(`  ${text.more(formatCount(more))}`);
  }
  lines.push(...listProblems(text.invalidTitle, report.invalid));
  lines.push(...listProblems(text.conflictsTitle, report.conflicts));
  return lines.join('\n');
}
