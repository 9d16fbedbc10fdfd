import type { RanwalClient } from '@ranwal/core';
import { calling } from './errors.js';
import { cliText } from './lang.js';

/**
 * The budget year a command works in when `--year` is not given: the server's default, the year
 * whose stage is running, else the current year (what the portal opens on, issue 33).
 */
export async function defaultBudgetYear(client: RanwalClient): Promise<number> {
  const { data } = await calling(cliText().doing.budgetYear, () => client.planning.years());
  return data.default_year;
}
