import type { Writable } from 'node:stream';
import {
  type Evaluation,
  type EvaluationIndicator,
  type EvaluationMoney,
  formatNumberId,
  formatTenths,
  messagesId,
  quarterNumeral,
} from '@ranwal/core';
import type ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { unitFileName } from './monthly-report-print.js';
import { MARGIN, PAGE_SIZES, PdfWriter } from './pdf-table.js';
import { printedSheet } from './printed-sheet.js';
import { amountCell, headerStyle, rupiah, titleStyle } from './report-export.js';
import { printedSignerOf } from './report-rka.js';

const texts = messagesId.indicators;
const p = texts.print;
const quarterName = (quarter: number) => texts.quarter(quarterNumeral(quarter));

/** The printout's name: `evaluasi-renja-1.02.0.00.0.00.01.0000-2027-tw2.xlsx`. */
export function evaluationName(evaluation: Evaluation, format: 'xlsx' | 'pdf'): string {
  return `evaluasi-renja-${unitFileName(evaluation)}-${evaluation.year}-tw${evaluation.quarter}.${format}`;
}

/**
 * The form's columns (Permendagri 86/2017, 'Evaluasi terhadap hasil Renja'): No, Kode, the
 * programme/kegiatan/sub kegiatan, the indicator, the target (K, Rp), each quarter's
 * realisation to the one asked (K, Rp), the cumulative (K, Rp), the rate (% K, % Rp) and the
 * responsible unit.
 */
function headersOf(quarter: number): string[] {
  const c = p.columns;
  const pair = (label: string) => [`${label} (${p.quantity})`, `${label} (${p.money})`];
  return [
    messagesId.reports.admin.columns.number,
    c.code,
    c.name,
    c.indicator,
    ...pair(c.target),
    ...Array.from({ length: quarter }, (_, index) =>
      pair(c.realisedQuarter(quarterNumeral(index + 1))),
    ).flat(),
    ...pair(c.cumulative),
    `${c.rate} (% ${p.quantity})`,
    `${c.rate} (% ${p.money})`,
    c.responsible,
  ];
}

/** What a row is: a group's heading, a sub kegiatan's first line, a further indicator, the total. */
type RowKind = 'group' | 'subAction' | 'indicator' | 'total';
type Cell<Money> = Money | number | string;

/** A quantity as printed: '1,5'; '–' where nothing is entered. */
const quantityText = (value: number | null) => (value === null ? '–' : formatNumberId(value, 2));
/** A share as printed: '45,5 %'; '–' where the whole is 0. */
const tenths = (value: number | null) => (value === null ? '–' : formatTenths(value));

/**
 * The form's rows, the workbook's and the PDF's alike (money as the format writes it): per
 * programme and kegiatan a heading, per sub kegiatan its first indicator with its money and one
 * row for each further indicator; then the rupiah totals.
 */
function rowsOf<Money>(
  evaluation: Evaluation,
  money: (amount: bigint) => Money,
): { kind: RowKind; cells: Cell<Money>[] }[] {
  const quarters = evaluation.quarter;
  const width = 11 + 2 * quarters;
  const rows: { kind: RowKind; cells: Cell<Money>[] }[] = [];
  const blank = (count: number) => Array<string>(count).fill('');
  const heading = (code: string | null, name: string) =>
    rows.push({ kind: 'group', cells: ['', code ?? '', name, ...blank(width - 3)] });
  /** An indicator's K cells beside its money (blank money on a further indicator). */
  const line = (
    indicator: EvaluationIndicator | undefined,
    figures: EvaluationMoney | null,
  ): Cell<Money>[] => {
    const rp = (amount: string | undefined) =>
      figures && amount !== undefined ? money(BigInt(amount)) : '';
    return [
      indicator?.description ?? '–',
      indicator ? `${quantityText(indicator.target)} ${indicator.unit}` : '',
      rp(figures?.pagu),
      ...Array.from({ length: quarters }, (_, index) => [
        indicator ? quantityText(indicator.quarters[index] ?? null) : '',
        rp(figures?.quarters[index]),
      ]).flat(),
      indicator ? quantityText(indicator.cumulative) : '',
      rp(figures?.cumulative),
      indicator ? tenths(indicator.achievement_tenths) : '',
      figures ? tenths(figures.pagu_tenths) : '',
    ];
  };
  let program: string | undefined;
  let action: string | undefined;
  let number = 0;
  for (const sub of evaluation.sub_actions) {
    const programKey = `${sub.program_code}/${sub.program_name}`;
    if (programKey !== program) {
      program = programKey;
      action = undefined;
      heading(sub.program_code, sub.program_name);
    }
    const actionKey = `${sub.action_code}/${sub.action_name}`;
    if (actionKey !== action) {
      action = actionKey;
      heading(sub.action_code, sub.action_name);
    }
    number += 1;
    const [first, ...rest] = sub.indicators;
    rows.push({
      kind: 'subAction',
      cells: [
        number,
        sub.sub_action_code ?? '',
        sub.sub_action_name,
        ...line(first, sub),
        evaluation.agency_name,
      ],
    });
    for (const indicator of rest) {
      rows.push({ kind: 'indicator', cells: [...blank(3), ...line(indicator, null), ''] });
    }
  }
  const total = line(undefined, evaluation.totals).map((cell, index) =>
    // The total has no indicator: its K cells stay empty.
    index === 0 ? '' : cell,
  );
  rows.push({ kind: 'total', cells: ['', '', p.total, ...total, ''] });
  return rows;
}

