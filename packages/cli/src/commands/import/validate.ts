import {
  HierarchyImportRow,
  hierarchyLevelKeys,
  type ImportLevelKey,
  importNameKey,
} from '@ranwal/core';
import type { z } from 'zod';
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
   * (`levelsOf`: the Perangkat Daerah's first when the file has agencies; see `numberRecords`).
   */
  records: number[];
}

/** Something wrong with one row of the file, by place (and column when it is one cell). */
export interface RowProblem extends Place {
  column?: string;
  message: string;
}

export interface CheckedRows {
  /** The levels the rows name, top to bottom: what `PlacedRow.records` are numbered over. */
  levels: readonly ImportLevelKey[];
  rows: PlacedRow[];
  problems: RowProblem[];
  /** Rows repeating an earlier row's account exactly: sent once. */
  duplicates: number;
  /**
   * Without fill-down, the rows with an empty level cell that fill-down would fill (below a
   * filled one, on the same path), and their columns as the file names them: a sheet laid out
   * for print leaves repeated names blank.
   */
  blankBelowFilled: { rows: number; columns: string[] };
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
      return 'is empty';
    case 'too_big':
      return `is longer than ${String(issue.maximum)} characters`;
    case 'invalid_format':
      return field === 'account_code'
        ? 'is not an account code (digits or letters separated by dots, e.g. 5.1.02.01.01.0024)'
        : issue.message;
    default:
      return issue.message;
  }
}

/** A cell checked with its field's schema from the shared row schema. */
type CheckedCell = { value: string; key: string; issue?: undefined } | { issue: z.core.$ZodIssue };

/**
 * Checks one field's cells with the field's own schema in `HierarchyImportRow` (the schema the
 * server applies), once per distinct text: a file repeats each name above the account code on
 * every row. `key` is what a record is matched by (see `importNameKey`).
 */
function cellChecker(field: ImportField, remember: boolean): (text: string) => CheckedCell {
  const schema = HierarchyImportRow.shape[field];
  const known = new Map<string, CheckedCell>();
  // Most often the row above has the same text: comparing is cheaper than looking it up.
  let lastText: string | undefined;
  let last: CheckedCell | undefined;
  return (text) => {
    if (text === lastText) return last!;
    let checked = known.get(text);
    if (checked === undefined) {
      const parsed = schema.safeParse(text);
      // A blank optional code reads as null: no value, and no key.
      checked = parsed.success
        ? {
            value: parsed.data as string,
            key: typeof parsed.data === 'string' ? importNameKey(parsed.data) : '',
          }
        : { issue: parsed.error.issues[0]! };
      if (remember) known.set(text, checked);
    }
    lastText = text;
    last = checked;
    return checked;
  };
}

/**
 * Numbers the records of each level as the rows name them: two rows get the same number for a
 * level when they name the same record (the same parent, and the same name key, or code for an
 * account), as the server matches them. Small numbers, not path strings: 100 000 rows stay small.
 * `keys` are a row's match keys, top to bottom, one per level of `levels`.
 */
export function numberRecords(levels: number): (keys: string[]) => number[] {
  // Per level, per parent number: the numbers of its children by key.
  const children = Array.from({ length: levels }, () => [] as Map<string, number>[]);
  const counts = new Array<number>(levels).fill(0);
  let previousKeys: string[] = [];
  let previous: number[] = [];
  return (keys) => {
    const records = new Array<number>(keys.length);
    let parent = 0;
    let samePath = true;
    for (let depth = 0; depth < keys.length; depth += 1) {
      const key = keys[depth]!;
      // Spreadsheets list an account under the path of the row above it: no lookup then.
      if (samePath && previousKeys[depth] === key) {
        parent = records[depth] = previous[depth]!;
        continue;
      }
      samePath = false;
      const level = children[depth]!;
      let numbers = level[parent];
      if (numbers === undefined) {
        numbers = new Map();
        level[parent] = numbers;
      }
      let number = numbers.get(key);
      if (number === undefined) {
        number = counts[depth]!;
        counts[depth] = number + 1;
        numbers.set(key, number);
      }
      parent = records[depth] = number;
    }
    previousKeys = keys;
    previous = records;
    return records;
  };
}

