import {
  type BudgetSummary,
  type BudgetSummaryProgram,
  formatRupiah,
  messagesId,
  sumRupiahText,
} from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { BudgetOverview } from './BudgetOverview.js';
import {
  chooseYear,
  overview,
  tableRows,
  budgetText as text,
  tile,
  yearPicker,
} from './story-helpers.js';

const columns = text.columns;

const planning: BudgetSummaryProgram = {
  program_id: '0b5e4d1c-6f0a-4c57-9a43-1d2f3e4a5b6c',
  program_name: 'Program Perencanaan Pembangunan Daerah',
  line_count: 5,
  total_price: '36940000',
  tax: '4432800',
  total_after_tax: '41372800',
};
const support: BudgetSummaryProgram = {
  program_id: '7c9d8e2f-1a3b-4c5d-8e6f-7a8b9c0d1e2f',
  program_name: 'Program Penunjang Urusan Pemerintahan Daerah',
  line_count: 3,
  total_price: '3460000',
  tax: '0',
  total_after_tax: '3460000',
};

/** A year's summary whose totals are its programmes' sums, as the server answers it. */
function summaryOf(
  year: number,
  programs: BudgetSummaryProgram[],
  years = [2024, 2025],
): BudgetSummary {
  const sum = (field: 'total_price' | 'tax' | 'total_after_tax') =>
    sumRupiahText(programs.map((program) => program[field]));
  return {
    year,
    line_count: programs.reduce((count, program) => count + program.line_count, 0),
    total_price: sum('total_price'),
    tax: sum('tax'),
    total_after_tax: sum('total_after_tax'),
    programs,
    years,
  };
}

const summary2025 = summaryOf(2025, [planning, support]);

const meta = {
  title: 'Screens/Dashboard/BudgetOverview',
  component: BudgetOverview,
  args: {
    year: 2025,
    years: [2026, 2025, 2024],
    summary: summary2025,
    onYearChange: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof BudgetOverview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three tiles, then one row per programme (largest first) with its sums, and the total. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2025);
    await expect(region).toHaveAttribute('aria-busy', 'false');
    await expect(tile(region, text.lineCount)).toEqual(['8', text.lineCountHint(2)]);
    await expect(tile(region, text.totalPrice)).toEqual([
      formatRupiah(40_400_000),
      text.totalPriceHint,
    ]);
    await expect(tile(region, text.totalAfterTax)).toEqual([
      formatRupiah(44_832_800),
      text.taxIncluded(formatRupiah(4_432_800)),
    ]);
    await expect(tableRows(region)).toEqual([
      [columns.program, columns.lineCount, columns.totalPrice, columns.tax, columns.totalAfterTax],
      [
        planning.program_name,
        '5',
        formatRupiah(planning.total_price),
        formatRupiah(planning.tax),
        formatRupiah(planning.total_after_tax),
      ],
      [
        support.program_name,
        '3',
        formatRupiah(support.total_price),
        formatRupiah(0),
        formatRupiah(support.total_after_tax),
      ],
      [
        text.total,
        '8',
        formatRupiah(40_400_000),
        formatRupiah(4_432_800),
        formatRupiah(44_832_800),
      ],
    ]);
  },
};

/** On a phone the table keeps the count and the total after PPN; the tiles carry the rest. */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2025);
    await expect(tableRows(region)).toEqual([
      [columns.program, columns.lineCount, columns.totalAfterTax],
      [planning.program_name, '5', formatRupiah(planning.total_after_tax)],
      [support.program_name, '3', formatRupiah(support.total_after_tax)],
      [text.total, '8', formatRupiah(44_832_800)],
    ]);
    const scroller = within(region).getByRole('table').parentElement as HTMLElement;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
  },
};

