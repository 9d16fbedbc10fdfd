import { type CashPlanGrid, formatRupiah, messagesId, spreadEvenly } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { setViewport } from '../../testing/viewport.js';
import { CashPlanEditor } from './CashPlanEditor.js';

const m = messagesId;
const t = m.cashPlan.grid;
const months = m.cashPlan.monthNames;
const zeros = Array.from({ length: 12 }, () => '0');

/** Two kode rekening with lines and no plan yet; the second's total does not divide by 12. */
const grid: CashPlanGrid = {
  sub_action_id: '00000000-0000-4000-8000-000000000001',
  sub_action_code: '1.01.01.2.01.0001',
  sub_action_name: 'Penyusunan Dokumen Perencanaan Perangkat Daerah',
  year: 2025,
  rows: [
    {
      account_code: '5.1.02.01.01.0024',
      account_name: 'Belanja Alat/Bahan untuk Kegiatan Kantor-Alat Tulis Kantor',
      lines_total: '12000000',
      months: zeros,
      plan_total: '0',
      selisih: '-12000000',
    },
    {
      account_code: '5.1.02.04.01.0001',
      account_name: 'Belanja Perjalanan Dinas Biasa',
      lines_total: '3330000',
      months: zeros,
      plan_total: '0',
      selisih: '-3330000',
    },
  ],
  month_totals: zeros,
  totals: { lines_total: '15330000', plan_total: '0', selisih: '-15330000' },
};

/** The year before: everything in March and September. */
const previous: CashPlanGrid = {
  ...grid,
  year: 2024,
  rows: [
    {
      ...grid.rows[0]!,
      months: zeros.map((zero, month) => (month === 2 || month === 8 ? '5000000' : zero)),
      plan_total: '10000000',
      lines_total: '10000000',
      selisih: '0',
    },
  ],
};

const meta = {
  title: 'Screens/CashPlan/CashPlanEditor',
  component: CashPlanEditor,
  args: { grid, previous, onSave: fn(async () => undefined) },
} satisfies Meta<typeof CashPlanEditor>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const cell = (canvas: Canvas, month: number, accountCode: string) =>
  canvas.getByRole('textbox', {
    name: t.cellLabel(months[month]!, accountCode),
  }) as HTMLInputElement;
const rowOf = (canvas: Canvas, accountCode: string) =>
  canvas.getByRole('rowheader', { name: new RegExp(accountCode.replaceAll('.', '\\.')) })
    .parentElement as HTMLElement;
const selisihOf = (canvas: Canvas, accountCode: string) =>
  within(rowOf(canvas, accountCode)).getAllByRole('cell').at(-2)?.textContent;

/** A new plan: every selisih is minus its lines, and the status says the plan does not balance. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(selisihOf(canvas, '5.1.02.01.01.0024')).toBe(`-${formatRupiah(12_000_000)}`);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      t.unbalanced(`-${formatRupiah(15_330_000)}`),
    );
    await expect(cell(canvas, 0, '5.1.02.01.01.0024')).toHaveValue('');
  },
};

/**
 * Twelve figures copied from a spreadsheet row (Indonesian thousands, Excel's tabs and closing
 * line break) pasted in January fill the row, and its selisih goes to zero as the person looks.
 */
export const PasteFromSpreadsheet: Story = {
  play: async ({ canvas, userEvent }) => {
    const copied = `${spreadEvenly(3_330_000n)
      .map((amount) => formatRupiah(amount).replace(/^Rp\s*/, ''))
      .join('\t')}\r\n`;
    await userEvent.click(cell(canvas, 0, '5.1.02.04.01.0001'));
    await userEvent.paste(copied);
    await expect(cell(canvas, 0, '5.1.02.04.01.0001')).toHaveValue('277.500');
    await expect(cell(canvas, 11, '5.1.02.04.01.0001')).toHaveValue('277.500');
    await expect(selisihOf(canvas, '5.1.02.04.01.0001')).toBe(formatRupiah(0));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A pasted block with a cell that is not an amount changes nothing and names the cell. */
export const PasteRefused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(cell(canvas, 10, '5.1.02.01.01.0024'));
    await userEvent.paste('1.000.000\tseribu\n');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      t.pastedCell(months[11]!, '5.1.02.01.01.0024', 'seribu', m.numberInput.notANumber),
    );
    await expect(cell(canvas, 10, '5.1.02.01.01.0024')).toHaveValue('');

    // Twelve figures from November do not fit: refused whole, with why.
    await userEvent.paste(zeros.join('\t'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.pasteTooWide(12, 2, months[10]!));
  },
};

