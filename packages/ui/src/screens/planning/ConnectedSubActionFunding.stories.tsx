import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { demoSeed } from '../../testing/sandbox-client.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedSubActionFunding } from './ConnectedSubActionFunding.js';

const m = messagesId;
const t = m.funding.subAction;
const YEAR = 2025;
const SUB_ACTION = 'Penyediaan Bahan Logistik Kantor';

const meta = {
  title: 'Screens/Planning/ConnectedSubActionFunding',
  component: ConnectedSubActionFunding,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: demoSeed } },
  args: { initialYear: YEAR },
} satisfies Meta<typeof ConnectedSubActionFunding>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** Chooses the sub kegiatan by typing part of its name, as a person does. */
async function chooseSubAction(canvas: Canvas, userEvent: UserEvent) {
  const picker = canvas.getByRole('combobox', { name: new RegExp(m.levels.sub_action.label) });
  await userEvent.type(picker, 'Logistik');
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(SUB_ACTION) }));
  return canvas.findByRole('form', { name: t.title });
}

/** Before a choice the section says what to do; the demo's sub kegiatan has no source yet. */
export const Choose: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: t.title })).toBeVisible();
    await expect(canvas.getByText(t.choose)).toBeVisible();
    const form = await chooseSubAction(canvas, userEvent);
    await expect(within(form).getByText(t.none)).toBeVisible();
  },
};

/**
 * Two sources, one the default with no ceiling (left blank) and one with a ceiling typed as a
 * person writes rupiah ('5.000.000'); a row without a source is named; saved, the rows come
 * back as stored.
 */
export const SetSources: Story = {
  play: async ({ canvas, userEvent }) => {
    let form = await chooseSubAction(canvas, userEvent);
    await userEvent.click(within(form).getByRole('button', { name: t.add }));
    await userEvent.click(within(form).getByRole('button', { name: t.save }));
    await expect(
      await within(form).findByText(m.server.validation(t.source, t.pickSource)),
    ).toBeVisible();

    const pick = async (row: number, name: string) => {
      const selects = within(form).getAllByRole('button', { name: new RegExp(t.source) });
      await userEvent.click(selects[row]!);
      await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
    };
    await pick(0, 'Dana Alokasi Umum');
    await userEvent.click(
      within(form).getByRole('checkbox', { name: t.defaultFor('Dana Alokasi Umum') }),
    );
    await userEvent.click(within(form).getByRole('button', { name: t.add }));
    await pick(1, 'Dana Alokasi Khusus Fisik');
    const ceilings = within(form).getAllByRole('textbox', { name: t.ceiling });
    await userEvent.type(ceilings[1]!, '5.000.000');
    await userEvent.tab();
    await userEvent.click(within(form).getByRole('button', { name: t.save }));
    await expect(await findToast(t.saved(SUB_ACTION, YEAR))).toBeVisible();

    form = await canvas.findByRole('form', { name: t.title });
    await waitFor(() =>
      expect(within(form).getAllByRole('textbox', { name: t.ceiling })).toHaveLength(2),
    );
    const saved = within(form).getAllByRole('textbox', { name: t.ceiling });
    // Back in code order: DAK-FISIK with its ceiling, then DAU, the default, without one.
    await expect(saved.map((field) => (field as HTMLInputElement).value)).toEqual([
      '5.000.000',
      '',
    ]);
    await expect(
      within(form).getByRole('checkbox', { name: t.defaultFor('Dana Alokasi Umum') }),
    ).toBeChecked();
  },
};
