import { type MonthlyReportSubAction, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { OutboxItem, SendOutboxItem } from '../../data/outbox.js';
import { OutboxProvider } from '../../data/outbox-context.js';
import { readPhotoPlace } from '../../lib/photo.js';
import { fieldPhoto } from '../../testing/photo-fixture.js';
import { puskesmasMarch } from '../realisation/story-data.js';
import { FieldUpdateForm } from './FieldUpdateForm.js';
import { OutboxStatus } from './OutboxStatus.js';
import { fileInputOf, phoneFrame, type StoryNetwork, storyNetwork } from './story-helpers.js';

const m = messagesId;
const t = m.fieldUpdate;
const MONAS = { latitude: -6.175392, longitude: 106.827153, takenAt: '2025-03-14T09:30:05' };

/** March not entered yet: last month 15 %, planned 30 %. */
const row: MonthlyReportSubAction = {
  ...puskesmasMarch,
  progress_tenths: null,
  problems: '',
  actions: '',
};

interface FieldUpdateStoryProps {
  network: StoryNetwork;
  send: SendOutboxItem;
  onQueued: (items: OutboxItem[]) => void;
}

/**
 * The form with the outbox list under it, as the portal's page shows them: one outbox in the
 * browser's real IndexedDB (a fresh database per story), sending through the story's `send`.
 */
function FieldUpdateStory({ network, send, onQueued }: FieldUpdateStoryProps) {
  return (
    <OutboxProvider
      owner={`story-${crypto.randomUUID()}`}
      send={send}
      network={network}
      retryDelaysMs={[60_000]}
    >
      <div className="flex flex-col gap-8">
        <FieldUpdateForm row={row} year={2025} month={3} onQueued={onQueued} />
        <OutboxStatus />
      </div>
    </OutboxProvider>
  );
}

const meta = {
  title: 'Screens/Evidence/FieldUpdateForm',
  component: FieldUpdateStory,
  decorators: [phoneFrame],
  args: {
    network: storyNetwork(true),
    send: fn<SendOutboxItem>(async () => undefined),
    onQueued: fn(),
  },
} satisfies Meta<typeof FieldUpdateStory>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** Fills the month as a field officer would: progress typed, a line of problems, one photo. */
async function fillMonth(canvas: Canvas, userEvent: UserEvent, progress: string) {
  await userEvent.type(canvas.getByRole('textbox', { name: t.progress }), progress);
  await userEvent.type(canvas.getByRole('textbox', { name: t.problems }), 'Hujan tiga hari');
  const photo = await fieldPhoto({ name: 'IMG_0142.jpg', exif: { ...MONAS, orientation: 1 } });
  await userEvent.upload(fileInputOf(canvas.getByRole('button', { name: t.photos.camera })), photo);
  await canvas.findByRole('list', { name: t.photos.label });
}

const outboxList = (canvas: Canvas) => canvas.getByRole('region', { name: t.outbox.title });

/**
 * Offline: the month is saved on the phone and says so; both items wait in the list and nothing
 * is sent. The connection returns: the progress goes first, then the photo, each under its own
 * key, and the list empties.
 */
export const OfflineThenOnline: Story = {
  args: { network: storyNetwork(false), send: fn<SendOutboxItem>(async () => undefined) },
  // Offline again when the story is run a second time.
  beforeEach: ({ args }) => args.network.set(false),
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(t.outbox.offline)).toBeVisible();
    await fillMonth(canvas, userEvent, '45,5');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(await canvas.findByText(t.savedOffline)).toBeVisible();
    const list = outboxList(canvas);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await expect(within(list).getByText(t.outbox.progressItem('45,5 %'))).toBeVisible();
    await expect(within(list).getByText(t.outbox.photoItem('IMG_0142.jpg'))).toBeVisible();
    await expect(within(list).getAllByText(t.outbox.waiting)).toHaveLength(2);
    await expect(args.send).not.toHaveBeenCalled();
    // The photos were queued: the picker is empty for the next report.
    await expect(canvas.queryByRole('list', { name: t.photos.label })).not.toBeInTheDocument();

    args.network.set(true);
    await expect(await within(list).findByText(t.outbox.empty)).toBeVisible();
    // The form says so too, instead of still saying it waits on the phone.
    await expect(await canvas.findByText(t.sent)).toBeVisible();
    await expect(canvas.queryByText(t.savedOffline)).not.toBeInTheDocument();
    const send = args.send as ReturnType<typeof fn<SendOutboxItem>>;
    await expect(send).toHaveBeenCalledTimes(2);
    const [progress, photo] = send.mock.calls.map(([item]) => item);
    await expect(progress).toMatchObject({
      kind: 'progress',
      subject: row.sub_action_name,
      body: {
        sub_action_id: row.sub_action_id,
        year: 2025,
        month: 3,
        progress_tenths: 455,
        problems: 'Hujan tiga hari',
        actions: '',
        decrease_reason: null,
      },
    });
    await expect(photo).toMatchObject({
      kind: 'photo',
      filename: 'IMG_0142.jpg',
      fields: { sub_action_id: row.sub_action_id, year: 2025, month: 3 },
    });
    await expect(progress?.id).not.toBe(photo?.id);
    // The photo came back out of IndexedDB with its place.
    if (photo?.kind !== 'photo') throw new Error('not a photo');
    await expect(readPhotoPlace(photo.photo)).resolves.toMatchObject({ taken_at: MONAS.takenAt });
  },
};

