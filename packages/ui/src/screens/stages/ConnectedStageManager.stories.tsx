import {
  formatDateShortId,
  httpError,
  messagesId,
  type Stage,
  type StageCompareQuery,
  type StageLockInput,
} from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { dateFieldOf, typeDate } from '../../testing/date-field.js';
import { dropStaleAnnouncements } from '../management/story-helpers.js';
import { ConnectedStageManager } from './ConnectedStageManager.js';
import { openStages, stageComparison, yearStages } from './story-data.js';
import { type StageStoryParameters, withStageClient } from './story-helpers.js';

const m = messagesId;
const t = m.stages;

const answer = <T,>(data: T) => ({ status: 200, message: 'OK', data });
const list = fn(async (_query?: { year: unknown }) => answer(yearStages));
const compare = fn(async (_query?: StageCompareQuery) => answer(stageComparison));
const lock = fn(async (body: StageLockInput) =>
  answer<Stage[]>(body.locked ? yearStages : openStages),
);
const stagesOf = (stages: StageStoryParameters['stages']) => ({ stages });

const meta = {
  title: 'Screens/Stages/ConnectedStageManager',
  component: ConnectedStageManager,
  decorators: [withStageClient],
  beforeEach: () => {
    dropStaleAnnouncements();
    list.mockClear();
    compare.mockClear();
    lock.mockClear();
  },
  args: { initialYear: 2026 },
} satisfies Meta<typeof ConnectedStageManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The year's stages, the last two entered compared; an unlock with its reason, then a toast. */
export const Default: Story = {
  parameters: stagesOf({ list, compare, lock }),
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('grid', { name: t.listTitle(2026) });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await expect(list).toHaveBeenLastCalledWith({ year: 2026 }, expect.anything());
    await waitFor(() =>
      expect(compare).toHaveBeenLastCalledWith(
        { year: 2026, from: 'ranwal', to: 'rancangan' },
        expect.anything(),
      ),
    );
    await expect(await canvas.findByRole('grid', { name: t.compare.lines })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t.lock.unlock }));
    const dialog = await screen.findByRole('dialog', { name: t.lock.unlockTitle('Rancangan') });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Koreksi harga');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(lock).toHaveBeenCalledWith({ year: 2026, locked: false, reason: 'Koreksi harga' }),
    );
    await expect(await screen.findByText(t.lock.unlocked('Rancangan'))).toBeVisible();
  },
};

/**
 * A year far ahead, so its June is ahead of today whenever the story runs (a stage entered now is
 * entered before its dates) and the picture shows the same year every year.
 */
const LATER_YEAR = 2099;

/**
 * On the sandboxed server: a stage scheduled for that year's June, entered now. The confirmation says
 * what that does to users before 'Ya, Lanjutkan'; confirmed, the server enters it (it asks for
 * `confirm: true`), and the page says beside its status why users still wait.
 */
export const AdvanceBeforeItsDates: Story = {
  args: { initialYear: LATER_YEAR },
  play: async ({ canvas, userEvent }) => {
    const startsOn = `${LATER_YEAR}-06-01`;
    await canvas.findByText(t.empty);
    await userEvent.click(canvas.getByRole('button', { name: t.schedule.open }));
    const schedule = await screen.findByRole('dialog', { name: t.schedule.title(LATER_YEAR) });
    const row = within(schedule).getByRole('group', { name: t.schedule.row(1) });
    await typeDate(userEvent, dateFieldOf(row, t.schedule.startsOn), startsOn);
    await typeDate(userEvent, dateFieldOf(row, t.schedule.endsOn), `${LATER_YEAR}-07-31`);
    await userEvent.click(within(schedule).getByRole('button', { name: m.common.save }));
    await expect(await screen.findByText(t.schedule.saved)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(canvas.getByRole('button', { name: t.advance.action }));
    const confirm = await screen.findByRole('alertdialog', { name: t.advance.title });
    const from = formatDateShortId(startsOn);
    await expect(confirm).toHaveTextContent(
      `Tahap Rancangan Awal ${LATER_YEAR} dijadwalkan mulai ${from}. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai ${from}.`,
    );
    await userEvent.click(within(confirm).getByRole('button', { name: t.advance.confirm }));
    await expect(await screen.findByText(t.advance.done('Rancangan Awal'))).toBeVisible();
    const table = canvas.getByRole('grid', { name: t.listTitle(LATER_YEAR) });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
        `${t.statuses.current}${t.dateNotes.currentEarly(from)}`,
      ),
    );
  },
};

/** The server's refusal of an unlock lands on the reason field. */
export const UnlockRefused: Story = {
  parameters: stagesOf({
    list,
    compare,
    lock: async () => {
      throw httpError(
        'validation',
        m.server.validation('reason', 'wajib diisi bila kunci dibuka'),
        [{ path: 'reason', message: 'wajib diisi bila kunci dibuka' }],
      );
    },
  }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: t.lock.unlock }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox');
    await userEvent.type(reason, 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Alasan wajib diisi bila kunci dibuka'),
    );
  },
};

const ErrorStory: Story = {
  parameters: stagesOf({
    list: async () => {
      throw httpError('forbidden');
    },
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t.fetchFailed);
  },
};

export { ErrorStory as Error };
