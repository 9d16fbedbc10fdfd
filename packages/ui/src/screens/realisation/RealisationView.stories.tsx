import { formatRupiah, messagesId, type RealisationGrid, realisationMonths } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { setViewport } from '../../testing/viewport.js';
import { RealisationView } from './RealisationView.js';

const m = messagesId;
const t = m.realisation.view;
const twelve = (...values: number[]) =>
  Array.from({ length: 12 }, (_, index) => String(values[index] ?? 0));

const officePlan = twelve(1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000);
const officePaid = twelve(800_000, 1_100_000, 950_000);
const travelPlan = twelve(0, 0, 2_000_000);
const travelPaid = twelve(0, 0, 2_600_000);

/** Two kode rekening in the third month: one behind plan, one paid above its lines. */
const grid: RealisationGrid = {
  sub_action_id: '00000000-0000-4000-8000-000000000001',
  sub_action_code: '1.01.01.2.01.0001',
  sub_action_name: 'Penyusunan Dokumen Perencanaan Perangkat Daerah',
  year: 2025,
  rows: [
    {
      account_code: '5.1.02.01.01.0024',
      account_name: 'Belanja Alat/Bahan untuk Kegiatan Kantor-Alat Tulis Kantor',
      lines_total: '6000000',
      planned: officePlan,
      realised: officePaid,
      realised_total: '2850000',
      overrun: false,
      reason: null,
    },
    {
      account_code: '5.1.02.04.01.0001',
      account_name: 'Belanja Perjalanan Dinas Biasa',
      lines_total: '2000000',
      planned: travelPlan,
      realised: travelPaid,
      realised_total: '2600000',
      overrun: true,
      reason: null,
    },
  ],
  months: realisationMonths(
    officePlan.map((value, index) => String(BigInt(value) + BigInt(travelPlan[index]!))),
    officePaid.map((value, index) => String(BigInt(value) + BigInt(travelPaid[index]!))),
  ),
  totals: { lines_total: '8000000', planned: '8000000', realised: '5450000' },
};

const meta = {
  title: 'Screens/Realisation/RealisationView',
  component: RealisationView,
  args: { grid, onGiveReason: fn() },
} satisfies Meta<typeof RealisationView>;
export default meta;
type Story = StoryObj<typeof meta>;

const tableOf = (canvas: ReturnType<typeof within>, title: string) =>
  canvas.getByRole('grid', { name: title });
const rowOf = (table: HTMLElement, header: RegExp) =>
  within(table).getByRole('rowheader', { name: header }).closest('[role="row"]') as HTMLElement;

/**
 * A month's running totals and the achievement so far; the kode rekening paid above its lines
 * asks for the unit's reason.
 */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(
      canvas.getByText(
        t.summary(formatRupiah(5_450_000), formatRupiah(8_000_000), formatRupiah(8_000_000)),
      ),
    ).toBeVisible();
    const months = tableOf(canvas, t.monthsTitle(grid.sub_action_name));
    // March: 5 450 000 paid of 5 000 000 planned so far, 109 %.
    const march = rowOf(months, /^Maret$/);
    await expect(
      within(march)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatRupiah(3_000_000),
      formatRupiah(3_550_000),
      formatRupiah(5_000_000),
      formatRupiah(5_450_000),
      '109 %',
    ]);
    // After the plan's last month the share stays against the year's plan: 5 450 000 of 8 000 000.
    await expect(
      within(rowOf(months, /^Juli$/))
        .getAllByRole('gridcell')
        .at(-1),
    ).toHaveTextContent('68,1 %');

    const accounts = tableOf(canvas, t.accountsTitle(grid.sub_action_name));
    const office = rowOf(accounts, /5\.1\.02\.01\.01\.0024/);
    await expect(office).toHaveTextContent(t.withinLines);
    await expect(within(office).getAllByRole('gridcell').at(3)).toHaveTextContent(
      formatRupiah(3_150_000),
    );
    const travel = rowOf(accounts, /5\.1\.02\.04\.01\.0001/);
    await expect(travel).toHaveTextContent(t.overrunUnexplained);
    await expect(within(travel).getAllByRole('gridcell').at(3)).toHaveTextContent(
      formatRupiah(-600_000),
    );
    await userEvent.click(
      within(travel).getByRole('button', { name: new RegExp(`^${t.giveReason}`) }),
    );
    await expect(args.onGiveReason).toHaveBeenCalledWith(expect.objectContaining(grid.rows[1]));
  },
};

/** With the unit's reason given: shown in the row, the button offers to change it. */
export const Explained: Story = {
  args: {
    grid: {
      ...grid,
      rows: grid.rows.map((row) =>
        row.overrun ? { ...row, reason: 'Tambahan perjalanan ke lokasi banjir bandang.' } : row,
      ),
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(t.overrunExplained('Tambahan perjalanan ke lokasi banjir bandang.')),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: new RegExp(`^${t.changeReason}`) }),
    ).toBeVisible();
  },
};

/** Read only (a reader without the right to explain): no buttons. */
export const ReadOnly: Story = {
  args: { onGiveReason: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.overrunUnexplained)).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** At 390 px the tables scroll inside their own boxes; the page does not. */
export const Phone: Story = {
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      const accounts = tableOf(canvas, t.accountsTitle(grid.sub_action_name));
      await expect(accounts).toBeVisible();
      if (resized) {
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
        const scroller = accounts.parentElement as HTMLElement;
        await expect(scroller.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
      }
    } finally {
      await setViewport(...before);
    }
  },
};
