import {
  HEADER_SEARCH_ROWS,
  HierarchyImportRow,
  headerKey,
  hierarchyLevelKeys,
  type ImportLevelKey,
  importLevelKeys,
  type Messages,
  messagesEn,
  messagesId,
} from '@ranwal/core';
import type { z } from 'zod';
import { CliError } from '../../errors.js';
import { cliText } from '../../lang.js';

/** The fields of an import row, from the shared schema: the named levels, the account, the flag. */
export type ImportField = keyof z.output<typeof HierarchyImportRow>;
export const importFields = HierarchyImportRow.keyof().options;
/** Every field but the programme's PPN flag, the codes and the Perangkat Daerah must have a column. */
export const requiredFields = importFields.filter(
  (field) => !HierarchyImportRow.shape[field].safeParse(undefined).success,
);

export { HEADER_SEARCH_ROWS, headerKey };

const catalogues: Messages[] = [messagesId, messagesEn];
export type NamedLevel = Exclude<ImportLevelKey, 'account'>;
/**
 * The levels above the account, named (and optionally coded), top to bottom: the Perangkat
 * Daerah, which a file may leave out, then the programme … subtitle.
 */
export const namedLevelKeys = importLevelKeys.filter((key): key is NamedLevel => key !== 'account');
/** A named level's code field: `agency_code`, `program_code` … `subtitle_code`. */
export const codeFieldOf = (key: NamedLevel) => `${key}_code` as const;

/**
 * Header names each field is recognised by, Indonesian and English: the level table's labels in
 * both catalogues (so a report exported by Ranwal reads back), the API names, and the spellings
 * budget spreadsheets use.
 */
const aliases: Record<ImportField, string[]> = {
  ...(Object.fromEntries(
    namedLevelKeys.map((key) => [
      key,
      [key, ...catalogues.flatMap((c) => [c.levels[key].label, c.levels[key].nameLabel])],
    ]),
  ) as Record<NamedLevel, string[]>),
  ...(Object.fromEntries(
    namedLevelKeys.map((key) => [
      codeFieldOf(key),
      [codeFieldOf(key), ...catalogues.map((c) => c.levels[key].codeLabel)],
    ]),
  ) as Record<`${NamedLevel}_code`, string[]>),
  account_code: [
    'account_code',
    'kode',
    'code',
    'kode akun',
    ...catalogues.map((c) => c.levels.account.codeLabel),
  ],
  account_name: [
    'account_name',
    'uraian',
    'uraian rekening',
    'nama akun',
    ...catalogues.map((c) => c.levels.account.nameLabel),
  ],
  program_is_taxed: [
    'program_is_taxed',
    'is_taxed',
    'taxed',
    'tax',
    'pajak',
    'ppn',
    'menggunakan pajak',
    'program pajak',
    'pajak program',
  ],
};
// The spec spells the level both Aktivitas and Aktifitas.
aliases.activity.push('aktifitas', 'nama aktifitas');
// DPA and RKA sheets name the Perangkat Daerah SKPD, OPD or (Unit) Kerja; a Sub Unit is not one.
aliases.agency.push(
  'skpd',
  'nama skpd',
  'opd',
  'nama opd',
  'unit',
  'nama unit',
  'unit kerja',
  'nama unit kerja',
);
aliases.agency_code.push('kode skpd', 'kode opd', 'kode unit', 'kode unit kerja', 'unit_code');

const fieldByHeader = new Map<string, ImportField>(
  importFields.flatMap((field) =>
    aliases[field].map((alias) => [headerKey(alias), field] as const),
  ),
);

/**
 * Where a row is: its number as a spreadsheet numbers rows (a header on top is row 1), and for a
 * CSV file the text line it starts on when that is another number (a cell above holds a line
 * break), so both a spreadsheet and a text editor find it.
 */
export interface Place {
  row: number;
  line?: number;
}

/** A row of a spreadsheet or CSV file as text cells, with its place. */
export interface SheetRow extends Place {
  cells: string[];
}

/** The place alone, its line left out when it is the row's number. */
export const placeOf = ({ row, line }: Place): Place =>
  line === undefined || line === row ? { row } : { row, line };

/** `row 12`, or `row 12 (line 14)`. */
export const describePlace = (place: Place): string => {
  const { row, line } = placeOf(place);
  return cliText().place(row, line);
};

