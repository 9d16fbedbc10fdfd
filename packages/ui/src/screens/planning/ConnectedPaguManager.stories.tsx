import { formatRupiah, messagesId, type PaguRow } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { whenFocusIsBack } from '../../testing/focus.js';
import {
  agenciesSeed,
  createSandboxClient,
  demoSeed,
  emptySeed,
  httpError,
  type SandboxClientOptions,
  type SeedPagu,
  type SeedTables,
  withPlanning,
} from '../../testing/sandbox-client.js';
import { bodyRows, cellTextsAsRead as cellTexts } from '../../testing/table.js';
import {
  dropStaleAnnouncements,
  findToast,
  pastDebounce,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedPaguManager, PAGU_PAGE_SIZE } from './ConnectedPaguManager.js';
import { codeName } from './PaguManager.js';

const m = messagesId;
const t = m.planning.pagu;
const amounts = m.planning.amounts;
const YEAR = 2025;

/** The sub kegiatan whose lines an admin let go over its pagu, for a reason. */
const OVERRUN = 'Penyusunan Dokumen Perencanaan Perangkat Daerah';
const REASON = 'Perubahan harga BBM, nota dinas 12/2025';
const overrunId = agenciesSeed.entities.sub_action.find((row) => row.name === OVERRUN)?.id ?? '';
const overrun: SeedPagu & { overrun_reason: string } = {
  sub_action_id: overrunId,
  year: YEAR,
  amount: 1_000,
  allow_overrun: true,
  overrun_reason: REASON,
};
/** The demo with agencies, its catalogue and pagu, and one sub kegiatan over its pagu. */
const planningSeed: SeedTables = withPlanning(agenciesSeed, { pagu: [overrun] });

const meta = {
  title: 'Screens/Planning/ConnectedPaguManager',
  component: ConnectedPaguManager,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  args: { initialYear: YEAR },
} satisfies Meta<typeof ConnectedPaguManager>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story names its whole seed: Storybook merges a story's parameters into the meta's
// object by object, which would mix two seeds.
const sandbox = (options: SandboxClientOptions) => ({ sandbox: options });
const planned = sandbox({ seed: planningSeed });
type Canvas = ReturnType<typeof within>;

/** The year's list, once its rows have arrived. */
async function loadedList(canvas: Canvas, year = YEAR) {
  const table = await canvas.findByRole('grid', { name: t.listTitle(year) });
  await waitFor(() => expect(within(table).queryByRole('status')).toBeNull());
  return table;
}
const rowOf = (table: HTMLElement, name: string) =>
  within(table).findByRole('row', { name: (rowName) => rowName.includes(name) });

/** The first page as the API serves it (a client of its own on the same seed). */
async function firstPage(seed: SeedTables) {
  const client = createSandboxClient({ seed });
  return client.pagu.list({ year: YEAR, page: 1, limit: PAGU_PAGE_SIZE });
}

/** What a row of the table should read. */
const expectedCells = (row: PaguRow, showAgency: boolean) => [
  `${codeName(row.sub_action_code, row.sub_action_name)}${t.actionOf(row.action_name)}${
    row.allow_overrun ? `${t.overrunAllowed} ${t.overrunReason(row.overrun_reason)}` : ''
  }`,
  row.program_name,
  ...(showAgency ? [row.agency_name ?? m.planning.noAgency] : []),
  row.pagu === null ? amounts.noPagu : formatRupiah(row.pagu),
  formatRupiah(row.planned),
  row.remaining === null ? amounts.noLimit : formatRupiah(row.remaining),
  t.set,
];

/**
 * The year's sub kegiatan in the server's order, each with its Program and Perangkat Daerah,
 * pagu, what is planned and the sisa; one is over its pagu, allowed, with its reason: its sisa
 * reads red with a minus.
 */
export const Default: Story = {
  parameters: planned,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const table = await loadedList(canvas);
    const { data, filter } = await firstPage(planningSeed);
    await expect(bodyRows(table).map(cellTexts)).toEqual(
      data.map((row) => expectedCells(row, true)),
    );
    const over = data.find((row) => row.sub_action_id === overrunId);
    await expect(over?.remaining?.startsWith('-')).toBe(true);
    const red = within(await rowOf(table, OVERRUN)).getByText(formatRupiah(over?.remaining ?? '0'));
    await expect(red).toHaveClass('text-red-700');
    if (filter.total_page > 1) {
      await expect(
        canvas.getByText(m.pagination.showingRange(1, PAGU_PAGE_SIZE, filter.filtered_result)),
      ).toBeVisible();
    }
    // Where agencies exist, their own pagu below.
    await expect(await canvas.findByRole('grid', { name: t.agencyTitle(YEAR) })).toBeVisible();
  },
};

/**
 * 'Atur Pagu': typed the Indonesian way; 'Izinkan melebihi pagu' asks for its reason before it
 * saves; the row then reads the new pagu, the reason and a sisa below zero in red.
 */
