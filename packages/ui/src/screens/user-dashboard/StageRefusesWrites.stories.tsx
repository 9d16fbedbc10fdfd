import { messagesId, type RanwalClient } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ToastProvider } from '../../components/Toast.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import { draftKey } from '../../lib/session-draft.js';
import { createSandboxClient, demoSeed, endSandboxSession } from '../../testing/sandbox-client.js';
import { ConnectedUserDashboard } from './ConnectedUserDashboard.js';
import { fullSelection, seedSession, seedUser } from './story-data.js';

/*
 * Issue 33: where the year's stage refuses users' writes, the user dashboard says why before
 * anything is typed, and 'Buat Laporan', 'Edit' and 'Hapus' wait, described by that reason. The
 * admin sets the stages on the sandboxed server (the same session's database); the user's screen
 * reads them through `stage.list` and core's `stageRefusal`, the rule the server refuses with.
 */

const m = messagesId;
/** The year of the demo user's lines (the list's default view). */
const YEAR = 2025;
const user = seedUser(demoSeed);

type Setup = (admin: RanwalClient) => Promise<unknown>;

/** An admin's and the demo user's clients on one sandbox session, the admin's setup done. */
async function clientsAfter(setup: Setup): Promise<{ client: RanwalClient; admin: RanwalClient }> {
  const admin = createSandboxClient({ seed: demoSeed });
  await setup(admin);
  const client = createSandboxClient({ seed: demoSeed, currentUser: user, sharedWith: admin });
  return { client, admin };
}

function Provider({
  client,
  admin,
  children,
}: {
  client: RanwalClient;
  admin: RanwalClient;
  children: ReactNode;
}) {
  // The story is over: its database may serve the next one.
  useEffect(() => () => void endSandboxSession(admin), [admin]);
  return (
    <RanwalProvider client={client} session={seedSession(user)}>
      <ToastProvider>{children}</ToastProvider>
    </RanwalProvider>
  );
}

const meta = {
  title: 'Screens/User dashboard/Stage refuses writes',
  component: ConnectedUserDashboard,
  parameters: { layout: 'fullscreen' },
  args: { onLogout: fn(), year: YEAR },
  // The cascade chosen before: the form shows at once, with its 'Buat Laporan'.
  beforeEach: () => {
    sessionStorage.setItem(
      draftKey(user.id, 'cascade')!,
      JSON.stringify({ selection: fullSelection(demoSeed), taxed: false }),
    );
  },
  decorators: [
    (Story, { loaded }) => (
      <Provider {...(loaded as Awaited<ReturnType<typeof clientsAfter>>)}>
        <Story />
      </Provider>
    ),
  ],
} satisfies Meta<typeof ConnectedUserDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list's rows of lines of `year`. */
async function rowsOf(year: number): Promise<HTMLElement[]> {
  const grid = await screen.findByRole('grid', { name: m.reports.list.title });
  return waitFor(() => {
    const rows = within(grid)
      .getAllByRole('row')
      .filter((row) => within(row).queryAllByRole('gridcell').at(-2)?.textContent === `${year}`);
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  });
}

/**
 * The reason shows above the hierarchy, in the chosen sub kegiatan's Indikator Keluaran (only
 * read: nothing to add) and above the list; every refused button says it.
 */
async function expectRefused(reason: string) {
  const indicators = await screen.findByRole('region', { name: m.indicators.title });
  await waitFor(() => expect(within(indicators).getByText(reason)).toBeVisible());
  await expect(
    within(indicators).queryByRole('button', { name: m.indicators.add }),
  ).not.toBeInTheDocument();
  // Once above the hierarchy, once above the indicators, once above the list.
  await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(3));
  const submit = await screen.findByRole('button', { name: m.reports.form.submit });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(reason);
  for (const row of await rowsOf(YEAR)) {
    for (const name of [m.common.edit, m.common.delete]) {
      const button = within(row).getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(reason);
    }
  }
}

/** The stage is locked: 'Tahap Rancangan Awal 2025 dikunci oleh Administrator: …'. */
export const StageLocked: Story = {
  loaders: [
    () =>
      clientsAfter(async (admin) => {
        await admin.stage.schedule({
          year: YEAR,
          stages: [{ kind: 'ranwal', starts_on: '2024-06-03', ends_on: '2025-12-31' }],
          confirm: true,
        });
        await admin.stage.advance({ year: YEAR, confirm: true });
        await admin.stage.lock({ year: YEAR, locked: true });
      }),
  ],
  play: async () => {
    await expectRefused(
      'Tahap Rancangan Awal 2025 dikunci oleh Administrator: rincian belanja tidak dapat dibuat, diubah, atau dihapus.',
    );
  },
};

/** The first stage has not started: the reason names the day it starts. */
export const StageNotStarted: Story = {
  loaders: [
    () =>
      clientsAfter((admin) =>
        admin.stage.schedule({
          year: YEAR,
          stages: [{ kind: 'ranwal', starts_on: '2099-12-01', ends_on: '2099-12-31' }],
          confirm: true,
        }),
      ),
  ],
  play: async () => {
    await expectRefused(
      'Tahap Rancangan Awal 2025 belum dimulai (mulai 1 Des 2099): rincian belanja belum dapat dibuat, diubah, atau dihapus.',
    );
  },
};
