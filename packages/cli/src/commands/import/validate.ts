import {
  HierarchyImportRow,
  hierarchyLevelKeys,
  type ImportLevelKey,
  importNameKey,
} from '@ranwal/core';
import type { z } from 'zod';
import { cliText } from '../../lang.js';
import {
  type ColumnMap,
  codeFieldOf,
  describePlace,
  fieldLabels,
  type ImportField,
  importFields,
  labelOf,
  levelsOf,
  type NamedLevel,
  type Place,
  placeOf,
  type SheetRow,
} from './columns.js';

export type ImportRow = z.output<typeof HierarchyImportRow>;

/** A row ready to send, with its place in the file. */
export interface PlacedRow {
  place: Place;
  row: ImportRow;
  /**
   * The number of each level's record the row names, top to bottom over the file's levels
   * (`levelsOf`: the Perangkat Daerah's first when the file has agencies).
   */
  records: number[];
}

/**
 * The row `RowChecker.check` passed last, as the checker holds it until the next row: where it
 * is, the records it names, their names and codes.
 */
export interface CheckedRow {
  /** The row as a spreadsheet numbers it. */
  readonly row: number;
  /** The text line it starts on, 0 when that is its row number (or not a CSV file). */
  readonly line: number;
  /** The number of each level's record, top to bottom over the file's levels (see `PlacedRow`). */
  readonly records: Int32Array;
  /** The PPN flag, when the row says one. */
  readonly taxed: boolean | undefined;
  /** The name of the row's record at a level (the account's name at the last). */
  nameAt(depth: number): string;
  /** The code of the row's record at a level, null when it has none. */
  codeAt(depth: number): string | null;
}

/** Something wrong with one row of the file, by place (and column when it is one cell). */
export interface RowProblem extends Place {
  column?: string;
  message: string;
}

/** What checking every row of a file found, but the rows themselves. */
export interface CheckSummary {
  /** The levels the rows name, top to bottom: what `PlacedRow.records` are numbered over. */
  levels: readonly ImportLevelKey[];
  /** Rows to send: those that passed the checks, less exact repeats. */
  valid: number;
  problems: RowProblem[];
  /** Rows repeating an earlier row's account exactly: sent once. */
  duplicates: number;
  /**
   * Without fill-down, the rows with an empty level cell that fill-down would fill (below a
   * filled one, on the same path), and their columns as the file names them: a sheet laid out
   * for print leaves repeated names blank.
   */
  blankBelowFilled: { rows: number; columns: string[] };
  /** Per level, how many records the rows name: `PlacedRow.records` are below these. */
  records: number[];
}

export interface CheckedRows extends Omit<CheckSummary, 'valid' | 'records'> {
  rows: PlacedRow[];
}

export interface CheckOptions {
  /** An empty level cell takes the text of the cell above while the levels before it are the same. */
  fillDown?: boolean;
  /**
   * Ranwal's own report workbook: a row with no account code and nothing below the programme
   * is a subtotal ('Subtotal …', 'Total Keseluruhan'), not an account.
   */
  totalsRows?: boolean;
}

const TRUE_WORDS = new Set(['ya', 'y', 'yes', 'true', '1', 'x', 'v', 'aktif', 'pajak', 'ppn']);
const FALSE_WORDS = new Set(['tidak', 'no', 'n', 'false', '0', '-', 'tidakaktif', 'bebaspajak']);

