import { type BudgetLine, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { agenciesSeed, demoSeed, type SeedTables } from '../../testing/sandbox-client.js';
import { emptySelection, useHierarchyChoice } from './cascade.js';
import { fullSelection, levelsFromSeed, seedReports, seedUser } from './story-data.js';
import { UserDashboard, type UserDashboardProps } from './UserDashboard.js';

const m = messagesId;
const form = m.reports.form;
const chain = fullSelection(demoSeed);

/** Holds the choices like the connected screen; each select offers the seed's rows. */
function Dashboard({ seed = demoSeed, ...args }: UserDashboardProps & { seed?: SeedTables }) {
  const { selection, taxed, choose, setTaxed } = useHierarchyChoice(args.selection);
  return (
    <UserDashboard
      {...args}
      selection={selection}
      levels={levelsFromSeed(seed, selection)}
      onSelectionChange={(next, changed) => {
        choose(next, changed);
        args.onSelectionChange(next, changed);
      }}
      taxed={taxed}
      onTaxedChange={(value) => {
        setTaxed(value);
        args.onTaxedChange(value);
      }}
    />
  );
}

const meta = {
  title: 'Screens/User dashboard/UserDashboard',
  component: UserDashboard,
  parameters: { layout: 'fullscreen' },
  args: {
    userName: seedUser().name,
    onLogout: fn(),
    selection: chain,
    onSelectionChange: fn(),
    levels: levelsFromSeed(demoSeed, chain),
    taxed: true,
    onTaxedChange: fn(),
    onCreateReport: fn(),
    reportList: {},
  },
  loaders: [async () => ({ reports: await seedReports() })],
  render: (args, { loaded }) => (
    <Dashboard
      {...args}
      reportList={{ reports: loaded.reports as BudgetLine[], ...args.reportList }}
    />
  ),
} satisfies Meta<typeof UserDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A complete hierarchy: the form is there and sends the values with every chosen id. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: m.app.name })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: form.taxCheckbox })).toBeChecked();
    await userEvent.type(canvas.getByRole('textbox', { name: form.componentName }), 'Map');
    const price = canvas.getByRole('textbox', { name: form.price });
    await userEvent.clear(price);
    await userEvent.type(price, '1001');
    await expect(canvas.getByRole('textbox', { name: form.tax })).toHaveValue('Rp 120');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(args.onCreateReport).toHaveBeenCalledWith(
      expect.objectContaining({
        component_name: 'Map',
        price: 1001,
        tax: 120,
        total_after_tax: 1121,
        is_taxed: true,
        year: 2025,
        program_id: chain.program!.id,
        action_id: chain.action!.id,
        sub_action_id: chain.sub_action!.id,
        activity_id: chain.activity!.id,
        subtitle_id: chain.subtitle!.id,
        account_id: chain.account!.id,
        supporter_id: chain.supporter!.id,
      }),
    );
  },
};

/** A branch chosen under a Perangkat Daerah: the line still sends only its own references. */
const agencyChain = fullSelection(agenciesSeed, agenciesSeed.entities.account.length - 1);
export const InAAgency: Story = {
  args: { selection: agencyChain, levels: levelsFromSeed(agenciesSeed, agencyChain), taxed: false },
  render: (args, { loaded }) => (
    <Dashboard
      {...args}
      seed={agenciesSeed}
      reportList={{ reports: loaded.reports as BudgetLine[] }}
    />
  ),
  play: async ({ canvas, args }) => {
    const agency = m.levels.agency;
    await expect(canvas.getByRole('combobox', { name: agency.label })).toHaveValue(
      `${agencyChain.agency!.code} - ${agencyChain.agency!.name}`,
    );
    await userEvent.type(canvas.getByRole('textbox', { name: form.componentName }), 'Map');
    const price = canvas.getByRole('textbox', { name: form.price });
    await userEvent.clear(price);
    await userEvent.type(price, '1000');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(args.onCreateReport).toHaveBeenCalledWith(
      expect.objectContaining({
        program_id: agencyChain.program!.id,
        supporter_id: agencyChain.supporter!.id,
      }),
    );
    const [sent] = (args.onCreateReport as ReturnType<typeof fn>).mock.lastCall!;
    await expect(sent).not.toHaveProperty('agency_id');
  },
};

/** Nothing chosen: no form, the summary says what is missing, the list is still there. */
export const Incomplete: Story = {
  args: { selection: emptySelection, taxed: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: form.title })).not.toBeInTheDocument();
    await expect(canvas.getByText(form.incompleteHierarchy)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: m.reports.list.title })).toBeVisible();
  },
};

/** Without a Pengampu the report cannot be sent yet. */
export const NoSupporter: Story = {
  args: { selection: { ...chain, supporter: null } },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: form.submit });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(m.levels.supporter.chooseFirstHint);
  },
};

export const Busy: Story = {
  args: { isCreating: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: form.submitting })).toBeVisible();
  },
};

/** Logout from the header, by keyboard: it is the first stop. */
export const Logout: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const header = within(canvas.getByRole('banner'));
    await expect(header.getByRole('button', { name: m.logout.label })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};
