import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { setViewport } from '../../testing/viewport.js';
import { IndicatorList } from './IndicatorList.js';
import { puskesmasIndicators } from './story-data.js';

const m = messagesId;
const t = m.indicators;

const meta = {
  title: 'Screens/Indicators/IndicatorList',
  component: IndicatorList,
  args: {
    indicators: puskesmasIndicators,
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onRetry: fn(),
    className: 'rounded-lg border border-slate-200 bg-white p-5',
  },
} satisfies Meta<typeof IndicatorList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each tolok ukur with its target, satuan and what was achieved; edit, delete, add. */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const table = canvas.getByRole('grid', { name: t.title });
    await expect(table).toHaveTextContent('2 Unit');
    await expect(table).toHaveTextContent('1,5 Dokumen');
    await expect(table).toHaveTextContent('1 (50 %)');
    await userEvent.click(
      canvas.getByRole('button', { name: t.editOf('Jumlah dokumen perencanaan teknis') }),
    );
    await expect(args.onEdit).toHaveBeenCalledWith(puskesmasIndicators[1]);
    const row = within(table).getAllByRole('row')[1]!;
    await userEvent.click(within(row).getByRole('button', { name: m.common.delete }));
    await expect(args.onDelete).toHaveBeenCalledWith(puskesmasIndicators[0]);
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    await expect(args.onAdd).toHaveBeenCalledOnce();
  },
};

export const Empty: Story = {
  args: { indicators: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.add })).toBeEnabled();
  },
};

/** The lines cannot be written now (the year's stage): the list is read, with the reason. */
export const ReadOnly: Story = {
  args: { readOnlyReason: 'Tahap Rancangan Akhir tahun 2025 dikunci.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Tahap Rancangan Akhir tahun 2025 dikunci.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.add })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: m.common.delete })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { indicators: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(m.common.loading)).toBeVisible();
  },
};

export const Failed: Story = {
  args: { indicators: undefined, error: t.fetchFailed },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(t.fetchFailed)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /coba lagi/i }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** At 390 px the rows stack: nothing runs off the side of the page. */
export const Phone: Story = {
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      await expect(canvas.getByRole('button', { name: t.add })).toBeVisible();
      await expect(
        canvas.getByRole('button', { name: t.editOf('Jumlah dokumen perencanaan teknis') }),
      ).toBeVisible();
      if (resized) {
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      }
    } finally {
      await setViewport(...before);
    }
  },
};
