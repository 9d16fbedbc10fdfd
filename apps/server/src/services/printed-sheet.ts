import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SignerLines } from './pdf-table.js';

type Style = Partial<ExcelJS.Style>;

/**
 * A printout's workbook (the Anggaran Kas, the recap by sumber dana): one sheet streamed into
 * `output`, A4 landscape one page wide, its first rows (and columns) frozen, rows added with a
 * style per cell, closed by the signature block.
 */
export function printedSheet(
  output: Writable,
  name: string,
  { widths, ySplit, xSplit = 0 }: { widths: readonly number[]; ySplit: number; xSplit?: number },
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit, xSplit }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1 },
  });
  sheet.columns = widths.map((width) => ({ width }));
  const add = (values: ExcelJS.CellValue[], styles: (Style | undefined)[] = []) => {
    const row = sheet.addRow(values);
    row.eachCell((cell, column) => {
      const style = styles[column - 1];
      if (style) cell.style = style;
    });
    row.commit();
  };
  return {
    add,
    /** The signature block below a blank row, then the workbook written whole. */
    async close(signer: SignerLines): Promise<void> {
      add([]);
      for (const line of [signer.placeAndDate, signer.position, '', '', signer.name, signer.nip]) {
        add(['', line]);
      }
      sheet.commit();
      await workbook.commit();
    },
  };
}
