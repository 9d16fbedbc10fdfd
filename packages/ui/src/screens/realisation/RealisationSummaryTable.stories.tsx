import { messagesId, type RealisationSummary } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { defaultSummaryMonth, RealisationSummaryTable } from './RealisationSummaryTable.js';

const m = messagesId;
const t = m.realisation.summary;

const unit = (
  code: string,
  name: string,
  planned: string,
  realised: string,
  achievement_tenths: number | null,
  level: RealisationSummary['units'][number]['level'],
  month: Pick<
    RealisationSummary['units'][number],
    'progress_tenths' | 'planned_progress_tenths' | 'physical_level' | 'report_status' | 'late'
  >,
) => ({
  agency_id: `00000000-0000-4000-8000-00000000000${code.at(-1)}`,
  agency_code: code,
  agency_name: name,
  lines_total: '1000000000',
  planned_cumulative: planned,
  realised_cumulative: realised,
  achievement_tenths,
  level,
  ...month,
});
const noProgress = {
  progress_tenths: null,
  planned_progress_tenths: null,
  physical_level: 'none',
  report_status: 'draft',
  late: false,
} as const;

/** Three units in June, the most lagging first, and one with nothing planned yet. */
const summary: RealisationSummary = {
  year: 2025,
  month: 6,
  thresholds: { red_below_tenths: 750, yellow_below_tenths: 900 },
  units: [
    unit('1.02.0.00.0.00.01.0001', 'DINAS KESEHATAN', '400000000', '250000000', 625, 'red', {
      progress_tenths: 250,
      planned_progress_tenths: 400,
      physical_level: 'red',
      report_status: 'draft',
      late: true,
    }),
    unit('1.01.0.00.0.00.01.0002', 'DINAS PENDIDIKAN', '500000000', '420000000', 840, 'yellow', {
      progress_tenths: 450,
      planned_progress_tenths: 500,
      physical_level: 'green',
      report_status: 'sent',
      late: false,
    }),
    unit('4.01.0.00.0.00.01.0003', 'BAPPEDA', '300000000', '310000000', 1033, 'green', {
      progress_tenths: 300,
      planned_progress_tenths: 300,
      physical_level: 'green',
      report_status: 'verified',
      late: false,
    }),
    unit('2.07.0.00.0.00.01.0004', 'DINAS PERHUBUNGAN', '0', '0', null, 'none', noProgress),
  ],
  totals: {
    lines_total: '4000000000',
    planned_cumulative: '1200000000',
    realised_cumulative: '980000000',
    achievement_tenths: 817,
    level: 'yellow',
    progress_tenths: 255,
    planned_progress_tenths: 300,
    physical_level: 'yellow',
  },
};

const meta = {
  title: 'Screens/Realisation/RealisationSummaryTable',
  component: RealisationSummaryTable,
  args: { summary, month: 6, year: 2025, onMonthChange: fn() },
} satisfies Meta<typeof RealisationSummaryTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each unit's level in words beside its share; the total under them; another month chosen. */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const table = canvas.getByRole('grid', { name: t.title });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    await expect(names).toEqual([
      '1.02.0.00.0.00.01.0001 - DINAS KESEHATAN',
      '1.01.0.00.0.00.01.0002 - DINAS PENDIDIKAN',
      '4.01.0.00.0.00.01.0003 - BAPPEDA',
      '2.07.0.00.0.00.01.0004 - DINAS PERHUBUNGAN',
    ]);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    const cells = within(first).getAllByRole('gridcell');
    await expect(cells.at(-3)).toHaveTextContent(`62,5 %${t.levels.red}`);
    // Physical progress weighed by money against its plan, and the month's report, late.
    await expect(cells.at(-2)).toHaveTextContent(`25 %${t.levels.red}${t.plannedProgress('40 %')}`);
    await expect(cells.at(-1)).toHaveTextContent(
      `${m.monthlyReport.statuses.draft}${m.monthlyReport.view.late}`,
    );
    await expect(canvas.getAllByText(t.levels.none)).toHaveLength(2);
    await expect(canvas.getByText(t.intro('Juni', 2025))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(t.month) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Maret' }));
    await expect(args.onMonthChange).toHaveBeenCalledWith(3);
  },
};

/** Nothing in the year yet. */
export const Empty: Story = {
  args: {
    summary: {
      ...summary,
      units: [],
      totals: {
        ...summary.totals,
        planned_cumulative: '0',
        realised_cumulative: '0',
        achievement_tenths: null,
        level: 'none',
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t.empty)).toBeVisible();
  },
};

/** The default month: this one in the current year, December in another. */
export const DefaultMonth: Story = {
  play: async () => {
    await expect(defaultSummaryMonth(2025, new Date(2025, 4, 20))).toBe(5);
    await expect(defaultSummaryMonth(2024, new Date(2025, 4, 20))).toBe(12);
  },
};

/** A verifier's or an admin's: each unit's row opens its monthly report. */
export const OpensReports: Story = {
  args: { onOpenReport: fn() },
  play: async ({ canvas, args, userEvent }) => {
    const table = canvas.getByRole('grid', { name: t.title });
    await expect(within(table).getByText(m.monthlyReport.statuses.verified)).toBeVisible();
    await userEvent.click(
      within(table).getByRole('button', {
        name: t.openReportOf('1.01.0.00.0.00.01.0002 - DINAS PENDIDIKAN'),
      }),
    );
    await expect(args.onOpenReport).toHaveBeenCalledWith(
      expect.objectContaining({ agency_name: 'DINAS PENDIDIKAN', report_status: 'sent' }),
    );
  },
};

/**
 * A unit's planner reaches their own unit only: the title has no 'per Perangkat Daerah' and the
 * intro no order to read, over the one row.
 */
export const OneUnit: Story = {
  args: {
    oneUnit: true,
    summary: { ...summary, units: [summary.units[2]!] },
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('grid', { name: t.ownTitle });
    await expect(within(table).getAllByRole('rowheader')).toHaveLength(1);
    await expect(canvas.getByText(t.ownIntro('Juni', 2025))).toBeVisible();
    await expect(canvas.queryByText(t.title)).not.toBeInTheDocument();
    await expect(canvas.queryByText(new RegExp(`^${t.total}`))).not.toBeInTheDocument();
  },
};
