import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { agenciesSeed } from '../../testing/sandbox-client.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { seedUser } from '../user-dashboard/story-data.js';
import { ConnectedIndicatorList } from './ConnectedIndicatorList.js';
import {
  bappedaPlanner,
  bappedaPlannerSeed,
  bappedaSubAction,
  planIndicator,
  STORY_YEAR,
} from './story-data.js';

const m = messagesId;
const t = m.indicators;
const meta = {
  title: 'Screens/Indicators/ConnectedIndicatorList',
  component: ConnectedIndicatorList,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: bappedaPlannerSeed, currentUser: bappedaPlanner } },
  args: {
    subActionId: bappedaSubAction.id,
    year: STORY_YEAR,
    className: 'rounded-lg border border-slate-200 bg-white p-5',
  },
} satisfies Meta<typeof ConnectedIndicatorList>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The unit's planner adds an indicator with a target typed '1,5', changes it to 12, and deletes
 * it after the question; the server keeps each.
 */
export const PlannerPlansIndicators: Story = {
  play: async ({ canvas, userEvent }) => {
    await planIndicator(canvas, userEvent, {
      description: 'Jumlah dokumen Renja',
      target: '1,5',
      unit: 'Dokumen',
    });
    const table = canvas.getByRole('grid', { name: t.title });
    await waitFor(() => expect(table).toHaveTextContent('1,5 Dokumen'));

    await userEvent.click(canvas.getByRole('button', { name: t.editOf('Jumlah dokumen Renja') }));
    const dialog = await screen.findByRole('dialog', { name: t.edit });
    const target = within(dialog).getByRole('textbox', { name: t.form.target });
    await userEvent.clear(target);
    await userEvent.type(target, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() => expect(table).toHaveTextContent('12 Dokumen'));

    await userEvent.click(within(table).getByRole('button', { name: m.common.delete }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(t.deleteText('Jumlah dokumen Renja'));
    await userEvent.click(
      within(confirm).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await findToast(t.deleted('Jumlah dokumen Renja'));
    await expect(await canvas.findByText(t.empty)).toBeVisible();
  },
};

/** Another unit's planner reaches none of it: the server refuses the read, the list says so. */
export const OutsideTheUnit: Story = {
  parameters: { sandbox: { seed: agenciesSeed, currentUser: seedUser(agenciesSeed) } },
  args: { subActionId: bappedaSubAction.id },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t.fetchFailed)).toBeVisible();
  },
};
