import { type Indicator, messagesId } from '@ranwal/core';
import { screen, within } from 'storybook/test';
import { agenciesSeed } from '../../testing/sandbox-client.js';
import { findToast } from '../management/story-helpers.js';
import { seedUser } from '../user-dashboard/story-data.js';

/** The year the connected stories plan and report in. */
export const STORY_YEAR = 2025;

const SUB_ACTION = '00000000-0000-4000-8000-000000000011';

/** Two output indicators of a Puskesmas sub kegiatan in 2025: one half achieved, one not begun. */
export const puskesmasIndicators: Indicator[] = [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    sub_action_id: SUB_ACTION,
    year: 2025,
    description: 'Jumlah puskesmas yang dibangun sesuai standar',
    target: 2,
    unit: 'Unit',
    quarters: [0.5, 0.5, null, null],
    cumulative: 1,
    achievement_tenths: 500,
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    sub_action_id: SUB_ACTION,
    year: 2025,
    description: 'Jumlah dokumen perencanaan teknis',
    target: 1.5,
    unit: 'Dokumen',
    quarters: [null, null, null, null],
    cumulative: 0,
    achievement_tenths: 0,
  },
];

/** The sub kegiatan they are of, as the monthly report names it. */
export const puskesmasSubAction = {
  sub_action_id: SUB_ACTION,
  sub_action_code: '1.02.02.2.01.0001',
  sub_action_name: 'Pembangunan Puskesmas',
};

/** The agencies seed's Bappeda, which holds every programme but the first. */
const bappeda = agenciesSeed.entities.agency.find((agency) => agency.code !== null)!;

/** The demo user as a planner of Bappeda alone. */
export const bappedaPlannerSeed = (() => {
  const seed = structuredClone(agenciesSeed);
  const user = seed.users.find((person) => person.id === seedUser(seed).id)!;
  user.agency_ids = [bappeda.id];
  return seed;
})();
export const bappedaPlanner = seedUser(bappedaPlannerSeed);
/** A sub kegiatan of Bappeda's with lines in the year: where its monthly report has a row. */
export const bappedaSubAction = (() => {
  const programs = new Set(
    bappedaPlannerSeed.entities.program
      .filter((row) => row.agency_id === bappeda.id)
      .map((row) => row.id),
  );
  const line = bappedaPlannerSeed.lines.find(
    (row) => row.year === STORY_YEAR && programs.has(row.program_id),
  )!;
  return bappedaPlannerSeed.entities.sub_action.find((row) => row.id === line.sub_action_id)!;
})();

/** What a story's play types and clicks with. */
interface StoryUser {
  click(element: Element): Promise<void>;
  type(element: Element, text: string): Promise<void>;
}

/**
 * 'Tambah Indikator' pressed and filled as a person does (the list loaded first), saved, and the
 * toast saying so awaited.
 */
export async function planIndicator(
  canvas: { findByText(text: string): Promise<HTMLElement>; getByRole: typeof screen.getByRole },
  user: StoryUser,
  fields: { description: string; target: string; unit: string },
) {
  const t = messagesId.indicators;
  await canvas.findByText(t.empty);
  await user.click(canvas.getByRole('button', { name: t.add }));
  const dialog = await screen.findByRole('dialog', { name: t.add });
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  await user.type(field(t.form.description), fields.description);
  await user.type(field(t.form.target), fields.target);
  await user.type(field(t.form.unit), fields.unit);
  await user.click(within(dialog).getByRole('button', { name: messagesId.common.save }));
  await findToast(t.saved(fields.description));
}
