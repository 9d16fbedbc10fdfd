import { expect, within } from 'storybook/test';

const cellsOf = (row: HTMLElement) => [
  ...row.querySelectorAll('[role="rowheader"], [role="gridcell"]'),
];

/** A table row's cells (row headers and grid cells), in the order they show, as their text. */
export const cellTexts = (row: HTMLElement) => cellsOf(row).map((cell) => cell.textContent);

/**
 * The same as a person reads them: runs of white space as one, none at the ends (cells that put
 * a name and a hint on two lines).
 */
export const cellTextsAsRead = (row: HTMLElement) =>
  cellsOf(row).map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim());

/** An admin page's table: the page's heading (level 1) is shown, and its grid named `name`. */
export async function pageTable(
  canvas: Pick<ReturnType<typeof within>, 'getByRole'>,
  title: string,
  name: string,
) {
  await expect(canvas.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return canvas.getByRole('grid', { name });
}

/** A table's rows below its header row. */
export const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
