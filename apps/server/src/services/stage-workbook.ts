import type { Writable } from 'node:stream';
import {
  codeAndName,
  fieldLabel,
  historyValueText,
  messagesId,
  type StageComparison,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import { amountCell, headerStyle, rupiah, titleStyle } from './report-export.js';

const messages = messagesId;
const t = messages.stages.compare;
const names = messages.server.stageNames;

type Style = Partial<ExcelJS.Style>;
const bold: Style = { font: { bold: true } };
const boldRupiah: Style = { ...rupiah, font: { bold: true } };
const wrapped: Style = { alignment: { vertical: 'top', wrapText: true } };

/** The workbook's name: `perbandingan-tahap-2025-ranwal-ranhir.xlsx`. */
export const stageWorkbookName = ({
  year,
  from,
  to,
}: Pick<StageComparison, 'year' | 'from' | 'to'>) =>
  `perbandingan-tahap-${year}-${from}-${to}.xlsx`;

const money = (amount: string | null) => (amount === null ? undefined : amountCell(BigInt(amount)));

function addRow(sheet: ExcelJS.Worksheet, values: ExcelJS.CellValue[], styles: Style[] = []) {
  const row = sheet.addRow(values);
  row.eachCell((cell, column) => {
    const style = styles[column - 1];
    if (style) cell.style = style;
  });
  row.commit();
}

/** A sheet of sums (Dari, Ke, Selisih) by a name, with their total under them. */
function addSumsSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  label: string,
  rows: { name: string; from: string; to: string; difference: string }[],
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 48 }, { width: 22 }, { width: 22 }, { width: 22 }];
  addRow(sheet, [label, t.from, t.to, t.difference], Array(4).fill(headerStyle));
  const sums = { from: 0n, to: 0n };
  for (const row of rows) {
    addRow(
      sheet,
      [row.name, money(row.from), money(row.to), money(row.difference)],
      [{}, rupiah, rupiah, rupiah],
    );
    sums.from += BigInt(row.from);
    sums.to += BigInt(row.to);
  }
  addRow(
    sheet,
    [t.total, amountCell(sums.from), amountCell(sums.to), amountCell(sums.to - sums.from)],
    [bold, boldRupiah, boldRupiah, boldRupiah],
  );
  sheet.commit();
}

/**
 * Two stages compared, as a workbook (stage.compareWorkbook): Ringkasan (the stages, their
 * totals and difference, how many lines changed), Per Perangkat Daerah, Per Sub Kegiatan, Per
 * Sumber Dana, Anggaran Kas per Bulan, and Rincian Berubah (each added, removed or changed line; a changed line one row per field, with
 * its old and new value). Money is a number in rupiah format.
 */
export async function writeStageWorkbook(
  comparison: StageComparison,
  output: Writable,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const w = t.workbook;
  const summary = workbook.addWorksheet(w.summary);
  summary.columns = [{ width: 28 }, { width: 22 }, { width: 22 }, { width: 22 }];
  const title = summary.addRow([
    w.title(names[comparison.from], names[comparison.to], comparison.year),
  ]);
  title.getCell(1).style = titleStyle;
  title.commit();
  addRow(summary, []);
  addRow(summary, ['', t.from, t.to, t.difference], Array(4).fill(headerStyle));
  addRow(summary, [w.stage, names[comparison.from], names[comparison.to]], [bold]);
  const { totals } = comparison;
  addRow(
    summary,
    [t.total, money(totals.from), money(totals.to), money(totals.difference)],
    [bold, rupiah, rupiah, rupiah],
  );
  addRow(summary, []);
  addRow(summary, [t.columns.change, w.lineCount], [headerStyle, headerStyle]);
  for (const change of ['added', 'removed', 'changed'] as const) {
    addRow(summary, [t.counts[change], comparison.counts[change]]);
  }
  summary.commit();

  addSumsSheet(
    workbook,
    t.units,
    t.columns.agency,
    comparison.units.map((unit) => ({
      ...unit,
      name: unit.agency_name ? codeAndName(unit.agency_code, unit.agency_name) : t.noAgency,
    })),
  );
  addSumsSheet(
    workbook,
    t.subActions,
    t.columns.subAction,
    comparison.sub_actions.map((row) => ({
      ...row,
      name: codeAndName(row.sub_action_code, row.sub_action_name),
    })),
  );
  addSumsSheet(
    workbook,
    t.sources,
    t.columns.source,
    comparison.sources.map((row) => ({
      ...row,
      name:
        row.funding_source_id === null
          ? messages.funding.line.none
          : codeAndName(row.code, row.name ?? row.funding_source_id),
    })),
  );
  addSumsSheet(
    workbook,
    t.cashPlanMonths,
    t.columns.month,
    comparison.cash_plan_months.map((row) => ({
      ...row,
      name: messages.cashPlan.monthNames[row.month - 1] ?? String(row.month),
    })),
  );

  const lines = workbook.addWorksheet(w.lines, { views: [{ state: 'frozen', ySplit: 1 }] });
  lines.columns = [12, 40, 40, 20, 20, 28, 32, 32].map((width) => ({ width }));
  addRow(
    lines,
    [
      t.columns.change,
      t.columns.subAction,
      t.columns.component,
      `${t.total} ${t.from}`,
      `${t.total} ${t.to}`,
      t.columns.fields,
      w.oldValue,
      w.newValue,
    ],
    Array(8).fill(headerStyle),
  );
  const subActionNames = new Map(
    comparison.sub_actions.map((row) => [
      row.sub_action_id,
      codeAndName(row.sub_action_code, row.sub_action_name),
    ]),
  );
  const lineStyles = [{}, wrapped, wrapped, rupiah, rupiah, wrapped, wrapped, wrapped];
  for (const line of comparison.lines) {
    const head = [
      t.counts[line.change],
      subActionNames.get(line.sub_action_id) ?? line.sub_action_id,
      line.component_name,
      money(line.from_total),
      money(line.to_total),
    ];
    if (line.fields.length === 0) addRow(lines, head, lineStyles);
    for (const [index, field] of line.fields.entries()) {
      // The line's totals once, on its first field: the column sums stay the lines' sums.
      addRow(
        lines,
        [
          ...(index === 0 ? head : [head[0], head[1], head[2], undefined, undefined]),
          fieldLabel(field.field, messages),
          historyValueText(field.field, field.from, messages, line.reference_names),
          historyValueText(field.field, field.to, messages, line.reference_names),
        ],
        lineStyles,
      );
    }
  }
  lines.commit();
  await workbook.commit();
}
