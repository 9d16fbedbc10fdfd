import { httpError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { failureRetried } from '../../testing/failure.js';
import { cellTexts, pageTable } from '../../testing/table.js';
import { LockManager } from './LockManager.js';
import { subActionOptions, yearLocks } from './story-data.js';

const m = messagesId;
const t = m.locks;

const meta = {
  title: 'Screens/Locks/LockManager',
  component: LockManager,
  args: {
    year: 2026,
    locks: yearLocks,
    subActions: { options: subActionOptions, onSearchChange: fn() },
    onLock: fn(async () => undefined),
    onUnlock: fn(async () => undefined),
  },
} satisfies Meta<typeof LockManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The year's locks with status, reason, who and when; an unlocked one can be locked again. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const table = await pageTable(canvas, t.title, t.listTitle(2026));
    const rows = within(table).getAllByRole('row');
    await expect(rows[0]!.textContent).toBe('Sub KegiatanStatusAlasanDiubah olehWaktuAksi');
    const [first, second] = rows.slice(1).map(cellTexts);
    await expect(first!.slice(0, 4)).toEqual([
      'Evaluasi Kinerja Perangkat Daerah',
      'Terkunci',
      'Pagu sudah ditetapkan',
      'Siti Rahmawati',
    ]);
    await expect(second!.slice(0, 4)).toEqual([
      'Penyediaan Bahan Logistik Kantor',
      'Terbuka',
      'Koreksi harga satuan',
      '-',
    ]);
    await userEvent.click(
      canvas.getByRole('button', { name: t.lock.againLabel('Penyediaan Bahan Logistik Kantor') }),
    );
    await expect(args.onLock).toHaveBeenCalledWith(
      { id: yearLocks[1]!.sub_action_id, name: 'Penyediaan Bahan Logistik Kantor' },
      '',
    );
  },
};

/** Locking: the sub kegiatan is required, the reason is not; the choice and reason are sent. */
export const Lock: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.lock.open }));
    const dialog = await screen.findByRole('dialog', { name: t.lock.title(2026) });
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    const picker = within(dialog).getByRole('combobox', { name: /Sub Kegiatan/ });
    await expect(picker).toHaveAccessibleDescription(m.validation.required('Sub Kegiatan'));
    await expect(args.onLock).not.toHaveBeenCalled();

    await userEvent.type(picker, 'Koordinasi');
    await userEvent.click(await screen.findByRole('option', { name: /Koordinasi Penyusunan/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.lock.reason }), 'Final');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(args.onLock).toHaveBeenCalledWith(subActionOptions[1], 'Final');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Unlocking asks for the reason; a blank one is refused with core's (and the server's) words. */
export const Unlock: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const name = 'Evaluasi Kinerja Perangkat Daerah';
    await userEvent.click(canvas.getByRole('button', { name: t.unlock.label(name) }));
    const dialog = await screen.findByRole('dialog', { name: t.unlock.title(name) });
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(t.unlock.reason) });
    await expect(reason).toHaveAccessibleDescription('Alasan wajib diisi bila kunci dibuka');
    await expect(args.onUnlock).not.toHaveBeenCalled();
    await userEvent.type(reason, 'Koreksi volume');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(args.onUnlock).toHaveBeenCalledWith(
      { id: yearLocks[0]!.sub_action_id, name },
      'Koreksi volume',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The server's refusal of a lock stays in the dialog with its words. */
export const LockRefused: Story = {
  args: {
    onLock: fn(async () => {
      throw httpError('conflict', 'Sub kegiatan sedang diubah oleh admin lain.');
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.lock.open }));
    const dialog = await screen.findByRole('dialog', { name: t.lock.title(2026) });
    await userEvent.type(within(dialog).getByRole('combobox'), 'Evaluasi');
    await userEvent.click(await screen.findByRole('option', { name: /Evaluasi Kinerja/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sub kegiatan sedang diubah oleh admin lain.',
    );
  },
};

export const Empty: Story = {
  args: { locks: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.lock.open })).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { locks: [], isLoading: true },
};

const ErrorStory: Story = {
  args: { locks: [], error: t.fetchFailed, onRetry: fn() },
  play: failureRetried(t.fetchFailed),
};

export { ErrorStory as Error };
