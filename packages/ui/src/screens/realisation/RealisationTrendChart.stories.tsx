import {
  DEVIATION_THRESHOLDS,
  formatRupiah,
  messagesId,
  monthFigures,
  type RealisationTrend,
} from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { setViewport } from '../../testing/viewport.js';
import { RealisationTrendChart } from './RealisationTrendChart.js';

const m = messagesId;
const t = m.realisation.trend;

/**
 * Dinas Kesehatan's 2025: Rp 4 M of lines, planned Rp 300 jt a month from February; paid late,
 * catching up in the autumn.
 */
const paid = [0, 0, 50, 150, 300, 420, 600, 900, 1_250, 1_700, 2_300, 3_100];
const trend: RealisationTrend = {
  year: 2025,
  agency_id: '00000000-0000-4000-8000-000000000001',
  thresholds: DEVIATION_THRESHOLDS,
  months: paid.map((millions, at) => ({
    month: at + 1,
    ...monthFigures(
      {
        lines_total: '4000000000',
        planned_cumulative: String(Math.max(0, at) * 300_000_000),
        realised_cumulative: String(millions * 1_000_000),
      },
      Math.min(1000, at * 80),
      DEVIATION_THRESHOLDS,
    ),
  })),
};

const meta = {
  title: 'Screens/Realisation/RealisationTrendChart',
  component: RealisationTrendChart,
  args: { trend, name: 'DINAS KESEHATAN', upToMonth: 9 },
} satisfies Meta<typeof RealisationTrendChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * September chosen: the plan is drawn for the year, the payments up to September; a screen
 * reader reads the same months as a table, with the achievement and its level.
 */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: t.label('DINAS KESEHATAN', 2025) })).toBeVisible();
    // The legend (the same words head the screen reader's table).
    const legend = within(canvas.getByRole('figure'));
    await expect(legend.getByText(t.planned, { selector: 'figcaption span' })).toBeVisible();
    await expect(legend.getByText(t.realised, { selector: 'figcaption span' })).toBeVisible();
    const table = within(canvas.getByRole('table', { name: t.label('DINAS KESEHATAN', 2025) }));
    // January to September, no later month.
    await expect(table.getAllByRole('row')).toHaveLength(1 + 9);
    const september = table.getByRole('row', { name: /^September/ });
    // Rp 1.250 jt paid of Rp 2.400 jt planned: 52,1 %, red.
    await expect(september).toHaveTextContent(formatRupiah('1250000000'));
    await expect(september).toHaveTextContent(formatRupiah('2400000000'));
    await expect(september).toHaveTextContent('52,1 %');
    await expect(within(september).getByText(m.realisation.summary.levels.red)).toBeInTheDocument();
    // Nine points of payments, each saying its month and amount.
    await expect(canvas.getByRole('img').querySelectorAll('circle title')[8]?.textContent).toBe(
      `September: ${formatRupiah('1250000000')}`,
    );
  },
};

/**
 * The whole year, at 390 px: the chart is drawn at its column's width, so it fits the phone with
 * nothing to scroll, its labels as large as on a desktop, every other month named.
 */
export const PhoneWholeYear: Story = {
  args: { upToMonth: 12, name: t.everyUnit },
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      const chart = canvas.getByRole('img', { name: t.label(t.everyUnit, 2025) });
      await expect(chart).toBeVisible();
      if (resized) {
        // One unit of the drawing a pixel on the screen: its 12 px labels are 12 px.
        const drawnWidth = () => Number(chart.getAttribute('viewBox')?.split(' ')[2]);
        await waitFor(() =>
          expect(drawnWidth()).toBe(Math.round(chart.getBoundingClientRect().width)),
        );
        await expect(chart.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
        const monthShort: readonly string[] = m.cashPlan.grid.monthShort;
        const monthLabels = [...chart.querySelectorAll('text')].filter((text) =>
          monthShort.includes(text.textContent ?? ''),
        );
        await expect(monthLabels.map((text) => text.textContent)).toEqual(
          monthShort.filter((_, at) => at % 2 === 0),
        );
        for (const [at, label] of monthLabels.entries()) {
          const box = label.getBoundingClientRect();
          await expect(box.height).toBeGreaterThanOrEqual(12);
          const next = monthLabels[at + 1]?.getBoundingClientRect();
          if (next) await expect(box.right).toBeLessThan(next.left);
        }
        // The year's twelve points of payments are all on the screen.
        const points = [...chart.querySelectorAll('circle')];
        await expect(points).toHaveLength(12);
        for (const point of points) {
          await expect(point.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
        }
      }
    } finally {
      await setViewport(...before);
    }
  },
};