export const SetPagu: Story = {
  parameters: planned,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const { data } = await firstPage(planningSeed);
    const target = data.find((row) => row.planned !== '0' && row.sub_action_id !== overrunId)!;
    const name = codeName(target.sub_action_code, target.sub_action_name);
    await userEvent.click(
      within(await rowOf(table, name)).getByRole('button', { name: t.setFor(name) }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    await expect(within(dialog).getByText(name)).toBeVisible();
    const amount = within(dialog).getByRole('textbox', { name: t.amount });
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.000');
    await expect(amount).toHaveAccessibleDescription('Rp 1.000');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.allowOverrun }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    const reason = within(dialog).getByRole('textbox', { name: t.reason });
    await expect(reason).toHaveAccessibleDescription(t.reasonRequired);
    await expect(reason).toHaveFocus();
    await userEvent.type(reason, REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await findToast(t.saved)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const remaining = (1_000n - BigInt(target.planned)).toString();
    await waitFor(async () =>
      expect(cellTexts(await rowOf(table, name))).toEqual(
        expectedCells(
          {
            ...target,
            pagu: '1000',
            remaining,
            allow_overrun: true,
            overrun_reason: REASON,
          },
          true,
        ),
      ),
    );
  },
};

/** An amount that has no single reading ('2,500,000') is refused, naming the field; nothing saves. */
export const InvalidAmount: Story = {
  parameters: planned,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const first = bodyRows(table)[0]!;
    await userEvent.click(
      within(first).getByRole('button', { name: (name) => name.startsWith(t.set) }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    const amount = within(dialog).getByRole('textbox', { name: t.amount });
    await userEvent.clear(amount);
    await userEvent.type(amount, '2,500,000');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(m.numberInput.commaGrouping),
    );
    await expect(screen.getByRole('dialog', { name: t.dialogTitle })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The search (code or name) narrows the list on the server. */
export const Search: Story = {
  parameters: planned,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    await userEvent.type(canvas.getByRole('searchbox', { name: t.search }), 'evaluasi');
    await pastDebounce();
    await waitFor(() =>
      expect(bodyRows(table).every((row) => /evaluasi/i.test(cellTexts(row)[0] ?? ''))).toBe(true),
    );
    await expect(bodyRows(table).length).toBeGreaterThan(0);
  },
};

/** Choosing a Perangkat Daerah shows its sub kegiatan only. */
export const FilterByAgency: Story = {
  parameters: planned,
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const agency = canvas.getByRole('combobox', { name: t.agency });
    await userEvent.clear(agency);
    await userEvent.type(agency, 'DINAS');
    await userEvent.click(await screen.findByRole('option', { name: 'DINAS PENDIDIKAN' }));
    // Dinas Pendidikan holds no programme yet.
    await expect(await within(table).findByText(t.empty)).toBeVisible();
    await userEvent.clear(agency);
    await userEvent.type(agency, 'BADAN');
    await userEvent.click(
      await screen.findByRole('option', {
        name: '4.01.0.00.0.00.01.0000 - BADAN PERENCANAAN PEMBANGUNAN DAERAH',
      }),
    );
    await waitFor(() =>
      expect(
        bodyRows(table).every(
          (row) => cellTexts(row)[2] === 'BADAN PERENCANAAN PEMBANGUNAN DAERAH',
        ),
      ).toBe(true),
    );
  },
};

/** A Perangkat Daerah's own pagu, set below the list (from blank: it had none). */
export const SetAgencyPagu: Story = {
  parameters: planned,
  play: async ({ canvas, userEvent }) => {
    const section = await canvas.findByRole('grid', { name: t.agencyTitle(YEAR) });
    const row = await within(section).findByRole('row', {
      name: (name) => name.includes('DINAS PENDIDIKAN'),
    });
    await waitFor(() => expect(cellTexts(row)[1]).toBe(amounts.noPagu));
    await userEvent.click(within(row).getByRole('button', { name: t.setFor('DINAS PENDIDIKAN') }));
    const dialog = await screen.findByRole('dialog', { name: t.agencyDialogTitle });
    await expect(within(dialog).queryByRole('checkbox')).toBeNull();
    // No pagu yet: the field starts blank, and saving it blank says it is required.
    const amount = within(dialog).getByRole('textbox', { name: t.amount });
    await expect(amount).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(m.numberInput.required),
    );
    await userEvent.type(amount, '5.000.000');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await findToast(t.agencySaved)).toBeVisible();
    await waitFor(() =>
      expect(cellTexts(row)).toEqual([
        'DINAS PENDIDIKAN',
        'Rp 5.000.000',
        'Rp 0',
        'Rp 5.000.000',
        t.set,
      ]),
    );
    await whenFocusIsBack(within(row).getByRole('button', { name: t.setFor('DINAS PENDIDIKAN') }));
  },
};

/** Without Perangkat Daerah: no agency column, filter or section. */
export const NoAgencies: Story = {
  parameters: sandbox({ seed: withPlanning(demoSeed) }),
  play: async ({ canvas }) => {
    const table = await loadedList(canvas);
    const { data } = await firstPage(withPlanning(demoSeed));
    await expect(bodyRows(table).map(cellTexts)).toEqual(
      data.map((row) => expectedCells(row, false)),
    );
    await expect(within(table).queryByRole('columnheader', { name: t.columns.agency })).toBeNull();
    await expect(canvas.queryByRole('combobox', { name: t.agency })).toBeNull();
    await expect(canvas.queryByRole('grid', { name: t.agencyTitle(YEAR) })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: sandbox({ seed: emptySeed }),
  play: async ({ canvas }) => {
    const table = await loadedList(canvas);
    await expect(within(table).getByText(t.empty)).toBeVisible();
    await expect(within(table).getByText(t.emptyHint)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: sandbox({ seed: planningSeed, latencyMs: 60_000 }),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: t.listTitle(YEAR) });
    await expect(within(table).getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  parameters: sandbox({ seed: planningSeed, failOn: { 'pagu.list': httpError('internal') } }),
  play: async ({ canvas }) => {
    // A 5xx is retried once, a second later, before the failure shows.
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t.fetchFailed);
    await expect(
      within(alert).getByRole('button', { name: m.articles.management.retry }),
    ).toBeVisible();
  },
};

export { ErrorStory as Error };
