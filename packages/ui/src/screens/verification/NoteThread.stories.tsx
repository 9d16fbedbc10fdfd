import { messagesId, type VerificationNote } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { NoteThread } from './NoteThread.js';

const t = messagesId.verification.notes;

const note = (fields: Partial<VerificationNote>): VerificationNote => ({
  id: 'note-1',
  year: 2025,
  sub_action_id: 'sa-1',
  sub_action_code: '1.02.02.2.01.0001',
  sub_action_name: 'Pengelolaan Pelayanan Kesehatan Ibu Hamil',
  agency_name: 'DINAS KESEHATAN',
  line_id: 'line-1',
  line_name: 'Timbangan bayi digital',
  line_namesake: null,
  body: 'Mohon lampirkan spesifikasi teknis timbangan.',
  status: 'open',
  author_id: 'verifier-1',
  author_name: 'Rina Verifikator',
  created_at: '2025-06-30T03:00:00.000Z',
  closed_at: null,
  closed_by_name: null,
  replies: [],
  ...fields,
  reply_count: fields.reply_count ?? fields.replies?.length ?? 0,
});

const notes: VerificationNote[] = [
  note({}),
  note({
    id: 'note-2',
    line_id: null,
    line_name: null,
    body: 'Total sub kegiatan melebihi pagu tahun lalu.',
    status: 'answered',
    replies: [
      {
        id: 'reply-1',
        body: 'Sudah kami sesuaikan dengan pagu indikatif.',
        author_id: 'user-1',
        author_name: 'Pengguna Demo',
        created_at: '2025-06-30T05:00:00.000Z',
      },
    ],
  }),
  // On another 'Timbangan bayi digital' of the sub kegiatan: told apart by what differs.
  note({
    id: 'note-3',
    line_id: 'line-2',
    line_namesake: { specification: 'Kapasitas 20 kg', price: 1_250_000 },
    body: 'Satuan diperbaiki.',
    status: 'closed',
    closed_at: '2025-06-30T06:00:00.000Z',
    closed_by_name: 'Rina Verifikator',
  }),
];

const meta = {
  title: 'Screens/Verification/NoteThread',
  component: NoteThread,
  args: { notes, onReply: fn(async () => {}), onClose: fn(async () => {}) },
} satisfies Meta<typeof NoteThread>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A verifier's thread: a reply sent from a note, a note closed; a closed note takes no reply. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const list = canvas.getByRole('list', { name: t.title });
    const items = within(list).getAllByRole('listitem', { name: /.+/ });
    await expect(items).toHaveLength(3);
    const first = within(items[0] as HTMLElement);
    await expect(first.getByText(t.statuses.open)).toBeVisible();
    await expect(first.getByText(t.onLine('Timbangan bayi digital'))).toBeVisible();

    await userEvent.click(first.getByRole('button', { name: t.reply }));
    await userEvent.type(first.getByRole('textbox', { name: t.replyLabel }), 'Terlampir.');
    await userEvent.click(first.getByRole('button', { name: t.sendReply }));
    await expect(args.onReply).toHaveBeenCalledWith(notes[0], 'Terlampir.');

    await userEvent.click(first.getByRole('button', { name: t.close }));
    await expect(args.onClose).toHaveBeenCalledWith(notes[0], true);

    const closed = within(items[2] as HTMLElement);
    await expect(closed.queryByRole('button', { name: t.reply })).not.toBeInTheDocument();
    await expect(closed.getByText(t.closedBy('Rina Verifikator'))).toBeVisible();
    await expect(
      closed.getByText(t.onLineDetail('Timbangan bayi digital', 'Kapasitas 20 kg · Rp 1.250.000')),
    ).toBeVisible();
    await userEvent.click(closed.getByRole('button', { name: t.reopen }));
    await expect(args.onClose).toHaveBeenCalledWith(notes[2], false);
  },
};

/** A refused call shows the server's words under its note. */
export const Refused: Story = {
  args: {
    onClose: fn(async () => {
      throw new Error(messagesId.server.noteClosed);
    }),
  },
  play: async ({ canvas, userEvent }) => {
    const [first] = canvas.getAllByRole('button', { name: t.close });
    await userEvent.click(first as HTMLElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

/** A unit's reader: answers only, no close. */
export const ReaderOnly: Story = {
  args: { onClose: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: t.close })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: t.reply })).toHaveLength(2);
  },
};

export const Empty: Story = {
  args: { notes: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
  },
};

const answerNo = (n: number) => ({
  id: `reply-${n}`,
  body: `Jawaban ${n}`,
  author_id: 'user-1',
  author_name: 'Pengguna Demo',
  created_at: `2025-07-01T0${Math.min(n, 9)}:00:00.000Z`,
});

/**
 * A note answered five times carries its latest three; 'Tampilkan semua 5 jawaban' loads every
 * answer a page at a time (pages of three here), oldest first, then 'Muat lebih banyak'.
 */
export const ManyAnswers: Story = {
  args: {
    notes: [note({ reply_count: 5, replies: [3, 4, 5].map(answerNo) })],
    onLoadReplies: fn(async (_note: VerificationNote, page: number) => ({
      data: (page === 1 ? [1, 2, 3] : [4, 5]).map(answerNo),
      filter: { current_page: page, total_page: 2, filtered_result: 5, total_result: 5 },
    })),
  },
  play: async ({ canvas, userEvent, args }) => {
    const answers = () =>
      canvas.getAllByText(/^Jawaban \d$/).map((element) => element.textContent ?? '');
    await expect(answers()).toEqual(['Jawaban 3', 'Jawaban 4', 'Jawaban 5']);
    await userEvent.click(canvas.getByRole('button', { name: t.showAllReplies(5) }));
    await expect(args.onLoadReplies).toHaveBeenCalledWith(args.notes[0], 1);
    await expect(await canvas.findByText('Jawaban 1')).toBeVisible();
    await expect(answers()).toEqual(['Jawaban 1', 'Jawaban 2', 'Jawaban 3']);
    await userEvent.click(canvas.getByRole('button', { name: messagesId.pagination.loadMore }));
    await expect(await canvas.findByText('Jawaban 5')).toBeVisible();
    await expect(answers()).toEqual([
      'Jawaban 1',
      'Jawaban 2',
      'Jawaban 3',
      'Jawaban 4',
      'Jawaban 5',
    ]);
    await expect(
      canvas.queryByRole('button', { name: messagesId.pagination.loadMore }),
    ).not.toBeInTheDocument();
  },
};
