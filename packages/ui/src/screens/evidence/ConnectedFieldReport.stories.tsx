import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { agenciesSeed } from '../../testing/sandbox-client.js';
import { dropStaleAnnouncements, withSandboxClient } from '../management/story-helpers.js';
import { seedUser } from '../user-dashboard/story-data.js';
import { ConnectedFieldReport } from './ConnectedFieldReport.js';
import { phoneFrame } from './story-helpers.js';

const m = messagesId;
const t = m.evidence;
/** The agencies seed's Bappeda, which holds every programme but the first. */
const bappeda = agenciesSeed.entities.agency.find((agency) => agency.code !== null)!;

/** The demo user as a planner of Bappeda alone: their unit needs no choosing. */
const unitSeed = (() => {
  const seed = structuredClone(agenciesSeed);
  const user = seed.users.find((person) => person.id === seedUser(seed).id)!;
  user.agency_ids = [bappeda.id];
  return seed;
})();

/**
 * 17 March 2025, 09:30 in Jakarta: the seed's lines are of 2025. The sandbox's budget year is
 * another (`SANDBOX_YEAR`), as next year's is while it is being planned.
 */
const march17 = () => new Date('2025-03-17T02:30:00Z');

const meta = {
  title: 'Screens/Evidence/ConnectedFieldReport',
  component: ConnectedFieldReport,
  decorators: [withSandboxClient, phoneFrame],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: unitSeed, currentUser: seedUser(unitSeed) } },
  args: { now: march17 },
} satisfies Meta<typeof ConnectedFieldReport>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** The months the chooser offers (opened, read, left open). */
async function monthsOffered(canvas: Canvas, userEvent: UserEvent) {
  await userEvent.click(await canvas.findByRole('button', { name: new RegExp(t.mapPage.month) }));
  const months = await within(document.body).findByRole('listbox');
  return {
    months,
    names: within(months)
      .getAllByRole('option')
      .map((option) => option.textContent),
  };
}

/** The chosen month's sub kegiatan are offered (opened, counted, closed). */
async function expectSubActionsOffered(canvas: Canvas, userEvent: UserEvent) {
  await userEvent.click(await canvas.findByRole('button', { name: new RegExp(t.field.choose) }));
  const subActions = await within(document.body).findByRole('listbox');
  await expect(within(subActions).getAllByRole('option').length).toBeGreaterThan(0);
  await userEvent.keyboard('{Escape}');
}

/**
 * The field officer opens the page on today's month of the year being carried out, not on a
 * month of the budget year being planned; the months offered run to this one, none to come.
 * Its sub kegiatan are the unit's of that month.
 */
export const OpensOnTodaysMonth: Story = {
  play: async ({ canvas, userEvent }) => {
    const month = await canvas.findByRole('button', { name: new RegExp(t.mapPage.month) });
    await expect(month).toHaveTextContent('Maret 2025');
    await expect((await monthsOffered(canvas, userEvent)).names).toEqual([
      'Januari 2025',
      'Februari 2025',
      'Maret 2025',
    ]);
    await userEvent.keyboard('{Escape}');
    await expectSubActionsOffered(canvas, userEvent);
  },
};

/**
 * 5 January: December's report is due on the 10th, so the field still offers it, before this
 * January; the month's sub kegiatan are December's.
 */
export const JanuaryStillOffersDecember: Story = {
  args: { now: () => new Date('2026-01-05T02:30:00Z') },
  play: async ({ canvas, userEvent }) => {
    const month = await canvas.findByRole('button', { name: new RegExp(t.mapPage.month) });
    await expect(month).toHaveTextContent('Januari 2026');
    const { months, names } = await monthsOffered(canvas, userEvent);
    await expect(names).toEqual(['Desember 2025', 'Januari 2026']);
    await userEvent.click(within(months).getByRole('option', { name: 'Desember 2025' }));
    await expect(month).toHaveTextContent('Desember 2025');
    await expectSubActionsOffered(canvas, userEvent);
  },
};

/** An officer whose account has no unit yet is told why nothing can be filed, and whom to ask. */
export const OfficerWithoutUnit: Story = {
  parameters: { sandbox: { seed: agenciesSeed, currentUser: seedUser(agenciesSeed) } },
  play: async ({ canvas }) => {
    await canvas.findByText(m.server.withoutUnit);
    await expect(
      canvas.queryByRole('button', { name: new RegExp(t.field.choose) }),
    ).not.toBeInTheDocument();
  },
};
