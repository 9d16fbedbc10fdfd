import { codeAndName, formatRupiah, messagesId, type PaguSummaryRow } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  agenciesSeed,
  createSandboxClient,
  demoSeed,
  emptySeed,
  httpError,
  type SandboxClientOptions,
  type SeedTables,
  withPlanning,
} from '../../testing/sandbox-client.js';
import { withSandboxClient } from '../management/story-helpers.js';
import { ConnectedPaguOverview } from './ConnectedPaguOverview.js';

const m = messagesId;
const t = m.planning.overview;
const amounts = m.planning.amounts;
const YEAR = 2025;

/** The demo's pagu (a little above its lines) with agencies; one programme over its pagu. */
const OVER = 'Penyusunan Dokumen Perencanaan Perangkat Daerah';
const overId = agenciesSeed.entities.sub_action.find((row) => row.name === OVER)?.id ?? '';
const planningSeed = withPlanning(agenciesSeed, {
  pagu: [{ sub_action_id: overId, year: YEAR, amount: 1_000, allow_overrun: true }],
  agencyPagu: [{ agency_id: agenciesSeed.entities.agency[1]!.id, year: YEAR, amount: 50_000_000 }],
});

const meta = {
  title: 'Screens/Dashboard/ConnectedPaguOverview',
  component: ConnectedPaguOverview,
  decorators: [withSandboxClient],
  args: { initialYear: YEAR },
} satisfies Meta<typeof ConnectedPaguOverview>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story names its whole seed: Storybook merges a story's parameters into the meta's
// object by object, which would mix two seeds.
const sandbox = (options: SandboxClientOptions) => ({ sandbox: options });
const planned = sandbox({ seed: planningSeed });
type Canvas = ReturnType<typeof within>;

const panel = (canvas: Canvas, year = YEAR) => canvas.findByRole('region', { name: t.title(year) });
/** A table's rows as the cells a person sees. */
const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()),
  );
const expectedRow = (row: PaguSummaryRow, name: string) => [
  name,
  row.pagu === null ? amounts.noPagu : formatRupiah(row.pagu),
  formatRupiah(row.planned),
  row.remaining === null ? amounts.noLimit : formatRupiah(row.remaining),
];

async function summaryOf(seed: SeedTables) {
  return (await createSandboxClient({ seed }).pagu.summary({ year: YEAR })).data;
}

/**
 * Per Perangkat Daerah (its own pagu where set) and per program, as the API sums them: pagu,
 * planned and sisa, below zero in red.
 */
export const Default: Story = {
  parameters: planned,
  play: async ({ canvas }) => {
    const region = await panel(canvas);
    const summary = await summaryOf(planningSeed);
    const agencyName = (id: string | null) =>
      summary.agencies.find((row) => row.id === id)?.name ?? m.planning.noAgency;
    const perAgency = await within(region).findByRole('table', { name: t.perAgency });
    await expect(rowsOf(perAgency)).toEqual(
      // Named with their codes (issue 33).
      summary.agencies.map((row) =>
        expectedRow(row, row.name ? codeAndName(row.code, row.name) : m.planning.noAgency),
      ),
    );
    const perProgram = within(region).getByRole('table', { name: t.perProgram });
    await expect(rowsOf(perProgram)).toEqual(
      summary.programs.map((row) =>
        expectedRow(row, `${codeAndName(row.code, row.name ?? '')}${agencyName(row.agency_id)}`),
      ),
    );
    const over = summary.programs.find((row) => row.remaining?.startsWith('-'));
    await expect(within(perProgram).getByText(formatRupiah(over!.remaining!))).toHaveClass(
      'text-red-700',
    );
  },
};

/**
 * On a phone each row is a card that fits the screen: the name with its long code
 * ('4.01.0.00.0.00.01.0000') across it, the pagu and the sisa side by side under their headings.
 * At 390 px the table was wider than its card and hid 'Sisa pagu' to the side.
 */
export const Narrow: Story = {
  parameters: planned,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const region = await panel(canvas);
    const perAgency = await within(region).findByRole('table', { name: t.perAgency });
    const perProgram = within(region).getByRole('table', { name: t.perProgram });
    for (const table of [perAgency, perProgram]) {
      const scroller = table.parentElement as HTMLElement;
      await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    }
    // Bappeda's sisa, the last column, is on the screen beside its pagu.
    const bappeda = agenciesSeed.entities.agency[0]!;
    const figures = (await summaryOf(planningSeed)).agencies.find((row) => row.id === bappeda.id);
    const header = within(perAgency).getByRole('rowheader', {
      name: codeAndName(bappeda.code, bappeda.name),
    });
    const row = within(header.closest('tr') as HTMLElement);
    for (const amount of [figures!.pagu!, figures!.remaining!]) {
      const shown = row.getByText(formatRupiah(amount));
      await expect(shown).toBeVisible();
      await expect(shown.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

/** Without Perangkat Daerah: the programmes only. */
export const NoAgencies: Story = {
  parameters: sandbox({ seed: withPlanning(demoSeed) }),
  play: async ({ canvas }) => {
    const region = await panel(canvas);
    const summary = await summaryOf(withPlanning(demoSeed));
    const perProgram = await within(region).findByRole('table', { name: t.perProgram });
    await expect(rowsOf(perProgram)).toEqual(
      summary.programs.map((row) => expectedRow(row, codeAndName(row.code, row.name ?? ''))),
    );
    await expect(within(region).queryByRole('table', { name: t.perAgency })).toBeNull();
  },
};

/** Another year from the picker. */
export const ChooseYear: Story = {
  parameters: planned,
  play: async ({ canvas, userEvent }) => {
    const region = await panel(canvas);
    await within(region).findByRole('table', { name: t.perProgram });
    await userEvent.click(
      within(region).getByRole('button', { name: (name) => name.includes(t.year) }),
    );
    await userEvent.click(await screen.findByRole('option', { name: '2026' }));
    await expect(await panel(canvas, 2026)).toBe(region);
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
  },
};

export const Empty: Story = {
  parameters: sandbox({ seed: emptySeed }),
  play: async ({ canvas }) => {
    const region = await panel(canvas);
    await expect(await within(region).findByText(t.empty(YEAR))).toBeVisible();
    await expect(within(region).getByText(t.emptyHint)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: sandbox({ seed: planningSeed, latencyMs: 60_000 }),
  play: async ({ canvas }) => {
    const region = await panel(canvas);
    await expect(within(region).getByRole('status')).toHaveTextContent(m.common.loading);
    await expect(region).toHaveAttribute('aria-busy', 'true');
  },
};

const ErrorStory: Story = {
  parameters: sandbox({ seed: planningSeed, failOn: { 'pagu.summary': httpError('internal') } }),
  play: async ({ canvas }) => {
    const region = await panel(canvas);
    const alert = await within(region).findByRole('alert');
    await expect(alert).toHaveTextContent(t.fetchFailed);
  },
};

export { ErrorStory as Error };

const user = demoSeed.users.find((candidate) => candidate.role === 'user')!;

/** The call is the admin's: anyone else gets the server's refusal, in its words. */
export const NotAnAdmin: Story = {
  parameters: sandbox({
    seed: planningSeed,
    currentUser: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      agency_ids: [],
    },
  }),
  play: async ({ canvas }) => {
    const region = await panel(canvas);
    await expect(await within(region).findByRole('alert')).toHaveTextContent(m.server.forbidden);
  },
};
