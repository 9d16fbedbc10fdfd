import { formatRupiah, messagesId, pricedLine } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  demoSeed,
  httpError,
  type SandboxClientOptions,
  type SeedLine,
  type SeedTables,
  withPlanning,
} from '../../testing/sandbox-client.js';
import { bodyRows } from '../../testing/table.js';
import {
  dropStaleAnnouncements,
  pastDebounce,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedPriceAnomalies } from './ConnectedPriceAnomalies.js';

const m = messagesId;
const t = m.planning.anomalies;
const YEAR = 2025;

/** A copy of `line` with other amounts, priced as the server prices them (untaxed here). */
const repriced = (
  line: SeedLine,
  changes: Partial<Pick<SeedLine, 'component_name' | 'price' | 'first_volume'>>,
): SeedLine => {
  const next = { ...line, ...changes, id: crypto.randomUUID() };
  return { ...next, ...pricedLine({ ...next, is_taxed: false }) };
};

/**
 * The demo with its 2025 catalogue, where nothing of the demo's lines is picked from it (the
 * stories' seed keeps lines free-form), plus what a reviewer must find: 'Nasi Kotak Rapat' at
 * three times its catalogue price (saved before the lock), and under one kode rekening five
 * ordinary lines of 2 and 'Lem Aibon' at 5 000.
 */
function anomaliesSeed(): SeedTables {
  const seed = withPlanning(demoSeed);
  const lines = seed.lines as SeedLine[];
  const meal = lines.findIndex((line) => line.component_name === 'Nasi Kotak Rapat');
  lines[meal] = { ...repriced(lines[meal]!, { price: 165_000 }), id: lines[meal]!.id };
  const base = lines.find(
    (line) => line.year === YEAR && line.component_name === 'Kertas HVS A4 80 gram',
  )!;
  for (let i = 1; i <= 5; i++) {
    lines.push(
      repriced(base, { component_name: `Map Snelhecter ${i}`, price: 5_000, first_volume: 2 }),
    );
  }
  lines.push(repriced(base, { component_name: 'Lem Aibon', price: 30_000, first_volume: 5_000 }));
  return seed;
}

const meta = {
  title: 'Screens/Planning/ConnectedPriceAnomalies',
  component: ConnectedPriceAnomalies,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  args: { initialYear: YEAR },
} satisfies Meta<typeof ConnectedPriceAnomalies>;
export default meta;
type Story = StoryObj<typeof meta>;

const sandbox = (options: SandboxClientOptions) => ({ sandbox: options });
const loaded = sandbox({ seed: anomaliesSeed() });
type Canvas = ReturnType<typeof within>;

async function loadedList(canvas: Canvas, year = YEAR) {
  const table = await canvas.findByRole('grid', { name: t.listTitle(year) });
  await waitFor(() => expect(within(table).queryByRole('status')).toBeNull());
  return table;
}
const rowOf = (table: HTMLElement, kind: string, name: string) =>
  bodyRows(table).find(
    (row) => row.textContent?.includes(kind) && within(row).queryByText(name) !== null,
  );

/**
 * The year's findings, costliest first within each kind: the line above its catalogue price with
 * why, 'Lem Aibon''s volume against the median of its kode rekening, and the free-form lines.
 */
export const Findings: Story = {
  parameters: loaded,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const table = await loadedList(canvas);
    const above = rowOf(table, t.kinds.above_catalogue, 'Nasi Kotak Rapat');
    await expect(above).toBeDefined();
    await expect(above!).toHaveTextContent(
      t.reasons.free_form_match('1.1.12.01.03.0012', formatRupiah(55_000)),
    );
    const volume = rowOf(table, t.kinds.volume, 'Lem Aibon');
    await expect(volume).toBeDefined();
    await expect(volume!).toHaveTextContent(
      /Median volume kode rekening ini: [\d.,]+ \(\d+ rincian\)/,
    );
    // The weightiest first: prices above the catalogue, then volumes, then free-form lines.
    const kinds = bodyRows(table).map((row) =>
      Object.values(t.kinds).find((kind) => row.textContent?.includes(kind)),
    );
    await expect(kinds[0]).toBe(t.kinds.above_catalogue);
    await expect(kinds.at(-1)).toBe(t.kinds.free_form);
  },
};

/** The finding kind and a search narrow the list; nothing matching says so. */
export const Filters: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    await userEvent.click(canvas.getByRole('button', { name: (name) => name.includes(t.kind) }));
    await userEvent.click(await screen.findByRole('option', { name: t.kinds.volume }));
    await waitFor(() => {
      const rows = bodyRows(table);
      for (const row of rows) expect(row).toHaveTextContent(t.kinds.volume);
      expect(rowOf(table, t.kinds.volume, 'Lem Aibon')).toBeDefined();
      expect(rowOf(table, t.kinds.free_form, 'Lem Aibon')).toBeUndefined();
    });
    await userEvent.type(canvas.getByRole('searchbox', { name: t.search }), 'tidak ada ini');
    await pastDebounce();
    await expect(await within(table).findByText(t.emptyFiltered)).toBeVisible();
  },
};

/** A year without findings says so. */
export const Empty: Story = {
  parameters: loaded,
  args: { initialYear: 2024 },
  play: async ({ canvas }) => {
    const table = await loadedList(canvas, 2024);
    await expect(within(table).getByText(t.empty(2024))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: sandbox({ seed: anomaliesSeed(), latencyMs: 60_000 }),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: t.listTitle(YEAR) });
    await expect(within(table).getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  parameters: sandbox({
    seed: anomaliesSeed(),
    failOn: { 'priceItem.anomalies': httpError('internal') },
  }),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t.fetchFailed);
  },
};

export { ErrorStory as Error };

/** On a phone the page stacks its filters and the table scrolls within its frame. */
export const Narrow: Story = {
  parameters: loaded,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await loadedList(canvas);
    const heading = canvas.getByRole('heading', { level: 1, name: t.title });
    await expect(heading.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
