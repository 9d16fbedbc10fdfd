import { coefficientText } from './coefficient.js';
import { formatDateTimeLong } from './format.js';
import { messagesId } from './messages/index.js';
import type { BudgetLine } from './schemas.js';

/*
 * The columns of the 'Download Laporan' workbook, declared once: the server writes them with
 * exceljs (styles by `kind`), the in-memory client's demo download with the same headers and
 * values, so a story shows the sheet people get.
 */

/** How a column's cells read: text, whole rupiah, or a volume with two decimals. */
export type ReportSheetCellKind = 'text' | 'rupiah' | 'volume';

/** The amounts summed on subtotal and total rows. */
export type ReportSheetAmounts = Pick<BudgetLine, 'total_price' | 'tax' | 'total_after_tax'>;

/** What a row of the sheet reads from its line. */
export type ReportSheetLine = Pick<
  BudgetLine,
  | 'program_name'
  | 'action_name'
  | 'sub_action_name'
  | 'activity_name'
  | 'subtitle_name'
  | 'account_code'
  | 'account_name'
  | 'component_code'
  | 'component_name'
  | 'specification'
  | 'unit'
  | 'price'
  | 'first_volume'
  | 'second_volume'
  | 'third_volume'
  | 'first_volume_unit'
  | 'second_volume_unit'
  | 'third_volume_unit'
  | 'total_price'
  | 'tax'
  | 'total_after_tax'
  | 'supporter_name'
  | 'created_at'
  | 'price_item_id'
  | 'outside_catalogue'
>;

export interface ReportSheetColumn {
  header: string;
  /** In characters, as spreadsheets measure it. */
  width: number;
  kind: ReportSheetCellKind;
  /** The cell of a line; `number` counts the lines from 1. */
  value(line: ReportSheetLine, number: number): string | number | null;
  /** Summed on the subtotal and grand total rows. */
  total?: keyof ReportSheetAmounts;
}

/**
 * A line's price source as the exports and lists word it (issue 34): 'Katalog' when priced from
 * an item, 'Di luar katalog' when free-form in a year with a catalogue, nothing otherwise.
 */
export const priceSourceText = (
  line: Pick<BudgetLine, 'price_item_id' | 'outside_catalogue'>,
  messages = messagesId,
): string =>
  line.price_item_id
    ? messages.reports.priceSource.catalogue
    : line.outside_catalogue
      ? messages.reports.priceSource.outside
      : '';

const levels = messagesId.levels;
const fields = messagesId.reports.fields;
const column = (
  header: string,
  width: number,
  value: ReportSheetColumn['value'],
  kind: ReportSheetCellKind = 'text',
  total?: keyof ReportSheetAmounts,
): ReportSheetColumn => ({ header, width, kind, value, ...(total ? { total } : {}) });

/** The sheet, column by column (spec: the Laporan page and the report's fields). */
export const reportSheetColumns: readonly ReportSheetColumn[] = [
  column(messagesId.reports.admin.columns.number, 6, (_, number) => number),
  column(levels.program.label, 32, (line) => line.program_name),
  column(levels.action.label, 32, (line) => line.action_name),
  column(levels.sub_action.label, 32, (line) => line.sub_action_name),
  column(levels.activity.label, 28, (line) => line.activity_name),
  column(levels.subtitle.label, 28, (line) => line.subtitle_name),
  column(fields.accountCode, 20, (line) => line.account_code),
  column(fields.accountName, 32, (line) => line.account_name),
  column(fields.componentCode, 16, (line) => line.component_code),
  column(fields.componentName, 32, (line) => line.component_name),
  column(fields.specification, 32, (line) => line.specification),
  column(fields.unit, 10, (line) => line.unit),
  column(fields.price, 18, (line) => line.price, 'rupiah'),
  column(fields.firstVolume, 11, (line) => line.first_volume, 'volume'),
  column(fields.secondVolume, 11, (line) => line.second_volume, 'volume'),
  column(fields.thirdVolume, 11, (line) => line.third_volume, 'volume'),
  // What the volumes count, as the RKA writes it: '2 Orang x 3 Hari'.
  column(fields.coefficient, 24, (line) => coefficientText(line)),
  column(fields.totalPrice, 20, (line) => line.total_price, 'rupiah', 'total_price'),
  column(messagesId.reportWorkbook.tax, 18, (line) => line.tax, 'rupiah', 'tax'),
  column(fields.totalAfterTax, 20, (line) => line.total_after_tax, 'rupiah', 'total_after_tax'),
  column(fields.supporter, 24, (line) => line.supporter_name),
  column(messagesId.reports.admin.columns.date, 28, (line) => formatDateTimeLong(line.created_at)),
  // Where the price comes from (issue 34), last so the spec's columns keep their places:
  // 'Di luar katalog' for a line without an item in a year with a catalogue.
  column(fields.priceSource, 18, (line) => priceSourceText(line)),
];
