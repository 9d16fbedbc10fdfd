import { messagesId, type User } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { SandboxRanwalProvider } from '../../testing/SandboxRanwalProvider.js';
import {
  agenciesSeed,
  demoCredentials,
  demoSeed,
  emptySeed,
  httpError,
  type SandboxClientOptions,
  type SeedTables,
} from '../../testing/sandbox-client.js';
import { ConnectedUserManagement, type ConnectedUserManagementProps } from './UserManagement.js';

const m = messagesId;
const u = m.users;

const byName = (a: { name: string }, b: { name: string }) =>
  new Intl.Collator('id').compare(a.name, b.name);
const demoUsers = [...demoSeed.users].sort(byName);
const admin = demoSeed.users.find((user) => user.email === demoCredentials.admin.email)!;
const asUser = ({ id, name, email, role, agency_ids }: User): User => ({
  id,
  name,
  email,
  role,
  agency_ids,
});

/** The demo users and 21 more: three pages of ten. */
const manyUsersSeed: SeedTables = {
  ...demoSeed,
  users: [
    ...demoSeed.users,
    ...Array.from({ length: 21 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      name: `Pegawai ${String(i + 1).padStart(2, '0')}`,
      email: `pegawai${i + 1}@ranwal.local`,
      role: 'user' as const,
      agency_ids: [],
      password: 'user12345',
    })),
  ],
};

/** The screen over a fresh sandbox client, signed in as the demo admin. */
const withSandbox =
  (options: SandboxClientOptions = {}) =>
  (args: ConnectedUserManagementProps) => (
    <SandboxRanwalProvider latencyMs={50} {...options}>
      <ConnectedUserManagement {...args} />
    </SandboxRanwalProvider>
  );

const meta = {
  title: 'Screens/Users/ConnectedUserManagement',
  component: ConnectedUserManagement,
  parameters: {
    // react-aria announces a focused button's pending state through its own hidden live region
    // (role=img nodes naming the button, removed after 7 s); once the button has changed or gone,
    // axe sees them as unnamed images. The region is the library's, not the screen's.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
  decorators: [
    (Story) => (
      <div className="bg-slate-50 p-4">
        <Story />
      </div>
    ),
  ],
  render: withSandbox(),
} satisfies Meta<typeof ConnectedUserManagement>;
export default meta;
type Story = StoryObj<typeof meta>;

const grid = () => within(screen.getByRole('grid', { name: u.title }));
const rowNames = () =>
  grid()
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);
const rowOf = (name: string) =>
  grid()
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader', { name }))!;
const dialogClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

export const Default: Story = {
  play: async () => {
    await waitFor(() => expect(rowNames()).toEqual(demoUsers.map((user) => user.name)));
    const row = within(rowOf(admin.name));
    await expect(row.getByRole('gridcell', { name: admin.email })).toBeVisible();
    await expect(row.getByRole('gridcell', { name: m.roles.admin })).toBeVisible();
    // One page only: no page numbers.
    await expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  },
};

