import { httpError, messagesId } from '@ranwal/core';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ToastProvider } from '../../components/Toast.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import { createSandboxClient, type SandboxClientOptions } from '../../testing/sandbox-client.js';
import { adminSession } from '../history/story-data.js';
import { dropStaleAnnouncements } from '../management/story-helpers.js';
import { ConnectedLockManager } from './ConnectedLockManager.js';

const m = messagesId;
const t = m.locks;
const subAction = 'Penyediaan Bahan Logistik Kantor';

/** A story's `parameters.sandbox`: how the sandboxed server is seeded and staged. */
interface LockStoryParameters {
  sandbox?: SandboxClientOptions;
}

function LockStoryProvider({
  options,
  children,
}: {
  options: SandboxClientOptions;
  children: ReactNode;
}) {
  const [client] = useState(() => createSandboxClient(options));
  return (
    <RanwalProvider client={client} session={adminSession}>
      <ToastProvider>
        <div className="min-h-screen bg-slate-50 p-4">{children}</div>
      </ToastProvider>
    </RanwalProvider>
  );
}

const withLockClient: Decorator = (Story, { parameters }) => (
  <LockStoryProvider options={(parameters as LockStoryParameters).sandbox ?? {}}>
    <Story />
  </LockStoryProvider>
);

const meta = {
  title: 'Screens/Locks/ConnectedLockManager',
  component: ConnectedLockManager,
  decorators: [withLockClient],
  beforeEach: () => {
    dropStaleAnnouncements();
  },
  args: { initialYear: 2026 },
} satisfies Meta<typeof ConnectedLockManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Locks a sub kegiatan chosen by typing, then unlocks it with the reason it needs; a toast each. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(t.empty)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t.lock.open }));
    const dialog = await screen.findByRole('dialog', { name: t.lock.title(2026) });
    await userEvent.type(within(dialog).getByRole('combobox'), 'Logistik');
    await userEvent.click(await screen.findByRole('option', { name: new RegExp(subAction) }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Pagu sudah ditetapkan');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await screen.findByText(t.lock.done(subAction))).toBeVisible();

    const table = canvas.getByRole('grid', { name: t.listTitle(2026) });
    const row = await within(table).findByRole('row', { name: new RegExp(subAction) });
    await expect(within(row).getByText(t.locked)).toBeVisible();
    await expect(within(row).getByText('Pagu sudah ditetapkan')).toBeVisible();

    await userEvent.click(within(row).getByRole('button', { name: t.unlock.label(subAction) }));
    const unlock = await screen.findByRole('dialog', { name: t.unlock.title(subAction) });
    const reason = within(unlock).getByRole('textbox');
    await userEvent.click(within(unlock).getByRole('button', { name: m.common.save }));
    await expect(reason).toHaveAccessibleDescription('Alasan wajib diisi bila kunci dibuka');
    await userEvent.type(reason, 'Koreksi harga');
    await userEvent.click(within(unlock).getByRole('button', { name: m.common.save }));
    await expect(await screen.findByText(t.unlock.done(subAction))).toBeVisible();
    await waitFor(() => expect(within(row).getByText(t.unlocked)).toBeVisible());
    await expect(within(row).getByText('Koreksi harga')).toBeVisible();
  },
};

/** The server's refusal of a lock stays in the dialog, in the server's words. */
export const Refused: Story = {
  parameters: {
    sandbox: {
      failOn: {
        'lock.set': httpError('conflict', 'Sub kegiatan ini sedang dikunci oleh tahap anggaran.'),
      },
    },
  } satisfies LockStoryParameters,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: t.lock.open }));
    const dialog = await screen.findByRole('dialog', { name: t.lock.title(2026) });
    await userEvent.type(within(dialog).getByRole('combobox'), 'Logistik');
    await userEvent.click(await screen.findByRole('option', { name: new RegExp(subAction) }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sub kegiatan ini sedang dikunci oleh tahap anggaran.',
    );
  },
};

/** The server's problem with a field lands on that field. */
export const FieldRefused: Story = {
  parameters: {
    sandbox: {
      failOn: {
        'lock.set': httpError(
          'validation',
          m.server.validation('sub_action_id', 'Sub Kegiatan tidak ditemukan.'),
          [{ path: 'sub_action_id', message: 'Sub Kegiatan tidak ditemukan.' }],
        ),
      },
    },
  } satisfies LockStoryParameters,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: t.lock.open }));
    const dialog = await screen.findByRole('dialog', { name: t.lock.title(2026) });
    const picker = within(dialog).getByRole('combobox');
    await userEvent.type(picker, 'Logistik');
    await userEvent.click(await screen.findByRole('option', { name: new RegExp(subAction) }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription('Sub Kegiatan tidak ditemukan.'),
    );
  },
};

const ErrorStory: Story = {
  parameters: {
    sandbox: { failOn: { 'lock.list': httpError('forbidden') } },
  } satisfies LockStoryParameters,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t.fetchFailed);
  },
};

export { ErrorStory as Error };
