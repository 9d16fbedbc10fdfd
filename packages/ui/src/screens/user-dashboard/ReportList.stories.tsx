import { ApiError, type BudgetLine, formatNumberId, formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { httpError, longNamesSeed } from '../../testing/sandbox-client.js';
import { ReportList, type ReportListProps } from './ReportList.js';
import { seedReports } from './story-data.js';

const list = messagesId.reports.list;
const fields = messagesId.reports.fields;

/** Opens and closes the detail dialog like a screen; the detail is the row itself. */
function List(args: ReportListProps) {
  const [detailId, setDetailId] = useState(args.detailId ?? null);
  return (
    <ReportList
      {...args}
      detailId={detailId}
      detail={args.detail ?? args.reports?.find((report) => report.id === detailId)}
      onDetailIdChange={(id) => {
        setDetailId(id);
        args.onDetailIdChange?.(id);
      }}
    />
  );
}

const meta = {
  title: 'Screens/User dashboard/ReportList',
  component: ReportList,
  args: { onDetailIdChange: fn(), onRetry: fn() },
  // The demo user's reports, read through the sandbox client.
  loaders: [async () => ({ reports: await seedReports() })],
  render: (args, { loaded }) => (
    <List {...args} reports={args.reports ?? (loaded.reports as BudgetLine[])} />
  ),
} satisfies Meta<typeof ReportList>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.getByRole('grid', { name: list.title });

/** The dialog's value beside a label. */
const detailValue = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;

export const Default: Story = {
  play: async ({ canvas, args, loaded }) => {
    const reports = loaded.reports as BudgetLine[];
    const rows = within(table()).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(reports.length);
    const first = reports[0]!;
    const row = rows[0]!;
    await expect(row).toHaveTextContent(first.program_name);
    await expect(row).toHaveTextContent(formatRupiah(first.total_after_tax));
    await expect(row).toHaveTextContent(String(first.year));

    await userEvent.click(within(row).getByRole('button', { name: list.viewDetail }));
    await expect(args.onDetailIdChange).toHaveBeenLastCalledWith(first.id);
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    const volume = (value: number) => `${formatNumberId(value, 2)} ${first.unit}`;
    for (const [label, value] of [
      [fields.programName, first.program_name],
      [fields.componentName, first.component_name],
      [fields.accountCode, first.account_code],
      [fields.accountName, first.account_name],
      [fields.price, formatRupiah(first.price)],
      [fields.firstVolume, volume(first.first_volume)],
      [fields.secondVolume, volume(first.second_volume)],
      [fields.thirdVolume, volume(first.third_volume)],
      [fields.totalPrice, formatRupiah(first.total_price)],
      [fields.tax, formatRupiah(first.tax)],
      [fields.totalAfterTax, formatRupiah(first.total_after_tax)],
    ] as const) {
      await expect(detailValue(dialog, label)).toHaveTextContent(value);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: messagesId.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onDetailIdChange).toHaveBeenLastCalledWith(null);
    await expect(canvas.getByRole('heading', { name: list.title })).toBeVisible();
  },
};

/** Tab into the table, Enter on a row opens its detail, Escape closes it. */
export const KeyboardOnly: Story = {
  play: async ({ args, loaded }) => {
    const reports = loaded.reports as BudgetLine[];
    await userEvent.tab();
    await expect(within(table()).getAllByRole('row')[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onDetailIdChange).toHaveBeenLastCalledWith(reports[1]!.id);
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(dialog).toHaveTextContent(reports[1]!.component_name);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(table()).getAllByRole('row')[2]).toHaveFocus();

    // The row's own button, reached with the arrow keys.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(screen.getAllByRole('button', { name: list.viewDetail })[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: list.detailTitle });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Empty: Story = {
  args: { reports: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(list.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { reports: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(messagesId.common.loading);
    await expect(canvas.queryByText(list.empty)).not.toBeInTheDocument();
  },
};

/** An HTTP error reads 'Gagal memuat data: {status} - {statusText}'. */
export const HttpError: Story = {
  args: { error: httpError('internal') },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(list.loadErrorHeading);
    await expect(alert).toHaveTextContent(list.loadFailedHttp(500, 'Internal Server Error'));
    await userEvent.click(
      within(alert).getByRole('button', { name: messagesId.articles.management.retry }),
    );
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** An HTTP/2 answer has no status text: the server's message stands in. */
export const ServerMessageError: Story = {
  args: {
    error: new ApiError({
      kind: 'http',
      status: 503,
      message: 'Layanan sedang dalam pemeliharaan.',
      serverMessage: 'Layanan sedang dalam pemeliharaan.',
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Layanan sedang dalam pemeliharaan.');
  },
};

export const NetworkError: Story = {
  args: { error: new ApiError({ kind: 'network', message: 'Network error: Failed to fetch' }) },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(list.loadErrorHeading);
    await expect(alert).toHaveTextContent(list.loadFailed);
  },
};

export const NoToken: Story = {
  args: { hasToken: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(list.noToken);
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
  },
};

export const DetailLoading: Story = {
  args: { detailId: 'loading', isDetailLoading: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(within(dialog).getByRole('status')).toHaveTextContent(messagesId.common.loading);
  },
};

export const DetailError: Story = {
  args: { detailId: 'missing', detailError: httpError('not_found', 'Laporan tidak ditemukan.') },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Laporan tidak ditemukan.');
  },
};

export const LongNames: Story = {
  loaders: [async () => ({ reports: await seedReports(longNamesSeed) })],
  play: async ({ loaded }) => {
    const [report] = loaded.reports as BudgetLine[];
    await userEvent.click(screen.getByRole('button', { name: list.viewDetail }));
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(dialog).toHaveTextContent(report!.account_name);
  },
};
