import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { dropStaleAnnouncements } from '../management/story-helpers.js';
import { ConnectedOpenNotes } from './ConnectedOpenNotes.js';
import {
  seededNote,
  storyUserSession,
  verificationClients,
  withLoadedClient,
} from './story-helpers.js';

const t = messagesId.verification;

const meta = {
  title: 'Screens/Verification/ConnectedOpenNotes',
  component: ConnectedOpenNotes,
  decorators: [withLoadedClient],
  beforeEach: dropStaleAnnouncements,
  loaders: [
    async () => ({
      client: (await verificationClients({ withNote: true })).user,
      session: storyUserSession,
    }),
  ],
} satisfies Meta<typeof ConnectedOpenNotes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The user's open note with its line and sub kegiatan, answered in place. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: t.dashboard.title }),
    ).toBeVisible();
    await expect(canvas.getByText(seededNote)).toBeVisible();
    await expect(canvas.getByText(/^Laporan: /)).toBeVisible();
    await expect(canvas.getByText(/^Sub Kegiatan .*, 2025$/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.notes.close })).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: t.notes.reply }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: t.notes.replyLabel }),
      'Spesifikasi sudah kami lampirkan.',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.notes.sendReply }));
    await expect(await screen.findByText(t.notes.replied)).toBeVisible();
    await expect(await canvas.findByText('Spesifikasi sudah kami lampirkan.')).toBeVisible();
    await expect(canvas.getByText(t.notes.lastAnswer)).toBeVisible();
    await expect(canvas.getByText(t.notes.statuses.answered)).toBeVisible();
  },
};

/** No open note: no card at all. */
export const NoneOpen: Story = {
  loaders: [
    async () => ({
      client: (await verificationClients({ withNote: false })).user,
      session: storyUserSession,
    }),
  ],
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.queryByRole('heading', { name: t.dashboard.title })).not.toBeInTheDocument(),
    );
  },
};