/** Online: '45.5' with a point reads as 45,5 %; saved on the phone, sent at once, and said so. */
export const Online: Story = {
  args: { network: storyNetwork(true), send: fn<SendOutboxItem>(async () => undefined) },
  play: async ({ canvas, args, userEvent }) => {
    await fillMonth(canvas, userEvent, '45.5');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await waitFor(() => expect(args.send).toHaveBeenCalledTimes(2));
    await expect(await canvas.findByText(t.sent)).toBeVisible();
    await expect(args.onQueued).toHaveBeenCalledWith([
      expect.objectContaining({
        kind: 'progress',
        body: expect.objectContaining({ progress_tenths: 455 }),
      }),
      expect.objectContaining({ kind: 'photo' }),
    ]);
    await expect(await within(outboxList(canvas)).findByText(t.outbox.empty)).toBeVisible();
  },
};

/**
 * A percentage as people type it: '0,25' is refused naming the one decimal the field takes (it
 * said two until 2026-12-04); '45,5 %' with its sign reads as 45,5 and is sent.
 */
export const PercentAsTyped: Story = {
  args: { network: storyNetwork(true), send: fn<SendOutboxItem>(async () => undefined) },
  play: async ({ canvas, args, userEvent }) => {
    const progress = canvas.getByRole('textbox', { name: t.progress });
    await userEvent.type(progress, '0,25');
    await userEvent.tab();
    await expect(
      await canvas.findByText(
        m.reports.form.fieldInvalid(t.progress, m.numberInput.tooManyDecimals(1)),
      ),
    ).toBeVisible();
    await userEvent.clear(progress);
    await fillMonth(canvas, userEvent, '45,5 %');
    await expect(progress).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await waitFor(() =>
      expect(args.onQueued).toHaveBeenCalledWith([
        expect.objectContaining({ body: expect.objectContaining({ progress_tenths: 455 }) }),
        expect.objectContaining({ kind: 'photo' }),
      ]),
    );
  },
};

/** Nothing typed, no photo: the progress and the photos say what they need; nothing is queued. */
export const Invalid: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(await canvas.findByText(t.photos.required)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: t.progress })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(args.onQueued).not.toHaveBeenCalled();
    await expect(args.send).not.toHaveBeenCalled();
  },
};

/** Below last month's 15 %: the reason is asked for before anything is queued. */
export const Decrease: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await fillMonth(canvas, userEvent, '10');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(
      await canvas.findByText(m.monthlyReport.decreaseNeedsReason('15 %')),
    ).toBeVisible();
    await expect(args.onQueued).not.toHaveBeenCalled();
    await userEvent.type(
      canvas.getByRole('textbox', { name: t.decreaseReason }),
      'Koreksi hasil opname',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await waitFor(() =>
      expect(args.onQueued).toHaveBeenCalledWith([
        expect.objectContaining({
          body: expect.objectContaining({
            progress_tenths: 100,
            decrease_reason: 'Koreksi hasil opname',
          }),
        }),
        expect.objectContaining({ kind: 'photo' }),
      ]),
    );
  },
};
