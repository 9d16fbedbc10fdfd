import { formatRupiah, groupNumberInput, messagesId, type PriceItem } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  createSandboxClient,
  demoSeed,
  httpError,
  type SandboxClientOptions,
  withPlanning,
} from '../../testing/sandbox-client.js';
import { bodyRows, cellTextsAsRead as cellTexts } from '../../testing/table.js';
import { setViewport } from '../../testing/viewport.js';
import {
  dropStaleAnnouncements,
  findDialog,
  findToast,
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
  const table = await canvas.findByRole('grid', { name: t.listTitle(year) });
  await waitFor(() => expect(within(table).queryByRole('status')).toBeNull());
  return table;
}

/** The year's items as the API serves them (retired ones too, as the page lists them). */
async function itemsOf(query: { kind?: PriceItem['kind'] } = {}) {
  const client = createSandboxClient({ seed: catalogueSeed });
  return (
    await client.priceItem.list({
      year: YEAR,
      limit: CATALOGUE_PAGE_SIZE,
      status: 'all',
      ...query,
    })
  ).data;
}

const expectedCells = (item: PriceItem) => [
  `${item.code}${item.kind}${item.retired ? ` ${t.statuses.retired}` : ''}`,
  item.name,
  item.specification,
  item.unit,
  formatRupiah(item.price),
  item.account_codes.length === 0 ? t.anyAccount : item.account_codes.join(''),
  t.openFor(item.name),
  `${m.common.edit}${item.retired ? t.restore : t.retire}`,
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
    await expect(await findToast(t.opened(first!.name))).toBeVisible();
    await waitFor(() => expect(box).toBeChecked());
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await expect(await findToast(t.closed(first!.name))).toBeVisible();
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
    await expect(await findToast(m.server.forbidden)).toBeVisible();
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
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t.fetchFailed);
  },
};

export { ErrorStory as Error };

// --- Items added, edited and retired in the browser (issue 33) -------------------------------

const f = t.fields;
/** The row of the item named `name`, once the list shows it. */
const rowOf = async (table: HTMLElement, name: string) =>
  waitFor(() => {
    const row = bodyRows(table).find((found) => cellTexts(found)[1] === name);
    if (!row) throw new Error(`no row for ${name}`);
    return row;
  });
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: label });

/** 'Tambah Item': the item is saved for the year and listed, active, with its kode rekening. */
export const AddItem: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    const dialog = await findDialog(t.addTitle(YEAR));
    await userEvent.type(field(dialog, f.code), '1.1.7.01.03.02.001.00002');
    await userEvent.type(field(dialog, f.name), 'Map Plastik');
    await userEvent.type(field(dialog, f.specification), 'Folio, bening');
    await userEvent.type(field(dialog, f.unit), 'Buah');
    await userEvent.type(field(dialog, f.price), '4500');
    await userEvent.type(field(dialog, f.accounts), '5.1.02.01.01.0024, 5.1.02.01.01.0025');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await findToast(t.created('Map Plastik'))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await rowOf(table, 'Map Plastik');
    await expect(cellTexts(row)).toEqual([
      '1.1.7.01.03.02.001.00002SSH',
      'Map Plastik',
      'Folio, bening',
      'Buah',
      formatRupiah(4500),
      '5.1.02.01.01.00245.1.02.01.01.0025',
      t.openFor('Map Plastik'),
      `${m.common.edit}${t.retire}`,
    ]);
  },
};

/** 'Edit' opens the item's values; a new price and name are saved and listed. */
export const EditItem: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const [first] = await itemsOf();
    await userEvent.click(within(table).getByRole('button', { name: t.editFor(first!.name) }));
    const dialog = await findDialog(t.editTitle(YEAR));
    await expect(field(dialog, f.code)).toHaveValue(first!.code);
    await expect(field(dialog, f.price)).toHaveValue(
      groupNumberInput(String(first!.price), { decimals: 0 }),
    );
    await userEvent.clear(field(dialog, f.name));
    await userEvent.type(field(dialog, f.name), 'Nasi Kotak Rapat Dinas');
    await userEvent.clear(field(dialog, f.price));
    await userEvent.type(field(dialog, f.price), '47.500');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await findToast(t.saved('Nasi Kotak Rapat Dinas'))).toBeVisible();
    const row = await rowOf(table, 'Nasi Kotak Rapat Dinas');
    await expect(cellTexts(row)[4]).toBe(formatRupiah(47_500));
  },
};

