import { type BudgetLine, httpError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { createSandboxClient } from '../../testing/sandbox-client.js';
import { adminSession, lineHistoryEntries, userSession } from '../history/story-data.js';
import { type HistoryStoryParameters, withHistoryClient } from '../history/story-helpers.js';
import ReportDetailDialog from './ReportDetailDialog.js';
import { dropStaleAnnouncements, findDialog } from './story-helpers.js';

const m = messagesId;
const h = m.history;
const admin = m.reports.admin;

/** The demo's first line, as the server lists it. */
const firstLine = async () => ({
  report: (await createSandboxClient().budgetLine.list({ limit: 1 })).data[0]!,
});

const RESTORED_SPECIFICATION = 'Versi sebelum diubah';
const answer = <T,>(data: T) => ({ status: 200, message: 'OK', data });
/** A list's one page, as the API answers it. */
const listAnswer = <T,>(data: T[]) => ({
  ...answer(data),
  filter: {
    current_page: 1,
    total_page: 1,
    filtered_result: data.length,
    total_result: data.length,
  },
});
const restore = fn();
const historyOf = (history: NonNullable<HistoryStoryParameters['history']>) => ({ history });
// Each story names its whole history: Storybook merges a story's parameters into the meta's
// object by object, which would mix two.
const meta = {
  title: 'Screens/Management/ReportDetailDialog',
  component: ReportDetailDialog,
  decorators: [withHistoryClient],
  beforeEach: dropStaleAnnouncements,
  loaders: [firstLine],
  render: (args, { loaded }) => (
    <ReportDetailDialog {...args} report={(loaded as { report: BudgetLine }).report} />
  ),
  args: { report: undefined as unknown as BudgetLine, onClose: fn() },
} satisfies Meta<typeof ReportDetailDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const historyRegion = async () =>
  within(await within(await findDialog(admin.detailTitle)).findByRole('region', { name: h.title }));
/** The toast that says `text` (a toast is named by its title, 'Berhasil!' or 'Gagal!'). */
const toast = (text: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('alertdialog')
      .find((candidate) => candidate.textContent?.includes(text));
    if (!found) throw new Error(`no toast says "${text}"`);
    return found;
  });

/** The restore's question, answered with `button` ('Ya, Pulihkan' or 'Batal'). */
async function answerRestore(
  userEvent: { click: (element: Element) => Promise<void> },
  button: string,
  says?: string,
) {
  const asked = await screen.findByRole('alertdialog', { name: m.lines.restore.title });
  if (says) await expect(asked).toHaveTextContent(says);
  await userEvent.click(within(asked).getByRole('button', { name: button }));
  await waitFor(() =>
    expect(screen.queryByRole('alertdialog', { name: m.lines.restore.title })).toBeNull(),
  );
  return asked;
}

/**
 * An admin reads the line's changes and brings back the version after the price change: asked
 * first, naming the line and the version; 'Batal' leaves it, 'Ya, Pulihkan' restores.
 */
export const WithHistory: Story = {
  parameters: historyOf({
    session: adminSession,
    calls: {
      line: async () => listAnswer(lineHistoryEntries),
      restore: async (body, options) => {
        restore(body, options);
        const { report } = await firstLine();
        return answer({ ...report, specification: RESTORED_SPECIFICATION });
      },
    },
  }),
  play: async ({ userEvent }) => {
    const history = await historyRegion();
    await expect(await history.findByText('Harga: Rp 1.000 → Rp 1.500')).toBeVisible();
    await expect(history.getByText('Dibuat oleh Sistem')).toBeVisible();
    const entries = history.getByRole('list', { name: h.title }).querySelectorAll(':scope > li');
    const button = within(entries[1] as HTMLElement).getByRole('button', { name: h.restore });
    await userEvent.click(button);
    await answerRestore(
      userEvent,
      m.common.confirmDelete.cancel,
      m.lines.restore.message('Kertas HVS A4', h.actions.update, '20 November 2026 pukul 11.30'),
    );
    await expect(restore).not.toHaveBeenCalled();
    await userEvent.click(button);
    await answerRestore(userEvent, m.lines.restore.confirm);
    await expect(restore).toHaveBeenLastCalledWith({ change_id: 12 }, undefined);
    await expect(await toast(h.restored)).toBeVisible();
    // The dialog shows the line as the restore left it.
    const dialog = await findDialog(admin.detailTitle);
    const component = within(dialog).getByRole('region', { name: admin.componentSection });
    await expect(within(component).getByText(RESTORED_SPECIFICATION)).toBeVisible();
  },
};

/** A refused restore (over the pagu, say) shows the server's reason; the history stays. */
export const RestoreRefused: Story = {
  parameters: historyOf({
    session: adminSession,
    calls: { line: async () => listAnswer(lineHistoryEntries) },
    failOn: { 'history.restore': httpError('validation', 'Melebihi pagu sub kegiatan') },
  }),
  play: async ({ userEvent }) => {
    const history = await historyRegion();
    const [first] = await history.findAllByRole('button', { name: h.restore });
    await userEvent.click(first!);
    await answerRestore(userEvent, m.lines.restore.confirm);
    await expect(await toast('Melebihi pagu sub kegiatan')).toBeVisible();
    await expect(history.getAllByRole('button', { name: h.restore })).toHaveLength(3);
  },
};

/** A user reads their line's history; restoring is an admin's. */
export const ForUser: Story = {
  parameters: historyOf({
    session: userSession,
    calls: { line: async () => listAnswer(lineHistoryEntries) },
  }),
  play: async () => {
    const history = await historyRegion();
    await expect(await history.findByText('Harga: Rp 1.000 → Rp 1.500')).toBeVisible();
    await expect(history.queryByRole('button', { name: h.restore })).toBeNull();
  },
};

/** The history cannot be loaded: the dialog still shows the line, the history says why. */
export const HistoryFailed: Story = {
  parameters: historyOf({
    session: adminSession,
    failOn: { 'history.line': httpError('forbidden') },
  }),
  play: async () => {
    const history = await historyRegion();
    await expect(await history.findByRole('alert')).toHaveTextContent(h.fetchFailed);
    const dialog = await findDialog(admin.detailTitle);
    await expect(
      within(dialog).getByRole('region', { name: admin.componentSection }),
    ).toBeVisible();
  },
};

/** Shown on its own (no session), as AdminReports' stories show it: no history to read. */
export const WithoutSession: Story = {
  parameters: historyOf({ session: null }),
  play: async ({ userEvent, args }) => {
    const dialog = await findDialog(admin.detailTitle);
    await expect(within(dialog).getByRole('region', { name: admin.financeSection })).toBeVisible();
    await expect(within(dialog).queryByRole('region', { name: h.title })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.close }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