/** Nobody but the admin, who searches for someone else: the list says it has no one. */
export const Empty: Story = {
  render: withSandbox({ seed: emptySeed, currentUser: asUser(admin) }),
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('rowheader', { name: admin.name })).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: u.search }), 'Budi');
    await expect(await canvas.findByText(u.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  render: withSandbox({ latencyMs: 800 }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
    await expect(await canvas.findByRole('rowheader', { name: admin.name })).toBeVisible();
    await expect(canvas.queryByText(m.common.loading)).not.toBeInTheDocument();
  },
};

// Read on every call, so the story can let the retry succeed.
const listFailure: NonNullable<SandboxClientOptions['failOn']> = {};

/** The list cannot be read: the default text (no server message), then a retry that works. */
const ErrorStory: Story = {
  render: withSandbox({ failOn: listFailure }),
  beforeEach: () => {
    listFailure['user.list'] = httpError('forbidden');
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(u.fetchFailed);
    delete listFailure['user.list'];
    await userEvent.click(canvas.getByRole('button', { name: m.articles.management.retry }));
    await expect(await canvas.findByRole('rowheader', { name: admin.name })).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export { ErrorStory as Error };

/** Keyboard only: open the dialog, fill it in, choose the role, save. */
export const CreateUser: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('rowheader', { name: admin.name });
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: u.add })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const dialog = within(await screen.findByRole('dialog', { name: u.createTitle }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: u.fields.name })).toHaveFocus());
    await userEvent.keyboard('Rina Kartika');
    await userEvent.tab();
    await userEvent.keyboard('Rina.Kartika@Ranwal.Local');
    await userEvent.tab();
    const role = dialog.getByRole('button', { name: new RegExp(u.fields.role) });
    await expect(role).toHaveFocus();
    await expect(role).toHaveTextContent(m.roles.user);
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(role).toHaveTextContent(m.roles.admin);
    // react-aria gives focus back to the button a frame after its list closes.
    await waitFor(() => expect(role).toHaveFocus());
    await userEvent.tab();
    await expect(dialog.getByRole('combobox', { name: u.agencies })).toHaveFocus();
    await userEvent.tab(); // the chosen units (none yet)
    await userEvent.tab();
    await expect(dialog.getByLabelText(u.fields.password)).toHaveFocus();
    await userEvent.keyboard('rahasia-rina-1');
    await userEvent.tab(); // the show/hide button
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: m.common.cancel })).toHaveFocus();
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: m.common.save })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await dialogClosed();
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent(m.common.successTitle);
    await expect(status).toHaveTextContent(u.created);
    // The list was reloaded: the new user is in it, in name order, with the email as stored.
    const row = within(rowOf('Rina Kartika'));
    await expect(row.getByRole('gridcell', { name: 'rina.kartika@ranwal.local' })).toBeVisible();
    await expect(row.getByRole('gridcell', { name: m.roles.admin })).toBeVisible();
    await expect(rowNames()).toEqual(
      [...demoUsers, { name: 'Rina Kartika' }].sort(byName).map((user) => user.name),
    );
  },
};

export const EditUser: Story = {
  play: async ({ canvas }) => {
    const siti = demoSeed.users.find((user) => user.name === 'Siti Rahmawati')!;
    await canvas.findByRole('rowheader', { name: siti.name });
    await userEvent.click(within(rowOf(siti.name)).getByRole('button', { name: m.common.edit }));

    const dialog = within(await screen.findByRole('dialog', { name: u.editTitle }));
    const name = dialog.getByRole('textbox', { name: u.fields.name });
    await expect(name).toHaveValue(siti.name);
    await expect(dialog.queryByLabelText(u.fields.password)).not.toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Siti Rahmawati, S.E.');
    await userEvent.click(dialog.getByRole('button', { name: new RegExp(u.fields.role) }));
    await userEvent.click(await screen.findByRole('option', { name: m.roles.admin }));
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));

    await dialogClosed();
    await expect(await canvas.findByRole('status')).toHaveTextContent(u.updated);
    const row = within(rowOf('Siti Rahmawati, S.E.'));
    await expect(row.getByRole('gridcell', { name: m.roles.admin })).toBeVisible();
    await expect(canvas.queryByRole('rowheader', { name: siti.name })).not.toBeInTheDocument();
  },
};

/**
 * An admin sets a new password for someone who forgot theirs: the rule shows first, the form
 * refuses what the server would, and the person signs in with the new one afterwards.
 */
