import { httpError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { dateFieldOf, dayOf, typeDate } from '../../testing/date-field.js';
import { failureRetried } from '../../testing/failure.js';
import { cellTexts, pageTable } from '../../testing/table.js';
import { StageManager } from './StageManager.js';
import { openStages, yearStages } from './story-data.js';

const m = messagesId;
const t = m.stages;

const meta = {
  title: 'Screens/Stages/StageManager',
  component: StageManager,
  args: {
    year: 2026,
    stages: yearStages,
    onSchedule: fn(async () => undefined),
    onAdvance: fn(async () => undefined),
    onLock: fn(async () => undefined),
    // Within Rancangan's dates, before Rancangan Akhir's.
    today: '2026-03-10',
  },
} satisfies Meta<typeof StageManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The year's stages with their dates, status, lock and the lines kept; moving on asks first, and
 * entering Rancangan Akhir before its dates says what that does to users.
 */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const table = await pageTable(canvas, t.title, t.listTitle(2026));
    const rows = within(table).getAllByRole('row');
    await expect(rows[0]!.textContent).toBe(
      'TahapTanggal MulaiTanggal SelesaiStatusKunciRincian Tersimpan',
    );
    await expect(rows.slice(1).map(cellTexts)).toEqual([
      ['Rancangan Awal', '5 Jan 2026', '27 Feb 2026', 'Selesai', 'Terbuka', '1.250'],
      ['Rancangan', '2 Mar 2026', '29 Mei 2026', 'Berjalan', 'Terkunci oleh Siti Rahmawati', '-'],
      ['Rancangan Akhir', '1 Jun 2026', '31 Jul 2026', 'Belum dimulai', 'Terbuka', '-'],
    ]);

    // The current stage is locked: it can be unlocked, not locked again.
    await expect(canvas.getByRole('button', { name: t.lock.unlock })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.lock.lock })).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: t.advance.action }));
    const dialog = await screen.findByRole('alertdialog', { name: t.advance.title });
    await expect(dialog).toHaveTextContent(
      'Laporan tahap Rancangan disimpan sebagai angka tahap Rancangan, lalu tahap itu selesai dan tidak dapat dibuka lagi. Tahap Rancangan Akhir mulai berjalan.' +
        'Di luar jadwal:' +
        'Tahap Rancangan Akhir 2026 dijadwalkan mulai 1 Jun 2026. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai 1 Jun 2026.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.advance.confirm }));
    // Confirmed with the consequence shown: the call says so (`confirm: true`).
    await expect(args.onAdvance).toHaveBeenCalledOnce();
    await expect(args.onAdvance).toHaveBeenCalledWith(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** Within the next stage's dates: no consequence to confirm, and the call asks for none. */
export const AdvanceWithinDates: Story = {
  args: { today: '2026-06-01' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.advance.action }));
    const dialog = await screen.findByRole('alertdialog', { name: t.advance.title });
    await expect(dialog).not.toHaveTextContent(t.advance.outsideDates);
    await userEvent.click(within(dialog).getByRole('button', { name: t.advance.confirm }));
    await expect(args.onAdvance).toHaveBeenCalledOnce();
    await expect(args.onAdvance).toHaveBeenCalledWith(false);
  },
};

/**
 * A status does not move with the dates by itself: where they part, the page says why beside
 * the status (Rancangan still runs after its end; Rancangan Akhir's dates passed unstarted).
 */
export const DatesDisagree: Story = {
  args: { today: '2026-08-15' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.statusRule)).toBeVisible();
    const rows = within(canvas.getByRole('grid', { name: t.listTitle(2026) })).getAllByRole('row');
    await expect(rows[2]).toHaveTextContent(
      'Jadwalnya berakhir 29 Mei 2026: pengguna tidak dapat lagi mengubah rincian belanja. Lanjutkan ke tahap berikutnya atau ubah jadwalnya.',
    );
    await expect(rows[3]).toHaveTextContent(
      'Jadwalnya sudah berakhir 31 Jul 2026, sebelum tahap ini dimulai.',
    );
    await expect(rows[1]).not.toHaveTextContent('Jadwal');
  },
};

/** Unlocking asks for the reason; a blank one is refused with core's (and the server's) words. */
export const Unlock: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.lock.unlock }));
    const dialog = await screen.findByRole('dialog', { name: t.lock.unlockTitle('Rancangan') });
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(t.lock.reason) });
    await expect(reason).toHaveAccessibleDescription('Alasan wajib diisi bila kunci dibuka');
    await expect(args.onLock).not.toHaveBeenCalled();
    await userEvent.type(reason, 'Koreksi harga satuan');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(args.onLock).toHaveBeenCalledWith(false, 'Koreksi harga satuan');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** An open current stage is locked at once. */
export const Lock: Story = {
  args: { stages: openStages },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.lock.lock }));
    await expect(args.onLock).toHaveBeenCalledWith(true, '');
  },
};

/** A refused move on shows the server's words above the table. */
export const AdvanceRefused: Story = {
  args: {
    onAdvance: fn(async () => {
      throw httpError('conflict', m.server.stageNoNext(2026));
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.advance.action }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: t.advance.confirm }));
    await expect(await canvas.findByText(m.server.stageNoNext(2026))).toBeVisible();
  },
};