/** A PPN cell as a flag: empty is "not said". */
function parseFlag(text: string): boolean | undefined | null {
  if (text === '') return undefined;
  const word = text.toLowerCase().replace(/[^a-z0-9-]/g, '');
  if (word === '') return undefined;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** The shared schema's complaint about a cell, said the way a spreadsheet user reads it. */
function describeIssue(issue: z.core.$ZodIssue, field: ImportField): string {
  switch (issue.code) {
    case 'invalid_type':
    case 'too_small':
      return cliText().import.empty;
    case 'too_big':
      return cliText().import.tooLong(String(issue.maximum));
    case 'invalid_format':
      return field === 'account_code' ? cliText().import.notAccountCode : issue.message;
    default:
      return issue.message;
  }
}

/**
 * A copy of a cell's text that does not keep alive the whole chunk of the file it was cut from:
 * V8 cuts a longer substring as a view into its parent string, so one cell kept from each chunk
 * would keep the whole file. Only what is kept beyond its row is copied.
 */
export const detached = (text: string): string => (text.length < 13 ? text : ` ${text}`.slice(1));

/**
 * A cell checked with its field's schema from the shared row schema, with a 64-bit hash (two
 * 32-bit halves) of what its record is matched by: a name's key, a code as written.
 */
type CheckedCell = GoodCell | { issue: z.core.$ZodIssue };
type GoodCell = { value: string | null; first: number; second: number; issue?: undefined };

/**
 * A cell's value with two 32-bit hashes of its key, together a 64-bit one (cyrb53's mixing,
 * both halves kept). `seed` keeps names and codes apart.
 */
function hashed(value: string, key: string, seed: number): GoodCell {
  let first = 0xdeadbeef ^ seed;
  let second = 0x41c6ce57 ^ seed;
  for (let at = 0; at < key.length; at += 1) {
    const char = key.charCodeAt(at);
    first = Math.imul(first ^ char, 2654435761);
    second = Math.imul(second ^ char, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507);
  first ^= Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507);
  second ^= Math.imul(first ^ (first >>> 13), 3266489909);
  return { value, first: first | 0, second: second | 0 };
}

const NAME_SEED = 1;
const CODE_SEED = 2;

/** Distinct texts a field remembers, then forgets to start again: a file's rows come grouped. */
const REMEMBERED_TEXTS = 4096;

/**
 * Checks one field's cells with the field's own schema in `HierarchyImportRow` (the schema the
 * server applies), once per distinct text while it remembers it: a file repeats each name above
 * the account code on every row.
 */
function cellChecker(field: ImportField, remember: boolean): (text: string) => CheckedCell {
  const schema = HierarchyImportRow.shape[field];
  const isCode = field.endsWith('_code');
  const known = new Map<string, CheckedCell>();
  const check = (text: string): CheckedCell => {
    const parsed = schema.safeParse(text);
    if (!parsed.success) return { issue: parsed.error.issues[0]! };
    // A blank optional code reads as null: no value, and no key.
    if (typeof parsed.data !== 'string') return { value: null, first: 0, second: 0 };
    // Codes match as written (trimmed); names by their key.
    return isCode
      ? hashed(parsed.data, parsed.data, CODE_SEED)
      : hashed(parsed.data, importNameKey(parsed.data), NAME_SEED);
  };
  if (!remember) return check;
  return (text) => {
    let checked = known.get(text);
    if (checked === undefined) {
      const kept = detached(text);
      checked = check(kept);
      if (known.size === REMEMBERED_TEXTS) known.clear();
      known.set(kept, checked);
    }
    return checked;
  };
}

export type Numbers = Int32Array<ArrayBuffer>;

/** An Int32Array of at least `length` items, with those of `array` (grown by doubling). */
export function grown(array: Numbers, length: number): Numbers {
  if (length <= array.length) return array;
  const larger = new Int32Array(Math.max(length, array.length * 2));
  larger.set(array);
  return larger;
}

/**
 * The records of one level, numbered from 0 in the order rows name them: two rows name the same
 * record when they name the same parent (its number) and the same key, as the server matches
 * them. A key is held as its 64-bit hash, not its text (an open-addressing table in typed
 * arrays): 100 000 account codes take 2.5 MB, not 10. Two keys of one parent that share a hash
 * are too unlikely to plan for (with 100 000 under one parent, about 1 in 10^9).
 */
class LevelRecords {
  count = 0;
  #parent: Numbers = new Int32Array(64);
  #first: Numbers = new Int32Array(64);
  #second: Numbers = new Int32Array(64);
  /** Per slot, the record's number + 1; 0 is a free slot. Never more than half full. */
  #slots: Numbers = new Int32Array(128);

  #slotOf(parent: number, first: number): number {
    const mixed = Math.imul(first ^ Math.imul(parent, 0x27d4eb2d), 0x9e3779b1);
    return (mixed >>> 0) & (this.#slots.length - 1);
  }

  /** The number of the record under `parent` with the key whose hash is `first`, `second`. */
  number(parent: number, first: number, second: number): number {
    const mask = this.#slots.length - 1;
    let slot = this.#slotOf(parent, first);
    for (let taken = this.#slots[slot]!; taken !== 0; taken = this.#slots[slot]!) {
      const number = taken - 1;
      if (
        this.#first[number] === first &&
        this.#second[number] === second &&
        this.#parent[number] === parent
      ) {
        return number;
      }
      slot = (slot + 1) & mask;
    }
    const number = this.count;
    this.count += 1;
    this.#parent = grown(this.#parent, this.count);
    this.#first = grown(this.#first, this.count);
    this.#second = grown(this.#second, this.count);
    this.#parent[number] = parent;
    this.#first[number] = first;
    this.#second[number] = second;
    if (this.count * 2 > this.#slots.length) this.#rehash();
    else this.#slots[slot] = number + 1;
    return number;
  }

  #rehash(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    const mask = this.#slots.length - 1;
    for (let number = 0; number < this.count; number += 1) {
      let slot = this.#slotOf(this.#parent[number]!, this.#first[number]!);
      while (this.#slots[slot] !== 0) slot = (slot + 1) & mask;
      this.#slots[slot] = number + 1;
    }
  }
}

/** Each field's position in `importFields`: a row's cells are held by it, not by name. */
const fieldAt = Object.fromEntries(importFields.map((field, at) => [field, at])) as Record<
  ImportField,
  number
>;
/** The fields of a row, in the order its problems are listed. */
const rowFields = importFields.filter((field) => field !== 'program_is_taxed');

/** The levels a report workbook's subtotal row leaves blank: all below the programme. */
const belowProgramme = hierarchyLevelKeys.slice(1, -1).map((level) => fieldAt[level as NamedLevel]);

const isBlank = (text: string) => text === '' || text.trim() === '';

/** The Perangkat Daerah cell of a row of a programme of no agency: no name, no key. */
const NO_AGENCY: GoodCell = { value: null, first: 0, second: 0 };

/**
 * Whether a name starts with the code of its own record (`1.03.13.2.01 Penyediaan …` with the
 * code 1.03.13.2.01), as sheets copied from a printed DPA have it: the code would be stored
 * twice, and the record would not match the same record named without it.
 */
export function nameStartsWithCode(name: string, code: string): boolean {
  if (!name.startsWith(code)) return false;
  const next = name.charAt(code.length);
  return next === '' || /[\s\-–—:;,.)]/.test(next);
}

/**
 * Checks the rows of a file one by one, in the file's order, with the shared schema, and across
 * rows: an account code the file names twice under one subtitle with different names, a
 * programme marked both taxed and untaxed. Exact repeats of an account are dropped (counted as
 * duplicates). It keeps what checking the rows to come needs, not the rows: the records'
 * numbers by hash (`LevelRecords`), and per account its first row and name. The row it passed
 * last is what it holds as a `CheckedRow`.
 */
export class RowChecker implements CheckedRow {
  readonly levels: readonly ImportLevelKey[];
  row = 0;
  line = 0;
  taxed: boolean | undefined;
  /** The records of the last row numbered (a row on the same path needs no lookup). */
  readonly records: Numbers;

  readonly #columns: ColumnMap;
  readonly #fillDownOn: boolean;
  readonly #totalsRows: boolean;
  /** Per field: its column in the file, -1 when the file has none. */
  readonly #column: number[];
  /** The fields the file has a column for, and those of them checked with the schema, in order. */
  readonly #used: number[];
  readonly #checked: number[];
  readonly #checkers: ((text: string) => CheckedCell)[] = [];
  /** Per level, top to bottom: the field of its name (the account's name) and of its code. */
  readonly #nameField: number[];
  readonly #codeField: number[];
  /** Per field, the named level (depth) whose name it is, -1 for the others. */
  readonly #depthOfName: number[];
  readonly #records: LevelRecords[];
  /** Per account (by number): the row (and line) that named it first, 0 until one did, and its name. */
  #accountRow: Numbers = new Int32Array(1024);
  #accountLine: Numbers = new Int32Array(1024);
  #accountName: string[] = [];
  /** The accounts the first reading numbered. */
  #accounts = 0;
  /** The rows passed, a bit per row number: what the second reading passes again. */
  #passed = new Uint8Array(1024);
  readonly #programFlags = new Map<number, { place: Place; taxed: boolean }>();
  readonly #problems: RowProblem[] = [];
  #valid = 0;
  #duplicates = 0;
  readonly #blankBelowFilled = { rows: 0, columns: new Set<string>() };
  /** The second reading of the same rows (see `rewind`). */
  #again = false;
  /** The row's cells, then checked, by field. */
  readonly #texts: string[];
  readonly #cells: (GoodCell | undefined)[];
  /** The last text checked of each field, and what it checked as. */
  readonly #lastTexts: (string | undefined)[] = [];
  readonly #lastChecked: CheckedCell[] = [];
  /** Each named level's text in the row above (as filled down), top to bottom; and this row's. */
  #above: string[] = [];
  #filled: string[] = [];
  /** Each named level's code in the row above. */
  readonly #aboveCodes: string[] = [];
  /** Per named level, the level to its left that changed in this row, when it was left empty. */
  readonly #notFilled: Numbers;
  /** The keys' hashes of the last row numbered, per level; none before the first. */
  readonly #lastFirst: Numbers;
  readonly #lastSecond: Numbers;
  #numbered = false;
  /**
   * Whether a row above named a Perangkat Daerah. Until one does, a row with no agency (both
   * cells blank) is of a programme of no agency, as `ranwal export hierarchy` writes those on
   * top; after one, a blank agency is a cell left blank (a sheet laid out for print).
   */
  #agencyNamed = false;

  constructor(columns: ColumnMap, options: CheckOptions = {}) {
    this.#columns = columns;
    this.#fillDownOn = options.fillDown ?? false;
    this.#totalsRows = options.totalsRows ?? false;
    this.levels = levelsOf(columns);
    this.#column = importFields.map((field) => columns.index[field] ?? -1);
    this.#used = importFields.map((_, at) => at).filter((at) => this.#column[at]! >= 0);
    this.#checked = rowFields.map((field) => fieldAt[field]).filter((at) => this.#column[at]! >= 0);
    for (const at of this.#checked) {
      const field = importFields[at]!;
      // Account codes are (nearly) all different: not worth remembering.
      this.#checkers[at] = cellChecker(field, field !== 'account_code');
    }
    this.#nameField = this.levels.map((key) =>
      key === 'account' ? fieldAt.account_name : fieldAt[key],
    );
    this.#codeField = this.levels.map((key) =>
      key === 'account' ? fieldAt.account_code : fieldAt[codeFieldOf(key)],
    );
    this.#depthOfName = importFields.map((_, at) =>
      at === fieldAt.account_name ? -1 : this.#nameField.indexOf(at),
    );
    this.#records = this.levels.map(() => new LevelRecords());
    this.records = new Int32Array(this.levels.length);
    this.#lastFirst = new Int32Array(this.levels.length);
    this.#lastSecond = new Int32Array(this.levels.length);
    this.#notFilled = new Int32Array(this.levels.length);
    this.#texts = importFields.map(() => '');
    this.#cells = importFields.map(() => undefined);
  }

  nameAt(depth: number): string {
    return this.#cells[this.#nameField[depth]!]!.value!;
  }

  codeAt(depth: number): string | null {
    return this.#cells[this.#codeField[depth]!]?.value ?? null;
  }

  /** The row passed last as a plain object (for callers that keep it). */
  placed(): PlacedRow {
    const row = {} as Record<ImportField, string | boolean>;
    for (const at of this.#checked) {
      const value = this.#cells[at]!.value;
      // A blank optional code is left out of the row, as a column the file lacks.
      if (value !== null) row[importFields[at]!] = value;
    }
    if (this.taxed !== undefined) row.program_is_taxed = this.taxed;
    return {
      place: placeOf({ row: this.row, line: this.line || this.row }),
      row: row as ImportRow,
      records: Array.from(this.records),
    };
  }

  /**
   * Starts reading the same rows again: `check` then passes the rows it passed the first time,
   * known by their row number, with the same numbers above the account, from what it keeps, and
   * finds no problem twice. Accounts are numbered in the order passed (each is passed once),
   * so what the first reading kept per account is let go.
   */
  rewind(): void {
    this.#valid = 0;
    this.#above = [];
    this.#aboveCodes.length = 0;
    this.#numbered = false;
    this.#agencyNamed = false;
    if (this.#again) return;
    this.#again = true;
    this.#accounts = this.#records.pop()!.count;
    this.#accountRow = new Int32Array(0);
    this.#accountLine = new Int32Array(0);
    this.#accountName = [];
  }

  /**
   * Checks the next row of the file: true when it is a row to send (then held as this
   * `CheckedRow` until the next), false when it is blank, has a problem (kept for `summary`)
   * or repeats an earlier row.
   */
  check(record: SheetRow): boolean {
    const texts = this.#texts;
    const cells = record.cells;
    let blank = true;
    for (const at of this.#used) {
      const text = cells[this.#column[at]!] ?? '';
      texts[at] = text;
      if (blank && !isBlank(text)) blank = false;
    }
    if (blank) return false;
    if (
      this.#totalsRows &&
      isBlank(texts[fieldAt.account_code]!) &&
      belowProgramme.every((at) => isBlank(texts[at]!))
    ) {
      return false;
    }
    this.row = record.row;
    this.line = record.line === undefined || record.line === record.row ? 0 : record.line;
    this.#fillDown();
    if (this.#again && !this.#wasPassed(this.row)) return false;

    const flag = parseFlag(texts[fieldAt.program_is_taxed]!);
    if (flag === null) {
      this.#problem(
        'program_is_taxed',
        cliText().import.flagNeither(texts[fieldAt.program_is_taxed]!),
      );
      return false;
    }
    this.taxed = flag;
    // A programme of no agency: its rows come before any row that names one.
    let noAgency = false;
    if (this.#column[fieldAt.agency]! >= 0) {
      if (!isBlank(texts[fieldAt.agency]!)) this.#agencyNamed = true;
      else noAgency = !this.#agencyNamed && isBlank(texts[fieldAt.agency_code]!);
    }
    // One problem per cell: an empty code is not also "not a code".
    let bad = false;
    for (const at of this.#checked) {
      if (noAgency && at === fieldAt.agency) {
        this.#cells[at] = NO_AGENCY;
        continue;
      }
      const text = texts[at]!;
      let checked = this.#lastChecked[at]!;
      // Most often the row above has the same text: comparing is cheaper than checking it.
      if (text !== this.#lastTexts[at]) {
        checked = this.#checkers[at]!(text);
        this.#lastTexts[at] = text;
        this.#lastChecked[at] = checked;
      }
      if (checked.issue) {
        bad = true;
        this.#cellProblem(at, checked.issue);
        continue;
      }
      this.#cells[at] = checked;
    }
    if (bad) return false;
    // A name written with its own code in front is refused, naming the code.
    for (let depth = 0; depth < this.levels.length; depth += 1) {
      const code = this.codeAt(depth);
      const name = this.#cells[this.#nameField[depth]!]!.value;
      if (code && name && nameStartsWithCode(name, code)) {
        this.#problem(
          importFields[this.#nameField[depth]!]!,
          cliText().import.nameStartsWithCode(code),
        );
        bad = true;
      }
    }
    if (bad) return false;

    const last = this.levels.length - 1;
    if (this.#again) {
      this.#number(last);
      this.records[last] = this.#valid;
      this.#valid += 1;
      return true;
    }
    this.#number(last + 1);
    const account = this.records[last]!;
    this.#accountRow = grown(this.#accountRow, account + 1);
    this.#accountLine = grown(this.#accountLine, account + 1);
    const earlierRow = this.#accountRow[account]!;
    const name = this.#cells[fieldAt.account_name]!.value!;
    if (earlierRow !== 0) {
      const earlierName = this.#accountName[account]!;
      if (importNameKey(earlierName) === importNameKey(name)) {
        this.#duplicates += 1;
      } else {
        const earlier = { row: earlierRow, line: this.#accountLine[account] || earlierRow };
        this.#problem(
          'account_code',
          cliText().import.codeNamedElsewhere(
            this.#cells[fieldAt.account_code]!.value!,
            earlierName,
            describePlace(earlier),
          ),
        );
      }
      return false;
    }
    if (flag !== undefined) {
      const program = this.records[this.levels.indexOf('program')]!;
      const stated = this.#programFlags.get(program);
      if (stated && stated.taxed !== flag) {
        this.#problem(
          'program_is_taxed',
          cliText().import.programTaxedElsewhere(describePlace(stated.place), stated.taxed),
        );
        return false;
      }
      if (!stated) {
        const place = placeOf({ row: this.row, line: this.line || this.row });
        this.#programFlags.set(program, { place, taxed: flag });
      }
    }
    this.#accountRow[account] = this.row;
    this.#accountLine[account] = this.line;
    this.#accountName[account] = name;
    const byte = this.row >> 3;
    if (byte >= this.#passed.length) {
      const larger = new Uint8Array(Math.max(byte + 1, this.#passed.length * 2));
      larger.set(this.#passed);
      this.#passed = larger;
    }
    this.#passed[byte] = this.#passed[byte]! | (1 << (this.row & 7));
    this.#valid += 1;
    return true;
  }

  #wasPassed(row: number): boolean {
    return ((this.#passed[row >> 3] ?? 0) & (1 << (row & 7))) !== 0;
  }

  summary(): CheckSummary {
    return {
      levels: this.levels,
      valid: this.#valid,
      problems: this.#problems,
      duplicates: this.#duplicates,
      blankBelowFilled: {
        rows: this.#blankBelowFilled.rows,
        columns: [...this.#blankBelowFilled.columns],
      },
      records: this.#again
        ? [...this.#records.map((level) => level.count), this.#accounts]
        : this.#records.map((level) => level.count),
    };
  }

  #problem(field: ImportField, message: string): void {
    if (this.#again) return;
    this.#problems.push({
      ...placeOf({ row: this.row, line: this.line || this.row }),
      column: labelOf(this.#columns, field),
      // The message names cells of the row: copied, so it does not keep the file's chunk.
      message: detached(message),
    });
  }

  /** The shared schema's complaint about a cell, and why fill-down left it empty. */
  #cellProblem(at: number, issue: z.core.$ZodIssue): void {
    const field = importFields[at]!;
    const depth = this.#depthOfName[at]!;
    const reason = this.#fillDownOn && depth >= 0 ? this.#notFilled[depth]! : -1;
    this.#problem(
      field,
      describeIssue(issue, field) +
        (reason >= 0
          ? cliText().import.notFilledDown(
              labelOf(this.#columns, this.levels[reason] as NamedLevel),
            )
          : field === 'agency' && isBlank(this.#texts[at]!)
            ? cliText().import.agencyOnEveryRow(fieldLabels.agency)
            : ''),
    );
  }

  /**
   * Fills the row's empty level cells from the row above (with `fillDown`) while the levels to
   * their left are those of the row above, or counts the row for the hint (without it). Notes,
   * per level left empty, which level to its left changed here.
   */
  #fillDown(): void {
    const texts = this.#texts;
    const filled = this.#filled;
    const above = this.#above;
    const named = this.levels.length - 1;
    let changed = -1;
    let blankBelow = false;
    this.#notFilled.fill(-1);
    for (let depth = 0; depth < named; depth += 1) {
      const at = this.#nameField[depth]!;
      const text = texts[at]!;
      const previous = above[depth] ?? '';
      filled[depth] = text;
      // Most often a row repeats the text above: nothing to fill, nothing changed.
      if (text === previous) continue;
      if (!isBlank(text)) {
        if (
          changed === -1 &&
          (previous === '' || importNameKey(text) !== importNameKey(previous))
        ) {
          changed = depth;
        }
        continue;
      }
      if (isBlank(previous)) continue;
      if (changed !== -1) {
        this.#notFilled[depth] = changed;
        continue;
      }
      filled[depth] = previous;
      if (this.#fillDownOn) {
        texts[at] = previous;
        // The level's code, when blank too, is the one of the row above.
        const code = this.#codeField[depth]!;
        if (isBlank(texts[code]!)) texts[code] = this.#aboveCodes[depth] ?? '';
      } else if (!this.#again) {
        blankBelow = true;
        this.#blankBelowFilled.columns.add(
          labelOf(this.#columns, this.levels[depth] as NamedLevel),
        );
      }
    }
    if (blankBelow) this.#blankBelowFilled.rows += 1;
    this.#above = filled;
    this.#filled = above;
    for (let depth = 0; depth < named; depth += 1) {
      this.#aboveCodes[depth] = texts[this.#codeField[depth]!]!;
    }
  }

  /**
   * Numbers the records the row names at the top `levels` levels into `records`: matched as
   * the server matches them, the account by its code, a named level by its code where the row
   * has one, else its name's key, each under its parent.
   */
  #number(levels: number): void {
    const records = this.records;
    let parent = 0;
    // Spreadsheets list an account under the path of the row above it: no lookup then.
    let samePath = this.#numbered;
    for (let depth = 0; depth < levels; depth += 1) {
      const code = this.#cells[this.#codeField[depth]!];
      const { first, second } = code?.value ? code : this.#cells[this.#nameField[depth]!]!;
      if (samePath && this.#lastFirst[depth] === first && this.#lastSecond[depth] === second) {
        parent = records[depth]!;
        continue;
      }
      samePath = false;
      this.#lastFirst[depth] = first;
      this.#lastSecond[depth] = second;
      parent = records[depth] = this.#records[depth]!.number(parent, first, second);
    }
    this.#numbered = true;
  }
}

/**
 * Checks every row with the shared schema, then across rows (see `RowChecker`), and keeps the
 * rows to send: for a file already in memory.
 */
export function checkRows(
  records: SheetRow[],
  columns: ColumnMap,
  options: CheckOptions = {},
): CheckedRows {
  const checker = new RowChecker(columns, options);
  const rows: PlacedRow[] = [];
  for (const record of records) {
    if (checker.check(record)) rows.push(checker.placed());
  }
  const { levels, problems, duplicates, blankBelowFilled } = checker.summary();
  return { levels, rows, problems, duplicates, blankBelowFilled };
}
