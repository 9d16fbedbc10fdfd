import { messagesId } from '@ranwal/core';
import { expect, screen, waitFor, within } from 'storybook/test';

/*
 * Story support only (not exported by the package): reading the overview the way a person
 * (or a screen reader) does.
 */

export const budgetText = messagesId.adminDashboard.budget;

type Canvas = ReturnType<typeof within>;

/** The overview, named by its heading ('Ringkasan Anggaran Tahun 2025'). */
export const overview = (canvas: Canvas, year: number) =>
  canvas.findByRole('region', { name: budgetText.title(year) });

/** A stat tile's value and hint, found by its label. */
export function tile(scope: HTMLElement, label: string): string[] {
  const term = within(scope)
    .getAllByRole('term')
    .find((candidate) => candidate.textContent === label);
  if (!term?.parentElement) throw new Error(`no tile labelled "${label}"`);
  return within(term.parentElement)
    .getAllByRole('definition')
    .map((definition) => definition.textContent ?? '');
}

/** The per-programme table's rows as the cells a person sees (narrow screens hide some). */
export function tableRows(scope: HTMLElement): string[][] {
  const table = within(scope).getByRole('table', { name: budgetText.perProgram });
  return [...table.querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')]
      .filter((cell) => cell.checkVisibility())
      .map((cell) => cell.textContent ?? ''),
  );
}

/** The year picker's button (named by its value and its label, e.g. '2025 Tahun'). */
export const yearPicker = (scope: HTMLElement) =>
  within(scope).getByRole('button', { name: new RegExp(budgetText.year) });

/** Opens the year picker and chooses `year` with the pointer. */
export async function chooseYear(
  scope: HTMLElement,
  year: number,
  userEvent: { click(element: Element): Promise<void> },
) {
  await userEvent.click(yearPicker(scope));
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: String(year) }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}
