import { type BudgetLine, formatNumberId, formatRupiah, messagesId, sumRupiah } from '@ranwal/core';
import { SANDBOX_YEAR } from '@ranwal/core/demo';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  createSandboxClient,
  demoSeed,
  emptySeed,
  httpError,
  type SandboxClientOptions,
} from '../../testing/sandbox-client.js';
import { findOptions, withSandboxClient } from '../management/story-helpers.js';
import { ConnectedBudgetOverview } from './ConnectedBudgetOverview.js';
import {
  chooseYear,
  overview,
  tableRows,
  budgetText as text,
  tile,
  yearPicker,
} from './story-helpers.js';

const meta = {
  title: 'Screens/Dashboard/ConnectedBudgetOverview',
  component: ConnectedBudgetOverview,
  decorators: [withSandboxClient],
  args: { initialYear: 2025 },
} satisfies Meta<typeof ConnectedBudgetOverview>;
export default meta;
type Story = StoryObj<typeof meta>;

const sandbox = (options: SandboxClientOptions) => ({ sandbox: options });

/** A year's lines as the Laporan list serves them: what the summary must add up. */
async function linesOf(year: number): Promise<BudgetLine[]> {
  const client = createSandboxClient({ seed: demoSeed });
  const { data, filter } = await client.budgetLine.list({ year, limit: 100 });
  if (filter.total_page !== 1) throw new Error('the demo year has more lines than one page');
  return data;
}

const total = (lines: BudgetLine[], field: 'total_price' | 'tax' | 'total_after_tax') =>
  sumRupiah(lines.map((line) => line[field]));

/** The table a person should see for these lines: per programme, largest first, then the total. */
function expectedRows(lines: BudgetLine[]): string[][] {
  const byProgram = new Map<string, BudgetLine[]>();
  for (const line of lines) {
    byProgram.set(line.program_name, [...(byProgram.get(line.program_name) ?? []), line]);
  }
  const programs = [...byProgram]
    .map(([name, own]) => ({ name, own, after: total(own, 'total_after_tax') }))
    .sort((a, b) => b.after - a.after);
  const row = (name: string, own: BudgetLine[]) => [
    name,
    formatNumberId(own.length),
    formatRupiah(total(own, 'total_price')),
    formatRupiah(total(own, 'tax')),
    formatRupiah(total(own, 'total_after_tax')),
  ];
  const c = text.columns;
  return [
    [c.program, c.lineCount, c.totalPrice, c.tax, c.totalAfterTax],
    ...programs.map(({ name, own }) => row(name, own)),
    row(text.total, lines),
  ];
}

/** The demo's 2025 lines, added up: tiles, then one row per programme and the total. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const lines = await linesOf(2025);
    const region = await overview(canvas, 2025);
    await waitFor(() => expect(within(region).queryByRole('status')).toBeNull());
    const programs = new Set(lines.map((line) => line.program_id)).size;
    await expect(tile(region, text.lineCount)).toEqual([
      formatNumberId(lines.length),
      text.lineCountHint(programs),
    ]);
    await expect(tile(region, text.totalPrice)).toEqual([
      formatRupiah(total(lines, 'total_price')),
      text.totalPriceHint,
    ]);
    await expect(tile(region, text.totalAfterTax)).toEqual([
      formatRupiah(total(lines, 'total_after_tax')),
      text.taxIncluded(formatRupiah(total(lines, 'tax'))),
    ]);
    await expect(tableRows(region)).toEqual(expectedRows(lines));
  },
};

/** Choosing another year in the picker shows that year's figures. */
export const ChooseYear: Story = {
  play: async ({ canvas, userEvent }) => {
    const lines = await linesOf(2026);
    const region = await overview(canvas, 2025);
    await waitFor(() => expect(within(region).queryByRole('status')).toBeNull());
    await chooseYear(region, 2026, userEvent);
    await expect(await overview(canvas, 2026)).toBe(region);
    await waitFor(() => expect(tableRows(region)).toEqual(expectedRows(lines)));
    await expect(yearPicker(region)).toHaveTextContent('2026');
  },
};

/**
 * Without a year the overview opens on the server's default budget year, with no stage running
 * the current one (however late a line someone entered), and offers the years that have lines
 * beside it and the server's years (the next one too: a year is set up the year before). The
 * sandbox's current year is `SANDBOX_YEAR` whatever the clock says, so the picture stays.
 */
export const CurrentYear: Story = {
  args: { initialYear: undefined },
  play: async ({ canvas, userEvent }) => {
    const year = SANDBOX_YEAR;
    const region = await overview(canvas, year);
    await expect(yearPicker(region)).toHaveTextContent(String(year));
    await waitFor(() => expect(within(region).queryByRole('status')).toBeNull());
    await userEvent.click(yearPicker(region));
    const listbox = await screen.findByRole('listbox');
    await findOptions(
      listbox,
      [...new Set([year + 1, year, 2026, 2025])].sort((a, b) => b - a).map(String),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

/** No lines at all: the empty text for the current year, which the picker offers with the next. */
export const Empty: Story = {
  args: { initialYear: undefined },
  parameters: sandbox({ seed: emptySeed }),
  play: async ({ canvas, userEvent }) => {
    const year = SANDBOX_YEAR;
    const region = await overview(canvas, year);
    await expect(await within(region).findByText(text.empty(year))).toBeVisible();
    await userEvent.click(yearPicker(region));
    const listbox = await screen.findByRole('listbox');
    await findOptions(listbox, [String(year + 1), String(year)]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

export const Loading: Story = {
  parameters: sandbox({ latencyMs: 60_000 }),
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2025);
    await expect(within(region).getByRole('status')).toHaveTextContent(messagesId.common.loading);
    await expect(region).toHaveAttribute('aria-busy', 'true');
  },
};

/** No message from the server: the overview's own text, and 'Coba lagi' asks again. */
const ErrorStory: Story = {
  parameters: sandbox({ failOn: { 'budgetLine.summary': httpError('unavailable') } }),
  play: async ({ canvas, userEvent, parameters }) => {
    const region = await overview(canvas, 2025);
    // A 503 is retried once, a second later, before the failure shows (createRanwalQueryClient).
    const alert = await within(region).findByRole('alert');
    await expect(alert).toHaveTextContent(text.fetchFailed);
    // The server recovers: the retry shows the figures.
    const { failOn } = (parameters as ReturnType<typeof sandbox>).sandbox;
    delete failOn?.['budgetLine.summary'];
    await userEvent.click(
      within(alert).getByRole('button', { name: messagesId.articles.management.retry }),
    );
    await expect(await within(region).findByRole('table', { name: text.perProgram })).toBeVisible();
    await expect(within(region).queryByRole('alert')).toBeNull();
  },
};

export { ErrorStory as Error };

const user = demoSeed.users.find((candidate) => candidate.role === 'user')!;

/** The call is the admin's: anyone else gets the server's refusal, in its words. */
export const NotAnAdmin: Story = {
  parameters: sandbox({
    currentUser: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      agency_ids: [],
    },
  }),
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2025);
    await expect(await within(region).findByRole('alert')).toHaveTextContent(
      messagesId.server.forbidden,
    );
  },
};
