import { ApiError, messagesId, type User } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoSeed, longNamesSeed } from '../../testing/sandbox-client.js';
import { UserManagement } from './UserManagement.js';

const m = messagesId;
const u = m.users;
const v = m.validation;

const asUser = ({ id, name, email, role, agency_ids }: User): User => ({
  id,
  name,
  email,
  role,
  agency_ids,
});
const users = demoSeed.users.map(asUser);
const budi = users.find((user) => user.name === 'Budi Santoso')!;

const meta = {
  title: 'Screens/Users/UserManagement',
  component: UserManagement,
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
  args: {
    users,
    onCreate: fn(async () => undefined),
    onUpdate: fn(async () => undefined),
    onDelete: fn(async () => undefined),
    onRetry: fn(),
  },
} satisfies Meta<typeof UserManagement>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = () => within(screen.getByRole('grid', { name: u.title }));
const rowOf = (name: string) =>
  table()
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader', { name }))!;
const openCreate = async () => {
  await userEvent.click(screen.getByRole('button', { name: u.add }));
  return within(await screen.findByRole('dialog', { name: u.createTitle }));
};
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: u.title })).toBeVisible();
    const headers = table()
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    await expect(headers).toEqual([
      u.fields.id,
      u.fields.name,
      u.fields.email,
      u.fields.role,
      u.agencies,
      m.common.actions,
    ]);
    await expect(table().getAllByRole('row')).toHaveLength(1 + users.length);
    const row = within(rowOf(budi.name));
    await expect(row.getByRole('gridcell', { name: budi.id })).toBeVisible();
    await expect(row.getByRole('gridcell', { name: budi.email })).toBeVisible();
    await expect(row.getByRole('gridcell', { name: m.roles.user })).toBeVisible();
    await expect(row.getByRole('button', { name: m.common.edit })).toBeVisible();
    await expect(row.getByRole('button', { name: m.common.delete })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { users: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(u.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { users: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
    await expect(canvas.queryByText(u.empty)).not.toBeInTheDocument();
  },
};

const ErrorStory: Story = {
  args: { users: [], loadError: u.fetchFailed },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(u.fetchFailed);
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: m.articles.management.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export { ErrorStory as Error };

/** Saving with nothing filled in names every missing field; the checks follow the typing. */
export const Invalid: Story = {
  play: async ({ args }) => {
    const dialog = await openCreate();
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));

    const name = dialog.getByRole('textbox', { name: u.fields.name });
    const email = dialog.getByRole('textbox', { name: u.fields.email });
    const password = dialog.getByLabelText(u.fields.password);
    await expect(name).toHaveAccessibleDescription(v.required(u.fields.name));
    await expect(email).toHaveAccessibleDescription(v.required(u.fields.email));
    // The rule is said before anything is typed, then what is wrong.
    await expect(password).toHaveAccessibleDescription(
      `${u.passwordRule} ${v.required(u.fields.password)}`,
    );
    await expect(name).toHaveFocus();

    await userEvent.type(name, 'Rina Kartika');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.type(email, 'rina@');
    await expect(email).toHaveAccessibleDescription(v.invalidEmail);
    await userEvent.type(password, 'pendek');
    await expect(password).toHaveAccessibleDescription(`${u.passwordRule} ${u.passwordTooShort}`);
    await userEvent.clear(password);
    await userEvent.type(password, 'hanyahuruf');
    await expect(password).toHaveAccessibleDescription(
      `${u.passwordRule} ${u.passwordNeedsLetterAndDigit}`,
    );

    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).not.toHaveBeenCalled();
    await expect(email).toHaveFocus();
  },
};

/** Editing asks no password, and sends none. */
export const EditUser: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(rowOf(budi.name)).getByRole('button', { name: m.common.edit }));
    const dialog = within(await screen.findByRole('dialog', { name: u.editTitle }));
    await expect(dialog.getByRole('textbox', { name: u.fields.name })).toHaveValue(budi.name);
    await expect(dialog.getByRole('textbox', { name: u.fields.email })).toHaveValue(budi.email);
    await expect(dialog.getByRole('button', { name: new RegExp(u.fields.role) })).toHaveTextContent(
      m.roles.user,
    );
    await expect(dialog.queryByLabelText(u.fields.password)).not.toBeInTheDocument();

    const name = dialog.getByRole('textbox', { name: u.fields.name });
    await userEvent.clear(name);
    await userEvent.type(name, '  Budi Santoso, S.T.  ');
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));
    await closed();
    await expect(args.onUpdate).toHaveBeenCalledOnce();
    await expect(args.onUpdate).toHaveBeenCalledWith(budi.id, {
      name: 'Budi Santoso, S.T.',
      email: budi.email,
      role: 'user',
      agency_ids: [],
    });
    await expect(screen.getByRole('status')).toHaveTextContent(u.updated);
  },
};

