import {
  httpError,
  messagesId,
  type Stage,
  type StageCompareQuery,
  type StageLockInput,
} from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
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
