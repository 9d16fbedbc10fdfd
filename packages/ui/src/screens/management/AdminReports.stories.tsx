import { type BudgetLine, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { failureRetried } from '../../testing/failure.js';
import { createSandboxClient, demoSeed, longNamesSeed } from '../../testing/sandbox-client.js';
import { AdminReports } from './AdminReports.js';
import { dropStaleAnnouncements, findDialog } from './story-helpers.js';

const m = messagesId;
const admin = m.reports.admin;

/** The lines a seed's sandboxed server lists, names joined in, as story data. */
const linesOf =
  (seed = demoSeed) =>
  async () => ({
    reports: (await createSandboxClient({ seed }).budgetLine.list({ limit: 10 })).data,
  });

const meta = {
  title: 'Screens/Management/AdminReports',
  component: AdminReports,
  beforeEach: dropStaleAnnouncements,
  loaders: [linesOf()],
  render: (args, { loaded }) => (
    <AdminReports {...args} reports={(loaded as { reports: BudgetLine[] }).reports} />
  ),
  args: { reports: [], onDelete: fn(), onDownload: fn(), onPageChange: fn() },
} satisfies Meta<typeof AdminReports>;
export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = () => within(screen.getByRole('grid')).getAllByRole('row').slice(1);
/** The 'Jenis Laporan' choice beside 'Download Laporan' (named by its label and its value). */
const layoutButton = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('button', { name: new RegExp(admin.downloadLayout) });

export const Default: Story = {
  play: async ({ canvas, userEvent, args, loaded }) => {
    const { reports } = loaded as { reports: BudgetLine[] };
    await expect(canvas.getByRole('heading', { name: admin.title })).toBeVisible();
    await expect(bodyRows()).toHaveLength(reports.length);
    // The spec's sheet unless another layout is chosen.
    await expect(layoutButton(canvas)).toHaveTextContent(admin.downloadLayouts.flat);
    await userEvent.click(canvas.getByRole('button', { name: admin.download }));
    await expect(args.onDownload).toHaveBeenCalledOnce();
    await expect(args.onDownload).toHaveBeenCalledWith({
      layout: 'flat',
      format: 'xlsx',
    });

    // A line without tax shows no tax rows in its detail.
    const untaxed = reports.find((line) => line.tax === 0)!;
    const row = canvas.getByRole('row', { name: (name) => name.includes(untaxed.component_name) });
    await userEvent.click(within(row).getByRole('button', { name: m.reports.list.viewDetail }));
    const dialog = await findDialog(admin.detailTitle);
    const finance = within(within(dialog).getByRole('region', { name: admin.financeSection }));
    await expect(finance.queryByText(m.reports.fields.tax)).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(row).getByRole('button', { name: m.common.delete }));
    const confirm = await screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });
    await userEvent.click(
      within(confirm).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await expect(args.onDelete).toHaveBeenCalledWith(untaxed);
  },
};

/** 'Jenis Laporan' offers the spec's sheet and the RKA as a workbook or a PDF. */
export const DownloadLayouts: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(layoutButton(canvas));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      admin.downloadLayouts.flat,
      admin.downloadLayouts['rka-xlsx'],
      admin.downloadLayouts['rka-pdf'],
    ]);
    await userEvent.click(screen.getByRole('option', { name: admin.downloadLayouts['rka-pdf'] }));
    await expect(layoutButton(canvas)).toHaveTextContent(admin.downloadLayouts['rka-pdf']);
    await userEvent.click(canvas.getByRole('button', { name: admin.download }));
    await expect(args.onDownload).toHaveBeenCalledOnce();
    await expect(args.onDownload).toHaveBeenCalledWith({ layout: 'rka', format: 'pdf' });

    // With the keyboard: the RKA workbook, one option up, then on to the button.
    layoutButton(canvas).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(layoutButton(canvas)).toHaveTextContent(admin.downloadLayouts['rka-xlsx']);
    // react-aria gives focus back to the button a frame after its list closes.
    await waitFor(() => expect(layoutButton(canvas)).toHaveFocus());
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: admin.download })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDownload).toHaveBeenLastCalledWith({ layout: 'rka', format: 'xlsx' });
  },
};

/** Deleting one line and downloading at once. */
export const Busy: Story = {
  loaders: [
    async () => {
      const { reports } = await linesOf()();
      return { reports, deletingId: reports[0]!.id };
    },
  ],
  render: (args, { loaded }) => {
    const { reports, deletingId } = loaded as { reports: BudgetLine[]; deletingId: string };
    return <AdminReports {...args} reports={reports} deletingId={deletingId} />;
  },
  args: { isDownloading: true },
  play: async ({ canvas, userEvent, args }) => {
    const download = canvas.getByRole('button', { name: admin.download });
    await userEvent.click(download);
    await expect(args.onDownload).not.toHaveBeenCalled();
    // The layout stays as it was asked for while its file is made.
    await expect(layoutButton(canvas)).toBeDisabled();
    const deleting = within(bodyRows()[0]!).getByRole('button', { name: m.common.deleting });
    await expect(deleting).toBeDisabled();
  },
};

export const Empty: Story = {
  loaders: [async () => ({ reports: [] })],
  play: async ({ canvas }) => {
    await expect(canvas.getByText(m.reports.list.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  loaders: [async () => ({ reports: [] })],
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  args: { error: m.reports.fetchFailed, onRetry: fn() },
  play: failureRetried(m.reports.fetchFailed),
};

export { ErrorStory as Error };

/** Long names wrap in the table, and the detail dialog's body scrolls between its header and Tutup. */
export const LongNames: Story = {
  loaders: [linesOf(longNamesSeed)],
  play: async ({ canvas, userEvent, loaded }) => {
    const { reports } = loaded as { reports: BudgetLine[] };
    await expect(bodyRows()).toHaveLength(reports.length);
    await userEvent.click(canvas.getAllByRole('button', { name: m.reports.list.viewDetail })[0]!);
    const dialog = await findDialog(admin.detailTitle);
    await expect(within(dialog).getByRole('button', { name: m.common.close })).toBeVisible();
    await expect(within(dialog).getByRole('heading', { name: admin.detailTitle })).toBeVisible();
  },
};