export const SetPassword: Story = {
  play: async ({ canvas }) => {
    const siti = demoSeed.users.find((user) => user.name === 'Siti Rahmawati')!;
    await canvas.findByRole('rowheader', { name: siti.name });
    await userEvent.click(within(rowOf(siti.name)).getByRole('button', { name: u.changePassword }));
    const dialog = within(
      await screen.findByRole('dialog', { name: u.setPasswordTitle(siti.name) }),
    );
    await expect(dialog.getByText(u.setPasswordHint(siti.name))).toBeVisible();
    await expect(dialog.queryByLabelText(u.currentPassword)).not.toBeInTheDocument();
    const next = dialog.getByLabelText(u.newPassword);
    const repeat = dialog.getByLabelText(u.repeatPassword);
    await waitFor(() => expect(next).toHaveFocus());
    await expect(next).toHaveAccessibleDescription(u.passwordRule);

    await userEvent.type(next, 'hanyahuruf');
    await userEvent.type(repeat, 'hanyahuruf');
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));
    await expect(next).toHaveAccessibleDescription(
      `${u.passwordRule} ${u.passwordNeedsLetterAndDigit}`,
    );
    await expect(next).toHaveFocus();
    await userEvent.type(next, '7');
    await expect(repeat).toHaveAccessibleDescription(u.passwordsDiffer);
    await userEvent.type(repeat, '7');
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));

    await dialogClosed();
    await expect(await canvas.findByRole('status')).toHaveTextContent(u.passwordChanged);
  },
};

/** Keyboard only: into the table, down to the row, over to Hapus, confirm. */
export const DeleteUser: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('rowheader', { name: admin.name });
    const budi = rowOf('Budi Santoso');
    await userEvent.tab(); // + Tambah Pengguna
    await userEvent.tab(); // the search box
    await userEvent.tab(); // the filter 'Hanya yang tanpa Perangkat Daerah'
    await userEvent.tab(); // the table's first row
    await expect(document.activeElement).toBe(rowOf(demoUsers[0]!.name));
    while (document.activeElement !== budi) await userEvent.keyboard('{ArrowDown}');
    // Across the row's cells to its first button, then Tab to the next one.
    while (document.activeElement?.tagName !== 'BUTTON') await userEvent.keyboard('{ArrowRight}');
    await expect(within(budi).getByRole('button', { name: m.common.edit })).toHaveFocus();
    await userEvent.tab();
    await expect(within(budi).getByRole('button', { name: u.changePassword })).toHaveFocus();
    await userEvent.tab();
    await expect(within(budi).getByRole('button', { name: m.common.delete })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const confirm = within(await screen.findByRole('alertdialog'));
    await expect(confirm.getByText(u.confirmDelete)).toBeVisible();
    const yes = confirm.getByRole('button', { name: m.common.confirmDelete.confirm });
    while (document.activeElement !== yes) await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent(u.deleted);
    await expect(canvas.queryByRole('rowheader', { name: 'Budi Santoso' })).not.toBeInTheDocument();
    await expect(rowNames()).toHaveLength(demoUsers.length - 1);
  },
};

/** The server refuses to delete the signed-in admin; its reason shows in the red banner. */
export const DeleteYourself: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('rowheader', { name: admin.name });
    await userEvent.click(within(rowOf(admin.name)).getByRole('button', { name: m.common.delete }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: m.common.confirmDelete.confirm }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.common.failureTitle);
    await expect(alert).toHaveTextContent('Anda tidak dapat menghapus akun Anda sendiri.');
    await expect(canvas.getByRole('rowheader', { name: admin.name })).toBeVisible();
  },
};

/**
 * An email already taken: the server's 'Email sudah terdaftar.' instead of the default text, and
 * focus on the email to correct it.
 */
export const DuplicateEmail: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('rowheader', { name: admin.name });
    await userEvent.click(canvas.getByRole('button', { name: u.add }));
    const dialog = within(await screen.findByRole('dialog', { name: u.createTitle }));
    await userEvent.type(dialog.getByRole('textbox', { name: u.fields.name }), 'Siti Kedua');
    await userEvent.type(
      dialog.getByRole('textbox', { name: u.fields.email }),
      demoCredentials.user.email,
    );
    await userEvent.type(dialog.getByLabelText(u.fields.password), 'rahasia-siti-1');
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));

    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent(m.common.failureTitle);
    await expect(alert).toHaveTextContent(m.server.duplicateEmail);
    await expect(alert).not.toHaveTextContent(u.createFailed);
    // The dialog stays, with what was typed, for the email to be corrected: focus is on it.
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: u.fields.email })).toHaveFocus(),
    );
    await expect(dialog.getByRole('textbox', { name: u.fields.name })).toHaveValue('Siti Kedua');
    await expect(rowNames()).toHaveLength(demoUsers.length);
  },
};

