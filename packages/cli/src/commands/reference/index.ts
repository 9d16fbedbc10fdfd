import {
  HIERARCHY_IMPORT_MAX_ROWS,
  messagesId,
  type ReferenceImportResult,
  type ReferenceLevelKey,
  referenceLevelKeys,
  referenceLevelOf,
} from '@ranwal/core';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, calling } from '../../errors.js';
import { cliText } from '../../lang.js';
import { formatCount, formatTable } from '../../output.js';
import { describePlace, HEADER_SEARCH_ROWS, headerKey, type SheetRow } from '../import/columns.js';
import { type CsvEncoding, readSheet } from '../import/read.js';
import { nameStartsWithCode } from '../import/validate.js';

export interface ReferenceOptions extends ConnectionOptions {
  /** A .csv or .xlsx file of the nomenclature: a code column and a name column. */
  file: string;
  dryRun?: boolean;
  encoding?: CsvEncoding | undefined;
  signal?: AbortSignal;
  onNote?: (text: string) => void;
}

export interface ReferenceReport {
  file: string;
  dryRun: boolean;
  /** Rows whose code names a programme, kegiatan, sub kegiatan or kode rekening. */
  items: number;
  /** Rows of the groupings between them (urusan, bidang, rekening headings): not loaded. */
  groupings: number;
  levels: ReferenceImportResult['levels'];
  /** A code the load renamed (a name stored before took the file's), when it renamed any. */
  renamedExample?: { code: string; name: string };
}

/**
 * The codes of the groupings between the levels, which no record is made from: an urusan (`1`),
 * a bidang (`1.01`), a rekening heading (`5`, `5.1`, `5.1.02` … `5.1.02.01.01`).
 */
const groupingCode = /^(?:[1-8X](?:\.(?:\d{2}|XX))?|[1-9](?:\.\d)?(?:\.\d{2}){0,3})$/;

/** Whether a cell holds something shaped like a code at all: digits (or X) and dots. */
const codeLike = /^[\dX]+(?:[.\s]+[\dX]*)+$|^[\dX]+$/;

/**
 * Header names of the code and the name column, as published nomenclatures write them: the
 * Kepmendagri 050-5889 annex ('KODE', 'NOMENKLATUR URUSAN …'), rekening lists ('Kode Rekening',
 * 'Uraian'), and plain English.
 */
const codeHeaders = new Set(
  ['kode', 'kode rekening', 'kode nomenklatur', 'code', 'no kode'].map(headerKey),
);
const isNameHeader = (key: string) =>
  key.startsWith('nomenklatur') ||
  ['uraian', 'uraian rekening', 'nama', 'name', 'nama rekening'].map(headerKey).includes(key);

function findColumns(rows: SheetRow[]): { position: number; code: number; name: number } {
  for (const [position, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const keys = row.cells.map(headerKey);
    const code = keys.findIndex((key) => codeHeaders.has(key));
    const name = keys.findIndex((key, index) => index !== code && isNameHeader(key));
    if (code !== -1 && name !== -1) return { position, code, name };
  }
  throw new CliError('invalid_data', cliText().reference.noHeader);
}

/**
 * Loads the national nomenclature from a CSV or XLSX file: each row's level is read from its
 * code; rows of the groupings between levels are counted and left out; a row with a level's
 * code and no name stops the load before anything is sent. One call per 100 000 codes.
 */
export async function importReference(options: ReferenceOptions): Promise<ReferenceReport> {
  const text = cliText().reference;
  const sheet = await readSheet(options.file, options.encoding);
  if (sheet.encoding) options.onNote?.(cliText().import.readingAs(options.file, sheet.encoding));
  const columns = findColumns(sheet.rows);
  const header = sheet.rows[columns.position]!.cells.map(headerKey);
  const items: { code: string; name: string }[] = [];
  /** Rows that cannot be loaded as written: each said with its row, all before anything is sent. */
  const problems: string[] = [];
  let groupings = 0;
  for (const row of sheet.rows.slice(columns.position + 1)) {
    const code = (row.cells[columns.code] ?? '').trim();
    const name = (row.cells[columns.name] ?? '').trim();
    if (code === '' && name === '') continue;
    // The header again (a sheet printed page by page repeats it).
    if (headerKey(code) === header[columns.code] && headerKey(name) === header[columns.name]) {
      continue;
    }
    if (referenceLevelOf(code) === null) {
      // A code that looks like the nomenclature's but is none of its shapes (`1.03.13. .201`)
      // is a typing slip, not a heading: said, not counted among the groupings.
      if (code !== '' && !groupingCode.test(code) && codeLike.test(code)) {
        problems.push(text.malformedCode(describePlace(row), code));
      } else {
        groupings += 1;
      }
      continue;
    }
    if (name === '') {
      problems.push(text.noName(describePlace(row), code));
      continue;
    }
    if (nameStartsWithCode(name, code)) {
      problems.push(text.nameStartsWithCode(describePlace(row), code));
      continue;
    }
    items.push({ code, name });
  }
  if (problems.length > 0) {
    throw new CliError(
      'invalid_data',
      [text.badRows(formatCount(problems.length), options.file), ...problems.slice(0, 20)]
        .join('\n  ')
        .concat(
          problems.length > 20
            ? `\n  ${cliText().import.more(formatCount(problems.length - 20))}`
            : '',
        ),
    );
  }
  if (items.length === 0) {
    throw new CliError('invalid_data', text.noCodes(options.file));
  }
  const { client } = await connect(options);
  const dryRun = options.dryRun ?? false;
  const levels = Object.fromEntries(
    referenceLevelKeys.map((key) => [key, { created: 0, renamed: 0, unchanged: 0 }]),
  ) as ReferenceReport['levels'];
  let renamedExample: ReferenceReport['renamedExample'];
  for (let start = 0; start < items.length; start += HIERARCHY_IMPORT_MAX_ROWS) {
    options.signal?.throwIfAborted();
    const { data } = await calling(cliText().doing.loadReference, () =>
      client.reference.import(
        { items: items.slice(start, start + HIERARCHY_IMPORT_MAX_ROWS), dry_run: dryRun },
        options.signal ? { signal: options.signal } : {},
      ),
    );
    for (const key of referenceLevelKeys) {
      for (const count of ['created', 'renamed', 'unchanged'] as const) {
        levels[key][count] += data.levels[key][count];
      }
    }
    if (data.renamed_example) {
      renamedExample ??= { code: data.renamed_example.code, name: data.renamed_example.to };
    }
  }
  return {
    file: options.file,
    dryRun,
    items: items.length,
    groupings,
    levels,
    ...(renamedExample ? { renamedExample } : {}),
  };
}

const levelLabel = (key: ReferenceLevelKey) => messagesId.levels[key].label;

export function referenceSummary(report: ReferenceReport): string {
  const text = cliText().reference;
  const table = formatTable(
    [text.level, report.dryRun ? text.toAdd : text.added, text.renamed, text.unchanged],
    referenceLevelKeys.map((key) => [
      levelLabel(key),
      formatCount(report.levels[key].created),
      formatCount(report.levels[key].renamed),
      formatCount(report.levels[key].unchanged),
    ]),
  );
  const skipped = report.groupings > 0 ? text.groupings(formatCount(report.groupings)) : '';
  const count = formatCount(report.items);
  const done = report.dryRun ? text.dryRun(count, report.file) : text.loaded(count, report.file);
  const renamed = report.renamedExample
    ? `\n${text.renamedExample(report.renamedExample.code, report.renamedExample.name)}`
    : '';
  return `${table}\n${done}${skipped}${renamed}`;
}