/**
 * Typed as people write rupiah; the arrow keys and Enter move like a spreadsheet's; a cell
 * that is not a whole amount is named and saving waits until it is corrected.
 */
export const TypeAndMove: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const january = cell(canvas, 0, '5.1.02.01.01.0024');
    await userEvent.click(january);
    await userEvent.keyboard('6000000');
    await userEvent.keyboard('{ArrowRight}');
    // Grouped once left, as typed meanwhile.
    await expect(january).toHaveValue('6.000.000');
    await expect(cell(canvas, 1, '5.1.02.01.01.0024')).toHaveFocus();
    await userEvent.keyboard('6.000.000{Enter}');
    await expect(cell(canvas, 1, '5.1.02.04.01.0001')).toHaveFocus();
    await expect(selisihOf(canvas, '5.1.02.01.01.0024')).toBe(formatRupiah(0));

    await userEvent.keyboard('1,5');
    await expect(cell(canvas, 1, '5.1.02.04.01.0001')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent(m.numberInput.wholeOnly);
    await expect(canvas.getByRole('button', { name: t.save })).toBeDisabled();
    await userEvent.keyboard('{ArrowUp}');
    await expect(cell(canvas, 1, '5.1.02.01.01.0024')).toHaveFocus();
    await userEvent.clear(cell(canvas, 1, '5.1.02.04.01.0001'));
    await userEvent.click(canvas.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith([
        {
          account_code: '5.1.02.01.01.0024',
          months: [6_000_000, 6_000_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        },
      ]),
    );
  },
};

/** The helpers: all rows spread evenly, one row following last year's shape, one in a month. */
export const Helpers: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.allEvenly }));
    await expect(canvas.getByRole('status')).toHaveTextContent(t.balanced);
    await expect(cell(canvas, 11, '5.1.02.04.01.0001')).toHaveValue('277.500');

    await userEvent.click(canvas.getByRole('button', { name: t.helpersFor('5.1.02.01.01.0024') }));
    await userEvent.click(await screen.findByRole('menuitem', { name: t.followPrevious(2024) }));
    await expect(cell(canvas, 2, '5.1.02.01.01.0024')).toHaveValue('6.000.000');
    await expect(cell(canvas, 8, '5.1.02.01.01.0024')).toHaveValue('6.000.000');
    await expect(cell(canvas, 0, '5.1.02.01.01.0024')).toHaveValue('');

    await userEvent.click(canvas.getByRole('button', { name: t.helpersFor('5.1.02.04.01.0001') }));
    await userEvent.click(await screen.findByRole('menuitem', { name: t.oneMonth }));
    await userEvent.click(await screen.findByRole('menuitem', { name: t.allInMonth(months[6]!) }));
    await expect(cell(canvas, 6, '5.1.02.04.01.0001')).toHaveValue('3.330.000');
    await expect(selisihOf(canvas, '5.1.02.04.01.0001')).toBe(formatRupiah(0));
  },
};

/** At 390 px the grid scrolls sideways inside the page; the kode rekening stays in view. */
export const Phone: Story = {
  play: async ({ canvas, userEvent }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      const save = canvas.getByRole('button', { name: t.save });
      await expect(save).toBeVisible();
      if (resized) {
        // The grid scrolls inside its own box; the box and the button fit the screen.
        const scroller = canvas.getByRole('table').parentElement as HTMLElement;
        await expect(scroller.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
        await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
        await expect(save.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
      }
      const december = cell(canvas, 11, '5.1.02.01.01.0024');
      await userEvent.click(december);
      await userEvent.keyboard('12000000');
      await expect(selisihOf(canvas, '5.1.02.01.01.0024')).toBe(formatRupiah(0));
      const code = canvas.getByRole('rowheader', { name: /5\.1\.02\.01\.01\.0024/ });
      await expect(code.getBoundingClientRect().left).toBeGreaterThanOrEqual(0);
    } finally {
      await setViewport(...before);
    }
  },
};

/** A sub kegiatan without lines says so instead of an empty grid. */
export const NoLines: Story = {
  args: {
    grid: { ...grid, rows: [], totals: { lines_total: '0', plan_total: '0', selisih: '0' } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
  },
};