/** The lines above the table: the heading, the unit, the period. */
function titleLines(evaluation: Evaluation): string[] {
  const unit = [evaluation.agency_code, evaluation.agency_name].filter(Boolean).join(' ');
  return [p.heading, p.unit(unit), p.period(quarterName(evaluation.quarter), evaluation.year)];
}

type Style = Partial<ExcelJS.Style>;
const bold: Style = { font: { bold: true } };
const boldRupiah: Style = { ...rupiah, font: { bold: true } };
const wrap: Style = { alignment: { wrapText: true, vertical: 'top' } };

/** Which columns (from 0) of a quarter's form hold rupiah. */
function moneyColumns(quarter: number): Set<number> {
  const columns = [5];
  for (let index = 0; index < quarter; index++) columns.push(7 + 2 * index);
  columns.push(7 + 2 * quarter);
  return new Set(columns);
}

/**
 * A unit's evaluation to a quarter as a workbook: the heading, the unit and the period; the
 * form's rows grouped by programme and kegiatan (rupiah as exact numbers); the totals and the
 * unit's signatory.
 */
export async function writeEvaluationWorkbook(
  db: Kysely<Database>,
  evaluation: Evaluation,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const signer = await printedSignerOf(db, evaluation.agency_id, now);
  const title = titleLines(evaluation);
  const headers = headersOf(evaluation.quarter);
  const { add, close } = printedSheet(
    output,
    p.sheet(quarterName(evaluation.quarter), evaluation.year),
    {
      widths: headers.map(
        (_, index) => [6, 22, 40, 36][index] ?? (index === headers.length - 1 ? 28 : 16),
      ),
      ySplit: title.length + 2,
    },
  );
  add([title[0]], [titleStyle]);
  for (const line of title.slice(1)) add([line]);
  add([]);
  add(headers, Array(headers.length).fill(headerStyle));
  const money = moneyColumns(evaluation.quarter);
  for (const row of rowsOf(evaluation, amountCell)) {
    const strong = row.kind === 'group' || row.kind === 'total';
    add(
      row.cells as ExcelJS.CellValue[],
      row.cells.map((_, index) =>
        money.has(index)
          ? strong
            ? boldRupiah
            : rupiah
          : strong
            ? bold
            : index < 4
              ? wrap
              : undefined,
      ),
    );
  }
  await close(signer);
}

/**
 * Each column's share of the page, before it is fitted to the page's width: the Kode's keeps a
 * sub kegiatan's code on one line (the writer wraps its second column), a K column its header's
 * longest word.
 */
function pdfColumns(quarter: number) {
  const weights = [16, 80, 96, 92, 46, 56];
  for (let index = 0; index < quarter; index++) weights.push(42, 56);
  weights.push(46, 58, 34, 34, 66);
  return weights;
}

/** The same evaluation as a PDF: landscape (A3 from the third quarter on), the signatory last. */
export async function writeEvaluationPdf(
  db: Kysely<Database>,
  evaluation: Evaluation,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const signer = await printedSignerOf(db, evaluation.agency_id, now);
  const size = evaluation.quarter <= 2 ? 'A4' : 'A3';
  const weights = pdfColumns(evaluation.quarter);
  // The columns share the page's whole width.
  const scale =
    (PAGE_SIZES[size].width - MARGIN.left - MARGIN.right) /
    weights.reduce((sum, weight) => sum + weight, 0);
  const headers = headersOf(evaluation.quarter);
  const period = p.sheet(quarterName(evaluation.quarter), evaluation.year);
  const pdf = new PdfWriter(
    output,
    {
      size,
      columns: headers.map((header, index) => ({
        header,
        points: Math.floor(weights[index]! * scale),
      })),
      // Every figure, quantities and shares as well as rupiah, is set flush right.
      amountColumns: new Set(
        headers
          .map((_, index) => index)
          .filter((index) => index >= 4 && index < headers.length - 1),
      ),
      // Headers of figures wrap as words (fitted, a long one would be set over its neighbour).
      fitAmounts: false,
    },
    { title: `${p.heading} ${period}`, footer: period },
  );
  pdf.newPage();
  pdf.title(titleLines(evaluation));
  pdf.header();
  const rows = rowsOf(evaluation, formatNumberId);
  for (const row of rows.slice(0, -1)) {
    pdf.row(row.cells as (string | number)[], row.kind === 'group' ? { face: pdf.bold } : {});
  }
  pdf.closing(rows.at(-1)!.cells as (string | number)[], signer);
  await pdf.finish();
}

/** The printed evaluation in a format. */
export const writeEvaluation = {
  xlsx: writeEvaluationWorkbook,
  pdf: writeEvaluationPdf,
} as const;