/** 'Atur Jadwal' starts from the year's stages; rows are added and checked before the call. */
export const Schedule: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.schedule.open }));
    const dialog = await screen.findByRole('dialog', { name: t.schedule.title(2026) });
    const rows = () => within(dialog).getAllByRole('group', { name: /^Tahap ke-/ });
    await expect(rows()).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('button', { name: t.schedule.addRow }));
    await expect(rows()).toHaveLength(4);
    const added = rows()[3]!;
    await expect(added).toHaveAccessibleName(t.schedule.row(4));
    // The next kind not yet in the list.
    await expect(
      within(added).getByRole('button', { name: new RegExp(t.schedule.kind) }),
    ).toHaveTextContent('Penetapan');
    await typeDate(userEvent, dateFieldOf(added, t.schedule.startsOn), '2026-09-01');
    await typeDate(userEvent, dateFieldOf(added, t.schedule.endsOn), '2026-08-01');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(dayOf(dateFieldOf(added, t.schedule.endsOn))).toHaveAccessibleDescription(
      // After the date as read ('15 Mei 2026'), what is wrong with it.
      expect.stringContaining('Tanggal Selesai tidak boleh sebelum tanggal mulai'),
    );
    await expect(args.onSchedule).not.toHaveBeenCalled();

    await typeDate(userEvent, dateFieldOf(added, t.schedule.endsOn), '2026-10-30');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(args.onSchedule).toHaveBeenCalledWith(
      [
        { kind: 'ranwal', starts_on: '2026-01-05', ends_on: '2026-02-27' },
        { kind: 'rancangan', starts_on: '2026-03-02', ends_on: '2026-05-29' },
        { kind: 'ranhir', starts_on: '2026-06-01', ends_on: '2026-07-31' },
        { kind: 'penetapan', starts_on: '2026-09-01', ends_on: '2026-10-30' },
      ],
      false,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** A stage overlapping the one before it is refused on its start date, naming both stages. */
export const ScheduleOverlapRefused: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.schedule.open }));
    const dialog = await screen.findByRole('dialog', { name: t.schedule.title(2026) });
    const ranhir = within(dialog).getByRole('group', { name: t.schedule.row(3) });
    await typeDate(userEvent, dateFieldOf(ranhir, t.schedule.startsOn), '2026-05-15');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(dayOf(dateFieldOf(ranhir, t.schedule.startsOn))).toHaveAccessibleDescription(
      // After the date as read ('15 Mei 2026'), what is wrong with it.
      expect.stringContaining(
        'Tanggal Mulai tumpang tindih dengan tahap Rancangan (2 Mar 2026 s.d. 29 Mei 2026); tahap Rancangan Akhir harus dimulai setelah 29 Mei 2026',
      ),
    );
    await expect(args.onSchedule).not.toHaveBeenCalled();
  },
};

/**
 * A stage dated wholly outside the budget year is warned as it is typed, before Simpan; saved,
 * the call confirms it (`confirm: true`).
 */
export const ScheduleOutsideYearWarned: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.schedule.open }));
    const dialog = await screen.findByRole('dialog', { name: t.schedule.title(2026) });
    await expect(within(dialog).queryByText(t.schedule.warningTitle)).toBeNull();
    const ranwal = within(dialog).getByRole('group', { name: t.schedule.row(1) });
    await typeDate(userEvent, dateFieldOf(ranwal, t.schedule.startsOn), '2024-01-08');
    await typeDate(userEvent, dateFieldOf(ranwal, t.schedule.endsOn), '2024-02-28');
    const warning = await within(dialog).findByRole('status');
    await expect(warning).toHaveTextContent(
      'Tanggal tahap Rancangan Awal (8 Jan 2024 s.d. 28 Feb 2024) di luar masa perencanaan anggaran 2026 (1 Jan 2025 s.d. 31 Des 2026).',
    );
    await expect(warning).toHaveTextContent(t.schedule.warningSave);
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(args.onSchedule).toHaveBeenCalledWith(
      [
        { kind: 'ranwal', starts_on: '2024-01-08', ends_on: '2024-02-28' },
        { kind: 'rancangan', starts_on: '2026-03-02', ends_on: '2026-05-29' },
        { kind: 'ranhir', starts_on: '2026-06-01', ends_on: '2026-07-31' },
      ],
      true,
    );
  },
};

/** The server's problem with the whole list (a stage entered moved) shows in the dialog. */
export const ScheduleRefused: Story = {
  args: {
    onSchedule: fn(async () => {
      const problem = m.server.stageEnteredKeepsPlace;
      throw httpError('validation', m.server.validation('stages', problem), [
        { path: 'stages', message: problem },
      ]);
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.schedule.open }));
    const dialog = await screen.findByRole('dialog', { name: t.schedule.title(2026) });
    await userEvent.click(within(dialog).getByRole('button', { name: t.schedule.removeRow(1) }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t.schedule.listProblem(m.server.stageEnteredKeepsPlace),
    );
  },
};

/** No stages yet: the table says to set the schedule; nothing to move on to. */
export const Empty: Story = {
  args: { stages: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.advance.action })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { stages: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  args: { stages: [], error: t.fetchFailed, onRetry: fn() },
  play: failureRetried(t.fetchFailed),
};

export { ErrorStory as Error };
