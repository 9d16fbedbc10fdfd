import { formatDateTimeLong, formatRupiah, type MonthlyReport, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { setViewport } from '../../testing/viewport.js';
import { MonthlyReportView } from './MonthlyReportView.js';
import { puskesmasMarch } from './story-data.js';

const m = messagesId;
const t = m.monthlyReport;

/** Dinas Kesehatan's March 2025: one sub kegiatan entered, one not, one paid above its lines. */
const report: MonthlyReport = {
  agency_id: '00000000-0000-4000-8000-000000000001',
  agency_code: '1.02.0.00.0.00.01.0000',
  agency_name: 'DINAS KESEHATAN',
  year: 2025,
  month: 3,
  status: 'draft',
  begun: true,
  editable: true,
  note: null,
  due_date: '2025-04-10',
  late: true,
  sent_at: null,
  sent_by_name: null,
  reviewed_at: null,
  reviewed_by_name: null,
  closed_at: null,
  figures_frozen_at: null,
  thresholds: { red_below_tenths: 750, yellow_below_tenths: 900 },
  sub_actions: [
    puskesmasMarch,
    {
      sub_action_id: '00000000-0000-4000-8000-000000000012',
      sub_action_code: '1.02.02.2.02.0003',
      sub_action_name: 'Penyediaan Obat dan Bahan Habis Pakai',
      lines_total: '1000000000',
      planned_cumulative: '300000000',
      realised_cumulative: '320000000',
      achievement_tenths: 1067,
      level: 'green',
      planned_progress_tenths: 300,
      progress_tenths: null,
      previous_progress_tenths: 200,
      physical_level: 'yellow',
      problems: '',
      actions: '',
      decrease_reason: null,
      unexplained_overruns: 1,
    },
  ],
  totals: {
    lines_total: '4000000000',
    planned_cumulative: '1200000000',
    realised_cumulative: '920000000',
    achievement_tenths: 767,
    level: 'yellow',
    progress_tenths: 238,
    planned_progress_tenths: 300,
    physical_level: 'yellow',
    missing_progress: 1,
  },
};

const meta = {
  title: 'Screens/Realisation/MonthlyReportView',
  component: MonthlyReportView,
  args: { report, onEdit: fn(), onCopy: fn(), onSend: fn() },
} satisfies Meta<typeof MonthlyReportView>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (table: HTMLElement, code: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(code) })
    .closest('[role="row"]') as HTMLElement;

/**
 * The unit's open month, past its due date: the totals, each sub kegiatan's money and progress
 * against plan, the one not entered yet, the kode rekening that needs a reason; 'Isi' opens
 * the entry, 'Kirim' and 'Salin Bulan Lalu' are offered.
 */
export const Draft: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(t.statuses.draft)).toBeVisible();
    await expect(canvas.getByText(t.view.late)).toBeVisible();
    await expect(canvas.getByText(t.view.due('10 April 2025'))).toBeVisible();
    await expect(canvas.getByText(t.view.totalsMoney('76,7 %'))).toBeVisible();
    await expect(canvas.getByText(t.view.totalsPhysical('23,8 %', '30 %'))).toBeVisible();
    await expect(canvas.getByText(t.view.missing(1))).toBeVisible();
    const table = canvas.getByRole('grid', { name: `${t.title} Maret 2025` });
    const built = rowOf(table, '1.02.02.2.01.0001');
    await expect(built).toHaveTextContent(formatRupiah(600_000_000));
    await expect(built).toHaveTextContent(t.view.previous('15 %'));
    await expect(built).toHaveTextContent('Pengiriman material terlambat karena banjir');
    const medicine = rowOf(table, '1.02.02.2.02.0003');
    await expect(medicine).toHaveTextContent(t.view.notEntered);
    await expect(medicine).toHaveTextContent(t.view.overruns(1));
    await userEvent.click(
      within(medicine).getByRole('button', { name: `${t.actions.fill} 1.02.02.2.02.0003` }),
    );
    await expect(args.onEdit).toHaveBeenCalledWith(report.sub_actions[1]);
    await userEvent.click(canvas.getByRole('button', { name: t.actions.send }));
    await expect(args.onSend).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: t.actions.copy }));
    await expect(args.onCopy).toHaveBeenCalled();
  },
};

/** Sent back by the verifier: the note stands above the table and the month is open again. */
export const Returned: Story = {
  args: {
    report: {
      ...report,
      status: 'returned',
      late: false,
      note: 'Realisasi fisik Pembangunan Puskesmas belum sesuai foto lapangan.',
      sent_at: '2025-04-08T03:00:00.000Z',
      sent_by_name: 'Sinta',
      reviewed_at: '2025-04-09T02:30:00.000Z',
      reviewed_by_name: 'Vera',
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        t.view.returnedNote('Realisasi fisik Pembangunan Puskesmas belum sesuai foto lapangan.'),
      ),
    ).toBeVisible();
    await expect(canvas.getByText(/^Diperiksa oleh Vera, 9 April 2025/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.actions.send })).toBeEnabled();
  },
};

/**
 * A month to come (chosen ahead in the month list, or a year still being planned): said so
 * above the table, with no entry, copy or send; its plan is there to read.
 */