/** While saving: 'Menyimpan...', Batal and Escape do nothing. */
export const Busy: Story = {
  args: { onCreate: fn(() => new Promise<never>(() => undefined)) },
  play: async ({ args }) => {
    const dialog = await openCreate();
    await userEvent.type(dialog.getByRole('textbox', { name: u.fields.name }), 'Rina Kartika');
    await userEvent.type(
      dialog.getByRole('textbox', { name: u.fields.email }),
      'rina@ranwal.local',
    );
    await userEvent.type(dialog.getByLabelText(u.fields.password), 'rahasia-rina-1');
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenCalledOnce();

    const saving = dialog.getByRole('button', { name: m.common.saving });
    await expect(saving).toHaveAttribute('aria-disabled', 'true');
    await expect(dialog.getByRole('button', { name: m.common.cancel })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: u.createTitle })).toBeVisible();
  },
};

/** Closing the dialog forgets what was typed: reopened, it is empty again, role User. */
export const ResetsOnClose: Story = {
  play: async () => {
    let dialog = await openCreate();
    await userEvent.type(dialog.getByRole('textbox', { name: u.fields.name }), 'Rina Kartika');
    await userEvent.click(dialog.getByRole('button', { name: new RegExp(u.fields.role) }));
    await userEvent.click(await screen.findByRole('option', { name: m.roles.admin }));
    await expect(dialog.getByRole('button', { name: new RegExp(u.fields.role) })).toHaveTextContent(
      m.roles.admin,
    );
    await userEvent.click(dialog.getByRole('button', { name: m.common.cancel }));
    await closed();

    dialog = await openCreate();
    await expect(dialog.getByRole('textbox', { name: u.fields.name })).toHaveValue('');
    await expect(dialog.getByRole('button', { name: new RegExp(u.fields.role) })).toHaveTextContent(
      m.roles.user,
    );
    await expect(dialog.getByLabelText(u.fields.password)).toHaveValue('');
  },
};

/** A failed save keeps the dialog and what was typed, with the red banner inside it. */
export const SaveFailed: Story = {
  args: { onCreate: fn(async () => Promise.reject(new Error('offline'))) },
  play: async () => {
    const dialog = await openCreate();
    await userEvent.type(dialog.getByRole('textbox', { name: u.fields.name }), 'Rina Kartika');
    await userEvent.type(
      dialog.getByRole('textbox', { name: u.fields.email }),
      'rina@ranwal.local',
    );
    await userEvent.type(dialog.getByLabelText(u.fields.password), 'rahasia-rina-1');
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));

    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent(m.common.failureTitle);
    await expect(alert).toHaveTextContent(u.createFailed);
    await expect(dialog.getByRole('textbox', { name: u.fields.name })).toHaveValue('Rina Kartika');
  },
};

/** Delete asks first; a refusal shows in the red banner. */
export const DeleteFailed: Story = {
  args: { onDelete: fn(async () => Promise.reject(new Error('conflict'))) },
  play: async ({ canvas, args }) => {
    await userEvent.click(within(rowOf(budi.name)).getByRole('button', { name: m.common.delete }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await expect(confirm.getByText(u.confirmDelete)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: m.common.confirmDelete.confirm }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await expect(args.onDelete).toHaveBeenCalledWith(budi.id);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(m.common.failureTitle);
    await expect(alert).toHaveTextContent(u.deleteFailed);
  },
};

export const LongNames: Story = {
  args: { users: longNamesSeed.users.map(asUser) },
  play: async ({ canvas }) => {
    const [long] = longNamesSeed.users.filter((user) => user.name.length > 60);
    await expect(canvas.getByRole('rowheader', { name: long!.name })).toBeVisible();
    await expect(canvas.getByRole('gridcell', { name: long!.email })).toBeVisible();
  },
};

/** Escape closes the units' list (only while it is open: else it would close the dialog). */
const closeList = async (picker: HTMLElement) => {
  await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'true'));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'false'));
};

const agencies = [
  { id: '30000000-0000-4000-8000-000000000001', code: '1.01', name: 'Dinas Pendidikan' },
  { id: '30000000-0000-4000-8000-000000000002', code: '1.02', name: 'Dinas Kesehatan' },
  { id: '30000000-0000-4000-8000-000000000003', code: '2.09', name: 'Dinas Pertanian' },
];
const [pendidikan, kesehatan, pertanian] = agencies as [
  (typeof agencies)[0],
  (typeof agencies)[0],
  (typeof agencies)[0],
];
const vera: User = {
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Vera Wulandari',
  email: 'vera@ranwal.local',
  role: 'verifier',
  agency_ids: [pendidikan.id, kesehatan.id],
};

