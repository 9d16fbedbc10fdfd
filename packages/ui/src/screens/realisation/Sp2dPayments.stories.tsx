import { formatDateShortId, formatRupiah, messagesId, type RealisationGrid } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { dateFieldOf, typeDate } from '../../testing/date-field.js';
import { agenciesSeed } from '../../testing/sandbox-client.js';
import { setViewport } from '../../testing/viewport.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { seedUser } from '../user-dashboard/story-data.js';
import { ConnectedSubActionRealisation } from './ConnectedSubActionRealisation.js';
import { Sp2dPayments } from './Sp2dPayments.js';

const m = messagesId;
const t = m.realisation.entry;
const YEAR = 2025;

/**
 * The agencies seed in a region whose units record their own SP2D, the demo user a planner of
 * Bappeda, and one of Bappeda's sub kegiatan with lines of the year.
 */
const { seed, planner, subActionId, subActionName, accountCode } = (() => {
  const copy = structuredClone(agenciesSeed);
  const bappeda = copy.entities.agency.find((agency) => agency.code !== null)!;
  const user = copy.users.find((person) => person.id === seedUser(copy).id)!;
  user.agency_ids = [bappeda.id];
  copy.planning = {
    ...copy.planning,
    settings: { tax_rules: [], free_form_components: true, units_enter_sp2d: true },
  };
  const bappedaPrograms = new Set(
    copy.entities.program.filter((program) => program.agency_id === bappeda.id).map((p) => p.id),
  );
  const line = copy.lines.find((row) => row.year === YEAR && bappedaPrograms.has(row.program_id))!;
  const subAction = copy.entities.sub_action.find((row) => row.id === line.sub_action_id)!;
  const account = copy.entities.account.find((row) => row.id === line.account_id)!;
  return {
    seed: copy,
    planner: seedUser(copy),
    subActionId: subAction.id,
    subActionName: subAction.name,
    accountCode: (account as { code: string }).code,
  };
})();

const meta = {
  title: 'Screens/Realisation/Sp2dPayments',
  component: ConnectedSubActionRealisation,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed, currentUser: planner } },
  args: { subActionId, year: YEAR },
} satisfies Meta<typeof ConnectedSubActionRealisation>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A unit's planner records an SP2D from its document (the amount typed as people type it),
 * sees it counted in its kode rekening, corrects it, and takes it back.
 */
export const UnitRecordsItsSp2d: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('grid', { name: t.title(subActionName) });
    await expect(within(table).getByText(t.empty)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.record }));
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${t.number}`) }),
      '00021/SP2D/LS/2025',
    );
    await typeDate(userEvent, dateFieldOf(dialog, t.date), `${YEAR}-03-18`);
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(t.account) }));
    await userEvent.click(
      await screen.findByRole('option', { name: new RegExp(`^${accountCode}`) }),
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${t.amount}`) }),
      '1.250.000',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await findToast(t.saved('00021/SP2D/LS/2025'));
    const row = await within(table).findByRole('row', { name: /00021\/SP2D\/LS\/2025/ });
    await expect(row).toHaveTextContent(formatRupiah(1_250_000));
    await expect(row).toHaveTextContent(t.fromUnit);
    await expect(row).toHaveTextContent(formatDateShortId(`${YEAR}-03-18`));

    await userEvent.click(
      within(row).getByRole('button', { name: t.remove('00021/SP2D/LS/2025') }),
    );
    const confirm = await screen.findByRole('alertdialog', {
      name: t.removeTitle('00021/SP2D/LS/2025'),
    });
    await expect(confirm).toHaveTextContent(t.removeText(formatRupiah(1_250_000), 'Maret'));
    await userEvent.click(
      within(confirm).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await findToast(t.removed('00021/SP2D/LS/2025'));
    await waitFor(() => expect(within(table).getByText(t.empty)).toBeVisible());
  },
};

/** A wrong form is named field by field before anything is sent. */
export const NamesWhatIsMissing: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: t.record }));
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${t.amount}`) }),
      '2,500,000',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(
      await within(dialog).findByText(m.server.validation(t.number, 'wajib diisi')),
    ).toBeVisible();
    await expect(within(dialog).getByText(new RegExp(m.numberInput.commaGrouping))).toBeVisible();
  },
};

const loaded: RealisationGrid = {
  sub_action_id: subActionId,
  sub_action_code: '4.01.01.2.01.0001',
  sub_action_name: subActionName,
  year: YEAR,
  rows: [],
  months: Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    planned: '0',
    realised: '0',
    planned_cumulative: '0',
    realised_cumulative: '0',
    achievement_tenths: null,
  })),
  totals: { lines_total: '0', planned: '0', realised: '0' },
  payments: [
    {
      sp2d_number: '00012/SP2D/LS/2025',
      date: '2025-03-18',
      account_code: '5.1.02.01.01.0024',
      funding_source_id: null,
      funding_source_name: 'Dana Alokasi Umum',
      amount: '1200000',
      entered_by_unit: false,
    },
  ],
  units_enter_sp2d: false,
};

/** Loaded from the finance system: read only, also for the unit; on a phone. */
export const LoadedFromFinanceOnPhone: StoryObj<typeof Sp2dPayments> = {
  render: (args) => <Sp2dPayments {...args} />,
  args: { grid: loaded, onRecord: () => {}, onRemove: () => {} },
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      await expect(canvas.getByText(t.loadedIntro)).toBeVisible();
      await expect(canvas.getByText(t.fromFinance)).toBeVisible();
      await expect(canvas.queryByRole('button', { name: t.record })).toBeNull();
      if (resized) {
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      }
    } finally {
      await setViewport(...before);
    }
  },
};