export const MonthToCome: Story = {
  args: {
    report: {
      ...report,
      year: 2027,
      month: 12,
      begun: false,
      editable: false,
      late: false,
      due_date: '2028-01-10',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t.notBegun('Desember 2027'));
    await expect(canvas.getByText(t.statuses.draft)).toBeVisible();
    await expect(canvas.queryByText(t.view.due('10 Januari 2028'))).toBeNull();
    await expect(canvas.queryByRole('button', { name: t.actions.send })).toBeNull();
    await expect(canvas.queryByRole('button', { name: t.actions.copy })).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: `${t.actions.fill} 1.02.02.2.02.0003` }),
    ).toBeNull();
    const table = canvas.getByRole('grid', { name: `${t.title} Desember 2027` });
    await expect(rowOf(table, '1.02.02.2.01.0001')).toHaveTextContent(formatRupiah(600_000_000));
  },
};

/** Sent: locked for the unit; a verifier verifies it or sends it back. */
export const SentToVerifier: Story = {
  args: {
    report: {
      ...report,
      status: 'sent',
      editable: false,
      late: false,
      sent_by_name: 'Sinta',
      sent_at: '2025-04-08T03:00:00.000Z',
    },
    onEdit: undefined,
    onCopy: undefined,
    onSend: undefined,
    onVerify: fn(),
    onReturn: fn(),
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(t.statuses.sent)).toBeVisible();
    await expect(canvas.queryByText(t.view.due('10 April 2025'))).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Isi / })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: t.actions.verify }));
    await expect(args.onVerify).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: t.actions.return }));
    await expect(args.onReturn).toHaveBeenCalled();
  },
};

/** Verified: frozen. A verifier has nothing left to do; an admin may close or send it back. */
export const Verified: Story = {
  args: {
    report: {
      ...report,
      status: 'verified',
      editable: false,
      late: false,
      reviewed_at: '2025-04-08T03:15:00.000Z',
      reviewed_by_name: 'Vera Verifikator',
      figures_frozen_at: '2025-04-08T03:15:00.000Z',
    },
    onEdit: fn(),
    onVerify: fn(),
    onReturn: fn(),
    onClose: fn(),
    canReopen: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.statuses.verified)).toBeVisible();
    // Its money reads as it was verified: later SP2D count in the next month.
    await expect(
      canvas.getByText(t.view.frozenFigures(formatDateTimeLong('2025-04-08T03:15:00.000Z'))),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.actions.verify })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: t.actions.send })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Ubah / })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: t.actions.return })).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.actions.close })).toBeVisible();
  },
};

/** A unit with no lines this year. */
export const Empty: Story = {
  args: {
    report: {
      ...report,
      sub_actions: [],
      totals: {
        ...report.totals,
        lines_total: '0',
        planned_cumulative: '0',
        realised_cumulative: '0',
        achievement_tenths: null,
        level: 'none',
        progress_tenths: null,
        planned_progress_tenths: null,
        physical_level: 'none',
        missing_progress: 0,
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.view.empty)).toBeVisible();
  },
};

/**
 * At 390 px the rows stack as cards; the page does not scroll sideways, and a sub kegiatan with
 * no problems or actions this month has no empty 'Permasalahan / Upaya / Tindak Lanjut' heading.
 */
export const Phone: Story = {
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      await expect(canvas.getByRole('button', { name: t.actions.send })).toBeVisible();
      if (resized) {
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
        const table = canvas.getByRole('grid');
        // Hidden cells too: the one looked for may be hidden.
        const storyOf = (code: string) =>
          within(rowOf(table, code)).getAllByRole('gridcell', { hidden: true }).at(-1);
        await expect(storyOf('1.02.02.2.01.0001')).toBeVisible();
        await expect(storyOf('1.02.02.2.02.0003')).not.toBeVisible();
      }
    } finally {
      await setViewport(...before);
    }
  },
};

/** March ends Triwulan I: the unit enters each sub kegiatan's output indicators from its row. */
export const QuarterAchievement: Story = {
  args: { onAchieve: fn() },
  play: async ({ canvas, args, userEvent }) => {
    const table = canvas.getByRole('grid');
    const achieve = within(rowOf(table, '1.02.02.2.01.0001')).getByRole('button', {
      name: m.indicators.achievement.openOf('1.02.02.2.01.0001'),
    });
    await userEvent.click(achieve);
    await expect(args.onAchieve).toHaveBeenCalledWith(puskesmasMarch);
  },
};

/** Once March is sent its quarter is locked too: the button stays, disabled. */
export const QuarterAchievementLocked: Story = {
  args: { report: { ...report, status: 'sent', editable: false }, onAchieve: fn() },
  play: async ({ canvas }) => {
    const buttons = canvas.getAllByRole('button', {
      name: new RegExp(`^${m.indicators.achievement.openOf('')}`),
    });
    await expect(buttons).toHaveLength(2);
    for (const button of buttons) await expect(button).toBeDisabled();
  },
};

/** April ends no quarter: nothing to enter there. */
export const NoQuarterInApril: Story = {
  args: { report: { ...report, month: 4 }, onAchieve: fn() },
  play: async ({ canvas }) => {
    await expect(
      canvas.queryByRole('button', {
        name: m.indicators.achievement.openOf('1.02.02.2.01.0001'),
      }),
    ).not.toBeInTheDocument();
  },
};
