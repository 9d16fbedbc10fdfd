import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  formatRupiah,
  hierarchyLevelKeys,
  managedEntities,
  messagesId,
  type ReportSheetAmounts,
  type ReportSheetCellKind,
  reportSheetColumns,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import { type ControlledTransaction, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  type BudgetLineFilter,
  type BudgetLineRow,
  type JoinedField,
  type LineDatabase,
  toReadShape,
  whereLines,
  withLevels,
} from './reports.js';

/**
 * What one export covers: a year, optionally narrowed as the list is (a programme, a supporter,
 * one user's lines, a search).
 */
export type ReportScope = Omit<BudgetLineFilter, 'year'> & { year: number };

const BATCH_SIZE = 2000;
const CURSOR = 'report_lines';
// Raw sheet XML allowed to wait for compression before reading pauses (about one batch).
const MAX_QUEUED_BYTES = 1024 * 1024;

const text = messagesId.reportWorkbook;

/** The stored columns the sheet needs; the joins add the names. Fewer columns read faster. */
const storedColumns = [
  'component_code',
  'component_name',
  'specification',
  'unit',
  'price',
  'first_volume',
  'second_volume',
  'third_volume',
  'total_price',
  'tax',
  'total_after_tax',
  'program_id',
  'created_at',
] as const;
type LineField = (typeof storedColumns)[number] | JoinedField;

/** Subtotals and totals, exact at any size (a year's sum passes 2^53 long before a line can). */
type Amounts = Record<keyof ReportSheetAmounts, bigint>;
const noAmounts: Amounts = { total_price: 0n, tax: 0n, total_after_tax: 0n };
const addAmounts = (sum: Amounts, line: ReportSheetAmounts): Amounts => ({
  total_price: sum.total_price + BigInt(line.total_price),
  tax: sum.tax + BigInt(line.tax),
  total_after_tax: sum.total_after_tax + BigInt(line.total_after_tax),
});
const MAX_EXACT_CELL = BigInt(Number.MAX_SAFE_INTEGER);
/**
 * A sum as a cell: a number while a spreadsheet's number holds it exactly, else its exact
 * amount as text ('Rp 10.000.000.000.000.001'): a rounded figure would look right and be wrong.
 */
const amountCell = (amount: bigint): ExcelJS.CellValue =>
  amount <= MAX_EXACT_CELL ? Number(amount) : formatRupiah(amount);

// Each cell gets one of these shared objects: exceljs caches a style by object identity, and a
// per-cell copy costs about as much again as writing the row.
type Style = Partial<ExcelJS.Style>;
const plain: Style = {};
const rupiah: Style = { numFmt: '"Rp" #,##0' };
const volume: Style = { numFmt: '0.00' };
const titleStyle: Style = { font: { bold: true, size: 14 } };
const headerStyle: Style = {
  font: { bold: true },
  alignment: { vertical: 'middle', wrapText: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } },
};

const styleOf: Record<ReportSheetCellKind, Style> = { text: plain, rupiah, volume };
const columns = reportSheetColumns;
const LABEL_COLUMN = 2;
const lineStyles = columns.map((column) => styleOf[column.kind]);
const totalStyles = lineStyles.map((style) => ({ ...style, font: { bold: true } }));

function addRow(sheet: ExcelJS.Worksheet, values: ExcelJS.CellValue[], styles: Style[]): void {
  // An empty text is no cell at all, as Excel itself saves it.
  const row = sheet.addRow(values.map((value) => (value === '' ? undefined : value)));
  row.eachCell((cell, column) => {
    cell.style = styles[column - 1] ?? plain;
  });
  row.commit();
}

function addTotalRow(sheet: ExcelJS.Worksheet, label: string, amounts: Amounts): void {
  const values = columns.map((column, index) =>
    index + 1 === LABEL_COLUMN
      ? label
      : column.total
        ? amountCell(amounts[column.total])
        : undefined,
  );
  addRow(sheet, values, totalStyles);
}

/**
 * Raw sheet XML queued in front of the compressor. exceljs hands each committed row to the zip
 * without back-pressure (its sheet stream pipes into one PassThrough that feeds deflate), so
 * this queue grows with the report whenever deflate or the client is slower than the database:
 * unchecked, 100 000 lines held ~150 MB of buffers and sent their first byte only at the end.
 * 0 when exceljs's internals are not where 4.4 keeps them (a test guards this).
 */
export function queuedBytes(sheet: ExcelJS.Worksheet): number {
  type Buffered = { _writableState?: { length: number }; _readableState?: { length: number } };
  const internals = sheet as unknown as { _stream?: { pipes?: Buffered[] } };
  const queue = internals._stream?.pipes?.[0];
  return (queue?._writableState?.length ?? 0) + (queue?._readableState?.length ?? 0);
}

async function whileQueued(sheet: ExcelJS.Worksheet, signal: AbortSignal): Promise<void> {
  while (!signal.aborted && queuedBytes(sheet) > MAX_QUEUED_BYTES) {
    await sleep(5, undefined, { signal }).catch(() => undefined);
  }
}

/** The export's one transaction, seeing the tables as a line query does (LineDatabase). */
type LineTransaction = ControlledTransaction<LineDatabase>;

