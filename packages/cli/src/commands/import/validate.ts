import { HierarchyImportRow, hierarchyLevelKeys, importNameKey } from '@ranwal/core';
import type { z } from 'zod';
import {
  type ColumnMap,
  type ImportField,
  importFields,
  labelOf,
  type SheetRow,
} from './columns.js';

export type ImportRow = z.output<typeof HierarchyImportRow>;

/** A row ready to send, with the line of the file it came from. */
export interface LinedRow {
  line: number;
  row: ImportRow;
  /** The number of each level's record the row names, top to bottom (see `numberRecords`). */
  records: number[];
}

/** Something wrong with one row of the file, by line (and column when it is one cell). */
export interface RowProblem {
  line: number;
  column?: string;
  message: string;
}

export interface CheckedRows {
  rows: LinedRow[];
  problems: RowProblem[];
  /** Rows repeating an earlier row's account exactly: sent once. */
  duplicates: number;
}

const TRUE_WORDS = new Set(['ya', 'y', 'yes', 'true', '1', 'x', 'v', 'aktif', 'pajak', 'ppn']);
const FALSE_WORDS = new Set(['tidak', 'no', 'n', 'false', '0', '-', 'tidakaktif', 'bebaspajak']);

/** A PPN cell as a flag: empty is "not said". */
function parseFlag(text: string): boolean | undefined | null {
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

/**
 * Numbers the records of each level as the rows name them: two rows get the same number for a
 * level when they name the same record (the same parent, and the same name key, or code for an
 * account), as the server matches them. Small numbers, not path strings: 100 000 rows stay small.
 */
export function numberRecords(): (row: ImportRow) => number[] {
  const numbers = hierarchyLevelKeys.map(() => new Map<string, number>());
  return (row) => {
    let parent = -1;
    return hierarchyLevelKeys.map((key, depth) => {
      const identity = `${parent}\u0000${key === 'account' ? row.account_code : importNameKey(row[key])}`;
      const level = numbers[depth]!;
      let number = level.get(identity);
      if (number === undefined) {
        number = level.size;
        level.set(identity, number);
      }
      parent = number;
      return number;
    });
  };
}

/**
 * Checks every row with the shared schema, then across rows: an account code the file names
 * twice under one subtitle with different names, a programme marked both taxed and untaxed.
 * Exact repeats of an account are dropped (counted as duplicates).
 */
export function checkRows(records: SheetRow[], columns: ColumnMap): CheckedRows {
  const rows: LinedRow[] = [];
  const problems: RowProblem[] = [];
  const numbersOf = numberRecords();
  const accounts = new Map<number, LinedRow>();
  const programFlags = new Map<number, { line: number; taxed: boolean }>();
  let duplicates = 0;

  for (const record of records) {
    const cell = (field: ImportField) => {
      const index = columns.index[field];
      return index === undefined ? '' : (record.cells[index] ?? '');
    };
    if (importFields.every((field) => cell(field).trim() === '')) continue;

    const flag = parseFlag(cell('program_is_taxed'));
    if (flag === null) {
      problems.push({
        line: record.line,
        column: labelOf(columns, 'program_is_taxed'),
        message: `"${cell('program_is_taxed')}" is neither ya/yes nor tidak/no`,
      });
      continue;
    }
    const parsed = HierarchyImportRow.safeParse({
      program: cell('program'),
      action: cell('action'),
      sub_action: cell('sub_action'),
      activity: cell('activity'),
      subtitle: cell('subtitle'),
      account_code: cell('account_code'),
      account_name: cell('account_name'),
      ...(flag === undefined ? {} : { program_is_taxed: flag }),
    });
    if (!parsed.success) {
      // One problem per cell: an empty code is not also "not a code".
      const seen = new Set<ImportField>();
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ImportField;
        if (seen.has(field)) continue;
        seen.add(field);
        problems.push({
          line: record.line,
          column: labelOf(columns, field),
          message: describeIssue(issue, field),
        });
      }
      continue;
    }

    const row = parsed.data;
    const records = numbersOf(row);
    const account = records.at(-1)!;
    const earlier = accounts.get(account);
    if (earlier) {
      if (importNameKey(earlier.row.account_name) === importNameKey(row.account_name)) {
        duplicates += 1;
      } else {
        problems.push({
          line: record.line,
          column: labelOf(columns, 'account_code'),
          message: `code ${row.account_code} is named "${earlier.row.account_name}" on line ${earlier.line} under the same subtitle`,
        });
      }
      continue;
    }
    if (row.program_is_taxed !== undefined) {
      const stated = programFlags.get(records[0]!);
      if (stated && stated.taxed !== row.program_is_taxed) {
        problems.push({
          line: record.line,
          column: labelOf(columns, 'program_is_taxed'),
          message: `line ${stated.line} says the programme is ${stated.taxed ? '' : 'not '}taxed`,
        });
        continue;
      }
      if (!stated)
        programFlags.set(records[0]!, { line: record.line, taxed: row.program_is_taxed });
    }
    const lined = { line: record.line, row, records };
    accounts.set(account, lined);
    rows.push(lined);
  }
  return { rows, problems, duplicates };
}
