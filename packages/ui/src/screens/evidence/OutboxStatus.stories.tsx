import { ApiError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import {
  memoryOutboxStore,
  type OutboxItem,
  type OutboxStore,
  type SendOutboxItem,
} from '../../data/outbox.js';
import { OutboxProvider } from '../../data/outbox-context.js';
import { OutboxStatus } from './OutboxStatus.js';
import { phoneFrame, type StoryNetwork, storyNetwork } from './story-helpers.js';

const t = messagesId.fieldUpdate.outbox;
const SUB_ACTION = '00000000-0000-4000-8000-000000000011';
const LOCKED = 'Laporan Maret 2025 sudah dikirim dan terkunci';

const waiting = (): OutboxItem[] => [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    order: 1,
    queued_at: '2025-03-14T02:31:00.000Z',
    subject: 'Pembangunan Puskesmas',
    attempts: 0,
    failure: null,
    kind: 'progress',
    body: {
      sub_action_id: SUB_ACTION,
      year: 2025,
      month: 3,
      progress_tenths: 455,
      problems: 'Hujan tiga hari',
      actions: '',
      decrease_reason: null,
    },
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    order: 2,
    queued_at: '2025-03-14T02:31:00.000Z',
    subject: 'Pembangunan Puskesmas',
    attempts: 0,
    failure: null,
    kind: 'photo',
    fields: { sub_action_id: SUB_ACTION, year: 2025, month: 3 },
    photo: new Blob(['jpeg'], { type: 'image/jpeg' }),
    filename: 'IMG_0142.jpg',
  },
];

interface OutboxStatusStoryProps {
  items: OutboxItem[];
  network: StoryNetwork;
  send: SendOutboxItem;
}

/** The list over an outbox holding `items`, sending through `send`. */
function OutboxStatusStory({ items, network, send }: OutboxStatusStoryProps) {
  const [store] = useState<OutboxStore>(() => memoryOutboxStore(items));
  return (
    <OutboxProvider owner="story" store={store} send={send} network={network}>
      <OutboxStatus />
    </OutboxProvider>
  );
}

const meta = {
  title: 'Screens/Evidence/OutboxStatus',
  component: OutboxStatusStory,
  decorators: [phoneFrame],
  args: {
    items: waiting(),
    network: storyNetwork(false),
    send: fn<SendOutboxItem>(async () => undefined),
  },
} satisfies Meta<typeof OutboxStatusStory>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
const listOf = (canvas: Canvas) => canvas.getByRole('region', { name: t.title });

/** Fails its first call as a lost connection does, then answers. */
const flakySend: ReturnType<typeof fn<SendOutboxItem>> = fn<SendOutboxItem>(async () => {
  if (flakySend.mock.calls.length === 1) {
    throw new ApiError({ kind: 'network', message: 'Network error' });
  }
});

/** Offline: what waits is listed in sending order, and the phone says it is not connected. */
export const Waiting: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(t.offline)).toBeVisible();
    const region = listOf(canvas);
    const items = await within(region).findAllByRole('listitem');
    await expect(
      items.map((item) => item.firstElementChild?.firstElementChild?.textContent),
    ).toEqual([t.progressItem('45,5 %'), t.photoItem('IMG_0142.jpg')]);
    await expect(within(region).getAllByText(t.waiting)).toHaveLength(2);
    await expect(within(region).getAllByText('Pembangunan Puskesmas · Maret 2025')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: t.sendNow })).not.toBeInTheDocument();
    await expect(args.send).not.toHaveBeenCalled();
  },
};

/** Nothing left to send. */
export const Empty: Story = {
  args: { items: [], network: storyNetwork(true) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t.empty)).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

/** Refuses the month for good (409, already sent), takes the photo. */
const refusingSend = fn<SendOutboxItem>(async (item) => {
  if (item.kind === 'progress') {
    throw new ApiError({ kind: 'http', status: 409, message: LOCKED, serverMessage: LOCKED });
  }
});

/**
 * Back online, the month is refused for good: it stays with the server's words and a 'Buang',
 * never sent again, and the photo after it is still sent.
 */
export const Refused: Story = {
  args: { network: storyNetwork(true), send: refusingSend },
  play: async ({ canvas, args }) => {
    const region = listOf(canvas);
    await expect(await within(region).findByText(t.refused(LOCKED))).toBeVisible();
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    await expect(args.send).toHaveBeenCalledTimes(2);
    await expect(
      within(region).getByRole('button', { name: t.discardLabel(t.progressItem('45,5 %')) }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.sendNow })).not.toBeInTheDocument();
  },
};

/** 'Buang' drops the refused item once the person has read why. */
export const Discarded: Story = {
  args: { network: storyNetwork(true), send: refusingSend },
  play: async ({ canvas, userEvent }) => {
    const region = listOf(canvas);
    const discard = await within(region).findByRole('button', {
      name: t.discardLabel(t.progressItem('45,5 %')),
    });
    await userEvent.click(discard);
    await expect(await within(region).findByText(t.empty)).toBeVisible();
  },
};

/**
 * The first attempt finds no network (a weak signal): the item waits for its retry, and 'Kirim
 * Sekarang' tries again at once, under the same key.
 */
export const SendNow: Story = {
  args: {
    items: waiting().slice(0, 1),
    network: storyNetwork(true),
    send: flakySend,
  },
  play: async ({ canvas, args, userEvent }) => {
    const region = listOf(canvas);
    await expect(await within(region).findByText(/^Dicoba lagi pukul/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.sendNow }));
    await expect(await within(region).findByText(t.empty)).toBeVisible();
    const send = args.send as ReturnType<typeof fn<SendOutboxItem>>;
    await expect(send.mock.calls.map(([item]) => item.id)).toEqual([
      '00000000-0000-4000-8000-0000000000a1',
      '00000000-0000-4000-8000-0000000000a1',
    ]);
  },
};
