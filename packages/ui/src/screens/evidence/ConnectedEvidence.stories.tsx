import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { agenciesSeed } from '../../testing/sandbox-client.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedEvidence } from './ConnectedEvidence.js';

const m = messagesId;
const t = m.location;
/** A sub kegiatan of the seed under Bappeda (the agencies seed's unit with programmes). */
const bappeda = agenciesSeed.entities.agency.find((agency) => agency.code !== null)!;
const program = agenciesSeed.entities.program.find((row) => row.agency_id === bappeda.id)!;
const action = agenciesSeed.entities.action.find((row) => row.program_id === program.id)!;
const subAction = agenciesSeed.entities.sub_action.find((row) => row.action_id === action.id)!;

const meta = {
  title: 'Screens/Evidence/ConnectedEvidence',
  component: ConnectedEvidence,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: agenciesSeed } },
  args: {
    subActionId: subAction.id,
    subActionName: subAction.name,
    year: 2027,
    month: 3,
    canEdit: true,
    canRemove: true,
  },
} satisfies Meta<typeof ConnectedEvidence>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An admin marks where the work is: Jawa Timur, Kabupaten Bojonegoro, Kecamatan Ngraho, Desa
 * Luwihaji from Kemendagri's list on the real server, the point typed as a phone shows it
 * (a comma for the decimal), and the place reads as an address.
 */
export const MarksThePlace: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(t.notSet)).toBeVisible();
    await expect(await canvas.findByText(m.evidence.view.empty)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.dialog.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.dialog.title });
    const choose = async (level: keyof typeof t.levels, option: string) => {
      const button = await within(dialog).findByRole('button', {
        name: new RegExp(t.levels[level]),
      });
      await waitFor(() => expect(button).toBeEnabled());
      await userEvent.click(button);
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose('province', 'Jawa Timur');
    await choose('regency', 'Kabupaten Bojonegoro');
    await choose('district', 'Ngraho');
    await choose('village', 'Luwihaji');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.dialog.latitude }),
      '-7,15021',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.dialog.longitude }),
      '111.7512',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await findToast(t.dialog.saved);
    await expect(
      await canvas.findByText('Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur'),
    ).toBeVisible();
    await expect(canvas.getByText('-7.15021, 111.75120')).toBeVisible();
  },
};

/** Presses the map at a share of its width and height: a tap, not a drag. */
async function tapMap(
  map: HTMLElement,
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
  share: [number, number],
) {
  const box = map.getBoundingClientRect();
  const coords = {
    clientX: box.left + box.width * share[0],
    clientY: box.top + box.height * share[1],
  };
  await userEvent.pointer([
    { keys: '[MouseLeft>]', target: map, coords },
    { keys: '[/MouseLeft]', target: map, coords },
  ]);
}

/**
 * A road is a line: the planner chooses 'Garis', taps the map twice along it, adds a third
 * vertex typed (as a keyboard user, or from the phone's position while walking it), takes one
 * back and adds it again; saved, the place reads 'Garis di peta', and opened again the road
 * comes back with its three vertices.
 */
export const DrawsARoad: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: t.dialog.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.dialog.title });
    await userEvent.click(within(dialog).getByRole('radio', { name: t.dialog.shapes.LineString }));
    await expect(within(dialog).getByText(t.dialog.mapHelp.LineString)).toBeVisible();
    const map = () =>
      within(dialog).getByRole('img', { name: new RegExp(`^${t.dialog.map('Garis', '\\d+')}$`) });
    await tapMap(map(), userEvent, [0.5, 0.5]);
    await expect(await within(dialog).findByText(t.dialog.vertices('1'))).toBeVisible();
    await tapMap(map(), userEvent, [0.7, 0.4]);
    await expect(await within(dialog).findByText(t.dialog.vertices('2'))).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.dialog.latitude }), '-7.2');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.dialog.longitude }),
      '111,9',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.addVertex }));
    await expect(await within(dialog).findByText(t.dialog.vertices('3'))).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.undoVertex }));
    await expect(await within(dialog).findByText(t.dialog.vertices('2'))).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.dialog.latitude }), '-7.2');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.dialog.longitude }),
      '111.9',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.addVertex }));
    await expect(map()).toHaveAccessibleName(t.dialog.map('Garis', '3'));
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await findToast(t.dialog.saved);
    await expect(await canvas.findByText(t.geometryKinds.LineString)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.dialog.edit }));
    const reopened = await screen.findByRole('dialog', { name: t.dialog.title });
    await expect(
      within(reopened).getByRole('radio', { name: t.dialog.shapes.LineString }),
    ).toBeChecked();
    await expect(within(reopened).getByText(t.dialog.vertices('3'))).toBeVisible();
  },
};

/** An area needs three corners: with two, the dialog says so and sends nothing. */
export const AreaNeedsThreeCorners: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: t.dialog.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.dialog.title });
    await userEvent.click(within(dialog).getByRole('radio', { name: t.dialog.shapes.Polygon }));
    const map = within(dialog).getByRole('img', { name: t.dialog.map('Area', '0') });
    await tapMap(map, userEvent, [0.4, 0.4]);
    await tapMap(map, userEvent, [0.6, 0.6]);
    await expect(await within(dialog).findByText(t.dialog.vertices('2'))).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(
      await within(dialog).findByText(/poligon perlu paling sedikit 3 titik/),
    ).toBeVisible();
    await expect(screen.getByRole('dialog', { name: t.dialog.title })).toBeVisible();
  },
};

/** Half a point is not a point: the dialog says to fill both or neither, and sends nothing. */
export const HalfAPoint: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: t.dialog.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.dialog.title });
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.dialog.latitude }), '-7.15');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect((await within(dialog).findAllByText(t.dialog.bothParts)).length).toBe(2);
    await expect(screen.getByRole('dialog', { name: t.dialog.title })).toBeVisible();
  },
};

/**
 * 'Unduh Lembar Foto Bukti (PDF)': the sheet for the file, made by the server (pdfkit) behind a
 * signed link and handed to the browser's save.
 */
export const PrintsTheSheet: Story = {
  args: { saveFile: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: m.evidence.view.sheet }));
    await findToast(m.evidence.view.sheetDownloaded);
    await expect(args.saveFile).toHaveBeenCalledTimes(1);
    const [file] = (args.saveFile as ReturnType<typeof fn>).mock.calls[0]! as [
      { blob: Blob; fileName: string },
    ];
    await expect(file.fileName).toBe(
      `Foto Bukti ${subAction.code ?? subAction.name} Maret 2027.pdf`,
    );
    const head = new TextDecoder().decode(await file.blob.slice(0, 5).arrayBuffer());
    await expect(head).toBe('%PDF-');
  },
};
