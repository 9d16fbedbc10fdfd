import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, type within } from 'storybook/test';
import { failureRetried } from '../../testing/failure.js';
import { bodyRows, cellTexts } from '../../testing/table.js';
import { StageComparisonPanel } from './StageComparisonPanel.js';
import { stageComparison, yearStages } from './story-data.js';

const m = messagesId;
const t = m.stages.compare;

const meta = {
  title: 'Screens/Stages/StageComparisonPanel',
  component: StageComparisonPanel,
  args: {
    stages: yearStages,
    from: 'ranwal',
    to: 'rancangan',
    onFromChange: fn(),
    onToChange: fn(),
    comparison: stageComparison,
  },
} satisfies Meta<typeof StageComparisonPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What a figure (a term of a description list) reads. */
const figure = (canvas: ReturnType<typeof within>, term: string) =>
  canvas.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: t.title })).toBeVisible();
    // The totals, the difference below zero as Rupiah writes it.
    await expect(figure(canvas, `${t.total} ${t.from}`)).toBe('Rp 25.000');
    await expect(figure(canvas, `${t.total} ${t.to}`)).toBe('Rp 23.800');
    await expect(figure(canvas, t.difference)).toBe('-Rp 1.200');
    await expect(
      [t.counts.added, t.counts.removed, t.counts.changed].map((term) => figure(canvas, term)),
    ).toEqual(['1', '1', '1']);

    const units = canvas.getByRole('grid', { name: t.units });
    // Named with their codes (issue 33), so two of one name tell apart.
    await expect(cellTexts(bodyRows(units)[0]!)).toEqual([
      '1.01.0.00.0.00.01.0000 - Dinas Pendidikan',
      'Rp 25.000',
      'Rp 23.800',
      '-Rp 1.200',
    ]);
    const subActions = canvas.getByRole('grid', { name: t.subActions });
    await expect(cellTexts(bodyRows(subActions)[0]!)).toEqual([
      '1.01.01.2.01.0001 - Penyediaan Bahan Logistik Kantor',
      'Rp 25.000',
      'Rp 23.800',
      '-Rp 1.200',
    ]);
    // Per sumber dana in code order, the lines naming none last.
    const sources = canvas.getByRole('grid', { name: t.sources });
    await expect(bodyRows(sources).map(cellTexts)).toEqual([
      ['DAU - Dana Alokasi Umum', 'Rp 25.000', 'Rp 0', '-Rp 25.000'],
      ['PAD - Pendapatan Asli Daerah', 'Rp 0', 'Rp 15.000', 'Rp 15.000'],
      [m.funding.line.none, 'Rp 0', 'Rp 8.800', 'Rp 8.800'],
    ]);
    // Each stage's Anggaran Kas, a row per month.
    const months = bodyRows(canvas.getByRole('grid', { name: t.cashPlanMonths }));
    await expect(months.map((row) => cellTexts(row)[0])).toEqual(m.cashPlan.monthNames);
    await expect(months.slice(0, 3).map(cellTexts)).toEqual([
      ['Januari', 'Rp 10.000', 'Rp 10.000', 'Rp 0'],
      ['Februari', 'Rp 15.000', 'Rp 5.000', '-Rp 10.000'],
      ['Maret', 'Rp 0', 'Rp 8.800', 'Rp 8.800'],
    ]);
    const lines = bodyRows(canvas.getByRole('grid', { name: t.lines }));
    await expect(lines.map(cellTexts)).toEqual([
      [
        'Kertas HVS A4',
        '1.01.01.2.01.0001 - Penyediaan Bahan Logistik Kantor',
        'Diubah',
        'Rp 10.000',
        'Rp 15.000',
        'Harga: Rp 1.000 → Rp 1.500Total Harga: Rp 10.000 → Rp 15.000Sumber Dana: DAU - Dana Alokasi Umum → PAD - Pendapatan Asli Daerah',
      ],
      [
        'Tinta Printer',
        '1.01.01.2.01.0001 - Penyediaan Bahan Logistik Kantor',
        'Ditambah',
        '-',
        'Rp 8.800',
        '',
      ],
      [
        'Map Plastik',
        '1.01.01.2.01.0001 - Penyediaan Bahan Logistik Kantor',
        'Dihapus',
        'Rp 15.000',
        '-',
        '',
      ],
    ]);

    // Only entered stages can be compared: Rancangan Akhir has not started.
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(`${t.to}$`) }));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'Rancangan Awal',
      'Rancangan',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Rancangan Awal' }));
    await expect(args.onToChange).toHaveBeenCalledWith('ranwal');
  },
};

/** More changed lines than listed: the sums are over all, the list says how many it shows. */
export const ManyChanges: Story = {
  args: {
    comparison: { ...stageComparison, counts: { added: 40, removed: 30, changed: 80 } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.linesShown(3, 150))).toBeVisible();
  },
};

/** Nothing changed between the two stages. */
export const NoChanges: Story = {
  args: {
    comparison: {
      ...stageComparison,
      totals: { from: '25000', to: '25000', difference: '0' },
      counts: { added: 0, removed: 0, changed: 0 },
      lines: [],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.noLines)).toBeVisible();
  },
};

/** Only one stage has started: nothing to compare yet. */
export const NotEnough: Story = {
  args: { stages: yearStages.slice(0, 1), from: null, to: null, comparison: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.notEnough)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: new RegExp(`${t.from}$`) })).toBeNull();
  },
};

export const Loading: Story = {
  args: { comparison: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  args: { comparison: undefined, error: t.fetchFailed, onRetry: fn() },
  play: failureRetried(t.fetchFailed),
};

export { ErrorStory as Error };

/** 'Unduh Excel' once the figures are shown. */
export const Downloadable: Story = {
  args: { onDownload: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: messagesId.stages.compare.workbook.button }),
    );
    await expect(args.onDownload).toHaveBeenCalledOnce();
  },
};
