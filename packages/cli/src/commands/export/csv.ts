import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { csvCell } from '@ranwal/core';
import type ExcelJS from 'exceljs';
import { cellText } from '../import/read.js';

export const csvSeparators = ['comma', 'semicolon'] as const;
/**
 * `comma`: RFC 4180 (comma, decimal point, UTF-8). `semicolon`: what Excel with Indonesian
 * regional settings opens directly (semicolon, decimal comma, UTF-8 with a BOM).
 */
export type CsvSeparator = (typeof csvSeparators)[number];

/**
 * Writes the first sheet of a workbook as CSV, streaming both ways. The title above the table
 * (rows with a single filled cell) is left out: the CSV starts at the header row. Cells go
 * through core's `csvCell`: numbers as numbers, text guarded against formulas.
 */
export async function workbookToCsv(
  workbookFile: string,
  csvFile: string,
  separator: CsvSeparator,
): Promise<number> {
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(workbookFile, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const mark = separator === 'semicolon' ? ';' : ',';
  const decimalComma = separator === 'semicolon';
  const out = createWriteStream(csvFile);
  const closed = once(out, 'close');
  let buffered = separator === 'semicolon' ? '\uFEFF' : '';
  let rows = 0;
  let width = 0;
  const flush = async () => {
    if (!out.write(buffered)) await once(out, 'drain');
    buffered = '';
  };
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        if (rows === 0 && values.filter((value) => cellText(value) !== '').length <= 1) continue;
        width ||= values.length - 1;
        const cells: string[] = [];
        for (let column = 1; column <= width; column += 1) {
          const value = values[column];
          cells.push(
            csvCell(typeof value === 'number' ? value : cellText(value), mark, { decimalComma }),
          );
        }
        buffered += `${cells.join(mark)}\r\n`;
        rows += 1;
        if (buffered.length > 64 * 1024) await flush();
      }
      break;
    }
    await flush();
  } finally {
    out.end();
    await closed;
  }
  return rows;
}
