import { formatDateTimeLong, messagesId, type Notification } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SandboxRanwalProvider } from '../../testing/SandboxRanwalProvider.js';
import { demoCredentials, demoSeed, type SeedTables } from '../../testing/sandbox-client.js';
import { seedSession, seedUser } from '../user-dashboard/story-data.js';
import {
  ConnectedNotificationBell,
  type ConnectedNotificationBellProps,
  NotificationBell,
} from './NotificationBell.js';

const t = messagesId.notifications;

const told = (
  id: number,
  kind: Notification['kind'],
  fields: Partial<Notification> = {},
): Notification => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind,
  note_id: null,
  line_id: `10000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  line_name: 'Buku Tulis',
  line_namesake: null,
  sub_action_id: '20000000-0000-4000-8000-000000000001',
  sub_action_name: 'Penyediaan Alat Tulis Kantor',
  year: 2026,
  agency_id: null,
  agency_name: null,
  month: null,
  actor_name: 'Vera Wulandari',
  created_at: `2026-03-${String(20 - id).padStart(2, '0')}T03:15:00.000Z`,
  read: false,
  ...fields,
});

/** One of each kind, newest first; the last three already read. */
const notifications: Notification[] = [
  told(1, 'note_opened'),
  // Another line of the sub kegiatan is a 'Buku Tulis' too: this one is told by what differs.
  told(2, 'note_answered', {
    actor_name: 'Ani Pratiwi',
    line_namesake: { specification: 'Sampul plastik', price: 4_500 },
  }),
  told(3, 'sub_action_verified', { line_id: null, line_name: null }),
  told(4, 'note_closed', { read: true }),
  told(5, 'note_reopened', { line_id: null, line_name: null, actor_name: null, read: true }),
  told(6, 'verification_withdrawn', {
    line_id: null,
    line_name: null,
    actor_name: 'Ani Pratiwi',
    read: true,
  }),
];

/** What each of them says, in the list's order. */
const wording = [
  'Vera Wulandari menulis catatan pada Laporan Buku Tulis (Sub Kegiatan Penyediaan Alat Tulis Kantor, 2026)',
  'Ani Pratiwi menjawab catatan pada Laporan Buku Tulis — Sampul plastik · Rp 4.500 (Sub Kegiatan Penyediaan Alat Tulis Kantor, 2026)',
  'Sub Kegiatan Penyediaan Alat Tulis Kantor 2026 ditandai terverifikasi oleh Vera Wulandari',
  'Catatan pada Laporan Buku Tulis (Sub Kegiatan Penyediaan Alat Tulis Kantor, 2026) ditutup oleh Vera Wulandari',
  'Catatan pada Sub Kegiatan Penyediaan Alat Tulis Kantor 2026 dibuka kembali oleh Seseorang',
  'Laporan Sub Kegiatan Penyediaan Alat Tulis Kantor 2026 diubah oleh Ani Pratiwi; tanda terverifikasi dicabut',
];

const meta = {
  title: 'Screens/Notifications/NotificationBell',
  component: NotificationBell,
  decorators: [
    (Story) => (
      <div className="flex min-h-[32rem] items-start justify-end bg-slate-50 p-4">
        <Story />
      </div>
    ),
  ],
  args: {
    unreadCount: 3,
    notifications,
    onMarkAllRead: fn(),
    onSelect: fn(),
    onOpenChange: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof NotificationBell>;
export default meta;
type Story = StoryObj<typeof meta>;

const bell = (canvas: { getByRole: typeof screen.getByRole }) =>
  canvas.getByRole('button', { name: /^Notifikasi/ });
const openList = async (canvas: { getByRole: typeof screen.getByRole }) => {
  await userEvent.click(bell(canvas));
  return screen.findByRole('dialog', { name: t.title });
};

/** Three unread: the badge names its count; each kind is worded, the unread ones marked. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(bell(canvas)).toHaveAccessibleName(`Notifikasi (${t.unreadCount(3)})`);
    await expect(canvas.getByText('3')).toBeVisible();
    const dialog = await openList(canvas);
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    const items = await screen.findAllByRole('button', { name: /2026/ });
    await expect(items).toHaveLength(wording.length);
    for (const [index, text] of wording.entries()) {
      await expect(items[index]).toHaveTextContent(text);
      const unread = index < 3;
      await expect(items[index]?.textContent?.startsWith(`${t.unread}: `)).toBe(unread);
    }
    await expect(dialog).toHaveTextContent(formatDateTimeLong(notifications[0]!.created_at));

    await userEvent.click(screen.getByRole('button', { name: t.markAllRead }));
    await expect(args.onMarkAllRead).toHaveBeenCalledOnce();

    await userEvent.click(items[1]!);
    await expect(args.onSelect).toHaveBeenCalledWith(notifications[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Nothing unread: no badge, and nothing to mark. */
export const AllRead: Story = {
  args: { unreadCount: 0, notifications: notifications.map((n) => ({ ...n, read: true })) },
  play: async ({ canvas }) => {
    await expect(bell(canvas)).toHaveAccessibleName('Notifikasi');
    await openList(canvas);
    await expect(screen.getByRole('button', { name: t.markAllRead })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { unreadCount: 0, notifications: [] },
  play: async ({ canvas }) => {
    await openList(canvas);
    await expect(await screen.findByText(t.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { notifications: [], isLoading: true },
  play: async ({ canvas }) => {
    await openList(canvas);
    await expect(await screen.findByText(messagesId.common.loading)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { notifications: [], loadError: t.fetchFailed },
  play: async ({ canvas, args }) => {
    await openList(canvas);
    await expect(await screen.findByText(t.fetchFailed)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Coba Lagi/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

const admin = demoSeed.users.find((user) => user.email === demoCredentials.admin.email)!;
const someoneElse = demoSeed.users.find((user) => user.id !== admin.id)!;
/** On the server a notification is about a real line and sub kegiatan: the demo's first. */
const aboutLine = demoSeed.lines[0]!;
const aboutSubAction = demoSeed.entities.sub_action.find(
  (row) => row.id === aboutLine.sub_action_id,
)!;
const verifier = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Vera Wulandari',
  email: 'vera@ranwal.local',
  role: 'verifier' as const,
  agency_ids: [],
  password: 'user12345',
};
const aboutDemo = (notification: Notification) => ({
  ...notification,
  line_id: notification.line_id ? aboutLine.id : null,
  sub_action_id: aboutSubAction.id,
  year: aboutLine.year,
});
const seed: SeedTables = {
  ...demoSeed,
  users: [...demoSeed.users, verifier],
  notifications: [
    ...notifications.map((n) => ({ ...aboutDemo(n), user_id: admin.id })),
    // Another person's: never counted nor listed here.
    { ...aboutDemo(told(9, 'note_opened')), user_id: someoneElse.id },
  ],
};
/** What the first of them says on the server. */
const firstWording = t.kinds.note_opened(
  verifier.name,
  t.line(aboutLine.component_name, aboutSubAction.name, String(aboutLine.year)),
);

/** Over the sandbox client: the count, 'Tandai semua dibaca', and a chosen one marked read. */
export const Connected: StoryObj<ConnectedNotificationBellProps> = {
  args: { onOpenNotification: fn() },
  render: (args) => (
    <SandboxRanwalProvider seed={seed} latencyMs={20}>
      <ConnectedNotificationBell {...args} />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvas, args }) => {
    await waitFor(() =>
      expect(bell(canvas)).toHaveAccessibleName(`Notifikasi (${t.unreadCount(3)})`),
    );
    await openList(canvas);
    const first = await screen.findByRole('button', {
      name: (name) => name.startsWith(`${t.unread}: ${firstWording}`),
    });
    await userEvent.click(first);
    await expect(args.onOpenNotification).toHaveBeenCalledWith(
      expect.objectContaining({ id: notifications[0]!.id }),
    );
    await waitFor(() =>
      expect(bell(canvas)).toHaveAccessibleName(`Notifikasi (${t.unreadCount(2)})`),
    );

    await openList(canvas);
    await userEvent.click(await screen.findByRole('button', { name: t.markAllRead }));
    await waitFor(() => expect(bell(canvas)).toHaveAccessibleName('Notifikasi'));
    await waitFor(() =>
      expect(
        screen.queryAllByRole('button', { name: (name) => name.startsWith(t.unread) }),
      ).toHaveLength(0),
    );
  },
};

const unitUser = seedUser(demoSeed);
/** One person's notifications about the demo's first line, on the sandboxed server. */
const toldTo = (person: { id: string }): SeedTables => ({
  ...seed,
  notifications: notifications.map((n) => ({ ...aboutDemo(n), user_id: person.id })),
});
const { password: _password, ...verifierUser } = verifier;

/**
 * A unit's user chooses a note on a line: it leads to that line's detail on the dashboard
 * (issue 33), through `notificationTarget`, which the portal's navigate receives.
 */
export const OpensTheLineForAUser: StoryObj<ConnectedNotificationBellProps> = {
  args: { onNavigate: fn() },
  render: (args) => (
    <SandboxRanwalProvider
      seed={toldTo(unitUser)}
      currentUser={unitUser}
      session={seedSession(unitUser)}
      latencyMs={20}
    >
      <ConnectedNotificationBell {...args} />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvas, args }) => {
    await openList(canvas);
    await userEvent.click(
      await screen.findByRole('button', {
        name: (name) => name.startsWith(`${t.unread}: ${firstWording}`),
      }),
    );
    await expect(args.onNavigate).toHaveBeenCalledWith(`/user-dashboard?rincian=${aboutLine.id}`);
    // The sub kegiatan's verification has no line: the dashboard itself.
    await openList(canvas);
    await userEvent.click(
      await screen.findByRole('button', {
        name: (name) => name.includes('ditandai terverifikasi'),
      }),
    );
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/user-dashboard');
  },
};

/** A verifier's notification leads to the sub kegiatan under verification, in its year. */
export const OpensTheSubActionForAVerifier: StoryObj<ConnectedNotificationBellProps> = {
  args: { onNavigate: fn() },
  render: (args) => (
    <SandboxRanwalProvider
      seed={toldTo(verifier)}
      currentUser={verifierUser}
      session={seedSession(verifierUser)}
      latencyMs={20}
    >
      <ConnectedNotificationBell {...args} />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvas, args }) => {
    await openList(canvas);
    await userEvent.click(
      await screen.findByRole('button', {
        name: (name) => name.startsWith(`${t.unread}: ${firstWording}`),
      }),
    );
    await expect(args.onNavigate).toHaveBeenCalledWith(
      `/verifikasi?sub-kegiatan=${aboutSubAction.id}&tahun=${aboutLine.year}`,
    );
  },
};

const aboutMonth = (month: number, fields: Partial<Notification> = {}) => ({
  line_id: null,
  line_name: null,
  sub_action_id: null,
  sub_action_name: null,
  agency_id: '30000000-0000-4000-8000-000000000001',
  agency_name: 'Dinas Kesehatan',
  month,
  ...fields,
});

/**
 * A unit's month (issue 37): named by the month and the unit, chosen like any other; the
 * server's reminders (a month late, a month red) say it with no one as their author.
 */
export const MonthOfAUnit: Story = {
  args: {
    unreadCount: 3,
    notifications: [
      told(7, 'month_returned', aboutMonth(3)),
      told(8, 'month_late', aboutMonth(2, { actor_name: null })),
      told(9, 'month_red', aboutMonth(2, { actor_name: null })),
    ],
  },
  play: async ({ canvas, args }) => {
    await openList(canvas);
    const item = await screen.findByRole('button', { name: /dikembalikan oleh/ });
    await expect(item).toHaveTextContent(
      'Laporan Bulanan Maret 2026 Dinas Kesehatan dikembalikan oleh Vera Wulandari',
    );
    await expect(
      screen.getByRole('button', { name: /Februari 2026 Dinas Kesehatan terlambat/ }),
    ).toHaveTextContent(
      'Laporan Bulanan Februari 2026 Dinas Kesehatan terlambat: belum dikirim setelah batas waktunya',
    );
    await expect(
      screen.getByRole('button', { name: /capaian keuangan di bawah ambang merah/ }),
    ).toHaveTextContent(
      'Laporan Bulanan Februari 2026 Dinas Kesehatan: capaian keuangan di bawah ambang merah',
    );
    await userEvent.click(item);
    await expect(args.onSelect).toHaveBeenCalledWith(args.notifications[0]);
  },
};
