/**
 * Reading a spreadsheet someone else made (a finance system's export, a catalogue, a pagu list)
 * once it is rows of text cells: where its header row is and which column is which, and dates
 * as such sheets write them. Pure, so the CLI (from a file) and the portal (from a file the
 * person picks in the browser) read a sheet the same way.
 */

/** What a header is compared by: case, spaces, punctuation and accents do not count. */
export const headerKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** How many rows from the top a header may sit (below a title, say). */
export const HEADER_SEARCH_ROWS = 20;

/** A column: the header names sheets give it (compared as `headerKey`), and whether it must be there. */
export type SheetColumns<F extends string> = Record<
  F,
  { names: readonly string[]; required: boolean }
>;

/** A row of a sheet as text cells; `row` is its number as a spreadsheet numbers rows. */
export interface SheetTextRow {
  row: number;
  cells: readonly string[];
}

/** The header row's position among the rows, and where each field's column is. */
export interface SheetHeader<F extends string> {
  position: number;
  index: Partial<Record<F, number>>;
}

/**
 * The header row: the first of the top rows that names every required column (sheets have
 * titles above). Null when none does; `requiredNames` then says what to write.
 */
export function findSheetHeader<F extends string>(
  rows: readonly { cells: readonly string[] }[],
  columns: SheetColumns<F>,
): SheetHeader<F> | null {
  const fields = Object.keys(columns) as F[];
  const namesOf = new Map(
    fields.map((field) => [field, new Set(columns[field].names.map(headerKey))]),
  );
  for (const [position, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const keys = row.cells.map(headerKey);
    const index: Partial<Record<F, number>> = {};
    for (const field of fields) {
      const names = namesOf.get(field)!;
      const found = keys.findIndex((key) => names.has(key));
      if (found !== -1) index[field] = found;
    }
    if (fields.every((field) => !columns[field].required || index[field] !== undefined)) {
      return { position, index };
    }
  }
  return null;
}

/** Each required column's first name: what a sheet without a header row should write. */
export const requiredNames = <F extends string>(columns: SheetColumns<F>): string[] =>
  (Object.keys(columns) as F[])
    .filter((field) => columns[field].required)
    .map((field) => columns[field].names[0]!);

/** A cell's trimmed text under the header's column for `field` ('' when the sheet lacks it). */
export const cellOf = <F extends string>(
  header: SheetHeader<F>,
  row: { cells: readonly string[] },
  field: F,
): string => {
  const at = header.index[field];
  return at === undefined ? '' : (row.cells[at] ?? '').trim();
};

/** The rows below the header that have any text. */
export const rowsBelow = <R extends { cells: readonly string[] }>(
  rows: readonly R[],
  header: SheetHeader<string>,
): R[] =>
  rows.slice(header.position + 1).filter((row) => row.cells.some((cell) => cell.trim() !== ''));

/**
 * A date as finance exports write it: 2027-03-31, 31/03/2027 or 31-03-2027, or a workbook's
 * date cell as its serial number (days since 1899-12-30, Excel's count). Null for anything
 * else, and for days that do not exist (2027-02-30).
 */
export function sheetDate(text: string): string | null {
  if (/^\d{5}$/.test(text)) {
    return new Date(Date.UTC(1899, 11, 30) + Number(text) * 86_400_000).toISOString().slice(0, 10);
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  const parts = iso
    ? [iso[1], iso[2], iso[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]]
      : null;
  if (!parts) return null;
  const [year, month, day] = parts as [string, string, string];
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date
    ? date
    : null;
}