/**
 * Perangkat Daerah (issue 19): the table names each person's units and role; the form explains
 * them, searches them, shows the chosen ones as removable tags and sends their ids.
 */
export const WithUnits: Story = {
  args: { agencies, users: [...users, vera] },
  play: async ({ args }) => {
    const row = within(rowOf(vera.name));
    await expect(row.getByRole('gridcell', { name: m.roles.verifier })).toBeVisible();
    await expect(row.getByText(pendidikan.name)).toBeVisible();
    await expect(row.getByText(kesehatan.name)).toBeVisible();
    await expect(within(rowOf(budi.name)).getByText(u.noAgencies)).toBeVisible();

    // A new verifier of Dinas Pertanian.
    const dialog = await openCreate();
    await expect(dialog.getByText(u.agenciesHint)).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: u.fields.name }), 'Wawan Setiadi');
    await userEvent.type(
      dialog.getByRole('textbox', { name: u.fields.email }),
      'wawan@ranwal.local',
    );
    await userEvent.type(dialog.getByLabelText(u.fields.password, { exact: true }), 'rahasia123');
    await userEvent.click(dialog.getByRole('button', { name: new RegExp(u.fields.role) }));
    await expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'User',
      'Verifikator',
      'Admin',
    ]);
    await userEvent.click(screen.getByRole('option', { name: m.roles.verifier }));
    const chosen = dialog.getByLabelText(u.agenciesChosen);
    await expect(chosen).toHaveTextContent(u.noAgencies);
    const picker = dialog.getByRole('combobox', { name: u.agencies });
    await userEvent.type(picker, 'tani');
    await expect(await screen.findAllByRole('option')).toHaveLength(1);
    await userEvent.click(screen.getByRole('option', { name: `2.09 - ${pertanian.name}` }));
    // The list stays open for the next unit, without the one chosen.
    await expect(picker).toHaveValue('');
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'true'));
    await expect(screen.queryByRole('option', { name: /Dinas Pertanian/ })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: `1.01 - ${pendidikan.name}` }));
    await closeList(picker);
    await expect(
      within(chosen)
        .getAllByRole('row')
        .map((tag) => tag.textContent),
    ).toEqual([pertanian.name, pendidikan.name]);
    await userEvent.click(
      within(chosen).getByRole('button', { name: `${u.removeAgency} ${pendidikan.name}` }),
    );
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));
    await closed();
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'Wawan Setiadi',
      email: 'wawan@ranwal.local',
      role: 'verifier',
      password: 'rahasia123',
      agency_ids: [pertanian.id],
    });

    // Editing keeps the units the person has.
    await userEvent.click(within(rowOf(vera.name)).getByRole('button', { name: m.common.edit }));
    const edit = within(await screen.findByRole('dialog', { name: u.editTitle }));
    const tags = within(edit.getByLabelText(u.agenciesChosen));
    await expect(tags.getAllByRole('row').map((tag) => tag.textContent)).toEqual([
      pendidikan.name,
      kesehatan.name,
    ]);
  },
};

/**
 * The server refused a unit (removed meanwhile): its words stand under the field, focus goes
 * there as for the form's own refusals, and the banner names the field by its label.
 */
export const UnitRefused: Story = {
  args: {
    agencies,
    onCreate: fn(async () => {
      throw new ApiError({
        kind: 'http',
        message: m.server.validation('agency_ids', m.server.agencyUnknown),
        status: 400,
        code: 'validation',
        serverMessage: m.server.validation('agency_ids', m.server.agencyUnknown),
        issues: [{ path: 'agency_ids', message: m.server.agencyUnknown }],
      });
    }),
  },
  play: async () => {
    const dialog = await openCreate();
    await userEvent.type(dialog.getByRole('textbox', { name: u.fields.name }), 'Wawan Setiadi');
    await userEvent.type(
      dialog.getByRole('textbox', { name: u.fields.email }),
      'wawan@ranwal.local',
    );
    await userEvent.type(dialog.getByLabelText(u.fields.password, { exact: true }), 'rahasia123');
    const picker = dialog.getByRole('combobox', { name: u.agencies });
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: `1.02 - ${kesehatan.name}` }));
    await closeList(picker);
    await userEvent.click(dialog.getByRole('button', { name: m.common.save }));
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    await expect(picker).toHaveAccessibleDescription(
      expect.stringContaining(m.server.agencyUnknown),
    );
    await waitFor(() => expect(picker).toHaveFocus());
    // The banner names the field as the dialog does, not by the API's key.
    const banner = dialog.getByRole('alert');
    await expect(banner).toHaveTextContent(m.server.validation(u.agencies, m.server.agencyUnknown));
    await expect(banner).not.toHaveTextContent('agency_ids');
  },
};
