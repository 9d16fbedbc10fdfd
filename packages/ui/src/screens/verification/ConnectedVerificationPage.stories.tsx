import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { dropStaleAnnouncements } from '../management/story-helpers.js';
import { ConnectedVerificationPage } from './ConnectedVerificationPage.js';
import { storyAdminSession, verificationClients, withLoadedClient } from './story-helpers.js';

const m = messagesId;
const t = m.verification;

const meta = {
  title: 'Screens/Verification/ConnectedVerificationPage',
  component: ConnectedVerificationPage,
  decorators: [withLoadedClient],
  beforeEach: dropStaleAnnouncements,
  loaders: [
    async () => ({
      client: (await verificationClients({ withNote: false })).admin,
      session: storyAdminSession,
    }),
  ],
  args: { initialYear: 2025 },
} satisfies Meta<typeof ConnectedVerificationPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A sub kegiatan opened: a note written on it, 'Tandai Terverifikasi' refused with the
 * server's words while it is open, then verified once it is closed.
 */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: t.listTitle(2025) });
    // The rows as the server answers them (not the loading rows before).
    await waitFor(() =>
      expect(within(table).getAllByText(t.notVerified).length).toBeGreaterThan(0),
    );
    const [first] = within(table).getAllByRole('button', { name: /^Buka / });
    await userEvent.click(first as HTMLElement);

    const lines = await canvas.findByRole('grid', { name: t.detail.linesTitle });
    await waitFor(() => expect(within(lines).getAllByRole('row').length).toBeGreaterThan(1));
    await expect(await canvas.findByText(t.notes.empty)).toBeVisible();

    await userEvent.type(
      canvas.getByRole('textbox', { name: t.notes.writeLabel }),
      'Harga terlalu tinggi.',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.notes.send }));
    await expect(await canvas.findByText('Harga terlalu tinggi.')).toBeVisible();
    await expect(await screen.findByText(t.notes.written)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t.detail.verify }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.server.notesStillOpen(1));

    await userEvent.click(canvas.getByRole('button', { name: t.notes.close }));
    await expect(await canvas.findByText(t.notes.statuses.closed)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.detail.verify }));
    await expect(await canvas.findByRole('button', { name: t.detail.unverify })).toBeVisible();
    await expect(canvas.getByText(t.verified)).toBeVisible();

    // Reopening a note withdraws the verification.
    await userEvent.click(canvas.getByRole('button', { name: t.notes.reopen }));
    await expect(await canvas.findByRole('button', { name: t.detail.verify })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t.detail.back }));
    await expect(await canvas.findByText(t.noteCounts(1, 0))).toBeVisible();
  },
};

/** A search that finds nothing says so. */
export const NothingFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('grid', { name: t.listTitle(2025) });
    await userEvent.type(canvas.getByRole('searchbox', { name: t.search }), 'tidak ada');
    await expect(await canvas.findByText(t.emptyFiltered)).toBeVisible();
  },
};

/**
 * On a phone each row stacks into a card, each value under its column's heading: the total and
 * 'Buka', then a line's total, stay on the screen instead of off to the right of a table.
 */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const onScreen = async (element: HTMLElement) =>
      expect(element.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(await canvas.findByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: t.listTitle(2025) });
    const [open] = await within(table).findAllByRole('button', { name: /^Buka / });
    const row = open!.closest('tr') as HTMLElement;
    const total = await within(row).findByText(/^Rp\s?\d/);
    await onScreen(total);
    await onScreen(open!);
    // Each value says what it is: its column's heading above it.
    const totalCell = total.closest('td') as HTMLElement;
    await expect(totalCell.dataset.label).toBe(t.columns.total);
    await expect(getComputedStyle(totalCell, '::before').content).toBe(`"${t.columns.total}"`);

    await userEvent.click(open!);
    const lines = await canvas.findByRole('grid', { name: t.detail.linesTitle });
    const lineTotal = (await within(lines).findAllByText(/^Rp\s?\d/))[0] as HTMLElement;
    await onScreen(lineTotal);
  },
};