/** Lines in the order of the hierarchy (each level by its name, accounts by code), then by date. */
function linesInHierarchyOrder(trx: LineTransaction, scope: ReportScope) {
  const lines = trx
    .selectFrom('detail_program as line')
    .select(storedColumns.map((column) => `line.${column}`));
  let query = whereLines(withLevels(lines), scope);
  for (const key of hierarchyLevelKeys) {
    query = query.orderBy(managedEntities[key].hasCode ? `${key}.code` : `${key}.name`);
    // Two programmes with one name stay apart, so each gets its own subtotal.
    if (key === 'program') query = query.orderBy('program.id');
  }
  return query.orderBy('line.created_at').orderBy('line.id');
}

export interface ReportExport {
  /**
   * Streams the workbook into `output`, reading the lines batch by batch. Stops reading when
   * `output` closes early (the client went away). Releases the transaction in every case.
   */
  writeTo(output: Writable): Promise<void>;
}

/**
 * Opens the read of a report: a transaction holding one snapshot and a cursor over the lines.
 * Anything wrong throws here, before a byte of the file is sent. The caller
 * must call `writeTo`, which ends the transaction.
 */
export async function openReportExport(
  typedDb: Kysely<Database>,
  scope: ReportScope,
  batchSize = BATCH_SIZE,
): Promise<ReportExport> {
  const trx: LineTransaction = await (typedDb as unknown as Kysely<LineDatabase>)
    .startTransaction()
    .setIsolationLevel('repeatable read')
    .execute();
  let title: string;
  try {
    title = text.title(scope.year, await filtersOf(trx, scope));
    const lines = linesInHierarchyOrder(trx, scope);
    await sql`declare ${sql.id(CURSOR)} no scroll cursor for ${lines}`.execute(trx);
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
  return { writeTo: (output) => writeWorkbook(trx, scope.year, title, output, batchSize) };
}

/** The filters an export was narrowed by, named for its title ('Program: …', 'Pengampu: …'). */
async function filtersOf(trx: LineTransaction, scope: ReportScope): Promise<string[]> {
  const nameOf = async (table: 'program' | 'supporter' | 'app_user', id: string | undefined) =>
    id
      ? ((await trx.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())
          ?.name as string | undefined)
      : undefined;
  // One after another: a transaction is one connection.
  const program = await nameOf('program', scope.program_id);
  const supporter = await nameOf('supporter', scope.supporter_id);
  const creator = await nameOf('app_user', scope.created_by);
  return [
    program !== undefined ? text.filterProgram(program) : null,
    supporter !== undefined ? text.filterSupporter(supporter) : null,
    creator !== undefined ? text.filterCreator(creator) : null,
    scope.search ? text.filterSearch(scope.search) : null,
  ].filter((part): part is string => part !== null);
}

async function writeWorkbook(
  trx: LineTransaction,
  year: number,
  titleText: string,
  output: Writable,
  batchSize: number,
): Promise<void> {
  const closed = new AbortController();
  const onClose = () => closed.abort();
  output.once('close', onClose);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(`Laporan ${year}`, {
    views: [{ state: 'frozen', ySplit: 2 }],
  });
  try {
    let read = false;
    try {
      sheet.columns = columns.map((column) => ({ width: column.width }));
      const title = sheet.addRow([titleText]);
      sheet.mergeCells(1, 1, 1, columns.length);
      title.getCell(1).style = titleStyle;
      title.commit();
      addRow(
        sheet,
        columns.map((column) => column.header),
        columns.map(() => headerStyle),
      );

      let number = 0;
      let grandTotal = noAmounts;
      let program: { id: string; name: string; amounts: Amounts } | null = null;
      while (!closed.signal.aborted) {
        const { rows } = await sql<
          Pick<BudgetLineRow, LineField>
        >`fetch ${sql.lit(batchSize)} from ${sql.id(CURSOR)}`.execute(trx);
        for (const row of rows) {
          const line = toReadShape(row);
          if (program && program.id !== line.program_id) {
            addTotalRow(sheet, text.subtotal(program.name), program.amounts);
            program = null;
          }
          program ??= { id: line.program_id, name: line.program_name, amounts: noAmounts };
          number += 1;
          addRow(
            sheet,
            columns.map((column) => column.value(line, number)),
            lineStyles,
          );
          program.amounts = addAmounts(program.amounts, line);
          grandTotal = addAmounts(grandTotal, line);
        }
        if (rows.length < batchSize) {
          read = true;
          break;
        }
        await whileQueued(sheet, closed.signal);
      }
      if (!read) return;
      if (program) addTotalRow(sheet, text.subtotal(program.name), program.amounts);
      addTotalRow(sheet, text.grandTotal, grandTotal);
    } finally {
      // Commit closes the cursor; the database (PGlite's only session) is free before zipping ends.
      await (read ? trx.commit() : trx.rollback()).execute();
    }
    sheet.commit();
    // A client leaving during the last bytes never lets the zip finish: stop waiting for it.
    await Promise.race([
      workbook.commit(),
      new Promise((resolve) => closed.signal.addEventListener('abort', resolve, { once: true })),
    ]);
  } finally {
    output.off('close', onClose);
  }
}
