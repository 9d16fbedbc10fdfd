import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedMonthlyReport } from '../realisation/ConnectedMonthlyReport.js';
import { ConnectedIndicatorList } from './ConnectedIndicatorList.js';
import { ConnectedQuarterAchievement } from './ConnectedQuarterAchievement.js';
import {
  bappedaPlanner,
  bappedaPlannerSeed,
  bappedaSubAction,
  planIndicator,
  STORY_YEAR,
} from './story-data.js';

const m = messagesId;
const t = m.indicators;
const named = bappedaSubAction.code ?? bappedaSubAction.name;

const meta = {
  title: 'Screens/Indicators/ConnectedQuarterAchievement',
  component: ConnectedQuarterAchievement,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: bappedaPlannerSeed, currentUser: bappedaPlanner } },
  args: { subAction: null, year: STORY_YEAR, quarter: 4, onClose: fn() },
} satisfies Meta<typeof ConnectedQuarterAchievement>;
export default meta;
type Story = StoryObj<typeof meta>;

const saveFile = fn();

/**
 * The whole round on the real server: the unit's planner plans an indicator with the lines,
 * enters Triwulan IV's achievement from December's monthly report, sees it counted against the
 * target, and prints the evaluation to Triwulan IV.
 */
export const PlannerEntersTheQuarterAndPrints: Story = {
  render: () => (
    <div className="flex flex-col gap-6">
      <ConnectedIndicatorList
        subActionId={bappedaSubAction.id}
        year={STORY_YEAR}
        className="rounded-lg border border-slate-200 bg-white p-5"
      />
      <ConnectedMonthlyReport initialYear={STORY_YEAR} saveFile={saveFile} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await planIndicator(canvas, userEvent, {
      description: 'Jumlah kegiatan evaluasi',
      target: '4',
      unit: 'Kegiatan',
    });

    const month = await canvas.findByRole('grid', {
      name: `${m.monthlyReport.title} Desember ${STORY_YEAR}`,
    });
    await userEvent.click(
      await within(month).findByRole('button', { name: t.achievement.openOf(named) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: t.achievement.title('Triwulan IV', named),
    });
    await userEvent.type(
      await within(dialog).findByRole('textbox', {
        name: t.achievement.field('Jumlah kegiatan evaluasi', 'Kegiatan'),
      }),
      '2,5',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await findToast(t.achievement.saved('Triwulan IV', named));
    const indicators = canvas.getByRole('grid', { name: t.title });
    await waitFor(() => expect(indicators).toHaveTextContent('2,5 (62,5 %)'));

    saveFile.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: t.print.download }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    const [file] = saveFile.mock.calls[0] as [{ fileName: string; blob: Blob }];
    await expect(file.fileName).toBe(
      `evaluasi-renja-4.01.0.00.0.00.01.0000-${STORY_YEAR}-tw4.xlsx`,
    );
    const head = new Uint8Array(await file.blob.slice(0, 2).arrayBuffer());
    await expect(String.fromCharCode(...head)).toBe('PK');
  },
};
