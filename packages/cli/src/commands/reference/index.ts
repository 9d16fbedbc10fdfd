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
import { formatCount, formatTable } from '../../output.js';
import { describePlace, HEADER_SEARCH_ROWS, headerKey, type SheetRow } from '../import/columns.js';
import { type CsvEncoding, readSheet } from '../import/read.js';

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
}

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
  throw new CliError(
    'invalid_data',
    'no header row found: expected a code column (Kode, Kode Rekening) and a name column (Nomenklatur…, Uraian, Nama)',
  );
}

/**
 * Loads the national nomenclature from a CSV or XLSX file: each row's level is read from its
 * code; rows of the groupings between levels are counted and left out; a row with a level's
 * code and no name stops the load before anything is sent. One call per 100 000 codes.
 */
export async function importReference(options: ReferenceOptions): Promise<ReferenceReport> {
  const sheet = await readSheet(options.file, options.encoding);
  if (sheet.encoding) options.onNote?.(`Reading ${options.file} as ${sheet.encoding}`);
  const columns = findColumns(sheet.rows);
  const items: { code: string; name: string }[] = [];
  let groupings = 0;
  for (const row of sheet.rows.slice(columns.position + 1)) {
    const code = (row.cells[columns.code] ?? '').trim();
    const name = (row.cells[columns.name] ?? '').trim();
    if (code === '' && name === '') continue;
    if (referenceLevelOf(code) === null) {
      groupings += 1;
      continue;
    }
    if (name === '') {
      throw new CliError('invalid_data', `${describePlace(row)}: code ${code} has no name`);
    }
    items.push({ code, name });
  }
  if (items.length === 0) {
    throw new CliError(
      'invalid_data',
      `${options.file} names no programme, kegiatan, sub kegiatan or kode rekening code (e.g. 1.01.01, 5.1.02.01.01.0024)`,
    );
  }
  const { client } = await connect(options);
  const dryRun = options.dryRun ?? false;
  const levels = Object.fromEntries(
    referenceLevelKeys.map((key) => [key, { created: 0, renamed: 0, unchanged: 0 }]),
  ) as ReferenceReport['levels'];
  for (let start = 0; start < items.length; start += HIERARCHY_IMPORT_MAX_ROWS) {
    options.signal?.throwIfAborted();
    const { data } = await calling('loading the reference', () =>
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
  }
  return { file: options.file, dryRun, items: items.length, groupings, levels };
}

const levelLabel = (key: ReferenceLevelKey) => messagesId.levels[key].label;

export function referenceSummary(report: ReferenceReport): string {
  const table = formatTable(
    ['Level', report.dryRun ? 'Would add' : 'Added', 'Renamed', 'Unchanged'],
    referenceLevelKeys.map((key) => [
      levelLabel(key),
      formatCount(report.levels[key].created),
      formatCount(report.levels[key].renamed),
      formatCount(report.levels[key].unchanged),
    ]),
  );
  const skipped =
    report.groupings > 0
      ? `; ${formatCount(report.groupings)} grouping row(s) (urusan, bidang, rekening headings) left out`
      : '';
  const verb = report.dryRun ? 'Dry run: nothing stored. Read' : 'Loaded';
  return `${table}\n${verb} ${formatCount(report.items)} code(s) from ${report.file}${skipped}`;
}