/** Each field's name in messages when the file has no header for it: the Indonesian label. */
export const fieldLabels: Record<ImportField, string> = {
  ...(Object.fromEntries(
    namedLevelKeys.map((key) => [key, messagesId.levels[key].label]),
  ) as Record<NamedLevel, string>),
  ...(Object.fromEntries(
    namedLevelKeys.map((key) => [codeFieldOf(key), messagesId.levels[key].codeLabel]),
  ) as Record<`${NamedLevel}_code`, string>),
  account_code: messagesId.levels.account.codeLabel,
  account_name: messagesId.levels.account.nameLabel,
  program_is_taxed: 'PPN',
};

/** Where each field is in the file, and its header as the file writes it (for messages). */
export interface ColumnMap {
  index: Partial<Record<ImportField, number>>;
  label: Partial<Record<ImportField, string>>;
}

export const labelOf = (columns: ColumnMap, field: ImportField): string =>
  columns.label[field] ?? fieldLabels[field];

/**
 * The levels a file's rows name, top to bottom: the Perangkat Daerah first when the file has
 * its column (every row must then name one), else the programme's are those of no agency.
 */
export const levelsOf = (columns: ColumnMap): readonly ImportLevelKey[] =>
  columns.index.agency === undefined ? hierarchyLevelKeys : importLevelKeys;

/**
 * Whether a header row is the one of Ranwal's own report workbook ('Download Laporan',
 * `ranwal export reports`): it has the lines' amount columns. There `PPN` is an amount, not the
 * programme's flag, and the subtotal rows are not accounts.
 */
const isReportHeader = (cells: string[]) => {
  const keys = new Set(cells.map(headerKey));
  return catalogues.some(
    (c) =>
      keys.has(headerKey(c.reports.fields.componentName)) &&
      keys.has(headerKey(c.reports.fields.totalAfterTax)),
  );
};

const lineUnitHeaders = new Set(catalogues.map((c) => headerKey(c.reports.fields.unit)));
/**
 * In a report workbook, the columns that are a line's own: its PPN is an amount, and its Unit
 * (English for Satuan) the line's unit of measure, not a Perangkat Daerah.
 */
const isLineColumn = (field: ImportField, cell: string) =>
  field === 'program_is_taxed' || (field === 'agency' && lineUnitHeaders.has(headerKey(cell)));

function mapHeader(cells: string[], report: boolean): ColumnMap {
  const columns: ColumnMap = { index: {}, label: {} };
  cells.forEach((cell, position) => {
    const field = fieldByHeader.get(headerKey(cell));
    if (!field || (report && isLineColumn(field, cell))) return;
    const earlier = columns.label[field];
    if (earlier !== undefined) {
      throw new CliError(
        'invalid_data',
        cliText().failures.sameColumn(earlier, cell.trim(), fieldLabels[field]),
      );
    }
    columns.index[field] = position;
    columns.label[field] = cell.trim();
  });
  return columns;
}

/** The header row, where each field's column is, and the named columns the import does not use. */
export interface Header {
  position: number;
  columns: ColumnMap;
  ignored: string[];
  /** The header of Ranwal's own report workbook: its subtotal rows are skipped. */
  report: boolean;
}

/**
 * Finds the header row: the first of the top rows that names every required field. Anything
 * above it (a title) is ignored, and so are columns it does not know (a row number, notes),
 * which it lists.
 */
export function findHeader(rows: SheetRow[]): Header {
  let best: { position: number; columns: ColumnMap; found: number } | null = null;
  for (const [position, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const report = isReportHeader(row.cells);
    const columns = mapHeader(row.cells, report);
    const found = requiredFields.filter((field) => columns.index[field] !== undefined).length;
    if (found === requiredFields.length) {
      if (columns.index.agency_code !== undefined && columns.index.agency === undefined) {
        throw new CliError(
          'invalid_data',
          cliText().failures.agencyCodeAlone(columns.label.agency_code!, fieldLabels.agency),
        );
      }
      const used = new Set(Object.values(columns.index));
      const ignored = row.cells
        .map((cell, index) => (used.has(index) ? '' : cell.trim()))
        .filter((cell) => cell !== '');
      return { position, columns, ignored, report };
    }
    if (found > (best?.found ?? 0)) best = { position, columns, found };
  }
  const expected = requiredFields.map((field) => fieldLabels[field]).join(', ');
  if (!best) {
    throw new CliError('invalid_data', cliText().failures.noHeaderRow(expected));
  }
  const missing = requiredFields.filter((field) => best.columns.index[field] === undefined);
  throw new CliError(
    'invalid_data',
    cliText().failures.headerLacks(
      describePlace(rows[best.position]!),
      missing.map((field) => fieldLabels[field]).join(', '),
    ),
  );
}
