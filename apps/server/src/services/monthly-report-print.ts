import type { Writable } from 'node:stream';
import {
  formatDateTimeLong,
  formatNumberId,
  formatTenths,
  type MonthFigures,
  type MonthlyReport,
  type MonthlyReportSubAction,
  messagesId,
  monthOfYear,
} from '@ranwal/core';
import type ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PdfWriter } from './pdf-table.js';
import { printedSheet } from './printed-sheet.js';
import { amountCell, headerStyle, rupiah, titleStyle } from './report-export.js';
import { printedSignerOf } from './report-rka.js';

const texts = messagesId.monthlyReport;
const p = texts.print;
const levels = messagesId.realisation.summary.levels;

/** A unit as a printout's file name holds it: its code, else its name, in safe characters. */
export const unitFileName = (unit: { agency_code: string | null; agency_name: string }) =>
  (unit.agency_code ?? unit.agency_name).replace(/[^0-9A-Za-z.-]+/g, '-').replace(/^-+|-+$/g, '');

/** The printout's name: `laporan-bulanan-1.02.0.00.0.00.01.0000-2027-03.xlsx`. */
export function monthlyReportName(report: MonthlyReport, format: 'xlsx' | 'pdf'): string {
  const month = String(report.month).padStart(2, '0');
  return `laporan-bulanan-${unitFileName(report)}-${report.year}-${month}.${format}`;
}

const headers = [
  p.columns.code,
  p.columns.subAction,
  p.columns.linesTotal,
  p.columns.planned,
  p.columns.realised,
  p.columns.achievement,
  p.columns.plannedProgress,
  p.columns.progress,
  p.columns.deviation,
  p.columns.problems,
  p.columns.actions,
];

/** What a tenths figure prints as: '45,5 %', or '–' where nothing is planned yet. */
const tenths = (value: number | null) => (value === null ? '–' : formatTenths(value));
/** The month's deviation in words: 'Keuangan Merah, Fisik Kuning'. */
const deviation = (row: Pick<MonthlyReportSubAction, 'level' | 'physical_level'>) =>
  p.deviationOf(levels[row.level], levels[row.physical_level]);
/** Progress as the month counts it: this month's, or the last one reported. */
const progressOf = (row: MonthlyReportSubAction) =>
  row.progress_tenths ?? row.previous_progress_tenths;

/**
 * One printed row's figures, the workbook's and the PDF's alike: the three sums (money as the
 * format writes it) and the three percentages; a sub kegiatan's progress as the month counts it.
 */
function figuresOf<Money>(
  row: Pick<
    MonthFigures,
    | 'lines_total'
    | 'planned_cumulative'
    | 'realised_cumulative'
    | 'achievement_tenths'
    | 'planned_progress_tenths'
    | 'progress_tenths'
  >,
  money: (amount: bigint) => Money,
  progress = row.progress_tenths,
): (Money | string)[] {
  return [
    money(BigInt(row.lines_total)),
    money(BigInt(row.planned_cumulative)),
    money(BigInt(row.realised_cumulative)),
    tenths(row.achievement_tenths),
    tenths(row.planned_progress_tenths),
    tenths(progress),
  ];
}

/** The lines above the table: the heading, the unit, the month, where it stands. */
function titleLines(report: MonthlyReport): string[] {
  const month = monthOfYear(report.month, report.year);
  const unit = [report.agency_code, report.agency_name].filter(Boolean).join(' ');
  const lines = [p.heading, p.unit(unit), p.month(month), p.status(texts.statuses[report.status])];
  if (report.figures_frozen_at) {
    lines.push(texts.view.frozenFigures(formatDateTimeLong(report.figures_frozen_at)));
  }
  return lines;
}

type Style = Partial<ExcelJS.Style>;
const bold: Style = { font: { bold: true } };
const boldRupiah: Style = { ...rupiah, font: { bold: true } };
const wrap: Style = { alignment: { wrapText: true, vertical: 'top' } };

/**
 * A unit's month as a workbook (issue 37): the heading, the unit, the month and its status;
 * per sub kegiatan its lines, Anggaran Kas and SP2D to date (exact rupiah numbers), achievement,
 * planned and reported physical progress, deviation, problems and actions; the totals (progress
 * weighted by money) and the unit's signatory.
 */
export async function writeMonthlyReportWorkbook(
  db: Kysely<Database>,
  report: MonthlyReport,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const signer = await printedSignerOf(db, report.agency_id, now);
  const title = titleLines(report);
  const { add, close } = printedSheet(output, p.sheet(monthOfYear(report.month, report.year)), {
    widths: [22, 40, 18, 20, 20, 12, 12, 12, 24, 36, 36],
    ySplit: title.length + 2,
  });
  add([title[0]], [titleStyle]);
  for (const line of title.slice(1)) add([line]);
  add([]);
  add(headers, Array(headers.length).fill(headerStyle));
  const money = [undefined, wrap, rupiah, rupiah, rupiah];
  for (const row of report.sub_actions) {
    add(
      [
        row.sub_action_code ?? '',
        row.sub_action_name,
        ...figuresOf(row, amountCell, progressOf(row)),
        deviation(row),
        row.problems,
        row.actions,
      ],
      [...money, undefined, undefined, undefined, undefined, wrap, wrap],
    );
  }
  const total = report.totals;
  add(
    ['', p.total, ...figuresOf(total, amountCell), deviation(total)],
    [undefined, bold, boldRupiah, boldRupiah, boldRupiah, bold, bold, bold, bold],
  );
  await close(signer);
}

const pdfLayout = {
  size: 'A4',
  columns: [
    { header: p.columns.code, points: 78 },
    { header: p.columns.subAction, points: 128 },
    { header: p.columns.linesTotal, points: 72 },
    { header: p.columns.planned, points: 72 },
    { header: p.columns.realised, points: 72 },
    { header: p.columns.achievement, points: 46 },
    { header: p.columns.plannedProgress, points: 42 },
    { header: p.columns.progress, points: 42 },
    { header: p.columns.problems, points: 104 },
    { header: p.columns.actions, points: 104 },
  ],
  amountColumns: new Set([2, 3, 4, 5, 6, 7]),
  fitAmounts: true,
} as const;

/** The same month as a PDF: A4 landscape, the signatory below the totals. */
export async function writeMonthlyReportPdf(
  db: Kysely<Database>,
  report: MonthlyReport,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const signer = await printedSignerOf(db, report.agency_id, now);
  const month = monthOfYear(report.month, report.year);
  const pdf = new PdfWriter(output, pdfLayout, {
    title: `${p.heading} ${month}`,
    footer: p.sheet(month),
  });
  pdf.newPage();
  pdf.title(titleLines(report));
  pdf.header();
  for (const row of report.sub_actions) {
    pdf.row([
      row.sub_action_code ?? '',
      row.sub_action_name,
      ...figuresOf(row, formatNumberId, progressOf(row)),
      row.problems,
      row.actions,
    ]);
  }
  const total = report.totals;
  pdf.closing(['', p.total, ...figuresOf(total, formatNumberId), '', ''], signer);
  await pdf.finish();
}

/** The printed month in a format. */
export const writeMonthlyReport = {
  xlsx: writeMonthlyReportWorkbook,
  pdf: writeMonthlyReportPdf,
} as const;
