import { formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MonthlyPlanChart } from './MonthlyPlanChart.js';

const t = messagesId.cashPlan.chart;
const months = [0, 0, 150, 300, 300, 450, 300, 300, 600, 450, 300, 850].map((thousands) =>
  String(thousands * 100_000),
);

const meta = {
  title: 'Screens/CashPlan/MonthlyPlanChart',
  component: MonthlyPlanChart,
  args: { year: 2026, monthTotals: months, planTotal: '400000000', linesTotal: '425000000' },
} satisfies Meta<typeof MonthlyPlanChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A year's plan, back-loaded as regional spending is: twelve bars drawn by the app, the highest
 * month the tallest, and the same figures as a table for a screen reader.
 */
export const Year: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(t.summary(formatRupiah(400_000_000), formatRupiah(425_000_000))),
    ).toBeVisible();
    const chart = canvas.getByRole('img', { name: t.label(2026) });
    const bars = [...chart.querySelectorAll('rect')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    await expect(bars).toHaveLength(12);
    await expect(Math.max(...bars)).toBe(bars[11]);
    await expect(bars[0]).toBe(0);
    const table = canvas.getByRole('table', { name: t.label(2026) });
    const december = within(table).getByRole('row', { name: /Desember/ });
    await expect(december).toHaveTextContent(formatRupiah(85_000_000));
  },
};