/** Ten users a page; page numbers under the table. */
export const Pagination: Story = {
  render: withSandbox({ seed: manyUsersSeed }),
  play: async ({ canvas }) => {
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    await expect(canvas.getByText(m.pagination.showingRange(1, 10, 25))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '3' }));
    await waitFor(() => expect(rowNames()).toHaveLength(5));
    await expect(canvas.getByText(m.pagination.showingRange(21, 25, 25))).toBeVisible();
    await expect(canvas.getByRole('button', { name: '3' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The search box filters on name and email, after a pause in typing. */
export const Search: Story = {
  render: withSandbox({ seed: manyUsersSeed }),
  play: async ({ canvas }) => {
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    await userEvent.type(canvas.getByRole('searchbox', { name: u.search }), 'dewi');
    await waitFor(() => expect(rowNames()).toEqual(['Dewi Lestari']));
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();

    await userEvent.clear(canvas.getByRole('searchbox', { name: u.search }));
    await userEvent.type(canvas.getByRole('searchbox', { name: u.search }), 'tidak-ada');
    await expect(await canvas.findByText(u.empty)).toBeVisible();
  },
};

/**
 * The admin finds the accounts without a Perangkat Daerah (issue 34: they reach only programmes
 * without one) and gives one a unit: she leaves the filtered list. Admins need no unit.
 */
export const WithoutAgency: Story = {
  render: withSandbox({
    seed: {
      ...agenciesSeed,
      users: agenciesSeed.users.map((user) =>
        user.name === 'Budi Santoso'
          ? { ...user, agency_ids: [agenciesSeed.entities.agency[0]!.id] }
          : user,
      ),
    },
  }),
  play: async ({ canvas }) => {
    await waitFor(() => expect(rowNames()).toEqual(demoUsers.map((user) => user.name)));
    const filter = canvas.getByRole('checkbox', { name: u.withoutAgencyFilter });
    await expect(filter).not.toBeChecked();
    await userEvent.click(filter);
    await waitFor(() => expect(rowNames()).toEqual(['Siti Rahmawati']));
    await expect(within(rowOf('Siti Rahmawati')).getByText(u.noAgencies)).toBeVisible();

    await userEvent.click(
      within(rowOf('Siti Rahmawati')).getByRole('button', { name: m.common.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: u.editTitle }));
    const picker = dialog.getByRole('combobox', { name: u.agencies });
    await userEvent.type(picker, 'pendidikan');
    await userEvent.click(await screen.findByRole('option', { name: 'DINAS PENDIDIKAN' }));
    // The list stays open for another unit: closed, the dialog stays.
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'false'));
    await expect(
      within(dialog.getByLabelText(u.agenciesChosen))
        .getAllByRole('row')
        .map((tag) => tag.textContent),
    ).toEqual(['DINAS PENDIDIKAN']);
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));
    await dialogClosed();
    await expect(await canvas.findByText(u.withoutAgencyEmpty)).toBeVisible();

    await userEvent.click(filter);
    await waitFor(() => expect(rowNames()).toEqual(demoUsers.map((user) => user.name)));
    await waitFor(() =>
      expect(within(rowOf('Siti Rahmawati')).getByText('DINAS PENDIDIKAN')).toBeVisible(),
    );
    // Budi's unit is named too (its names load after the rows): the picture shows them all.
    await waitFor(() =>
      expect(
        within(rowOf('Budi Santoso')).getByText(agenciesSeed.entities.agency[0]!.name),
      ).toBeVisible(),
    );
  },
};
