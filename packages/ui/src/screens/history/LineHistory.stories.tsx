import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { failureRetried } from '../../testing/failure.js';
import { LineHistory } from './LineHistory.js';
import { lineHistoryEntries } from './story-data.js';

const m = messagesId;
const h = m.history;

const meta = {
  title: 'Screens/History/LineHistory',
  component: LineHistory,
  args: { entries: lineHistoryEntries, onRestore: fn() },
} satisfies Meta<typeof LineHistory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { name: h.title })).toBeVisible();
    const items = canvas.getByRole('list', { name: h.title }).querySelectorAll(':scope > li');
    await expect(items).toHaveLength(3);
    const [created, priced, measured] = [...items] as HTMLElement[];
    // Oldest first: made by the seed (no person), then Budi's edits, each with its fields only.
    await expect(created).toHaveTextContent('Dibuat oleh Sistem');
    await expect(created).toHaveTextContent('1 November 2026');
    await expect(priced).toHaveTextContent('Diubah oleh Budi Santoso');
    await expect(
      within(priced!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Harga: Rp 1.000 → Rp 1.500',
      'Total Harga: Rp 10.000 → Rp 15.000',
      'Total Setelah Pajak: Rp 10.000 → Rp 15.000',
    ]);
    await expect(
      within(measured!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Spesifikasi: - → 80 gram',
      'Volume 1: 10 → 12',
      'Total Harga: Rp 15.000 → Rp 18.000',
      'Total Setelah Pajak: Rp 15.000 → Rp 18.000',
    ]);
    const restore = within(priced!).getByRole('button', { name: h.restore });
    // Each restore says which version it brings back.
    await expect(restore).toHaveAccessibleDescription(/^Diubah oleh Budi Santoso 20 November 2026/);
    await userEvent.click(restore);
    await expect(args.onRestore).toHaveBeenCalledWith(lineHistoryEntries[1]);
  },
};

/** A reader only (no `onRestore`): no entry offers a restore. */
export const ReadOnly: Story = {
  args: { onRestore: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Harga: Rp 1.000 → Rp 1.500')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: h.restore })).toBeNull();
  },
};

/** One version being restored: its button waits, the others are held. */
export const Busy: Story = {
  args: { restoringId: lineHistoryEntries[1]!.id },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: h.restoring })).toBeVisible();
    const others = canvas.getAllByRole('button', { name: h.restore });
    await expect(others).toHaveLength(2);
    for (const other of others) await expect(other).toBeDisabled();
    await userEvent.click(others[0]!);
    await expect(args.onRestore).not.toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(h.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { entries: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  args: { entries: [], error: h.fetchFailed, onRetry: fn() },
  play: failureRetried(h.fetchFailed),
};

export { ErrorStory as Error };

/**
 * A line deleted and brought back by an administrator, then restored to an earlier price: each
 * restore reads 'Dipulihkan' (not 'Dibuat'), the second with what it changed back.
 */
export const Restored: Story = {
  args: {
    entries: [
      ...lineHistoryEntries.slice(0, 2),
      {
        ...lineHistoryEntries[1]!,
        id: 14,
        changed_at: '2026-11-27T01:00:00.000Z',
        action: 'delete',
        old_values: lineHistoryEntries[1]!.new_values,
        new_values: null,
      },
      {
        ...lineHistoryEntries[1]!,
        id: 15,
        changed_at: '2026-11-27T02:00:00.000Z',
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        action: 'restore',
        old_values: null,
        new_values: lineHistoryEntries[1]!.new_values,
      },
      {
        ...lineHistoryEntries[1]!,
        id: 16,
        changed_at: '2026-11-27T03:00:00.000Z',
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        action: 'restore',
        old_values: lineHistoryEntries[1]!.new_values,
        new_values: lineHistoryEntries[0]!.new_values,
      },
    ],
  },
  play: async ({ canvas }) => {
    const items = [
      ...canvas.getByRole('list', { name: h.title }).querySelectorAll(':scope > li'),
    ] as HTMLElement[];
    await expect(items).toHaveLength(5);
    await expect(items[2]).toHaveTextContent('Dihapus oleh Budi Santoso');
    await expect(items[3]).toHaveTextContent('Dipulihkan oleh Admin Bappeda');
    await expect(items[3]).not.toHaveTextContent(h.actions.create);
    await expect(items[4]).toHaveTextContent('Dipulihkan oleh Admin Bappeda');
    await expect(within(items[4]!).getAllByRole('listitem')[0]).toHaveTextContent(
      'Harga: Rp 1.500 → Rp 1.000',
    );
  },
};

/** More changes than a page: 'Muat lebih banyak' below them asks for the next page. */
export const MorePages: Story = {
  args: { hasMore: true, onLoadMore: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: m.pagination.loadMore }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};
