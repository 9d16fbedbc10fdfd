import { formatRupiah, messagesId, type PriceItem } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  createSandboxClient,
  demoSeed,
  httpError,
  type SandboxClientOptions,
  withPlanning,
} from '../../testing/sandbox-client.js';
import {
  dropStaleAnnouncements,
  pastDebounce,
  withSandboxClient,
} from '../management/story-helpers.js';
import { CATALOGUE_PAGE_SIZE, ConnectedPriceCatalogue } from './ConnectedPriceCatalogue.js';

const m = messagesId;
const t = m.planning.catalogue;
const YEAR = 2025;
/** The demo with its catalogue of 2025 and 2026. */
const catalogueSeed = withPlanning(demoSeed);

const meta = {
  title: 'Screens/Planning/ConnectedPriceCatalogue',
  component: ConnectedPriceCatalogue,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  args: { initialYear: YEAR },
} satisfies Meta<typeof ConnectedPriceCatalogue>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story names its whole seed: Storybook merges a story's parameters into the meta's
// object by object, which would mix two seeds.
const sandbox = (options: SandboxClientOptions) => ({ sandbox: options });
const loaded = sandbox({ seed: catalogueSeed });
type Canvas = ReturnType<typeof within>;

async function loadedList(canvas: Canvas, year = YEAR) {
  const table = await canvas.findByRole('grid', { name: t.listTitle(year) }, { timeout: 5000 });
  await waitFor(() => expect(within(table).queryByRole('status')).toBeNull());
  return table;
}
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellTexts = (row: HTMLElement) =>
  [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) =>
    (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
/** The toast that says `text` (a toast is named by its title; the text is its description). */
const toast = (text: string) =>
  waitFor(
    () => {
      const found = screen
        .queryAllByRole('alertdialog')
        .find((dialog) => dialog.textContent?.includes(text));
      if (!found) throw new Error(`no toast says "${text}"`);
      return found;
    },
    { timeout: 3000 },
  );

/** The year's items as the API serves them. */
async function itemsOf(query: { kind?: PriceItem['kind'] } = {}) {
  const client = createSandboxClient({ seed: catalogueSeed });
  return (await client.priceItem.list({ year: YEAR, limit: CATALOGUE_PAGE_SIZE, ...query })).data;
}

const expectedCells = (item: PriceItem) => [
  `${item.code}${item.kind}`,
  item.name,
  item.specification,
  item.unit,
  formatRupiah(item.price),
  item.account_codes.length === 0 ? t.anyAccount : item.account_codes.join(''),
  t.openFor(item.name),
];

/** The year's catalogue in code order, and how to load one: the CLI's command, with the year. */
export const Default: Story = {
  parameters: loaded,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(canvas.getByText(t.importCommand(YEAR))).toBeVisible();
    const table = await loadedList(canvas);
    const items = await itemsOf();
    await expect(bodyRows(table).map(cellTexts)).toEqual(items.map(expectedCells));
    for (const row of bodyRows(table)) {
      await expect(within(row).getByRole('checkbox')).not.toBeChecked();
    }
  },
};

/** The toggle marks an item open (lines may go above its price) and back. */
export const MarkOpen: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const [first] = await itemsOf();
    const box = within(table).getByRole('checkbox', { name: t.openFor(first!.name) });
    await userEvent.click(box);
    await expect(await toast(t.opened(first!.name))).toBeVisible();
    await waitFor(() => expect(box).toBeChecked());
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await expect(await toast(t.closed(first!.name))).toBeVisible();
    await waitFor(() => expect(box).not.toBeChecked());
  },
};

/** The kind and the search narrow the list; nothing matching says so. */
export const Filters: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    await userEvent.click(canvas.getByRole('button', { name: (name) => name.includes(t.kind) }));
    await userEvent.click(await screen.findByRole('option', { name: t.kinds.SBU }));
    const sbu = await itemsOf({ kind: 'SBU' });
    await waitFor(() => expect(bodyRows(table).map(cellTexts)).toEqual(sbu.map(expectedCells)));
    await userEvent.type(canvas.getByRole('searchbox', { name: t.search }), 'tidak ada item ini');
    await pastDebounce();
    await expect(await within(table).findByText(t.emptySearch)).toBeVisible();
  },
};

/** A year with no catalogue yet: the empty table names the CLI's command for that year. */
export const Empty: Story = {
  parameters: loaded,
  args: { initialYear: 2024 },
  play: async ({ canvas }) => {
    const table = await loadedList(canvas, 2024);
    await expect(within(table).getByText(t.empty(2024))).toBeVisible();
    await expect(within(table).getByText(t.importCommand(2024))).toBeVisible();
  },
};

/** The server refuses the change: its message, in a toast; the toggle stays as it was. */
export const UpdateRefused: Story = {
  parameters: sandbox({
    seed: catalogueSeed,
    failOn: { 'priceItem.update': httpError('forbidden', m.server.forbidden) },
  }),
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const box = within(table).getAllByRole('checkbox')[0]!;
    await userEvent.click(box);
    await expect(await toast(m.server.forbidden)).toBeVisible();
    await waitFor(() => expect(box).not.toBeChecked());
  },
};

export const Loading: Story = {
  parameters: sandbox({ seed: catalogueSeed, latencyMs: 60_000 }),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: t.listTitle(YEAR) });
    await expect(within(table).getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  parameters: sandbox({ seed: catalogueSeed, failOn: { 'priceItem.list': httpError('internal') } }),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 4000 });
    await expect(alert).toHaveTextContent(t.fetchFailed);
  },
};

export { ErrorStory as Error };
