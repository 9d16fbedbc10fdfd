import { messagesId, type User } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { agenciesSeed } from '../../testing/sandbox-client.js';
import { bappedaPlanner, bappedaPlannerSeed } from '../indicators/story-data.js';
import { dropStaleAnnouncements, withSandboxClient } from '../management/story-helpers.js';
import { seedSession } from '../user-dashboard/story-data.js';
import { ConnectedRegionMap } from './ConnectedRegionMap.js';

const m = messagesId;
const t = m.evidence.mapPage;
const bappeda = agenciesSeed.entities.agency.find((agency) => agency.code !== null)!;

const meta = {
  title: 'Screens/Evidence/ConnectedRegionMap',
  component: ConnectedRegionMap,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: agenciesSeed } },
  args: { initialYear: 2025, showYear: true },
} satisfies Meta<typeof ConnectedRegionMap>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Bappeda opens the region's map of the year's sub kegiatan (none marked on the map yet: all
 * listed 'tanpa titik lokasi'), narrows it to Bappeda, and opens one: its unit, place, the
 * month's figures and photos show beside the map.
 */
export const RegionByUnit: Story = {
  play: async ({ canvas, userEvent }) => {
    // Found again each time: the map and its list are drawn anew for a new filter.
    const options = async () =>
      within(await canvas.findByRole('listbox', { name: m.map.list })).getAllByRole('option');
    const all = (await options()).length;
    await expect(all).toBeGreaterThan(1);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(t.unit) }));
    await userEvent.click(await within(document.body).findByRole('option', { name: bappeda.name }));
    // The list reads again for the unit: the programme of no unit is left out.
    await waitFor(async () => expect((await options()).length).toBeLessThan(all));
    const first = (await options())[0]!;
    await userEvent.click(first);
    // The chosen one's panel: named by the sub kegiatan, with its unit and place.
    const panel = (await canvas.findByText(m.location.notSet)).closest('section')!;
    await expect(panel).toHaveAccessibleName(/\S/);
    await expect(panel.querySelector('h2')).toHaveTextContent(
      first.textContent!.split(m.realisation.summary.levels.none)[0]!,
    );
    await expect(panel).toHaveTextContent(bappeda.name);
    await expect(await within(panel).findByText(m.evidence.view.empty)).toBeVisible();
  },
};

/**
 * A unit's planner, under their own header: the year is the header's and the unit is their own,
 * so the map offers neither again; the list holds only their unit's sub kegiatan.
 */
export const UnitPlanner: Story = {
  args: { showYear: false, level: 2 },
  parameters: {
    sandbox: {
      seed: bappedaPlannerSeed,
      currentUser: bappedaPlanner,
      session: seedSession(bappedaPlanner),
    },
  },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('listbox', { name: m.map.list });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(0));
    for (const option of within(list).getAllByRole('option')) {
      await expect(option).toHaveTextContent(bappeda.name);
    }
    await expect(canvas.getByRole('button', { name: new RegExp(t.month) })).toBeVisible();
    await expect(canvas.getByRole('button', { name: new RegExp(t.program) })).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: new RegExp(t.unit) })).toBeNull(),
    );
    await expect(canvas.queryByRole('button', { name: new RegExp(m.planning.year) })).toBeNull();
    await expect(canvas.queryByText(m.server.withoutUnit)).not.toBeInTheDocument();
  },
};

const verifierWithoutUnit: User = {
  id: '00000000-0000-4000-8000-0000000000f2',
  name: 'Verifikator Baru',
  email: 'verifikator.baru@ranwal.local',
  role: 'verifier',
  agency_ids: [],
};

/**
 * A verifier whose account has no unit yet reads only the sub kegiatan of no unit: the map says
 * why, and whom to ask, above a list that would otherwise look as if the region had none.
 */
export const VerifierWithoutUnit: Story = {
  args: { showYear: false, level: 2 },
  parameters: {
    sandbox: {
      currentUser: verifierWithoutUnit,
      session: seedSession(verifierWithoutUnit),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(m.server.withoutUnit)).toBeVisible();
    const list = await canvas.findByRole('listbox', { name: m.map.list });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(0));
    for (const option of within(list).getAllByRole('option')) {
      await expect(option).not.toHaveTextContent(bappeda.name);
    }
  },
};

/**
 * Bappeda on a phone: the year and the month stay in view and the unit, program and source wait
 * behind 'Filter', which counts the one chosen; the map starts on the first screen (below the
 * five fields, before).
 */
export const BappedaOnPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('listbox', { name: m.map.list });
    // At least 100 px of the map show on the 568 px screen.
    const map = canvas.getByRole('application');
    await expect(map.getBoundingClientRect().top + 100).toBeLessThan(window.innerHeight);
    await expect(canvas.getByRole('button', { name: new RegExp(t.month) })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: new RegExp(t.program) })).toBeNull();
    const more = canvas.getByRole('button', { name: m.common.moreFilters });
    await expect(more).toBeVisible();
    await userEvent.click(more);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(t.unit) }));
    await userEvent.click(await within(document.body).findByRole('option', { name: bappeda.name }));
    await expect(more).toHaveTextContent(m.common.moreFiltersActive(1));
    await userEvent.click(more);
    await expect(canvas.queryByRole('button', { name: new RegExp(t.unit) })).toBeNull();
  },
};
