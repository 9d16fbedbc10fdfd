import { writeFile } from 'node:fs/promises';
import { csvCell, type HierarchyExportRow } from '@ranwal/core';
import { type ConnectionOptions, connect } from '../../connection.js';
import { calling } from '../../errors.js';
import { cliText } from '../../lang.js';
import { formatCount, type ProgressListener } from '../../output.js';
import { fieldLabels, type ImportField, namedLevelKeys } from '../import/columns.js';
import type { CsvSeparator } from './csv.js';
import { type ExportFormat, formatOf, replaceWhole } from './files.js';

export interface HierarchyExportOptions extends ConnectionOptions {
  /** Where to write; written whole or not at all (through a temporary file beside it). */
  out: string;
  /** Else from the file name: `.csv` means csv, anything else xlsx. */
  format?: ExportFormat | undefined;
  separator?: CsvSeparator | undefined;
  signal?: AbortSignal;
  /** Account codes read so far. */
  onProgress?: ProgressListener;
}

export interface HierarchyExportResult {
  file: string;
  format: ExportFormat;
  /** Account codes written (one row each). */
  rows: number;
  /**
   * Of those, the rows whose programme has no Perangkat Daerah in a file that names agencies:
   * their agency cells are blank (the rows on top), which the import refuses.
   */
  withoutAgency: number;
}

/** Accounts per request: a page the server reads with one short statement. */
const PAGE_ROWS = 5_000;

/**
 * The columns, in the order people read a DPA, named as the import reads them back: each
 * level's code before its name, the programme's PPN flag after it. The Perangkat Daerah's come
 * first when a programme has one.
 */
const agencyColumns: readonly ImportField[] = ['agency_code', 'agency'];
const levelColumns: readonly ImportField[] = [
  'program_code',
  'program',
  'program_is_taxed',
  'action_code',
  'action',
  'sub_action_code',
  'sub_action',
  'activity_code',
  'activity',
  'subtitle_code',
  'subtitle',
  'account_code',
  'account_name',
];

const cellOf = (row: HierarchyExportRow, field: ImportField): string => {
  if (field === 'program_is_taxed') return row.program_is_taxed ? 'ya' : 'tidak';
  return row[field] ?? '';
};

/**
 * Codes in official order ('1.02' before '1.10'), records without one after, by name; from the
 * Perangkat Daerah down. The programmes of no agency come first: with nothing above their blank
 * agency cells, `--fill-down` cannot put them in an agency.
 */
let collator: Intl.Collator | undefined;
function hierarchyOrder(a: HierarchyExportRow, b: HierarchyExportRow): number {
  // Made on first use, not when any command starts: ICU's collation data is megabytes.
  collator ??= new Intl.Collator('id', { numeric: true });
  const agencyless = Number(b.agency === null) - Number(a.agency === null);
  if (agencyless !== 0) return agencyless;
  for (const key of namedLevelKeys) {
    const [codeA, codeB] = [a[`${key}_code`], b[`${key}_code`]];
    const order =
      Number(codeA === null) - Number(codeB === null) ||
      collator.compare(codeA ?? '', codeB ?? '') ||
      collator.compare(a[key] ?? '', b[key] ?? '');
    if (order !== 0) return order;
  }
  return collator.compare(a.account_code, b.account_code);
}

/**
 * Writes the whole hierarchy (every account code with its path and every level's code) in the
 * import's own format, CSV or XLSX: importing the file again changes nothing.
 */
export async function exportHierarchy(
  options: HierarchyExportOptions,
): Promise<HierarchyExportResult> {
  const format = formatOf(options.out, options.format);
  const { client } = await connect(options);
  const rows: HierarchyExportRow[] = [];
  let after: string | null | undefined;
  do {
    options.signal?.throwIfAborted();
    const { data } = await calling(cliText().doing.readHierarchy, () =>
      client.export.hierarchy(
        { limit: PAGE_ROWS, ...(after ? { after } : {}) },
        options.signal ? { signal: options.signal } : {},
      ),
    );
    rows.push(...data.rows);
    options.onProgress?.(rows.length);
    after = data.next;
  } while (after);
  rows.sort(hierarchyOrder);

  const withAgency = rows.filter((row) => row.agency !== null).length;
  const columns = withAgency > 0 ? [...agencyColumns, ...levelColumns] : levelColumns;
  const header = columns.map((field) => fieldLabels[field]);
  const file = await replaceWhole(options.out, options.signal, async (partial) => {
    if (format === 'csv') {
      const separator = options.separator ?? 'comma';
      const mark = separator === 'semicolon' ? ';' : ',';
      const lines = [header, ...rows.map((row) => columns.map((field) => cellOf(row, field)))].map(
        (cells) => cells.map((cell) => csvCell(cell, mark)).join(mark),
      );
      await writeFile(
        partial,
        `${separator === 'semicolon' ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`,
      );
      return;
    }
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: partial });
    const sheet = workbook.addWorksheet('Hierarki', { views: [{ state: 'frozen', ySplit: 1 }] });
    // Every cell as text: a code such as 5.10 stays 5.10.
    sheet.columns = columns.map((field) => ({
      key: field,
      width:
        field === 'agency_code'
          ? 24
          : field.endsWith('_code') || field === 'program_is_taxed'
            ? 18
            : 48,
      style: { numFmt: '@' },
    }));
    sheet.addRow(header).commit();
    for (const row of rows) sheet.addRow(columns.map((field) => cellOf(row, field))).commit();
    await workbook.commit();
  });
  return {
    file,
    format,
    rows: rows.length,
    withoutAgency: withAgency > 0 ? rows.length - withAgency : 0,
  };
}

export function hierarchyExportSummary(result: HierarchyExportResult): string {
  const text = cliText().exportHierarchy;
  const saved = text.saved(formatCount(result.rows), result.file, result.format);
  if (result.withoutAgency === 0) return `${saved}${text.readsBack}`;
  // The import reads a programme of no agency from the rows on top whose agency cells are blank.
  return `${saved}${text.withoutAgency(formatCount(result.withoutAgency), fieldLabels.agency)}`;
}