/** The fields of a row, in the order its problems are listed. */
const rowFields = HierarchyImportRow.keyof().options.filter(
  (field): field is Exclude<ImportField, 'program_is_taxed'> => field !== 'program_is_taxed',
);
type RowField = (typeof rowFields)[number];

/**
 * What identifies each level's record under its parent, top to bottom, as the server matches
 * it: the account's code; a named level's code where the row has one, else its name key.
 */
function identityKeys(
  row: ImportRow,
  keyOf: Record<RowField, string>,
  levels: readonly ImportLevelKey[],
): string[] {
  return levels.map((key) => {
    if (key === 'account') return keyOf.account_code;
    const code = row[codeFieldOf(key)];
    return code ? `c\u0000${code}` : `n\u0000${keyOf[key]}`;
  });
}

/** The levels a report workbook's subtotal row leaves blank: all below the programme. */
const belowProgramme = hierarchyLevelKeys.slice(1, -1) as NamedLevel[];

/**
 * Checks every row with the shared schema, then across rows: an account code the file names
 * twice under one subtitle with different names, a programme marked both taxed and untaxed.
 * Exact repeats of an account are dropped (counted as duplicates).
 */
export function checkRows(
  records: SheetRow[],
  columns: ColumnMap,
  options: CheckOptions = {},
): CheckedRows {
  const rows: PlacedRow[] = [];
  const problems: RowProblem[] = [];
  const levels = levelsOf(columns);
  // The named levels are the columns a sheet laid out for print leaves blank when repeated.
  const namedLevels = levels.slice(0, -1) as NamedLevel[];
  const programDepth = levels.indexOf('program');
  const numbersOf = numberRecords(levels.length);
  const accounts = new Map<number, PlacedRow>();
  const programFlags = new Map<number, { place: Place; taxed: boolean }>();
  let duplicates = 0;
  const blankBelowFilled = { rows: 0, columns: new Set<string>() };
  // Each named level's text in the row above (as filled down), top to bottom.
  let above: string[] = [];
  // And each named level's code in the row above.
  let aboveCodes: string[] = [];
  const used = importFields.filter((field) => columns.index[field] !== undefined);
  // The cells the file has (every required field has a column): a code or agency column it
  // lacks leaves the field out of every row.
  const fields = rowFields.filter((field) => columns.index[field] !== undefined);
  // Account codes are (nearly) all different: not worth remembering.
  const checkers = Object.fromEntries(
    fields.map((field) => [field, cellChecker(field, field !== 'account_code')]),
  ) as Record<RowField, (text: string) => CheckedCell>;

  for (const record of records) {
    const texts = {} as Record<ImportField, string>;
    for (const field of importFields) {
      const index = columns.index[field];
      texts[field] = index === undefined ? '' : (record.cells[index] ?? '');
    }
    if (used.every((field) => texts[field].trim() === '')) continue;
    if (
      options.totalsRows &&
      texts.account_code.trim() === '' &&
      belowProgramme.every((level) => texts[level].trim() === '')
    ) {
      continue;
    }
    const place = placeOf(record);

    // Why an empty level cell was not filled from above: the level before it changed here.
    let notFilled: Partial<Record<NamedLevel, NamedLevel>> | null = null;
    // The row's level texts as filled down (with the flag or not: for the hint).
    const filled = new Array<string>(namedLevels.length);
    let changed: NamedLevel | null = null;
    let blankBelow = false;
    for (let depth = 0; depth < namedLevels.length; depth += 1) {
      const level = namedLevels[depth]!;
      const text = texts[level];
      const previous = above[depth] ?? '';
      filled[depth] = text;
      // Most often a row repeats the text above: nothing to fill, nothing changed.
      if (text === previous) continue;
      if (text.trim() !== '') {
        if (
          changed === null &&
          (previous === '' || importNameKey(text) !== importNameKey(previous))
        ) {
          changed = level;
        }
        continue;
      }
      if (previous.trim() === '') continue;
      if (changed !== null) {
        notFilled ??= {};
        notFilled[level] = changed;
        continue;
      }
      filled[depth] = previous;
      if (options.fillDown) {
        texts[level] = previous;
        // The level's code, when blank too, is the one of the row above.
        const codeField = codeFieldOf(level);
        if (texts[codeField].trim() === '') texts[codeField] = aboveCodes[depth] ?? '';
      } else {
        blankBelow = true;
        blankBelowFilled.columns.add(labelOf(columns, level));
      }
    }
    if (blankBelow) blankBelowFilled.rows += 1;
    above = filled;
    aboveCodes = namedLevels.map((level) => texts[codeFieldOf(level)]);

    const flag = parseFlag(texts.program_is_taxed);
    if (flag === null) {
      problems.push({
        ...place,
        column: labelOf(columns, 'program_is_taxed'),
        message: `"${texts.program_is_taxed}" is neither ya/yes nor tidak/no`,
      });
      continue;
    }
    // One problem per cell: an empty code is not also "not a code".
    let bad = false;
    const values = {} as ImportRow;
    const keyOf = {} as Record<RowField, string>;
    for (const field of fields) {
      const checked = checkers[field](texts[field]);
      if (checked.issue) {
        bad = true;
        const reason = options.fillDown ? notFilled?.[field as NamedLevel] : undefined;
        problems.push({
          ...place,
          column: labelOf(columns, field),
          message:
            describeIssue(checked.issue, field) +
            (reason
              ? ` (not filled down: this row's ${labelOf(columns, reason)} differs from the row above)`
              : field === 'agency' && texts.agency.trim() === ''
                ? ` (a file with a ${fieldLabels.agency} column names one on every row)`
                : ''),
        });
        continue;
      }
      // A blank optional code is left out of the row, as a column the file lacks.
      if (checked.value !== null) values[field] = checked.value;
      // Codes match as written (trimmed); names by their key.
      keyOf[field] = field === 'account_code' ? checked.value : checked.key;
    }
    if (bad) continue;

    const row: ImportRow = values;
    if (flag !== undefined) row.program_is_taxed = flag;
    const numbers = numbersOf(identityKeys(row, keyOf, levels));
    const account = numbers.at(-1)!;
    const earlier = accounts.get(account);
    if (earlier) {
      if (importNameKey(earlier.row.account_name) === importNameKey(row.account_name)) {
        duplicates += 1;
      } else {
        problems.push({
          ...place,
          column: labelOf(columns, 'account_code'),
          message: `code ${row.account_code} is named "${earlier.row.account_name}" on ${describePlace(earlier.place)} under the same subtitle`,
        });
      }
      continue;
    }
    if (row.program_is_taxed !== undefined) {
      const stated = programFlags.get(numbers[programDepth]!);
      if (stated && stated.taxed !== row.program_is_taxed) {
        problems.push({
          ...place,
          column: labelOf(columns, 'program_is_taxed'),
          message: `${describePlace(stated.place)} says the programme is ${stated.taxed ? '' : 'not '}taxed`,
        });
        continue;
      }
      if (!stated) programFlags.set(numbers[programDepth]!, { place, taxed: row.program_is_taxed });
    }
    const placed = { place, row, records: numbers };
    accounts.set(account, placed);
    rows.push(placed);
  }
  return {
    levels,
    rows,
    problems,
    duplicates,
    blankBelowFilled: {
      rows: blankBelowFilled.rows,
      columns: [...blankBelowFilled.columns],
    },
  };
}
