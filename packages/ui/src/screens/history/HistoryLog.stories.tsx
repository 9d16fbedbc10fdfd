import { formatDateTimeLong, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { HistoryLog } from './HistoryLog.js';
import { historyPageEntries } from './story-data.js';

const m = messagesId;
const h = m.history;

const meta = {
  title: 'Screens/History/HistoryLog',
  component: HistoryLog,
  args: {
    entries: historyPageEntries,
    pagination: { page: 1, totalPages: 3, totalItems: 48, pageSize: 20, onChange: fn() },
  },
} satisfies Meta<typeof HistoryLog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A body row's cells, in the order they show. */
const cellTexts = (row: HTMLElement) =>
  [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map(
    (cell) => cell.textContent,
  );

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: h.title })).toBeVisible();
    const table = canvas.getByRole('grid', { name: h.title });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(historyPageEntries.length);
    // Newest first: Budi's edit of a line, with what it changed.
    await expect(cellTexts(rows[1]!)).toEqual([
      formatDateTimeLong(historyPageEntries[1]!.changed_at),
      'Budi Santoso',
      '10.0.0.7',
      'Rincian BelanjaKertas HVS A4',
      'Diubah',
      'Harga: Rp 1.000 → Rp 1.500Total Harga: Rp 10.000 → Rp 15.000Total Setelah Pajak: Rp 10.000 → Rp 15.000',
    ]);
    // A pagu is named by its amount; a deleted programme by its name, with nothing to list.
    await expect(cellTexts(rows[2]!).slice(3, 5)).toEqual([
      'Pagu Sub KegiatanJumlah Pagu: Rp 250.000.000',
      'Dibuat',
    ]);
    await expect(cellTexts(rows[3]!).slice(3)).toEqual([
      'ProgramProgram Penunjang Urusan',
      'Dihapus',
      '',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: m.pagination.next }));
    await expect(args.pagination?.onChange).toHaveBeenCalledWith(2);
  },
};

/** A change made outside a person's call (the seed, a migration) reads 'Sistem'. */
export const System: Story = {
  args: {
    entries: [{ ...historyPageEntries[0]!, actor_id: null, actor_name: null, address: null }],
    pagination: undefined,
  },
  play: async ({ canvas }) => {
    const [row] = within(canvas.getByRole('grid')).getAllByRole('row').slice(1);
    await expect(cellTexts(row!).slice(1, 3)).toEqual([h.system, '-']);
  },
};

export const Empty: Story = {
  args: { entries: [], pagination: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(h.empty)).toBeVisible();
  },
};

/** Filters that match nothing say so. */
export const EmptyFiltered: Story = {
  args: { entries: [], isNarrowed: true, pagination: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(h.emptyFiltered)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { entries: [], isLoading: true, pagination: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  args: { entries: [], error: h.fetchFailed, onRetry: fn(), pagination: undefined },
  play: async ({ canvas, userEvent, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(h.fetchFailed);
    await userEvent.click(within(alert).getByRole('button', { name: m.articles.management.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export { ErrorStory as Error };

/** For an admin, a line's change brings that version back; other records are not restored. */
export const Restore: Story = {
  args: { onRestore: fn() },
  play: async ({ canvas, userEvent, args }) => {
    const table = canvas.getByRole('grid', { name: h.title });
    const rows = within(table).getAllByRole('row').slice(1);
    const lines = historyPageEntries.filter((entry) => entry.record_type === 'detail_program');
    await expect(canvas.getAllByRole('button', { name: new RegExp(`^${h.restore}`) })).toHaveLength(
      lines.length,
    );
    await expect(within(rows[2]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /^Pulihkan versi ini/ }));
    await expect(args.onRestore).toHaveBeenCalledWith(historyPageEntries[1]);
  },
};

/** While one version is restored its button waits and the others are held. */
export const Restoring: Story = {
  args: { onRestore: fn(), restoringId: historyPageEntries[1]!.id },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('grid', { name: h.title });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(within(rows[1]!).getByRole('button')).toHaveTextContent(h.restoring);
    await expect(within(rows[0]!).getByRole('button')).toBeDisabled();
  },
};

/** 'Unduh Excel' beside the title; it waits while the workbook is made. */
export const Downloadable: Story = {
  args: { onDownload: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: h.export.button }));
    await expect(args.onDownload).toHaveBeenCalledOnce();
  },
};

/**
 * A line brought back from its history reads 'Dipulihkan' (never 'Dibuat'), by the admin who
 * restored it; a restore over a line that still existed lists what it changed back.
 */
export const Restored: Story = {
  args: {
    entries: [
      {
        ...historyPageEntries[0]!,
        id: 21,
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        action: 'restore',
        old_values: historyPageEntries[0]!.new_values,
        new_values: historyPageEntries[0]!.old_values,
      },
      {
        ...historyPageEntries[0]!,
        id: 20,
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        action: 'restore',
        old_values: null,
      },
    ],
    onRestore: fn(),
  },
  play: async ({ canvas }) => {
    const rows = within(canvas.getByRole('grid', { name: h.title }))
      .getAllByRole('row')
      .slice(1);
    for (const row of rows) {
      await expect(cellTexts(row)[4]).toBe(h.actions.restore);
      await expect(cellTexts(row)[1]).toBe('Admin Bappeda');
    }
    await expect(cellTexts(rows[0]!)[5]).toContain('Volume 1: 12 → 10');
    await expect(canvas.queryByText(h.actions.create)).toBeNull();
  },
};