/** The bars: the largest programme's fills the track, the others in proportion. */
export const Bars: Story = {
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2025);
    const bar = (name: string) => {
      const header = within(region).getByRole('rowheader', { name });
      const track = header.querySelector('[aria-hidden="true"]') as HTMLElement;
      const [beforeTax, tax] = [...track.children].map(
        (segment) => segment.getBoundingClientRect().width,
      );
      return { track: track.getBoundingClientRect().width, beforeTax: beforeTax!, tax: tax! };
    };
    const largest = bar(planning.program_name);
    await expect(largest.beforeTax + largest.tax).toBeCloseTo(largest.track, 0);
    await expect(largest.tax / largest.track).toBeCloseTo(
      Number(planning.tax) / Number(planning.total_after_tax),
      2,
    );
    const smaller = bar(support.program_name);
    await expect(smaller.tax).toBe(0);
    await expect(smaller.beforeTax / smaller.track).toBeCloseTo(
      Number(support.total_after_tax) / Number(planning.total_after_tax),
      2,
    );
  },
};

export const Empty: Story = {
  args: { year: 2026, summary: summaryOf(2026, []) },
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2026);
    await expect(within(region).getByText(text.empty(2026))).toBeVisible();
    await expect(within(region).getByText(text.emptyHint)).toBeVisible();
    await expect(within(region).queryByRole('table')).toBeNull();
    // Another year can still be chosen.
    await expect(yearPicker(region)).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { summary: undefined, isLoading: true },
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2025);
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(region).getByRole('status')).toHaveTextContent(messagesId.common.loading);
  },
};

const ErrorStory: Story = {
  args: { summary: undefined, error: text.fetchFailed },
  play: async ({ canvas, userEvent, args }) => {
    const region = await overview(canvas, 2025);
    const alert = within(region).getByRole('alert');
    await expect(alert).toHaveTextContent(text.fetchFailed);
    await userEvent.click(
      within(alert).getByRole('button', { name: messagesId.articles.management.retry }),
    );
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export { ErrorStory as Error };

/** Another year is on its way: the figures shown stay, marked busy, beside 'Memuat data...'. */
export const Refreshing: Story = {
  args: { year: 2024, isRefreshing: true },
  play: async ({ canvas }) => {
    // The heading names the year of the figures shown, the picker the year asked for.
    const region = await overview(canvas, 2025);
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(region).getByRole('status')).toHaveTextContent(messagesId.common.loading);
    await expect(yearPicker(region)).toHaveTextContent('2024');
    await expect(tile(region, text.lineCount)[0]).toBe('8');
  },
};

/** The picker offers the years newest first; choosing one asks for it. */
export const ChooseYear: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const region = await overview(canvas, 2025);
    await userEvent.click(yearPicker(region));
    const listbox = await screen.findByRole('listbox');
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026', '2025', '2024']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await chooseYear(region, 2024, userEvent);
    await expect(args.onYearChange).toHaveBeenLastCalledWith(2024);
  },
};

/** Keyboard only: Tab to the picker, open it, move to an older year, choose it. */
export const KeyboardOnly: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const region = await overview(canvas, 2025);
    const picker = yearPicker(region);
    await userEvent.tab();
    await expect(picker).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('2025'));
    await expect(listbox.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onYearChange).toHaveBeenLastCalledWith(2024);
  },
};

const longName =
  'Program Peningkatan Kapasitas Sumber Daya Aparatur dan Tata Kelola Pemerintahan Daerah yang Bersih, Efektif, Akuntabel, dan Berorientasi pada Pelayanan Publik yang Prima';

/** A long name wraps inside its cell (no sideways scrolling); a tiny share keeps a sliver. */
export const LongNames: Story = {
  args: {
    summary: summaryOf(2025, [
      {
        ...planning,
        program_name: longName,
        total_price: '900000000000',
        tax: '108000000000',
        total_after_tax: '1008000000000',
      },
      support,
    ]),
  },
  play: async ({ canvas }) => {
    const region = await overview(canvas, 2025);
    const table = within(region).getByRole('table', { name: text.perProgram });
    await expect(within(table).getByRole('rowheader', { name: longName })).toBeVisible();
    const scroller = table.parentElement as HTMLElement;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    // A programme with a tiny share next to a huge one still shows a sliver of bar.
    const small = within(table).getByRole('rowheader', { name: support.program_name });
    const sliver = small.querySelector('[aria-hidden="true"] > span') as HTMLElement;
    await expect(sliver.getBoundingClientRect().width).toBeGreaterThan(0);
  },
};
