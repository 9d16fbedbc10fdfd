import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvCellText } from './csv.js';

/** A cell's text as a CSV reader gives it: its double quotes undone. */
const unquoted = (cell: string) =>
  cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","klik")', `"'=HYPERLINK(""http://x"",""klik"")"`],
    ['+62 812', `"'+62 812"`],
    ['-1+1', `"'-1+1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ["'=1", `"''=1"`],
    // Text no spreadsheet runs, and plain numbers written as text, as they are.
    ['Belanja ATK', 'Belanja ATK'],
    ['5.1.02.01', '5.1.02.01'],
    ['-5', '-5'],
    ['-12.5', '-12.5'],
    ["'kutip", "'kutip"],
    ['a,b', '"a,b"'],
  ])('writes %j as %j', (text, cell) => {
    expect(csvCell(text, ',')).toBe(cell);
  });

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvCell(-1500, ',')).toBe('-1500');
    expect(csvCell(-1500.5, ';', { decimalComma: true })).toBe('-1500,5');
  });

  it('reads back exactly the text it wrote, whatever the text', () => {
    const start = fc.constantFrom('', "'", "''", '=', '+', '-', '@', '\t', '\r', '5', '-5');
    fc.assert(
      fc.property(start, fc.string(), (head, tail) => {
        const text = head + tail;
        const cell = csvCell(text, ';');
        expect(csvCellText(unquoted(cell))).toBe(text);
        // Nothing a spreadsheet would run is left at the start of a text cell.
        expect(/^[=+@\t\r]/.test(unquoted(cell))).toBe(false);
      }),
    );
  });
});
