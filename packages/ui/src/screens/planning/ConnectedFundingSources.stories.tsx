import { type FundingSource, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { createSandboxClient, demoSeed } from '../../testing/sandbox-client.js';
import { bodyRows, cellTextsAsRead as cellTexts } from '../../testing/table.js';
import { setViewport } from '../../testing/viewport.js';
import {
  dropStaleAnnouncements,
  findDialog,
  findToast,
  pastDebounce,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedFundingSources, FUNDING_SOURCE_PAGE_SIZE } from './ConnectedFundingSources.js';
import { fundingYearsText } from './FundingSources.js';

const m = messagesId;
const t = m.funding;

const meta = {
  title: 'Screens/Planning/ConnectedFundingSources',
  component: ConnectedFundingSources,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: demoSeed } },
} satisfies Meta<typeof ConnectedFundingSources>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

async function loadedList(canvas: Canvas) {
  const table = await canvas.findByRole('grid', { name: t.listTitle });
  await waitFor(() => expect(within(table).queryByRole('status')).toBeNull());
  return table;
}

/** The sources as the API serves them to the page. */
async function sourcesOf(query: { funding_group?: FundingSource['funding_group'] } = {}) {
  const client = createSandboxClient({ seed: demoSeed });
  return (await client.fundingSource.list({ limit: FUNDING_SOURCE_PAGE_SIZE, ...query })).data;
}
const expectedCells = (source: FundingSource) => [
  source.code,
  `${source.name}${source.in_use ? t.inUse : ''}`,
  t.groups[source.funding_group],
  fundingYearsText(source, m),
  `${m.common.edit}${m.common.delete}`,
];

/** The region's sources in code order, with their kelompok and years; how to load a sheet. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(canvas.getByText(t.importCommand)).toBeVisible();
    const table = await loadedList(canvas);
    const sources = await sourcesOf();
    await expect(sources.map((source) => source.code)).toContain('DAK-FISIK');
    await expect(bodyRows(table).map(cellTexts)).toEqual(sources.map(expectedCells));
  },
};

/** The kelompok narrows the list; a search on code or name within it. */
export const Narrow: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    const shown = (expected: unknown) =>
      waitFor(() => expect(bodyRows(table).map(cellTexts)).toEqual(expected));
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(t.group) }));
    await userEvent.click(await screen.findByRole('option', { name: t.groups.financing }));
    const financing = await sourcesOf({ funding_group: 'financing' });
    await shown(financing.map(expectedCells));
    const search = canvas.getByRole('searchbox', { name: t.search });
    await userEvent.type(search, 'pinjaman');
    await pastDebounce();
    await shown(financing.filter((source) => source.code === 'PINJAMAN').map(expectedCells));
    await userEvent.clear(search);
    await userEvent.type(search, 'tidak ada');
    await pastDebounce();
    await expect(await canvas.findByText(t.emptySearch)).toBeVisible();
  },
};

/**
 * 'Tambah Sumber Dana': an empty form names each required field; a year typed backwards is
 * named; a saved source shows in the list with its years, and a toast says so.
 */
export const AddSource: Story = {
  play: async ({ canvas, userEvent }) => {
    await loadedList(canvas);
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    const dialog = await findDialog(t.addTitle);
    const save = within(dialog).getByRole('button', { name: m.common.save });
    await userEvent.click(save);
    await expect(
      await within(dialog).findByText(m.server.validation(t.fields.code, 'wajib diisi')),
    ).toBeVisible();
    await expect(
      within(dialog).getByText(m.server.validation(t.fields.name, 'wajib diisi')),
    ).toBeVisible();

    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.code }), 'DBH-CHT');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.fields.name }),
      'DBH Cukai Hasil Tembakau',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.fields.activeFrom }),
      '2027',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.activeTo }), '2026');
    await userEvent.click(save);
    await expect(
      await within(dialog).findByText(
        m.server.validation(t.fields.activeTo, 'tidak boleh sebelum tahun mulai berlaku'),
      ),
    ).toBeVisible();
    const until = within(dialog).getByRole('textbox', { name: t.fields.activeTo });
    await userEvent.clear(until);
    await userEvent.type(until, '2030');
    await userEvent.click(save);
    await expect(await findToast(t.created('DBH Cukai Hasil Tembakau'))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.addTitle })).toBeNull());
    const table = await loadedList(canvas);
    const row = await within(table).findByRole('row', { name: /DBH Cukai Hasil Tembakau/ });
    await expect(cellTexts(row)).toEqual([
      'DBH-CHT',
      'DBH Cukai Hasil Tembakau',
      t.groups.transfer,
      t.years.between(2027, 2030),
      `${m.common.edit}${m.common.delete}`,
    ]);
  },
};

/** A code another source has is refused by the server, on the code field; the dialog stays. */
export const CodeTaken: Story = {
  play: async ({ canvas, userEvent }) => {
    await loadedList(canvas);
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    const dialog = await findDialog(t.addTitle);
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.code }), 'DAU');
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.name }), 'Lagi');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(
      await within(dialog).findByText(
        m.server.validation(t.fields.code, m.server.fundingSourceCodeTaken('DAU')),
      ),
    ).toBeVisible();
  },
};

/** 'Edit' retires a source by its last year; 'Hapus' asks, then removes an unused one. */
export const RetireAndDelete: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = await loadedList(canvas);
    await userEvent.click(
      within(table).getByRole('button', { name: t.editFor('Pinjaman Daerah') }),
    );
    const dialog = await findDialog(t.editTitle);
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.activeTo }), '2025');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await findToast(t.saved('Pinjaman Daerah'))).toBeVisible();
    const retired = await within(table).findByRole('row', { name: /Pinjaman Daerah/ });
    await waitFor(() => expect(cellTexts(retired)[3]).toBe(t.years.until(2025)));

    await userEvent.click(within(retired).getByRole('button', { name: m.common.delete }));
    const question = await screen.findByRole('alertdialog', {
      name: m.common.confirmDelete.title,
    });
    await expect(within(question).getByText(t.deleteQuestion('Pinjaman Daerah'))).toBeVisible();
    await userEvent.click(
      within(question).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await expect(await findToast(t.deleted('Pinjaman Daerah'))).toBeVisible();
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /Pinjaman Daerah/ })).toBeNull(),
    );
  },
};

/** On a 390 px phone each source is a card that stays on the screen, its buttons reachable. */
export const Phone: Story = {
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      const table = await loadedList(canvas);
      const rows = bodyRows(table);
      await expect(rows.length).toBeGreaterThan(5);
      if (resized) {
        for (const row of rows) {
          await expect(row.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
        }
      }
      await expect(canvas.getByRole('button', { name: t.add })).toBeVisible();
    } finally {
      await setViewport(...before);
    }
  },
};