/** 'Nonaktifkan' retires an item: marked Nonaktif, gone from the active list; 'Aktifkan' back. */
export const RetireItem: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const [first] = await itemsOf();
    await userEvent.click(within(table).getByRole('button', { name: t.retireFor(first!.name) }));
    await expect(await findToast(t.retiredToast(first!.name))).toBeVisible();
    const row = await rowOf(table, first!.name);
    await waitFor(() =>
      expect(cellTexts(row)[0]).toBe(`${first!.code}${first!.kind} ${t.statuses.retired}`),
    );
    await expect(
      within(row).getByRole('button', { name: t.restoreFor(first!.name) }),
    ).toBeVisible();

    // Only the active items: what the line form is offered.
    await userEvent.click(canvas.getByRole('button', { name: (name) => name.includes(t.status) }));
    await userEvent.click(await screen.findByRole('option', { name: t.statuses.active }));
    await waitFor(() =>
      expect(bodyRows(table).map((found) => cellTexts(found)[1])).not.toContain(first!.name),
    );
    await userEvent.click(canvas.getByRole('button', { name: (name) => name.includes(t.status) }));
    await userEvent.click(await screen.findByRole('option', { name: t.statuses.retired }));
    const retired = await rowOf(table, first!.name);
    await userEvent.click(within(retired).getByRole('button', { name: t.restoreFor(first!.name) }));
    await expect(await findToast(t.restoredToast(first!.name))).toBeVisible();
    await expect(await within(table).findByText(t.emptySearch)).toBeVisible();
  },
};

/** What the import refuses, the dialog says on the field before anything is sent. */
export const AddInvalid: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    await loadedList(canvas);
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    const dialog = await findDialog(t.addTitle(YEAR));
    await userEvent.type(field(dialog, f.price), '0');
    await userEvent.type(field(dialog, f.accounts), '5.1 02');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(field(dialog, f.code)).toHaveAccessibleDescription(
      m.server.validation(f.code, 'wajib diisi'),
    );
    await expect(field(dialog, f.code)).toHaveFocus();
    // The amount as read ('Rp 0'), then what is wrong with it.
    await expect(field(dialog, f.price)).toHaveAccessibleDescription(
      expect.stringContaining(m.server.validation(f.price, 'harus lebih dari 0')),
    );
    await expect(field(dialog, f.accounts)).toHaveAccessibleDescription(
      expect.stringContaining(m.server.validation(f.accounts, '5.1 02: hanya angka/huruf')),
    );
    // Still open, nothing saved.
    await expect(dialog).toBeVisible();
  },
};

/** A code the year already has: the server's refusal lands on Kode, the dialog stays. */
export const AddDuplicateCode: Story = {
  parameters: loaded,
  play: async ({ canvas, userEvent }) => {
    await loadedList(canvas);
    const [first] = await itemsOf();
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    const dialog = await findDialog(t.addTitle(YEAR));
    await userEvent.type(field(dialog, f.code), first!.code);
    await userEvent.type(field(dialog, f.name), 'Nama Lain');
    await userEvent.type(field(dialog, f.unit), 'Kotak');
    await userEvent.type(field(dialog, f.price), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(field(dialog, f.code)).toHaveAccessibleDescription(
        m.server.validation(f.code, m.server.priceItemCodeTaken(first!.code, YEAR)),
      ),
    );
    await expect(dialog).toBeVisible();
  },
};

/** How many lines `element`'s text takes on screen. */
const linesOf = (element: Element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
};

/**
 * A kode rekening reads whole: never broken inside (5.1.02.01.01.00|24) on a 1366 px screen; on a
 * 390 px phone each row is a card and the codes stay whole and on the screen.
 */
export const AccountCodesWhole: Story = {
  parameters: loaded,
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    const sizes = [
      [1366, 768],
      [390, 844],
    ] as const;
    try {
      for (const [width, height] of sizes) {
        // In Storybook (no test runner) the window keeps the size the person gave it.
        const resized = await setViewport(width, height);
        const table = await loadedList(canvas);
        const codes = [...table.querySelectorAll('li')].filter((li) =>
          /^\d+(\.\d+)+$/.test(li.textContent ?? ''),
        );
        await expect(codes.length).toBeGreaterThan(0);
        for (const code of codes) {
          const shown = resized ? width : window.innerWidth;
          await expect({ width: shown, code: code.textContent, lines: linesOf(code) }).toEqual({
            width: shown,
            code: code.textContent,
            lines: 1,
          });
          await expect(code.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
        }
        if (!resized) break;
      }
    } finally {
      await setViewport(...before);
    }
  },
};
