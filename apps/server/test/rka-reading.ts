/**
 * Reading an RKA back as a person's tools would: the workbook through exceljs, its SUM formulas
 * recomputed from the cells, and the PDF's text per page through pdf.js. Shared by the server's
 * RKA tests and the portal's journey that downloads it.
 */
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function readWorkbook(body: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook;
}

export const isFormula = (value: ExcelJS.CellValue): value is ExcelJS.CellFormulaValue =>
  typeof value === 'object' && value !== null && 'formula' in value;

/**
 * A formula's value computed from the cells it names, as a spreadsheet recomputes it: SUM over
 * cells, ranges and nested SUMs, a formula cell by its own formula (never its stored result).
 */
export function evaluate(sheet: ExcelJS.Worksheet, formula: string): number {
  const inner = /^SUM\((.*)\)$/.exec(formula)?.[1];
  if (inner === undefined) throw new Error(`not a SUM: ${formula}`);
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < inner.length; index++) {
    if (inner[index] === '(') depth++;
    if (inner[index] === ')') depth--;
    if (inner[index] === ',' && depth === 0) {
      args.push(inner.slice(start, index));
      start = index + 1;
    }
  }
  args.push(inner.slice(start));
  const cellNumber = (address: string): number => {
    const value = sheet.getCell(address).value;
    if (isFormula(value)) return evaluate(sheet, value.formula);
    return typeof value === 'number' ? value : 0;
  };
  let sum = 0;
  for (const arg of args) {
    if (arg.startsWith('SUM(')) {
      sum += evaluate(sheet, arg);
      continue;
    }
    const range = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(arg);
    if (!range) {
      sum += cellNumber(arg);
      continue;
    }
    for (let row = Number(range[2]); row <= Number(range[4]); row++) {
      sum += cellNumber(`${range[1]}${row}`);
    }
  }
  return sum;
}

/** An RKA sheet's table header row: where column A says 'Kode'. */
export function rkaTableHeaderRow(sheet: ExcelJS.Worksheet): number {
  for (let row = 1; row <= sheet.rowCount; row++) {
    if (sheet.getCell(`A${row}`).value === 'Kode') return row;
  }
  throw new Error('no table header row');
}

/** An RKA sheet's header block between the year and the table: [label, value] per row. */
export function rkaHeaderBlock(sheet: ExcelJS.Worksheet): [ExcelJS.CellValue, ExcelJS.CellValue][] {
  const rows: [ExcelJS.CellValue, ExcelJS.CellValue][] = [];
  for (let row = 3; row < rkaTableHeaderRow(sheet) - 1; row++) {
    rows.push([sheet.getCell(`A${row}`).value, sheet.getCell(`B${row}`).value]);
  }
  return rows;
}

/** An RKA sheet's signature block below the grand total: place and date, then its lines. */
export function rkaSignature(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[] {
  const texts = sheet.getColumn(2).values as ExcelJS.CellValue[];
  return (sheet.getColumn(8).values as ExcelJS.CellValue[])
    .slice(texts.indexOf('Total Keseluruhan') + 1)
    .filter(Boolean);
}

/** Every page's text, items joined by spaces. */
export async function pdfPages(body: Buffer | Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(body), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}
