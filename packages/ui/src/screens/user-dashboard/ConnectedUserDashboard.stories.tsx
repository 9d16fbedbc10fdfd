import {
  type BudgetLine,
  formatNumberId,
  formatRupiah,
  hierarchyLevelKeys,
  type LineReferenceKey,
  lineReferenceKeys,
  type ManagedEntityKey,
  messagesId,
  type User,
} from '@ranwal/core';
import { demoData, SANDBOX_YEAR } from '@ranwal/core/demo';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ToastProvider } from '../../components/Toast.js';
import { whenNothingLoads } from '../../testing/loading.js';
import {
  SandboxRanwalProvider,
  type SandboxRanwalProviderProps,
} from '../../testing/SandboxRanwalProvider.js';
import { StoryBudgetYear } from '../../testing/StoryBudgetYear.js';
import {
  agenciesSeed,
  buildSeed,
  demoSeed,
  emptySeed,
  httpError,
  longNamesSeed,
  type SeedTables,
} from '../../testing/sandbox-client.js';
import { findOptions } from '../management/story-helpers.js';
import {
  ConnectedBudgetLineEntry,
  ConnectedReportList,
  ConnectedUserDashboard,
} from './ConnectedUserDashboard.js';
import { type HierarchySelection, optionLabel } from './cascade.js';
import { fullSelection, seedReports, seedSession, seedUser } from './story-data.js';

const m = messagesId;
const form = m.reports.form;
const list = m.reports.list;
const fields = m.reports.fields;
const levels = m.levels;

type SandboxOptions = Omit<SandboxRanwalProviderProps, 'children'>;
/** The year of the demo's lines. */
const DEMO_YEAR = 2025;

/** The sandbox client a story runs on, as the demo user unless `parameters.sandbox` says else. */
function sandboxFor(seed = demoSeed, user = seedUser(seed)): SandboxOptions {
  return { seed, currentUser: user, session: seedSession(user) };
}

/**
 * The seed's admin, who reaches every programme: the demo user, without a unit, reaches only
 * programmes without one (issue 34), so the stories across Perangkat Daerah are an admin's.
 */
function seedAdmin(seed: SeedTables): User {
  const { id, name, email, role, agency_ids } = seed.users.find((user) => user.role === 'admin')!;
  return { id, name, email, role, agency_ids };
}

const meta = {
  title: 'Screens/User dashboard/ConnectedUserDashboard',
  component: ConnectedUserDashboard,
  parameters: { layout: 'fullscreen', sandbox: sandboxFor() },
  args: { onLogout: fn() },
  decorators: [
    // The demo user's lines are of 2025: the page is on that year, as `?tahun=2025` puts it.
    (Story, { parameters }) => (
      <ToastProvider>
        <SandboxRanwalProvider {...(parameters.sandbox as SandboxOptions)}>
          <StoryBudgetYear initialYear={DEMO_YEAR}>
            <Story />
          </StoryBudgetYear>
        </SandboxRanwalProvider>
      </ToastProvider>
    ),
  ],
} satisfies Meta<typeof ConnectedUserDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

// Found by their labels rather than by role: on a screen this size, role queries are slow.
const field = (canvas: Canvas, key: ManagedEntityKey) =>
  canvas.getByLabelText(levels[key].label, { selector: 'input[role="combobox"]' });
const box = (canvas: Canvas, label: string) =>
  canvas.getByLabelText(label, { selector: 'input, textarea' });
/** The list's line rows (not its header, nor the row that says it is loading). */
function reportRows() {
  const grid = screen.getByLabelText(list.title, { selector: '[role="grid"]' });
  return within(grid)
    .getAllByRole('row')
    .filter((row) => within(row).queryByRole('button', { name: list.viewDetail }));
}

/** The open options list (a popover outside the canvas). */
async function openList(): Promise<HTMLElement> {
  return waitFor(() => {
    const listbox = document.querySelector<HTMLElement>('[role="listbox"]');
    expect(listbox).not.toBeNull();
    return listbox!;
  });
}

/** What each select shows for a full selection (accounts read 'code - name'). */
const labelsOf = (selection: HierarchySelection) =>
  Object.fromEntries(
    lineReferenceKeys.map((key) => [key, optionLabel(key, selection[key]!, m)]),
  ) as Record<LineReferenceKey, string>;

/** The demo seed's first full branch. */
const chain = fullSelection(demoSeed);
const chainLabels = labelsOf(chain);

/** Opens a select with the arrow key and clicks the option once the server has sent it. */
async function choose(canvas: Canvas, key: ManagedEntityKey, option: string) {
  const input = field(canvas, key);
  await waitFor(() => expect(input).toBeEnabled());
  await userEvent.click(input);
  await userEvent.keyboard('{ArrowDown}');
  await userEvent.click(await within(await openList()).findByRole('option', { name: option }));
  await waitFor(() => expect(input).toHaveValue(option));
}

async function chooseChain(
  canvas: Canvas,
  labels: Record<LineReferenceKey, string>,
  keys: readonly LineReferenceKey[] = lineReferenceKeys,
) {
  for (const key of keys) await choose(canvas, key, labels[key]);
}

/**
 * An open list's options once loaded: not its loading row ('Memuat data...'), which a loaded
 * machine shows for longer.
 */
function loadedOptions(listbox: HTMLElement): Promise<string[]> {
  return waitFor(() => {
    const texts = within(listbox)
      .queryAllByRole('option')
      .map((option) => option.textContent ?? '');
    expect(texts.length).toBeGreaterThan(0);
    expect(texts).not.toContain(m.common.loading);
    return texts;
  });
}

/** What a select offers once the server has answered (the list is closed again after). */
async function optionsOf(canvas: Canvas, key: ManagedEntityKey): Promise<string[]> {
  const input = field(canvas, key);
  await waitFor(() => expect(input).toBeEnabled());
  await userEvent.click(input);
  await userEvent.keyboard('{ArrowDown}');
  const listbox = await openList();
  const names = await loadedOptions(listbox);
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
  return names;
}

/**
 * That a select offers exactly `expected` (in any order). Under load a list can first show part
 * of what it offers (the chosen option, before the server's answer): as a person would, close it
 * and look again until it holds the answer.
 */
async function expectOptions(canvas: Canvas, key: ManagedEntityKey, expected: readonly string[]) {
  await waitFor(
    async () => expect((await optionsOf(canvas, key)).sort()).toEqual([...expected].sort()),
    { timeout: 30_000 },
  );
}

/** The agencies seed's Bappeda, which holds every programme but the first. */
const bappeda = agenciesSeed.entities.agency[0]!;
const bappedaLabel = optionLabel('agency', bappeda, m);
const bappedaPrograms = agenciesSeed.entities.program
  .filter((program) => program.agency_id === bappeda.id)
  .map((program) => program.name);

/** The agencies seed with its user in Bappeda alone (one unit). */
const oneUnitSeed = (() => {
  const seed = structuredClone(agenciesSeed);
  const { id } = seedUser(seed);
  for (const user of seed.users) if (user.id === id) user.agency_ids = [bappeda.id];
  return seed;
})();

/** With the list open and loaded, Enter takes the first option (arrowing onto it if needed). */
async function pickFirstByKeyboard(input: HTMLElement) {
  // Under a loaded machine the list can re-render between the keys (its answer arriving) and
  // Enter then picks nothing: as a person would, open it and press again until the field holds
  // the choice.
  await waitFor(
    async () => {
      if ((input as HTMLInputElement).value === '') {
        await userEvent.keyboard('{ArrowDown}');
        const listbox = await openList();
        await loadedOptions(listbox);
        if (!input.getAttribute('aria-activedescendant')) await userEvent.keyboard('{ArrowDown}');
        await userEvent.keyboard('{Enter}');
      }
      await waitFor(() => expect(input).not.toHaveValue(''), { timeout: 3000 });
    },
    { timeout: 30_000 },
  );
}

/** The first screen: programs to choose from, the summary waiting, the user's own reports. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: m.app.name })).toBeVisible();
    await expect(canvas.getByText(seedUser().name)).toBeVisible();
    await expect(field(canvas, 'action')).toBeDisabled();
    await expect(canvas.getByText(form.incompleteHierarchy)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: form.title })).not.toBeInTheDocument();
    const mine = demoSeed.lines.filter((line) => line.created_by === seedUser().id);
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length));
    // No Perangkat Daerah exists: neither the cascade nor the list offers one.
    await expect(canvas.queryByLabelText(levels.agency.label)).not.toBeInTheDocument();
    await expect(canvas.queryByLabelText(m.reports.filters.agency)).not.toBeInTheDocument();
  },
};

/**
 * Where agencies exist: the Perangkat Daerah select is optional (a branch without one is
 * complete); choosing one clears the programme and offers only that agency's programmes; the line
 * created under it shows its agency in the summary and in its detail.
 */
export const AgencyNarrowsPrograms: Story = {
  parameters: { sandbox: sandboxFor(agenciesSeed, seedAdmin(agenciesSeed)) },
  play: async ({ canvas }) => {
    const agency = await waitFor(() => field(canvas, 'agency'));
    await expect(agency).toHaveValue(levels.agency.allFilter);
    await expectOptions(
      canvas,
      'program',
      agenciesSeed.entities.program.map((program) => program.name),
    );
    await chooseChain(canvas, labelsOf(fullSelection(agenciesSeed)));
    await expect(await canvas.findByRole('heading', { name: form.title })).toBeVisible();

    await choose(canvas, 'agency', bappedaLabel);
    await expect(await screen.findByText(levels.agency.selected(bappedaLabel))).toBeVisible();
    await expect(field(canvas, 'program')).toHaveValue('');
    await expect(canvas.queryByRole('heading', { name: form.title })).not.toBeInTheDocument();
    await expectOptions(canvas, 'program', bappedaPrograms);

    const branch = fullSelection(agenciesSeed, agenciesSeed.entities.account.length - 1);
    await expect(branch.agency?.id).toBe(bappeda.id);
    await chooseChain(canvas, labelsOf(branch));
    const summary = within(canvas.getByRole('region', { name: form.summaryTitle }));
    await expect(summary.getByText(bappedaLabel)).toBeVisible();
    await userEvent.type(box(canvas, form.componentName), 'Kertas Bappeda');
    await userEvent.clear(box(canvas, form.price));
    await userEvent.type(box(canvas, form.price), '50000');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(await screen.findByText(m.reports.created)).toBeVisible();
    await waitFor(() => expect(reportRows()[0]).toHaveTextContent('Kertas Bappeda'));
    await userEvent.click(within(reportRows()[0]!).getByRole('button', { name: list.viewDetail }));
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await waitFor(() => expect(dialog).toHaveTextContent(`${levels.agency.label}${bappedaLabel}`));
  },
};

/**
 * A person with one unit (Bappeda): the Perangkat Daerah select starts on it and offers nothing
 * else (no 'Semua Perangkat Daerah'), so the programmes are only those they may write under; the
 * seed's first programme, under no agency, is not offered.
 */
export const OneUnitStartsOnIt: Story = {
  parameters: { sandbox: sandboxFor(oneUnitSeed) },
  play: async ({ canvas }) => {
    const agency = await waitFor(() => field(canvas, 'agency'));
    await waitFor(() => expect(agency).toHaveValue(bappedaLabel));
    await expectOptions(canvas, 'agency', [bappedaLabel]);
    // Bappeda's programmes only: not the seed's first, under no agency.
    await expect(bappedaPrograms).not.toContain(agenciesSeed.entities.program[0]!.name);
    await expectOptions(canvas, 'program', bappedaPrograms);

    const branch = fullSelection(agenciesSeed, agenciesSeed.entities.account.length - 1);
    await chooseChain(canvas, labelsOf(branch));
    await expect(await canvas.findByRole('heading', { name: form.title })).toBeVisible();
    await expect(agency).toHaveValue(bappedaLabel);
  },
};

/** 'Daftar Laporan' narrowed to one Perangkat Daerah: only the lines of its programmes. */
export const AgencyFilter: Story = {
  parameters: { sandbox: sandboxFor(agenciesSeed, seedAdmin(agenciesSeed)) },
  loaders: [async () => ({ reports: await seedReports(agenciesSeed, seedAdmin(agenciesSeed)) })],
  play: async ({ canvas, loaded }) => {
    // An admin's lines include other years': the dashboard shows its own.
    const mine = (loaded.reports as BudgetLine[]).filter((line) => line.year === DEMO_YEAR);
    const inBappeda = mine.filter((line) => line.agency_id === bappeda.id);
    await expect(inBappeda.length).toBeGreaterThan(0);
    await expect(inBappeda.length).toBeLessThan(mine.length);
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length));

    const filter = await canvas.findByRole('combobox', { name: m.reports.filters.agency });
    await expect(filter).toHaveValue(m.reports.filters.allAgencies);
    await userEvent.click(filter);
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(
      await within(await openList()).findByRole('option', { name: bappedaLabel }),
    );
    await waitFor(() => expect(reportRows()).toHaveLength(inBappeda.length));
    for (const row of reportRows()) {
      await expect(bappedaPrograms.some((name) => row.textContent?.includes(name))).toBe(true);
    }
    await userEvent.click(canvas.getByRole('button', { name: m.reports.filters.reset }));
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length));
    await expect(filter).toHaveValue(m.reports.filters.allAgencies);
  },
};

/** Editing a line of an agency's programme: the dialog's cascade starts in that agency. */
export const EditLineInAgency: Story = {
  parameters: { sandbox: sandboxFor(agenciesSeed, seedAdmin(agenciesSeed)) },
  loaders: [async () => ({ reports: await seedReports(agenciesSeed, seedAdmin(agenciesSeed)) })],
  play: async ({ loaded }) => {
    // An admin's lines include other years': the dashboard shows its own.
    const mine = (loaded.reports as BudgetLine[]).filter((line) => line.year === DEMO_YEAR);
    const index = mine.findIndex((line) => line.agency_id === bappeda.id);
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length));
    await userEvent.click(
      within(reportRows()[index]!).getByRole('button', { name: m.common.edit }),
    );
    const dialog = await screen.findByRole('dialog', { name: m.reports.edit.title });
    const inDialog = within(dialog);
    // A line names its agency, not the agency's code.
    await waitFor(() => expect(field(inDialog, 'agency')).toHaveValue(bappeda.name));
    await expect(field(inDialog, 'program')).toHaveValue(mine[index]!.program_name);
    await expectOptions(inDialog, 'program', bappedaPrograms);
  },
};

/**
 * The whole job: choose the branch (each choice confirmed), fill the form with totals as typed,
 * create the report; the form resets and the new line, as the server computed it, heads the list.
 */
export const CreateReport: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(reportRows().length).toBeGreaterThan(0));
    const before = reportRows().length;

    await choose(canvas, 'program', chainLabels.program);
    await expect(
      await screen.findByText(levels.program.selected(chainLabels.program)),
    ).toBeVisible();
    // The chosen program carries PPN, so the switch follows it.
    await expect(canvas.getByRole('checkbox', { name: form.taxCheckbox })).toBeChecked();
    await chooseChain(canvas, chainLabels, lineReferenceKeys.slice(1));
    await expect(canvas.queryByText(form.incompleteHierarchy)).not.toBeInTheDocument();

    await expect(await canvas.findByRole('heading', { name: form.title })).toBeVisible();
    await userEvent.type(box(canvas, form.componentName), 'ATK');
    for (const [label, value] of [
      [form.price, '2500000'],
      [form.firstVolume, '2'],
      [form.secondVolume, '3'],
      [form.thirdVolume, '1,5'],
    ] as const) {
      await userEvent.clear(box(canvas, label));
      await userEvent.type(box(canvas, label), value);
    }
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 22.500.000');
    await expect(box(canvas, form.tax)).toHaveValue('Rp 2.700.000');
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('Rp 25.200.000');

    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(await screen.findByText(m.reports.created)).toBeVisible();
    await expect(box(canvas, form.componentName)).toHaveValue('');
    await expect(box(canvas, form.price)).toHaveValue('0');
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 0');
    // The hierarchy stays chosen for the next line.
    await expect(field(canvas, 'account')).toHaveValue(chainLabels.account);

    await waitFor(() => expect(reportRows()).toHaveLength(before + 1));
    const row = reportRows()[0]!;
    await expect(row).toHaveTextContent('ATK');
    await expect(row).toHaveTextContent('Rp 25.200.000');
  },
};

/**
 * The spec's confirmation of each choice, one at a time (issue 33): seven choices leave one
 * toast, the last, instead of a stack over the form.
 */
export const ChoicesConfirmOneAtATime: Story = {
  play: async ({ canvas }) => {
    const confirmations = () =>
      screen
        .queryAllByRole('alertdialog')
        .filter((toast) => /berhasil dipilih/.test(toast.textContent ?? ''));
    await chooseChain(canvas, chainLabels);
    await waitFor(() => expect(confirmations()).toHaveLength(1));
    await expect(confirmations()[0]).toHaveTextContent(
      levels.supporter.selected(chainLabels.supporter),
    );
    await expect(screen.queryByText(levels.account.selected(chainLabels.account))).toBeNull();
    // The PPN switch's confirmation takes the choice's place too.
    await userEvent.click(canvas.getByRole('checkbox', { name: form.taxCheckbox }));
    await expect(await screen.findByText(form.taxNotApplied)).toBeVisible();
    await expect(confirmations()).toHaveLength(0);
    await expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  },
};

/**
 * A line's detail named from outside (the portal's `?rincian=<id>`, where a notification about
 * the line leads, issue 33) opens at once, even for a line not at the top of the list; closing
 * it tells the owner of the URL.
 */
export const DetailFromTheUrl: Story = {
  args: { onDetailIdChange: fn() },
  loaders: [async () => ({ reports: await seedReports() })],
  render: (args, { loaded }) => (
    <ConnectedUserDashboard {...args} detailId={(loaded.reports as BudgetLine[]).at(-1)!.id} />
  ),
  play: async ({ args, loaded }) => {
    const oldest = (loaded.reports as BudgetLine[]).at(-1)!;
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await waitFor(() => expect(dialog).toHaveTextContent(oldest.component_name));
    await expect(dialog).toHaveTextContent(formatRupiah(oldest.total_after_tax));
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.close }));
    await expect(args.onDetailIdChange).toHaveBeenCalledWith(null);
  },
};

/** A line's detail is loaded on its own: the dialog shows what the server holds for it. */
export const ReportDetail: Story = {
  loaders: [async () => ({ reports: await seedReports() })],
  play: async ({ loaded }) => {
    const [newest] = loaded.reports as BudgetLine[];
    await waitFor(() => expect(reportRows().length).toBeGreaterThan(0));
    await userEvent.click(within(reportRows()[0]!).getByRole('button', { name: list.viewDetail }));
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await waitFor(() => expect(dialog).toHaveTextContent(newest!.account_name));
    // Each volume with its own unit (a volume that counts nothing is its number).
    const volume = (value: number, unit: string | null) =>
      unit ? `${formatNumberId(value, 2)} ${unit}` : formatNumberId(value, 2);
    for (const text of [
      newest!.program_name,
      newest!.component_name,
      newest!.account_code,
      formatRupiah(newest!.price),
      `${fields.firstVolume}${volume(newest!.first_volume, newest!.first_volume_unit)}${fields.secondVolume}`,
      `${fields.secondVolume}${volume(newest!.second_volume, newest!.second_volume_unit)}${fields.thirdVolume}`,
      `${fields.thirdVolume}${volume(newest!.third_volume, newest!.third_volume_unit)}${fields.totalPrice}`,
      formatRupiah(newest!.total_price),
      formatRupiah(newest!.tax),
      formatRupiah(newest!.total_after_tax),
    ]) {
      await expect(dialog).toHaveTextContent(text);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Changing the program clears kegiatan down to kode rekening, and the form goes with them. */
export const ChangingProgramClearsBelow: Story = {
  play: async ({ canvas }) => {
    await chooseChain(canvas, chainLabels);
    await expect(await canvas.findByRole('heading', { name: form.title })).toBeVisible();

    const other = demoSeed.entities.program[1]!.name;
    await choose(canvas, 'program', other);
    for (const key of ['action', 'sub_action', 'activity', 'subtitle', 'account'] as const) {
      await expect(field(canvas, key)).toHaveValue('');
    }
    await expect(field(canvas, 'action')).toBeEnabled();
    await expect(field(canvas, 'sub_action')).toBeDisabled();
    await expect(field(canvas, 'sub_action')).toHaveAccessibleDescription(
      levels.action.chooseFirstHint,
    );
    await expect(canvas.queryByRole('heading', { name: form.title })).not.toBeInTheDocument();
    await expect(canvas.getByText(form.incompleteHierarchy)).toBeVisible();
    // Pengampu is not part of the hierarchy: it stays.
    await expect(field(canvas, 'supporter')).toHaveValue(chainLabels.supporter);
    // The new program's kegiatan, not the old one's, are offered.
    await userEvent.click(field(canvas, 'action'));
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await openList();
    await expect(await loadedOptions(listbox)).not.toContain(chainLabels.action);
    await userEvent.keyboard('{Escape}');
  },
};

/** PPN follows the switch: Rp 1.001 gives Rp 120 with it and Rp 0 without, each confirmed. */
export const TaxToggle: Story = {
  play: async ({ canvas }) => {
    // The last branch of the demo seed sits under a program without PPN.
    const untaxed = fullSelection(demoSeed, demoSeed.entities.account.length - 1);
    await chooseChain(canvas, labelsOf(untaxed), hierarchyLevelKeys);
    const taxBox = canvas.getByRole('checkbox', { name: form.taxCheckbox });
    await expect(taxBox).not.toBeChecked();
    await expect(canvas.getByText(form.taxNo)).toBeVisible();

    await userEvent.clear(box(canvas, form.price));
    await userEvent.type(box(canvas, form.price), '1001');
    await expect(box(canvas, form.tax)).toHaveValue('Rp 0');
    await expect(box(canvas, form.tax)).toBeDisabled();

    await userEvent.click(taxBox);
    await expect(await screen.findByText(form.taxApplied)).toBeVisible();
    await expect(box(canvas, form.tax)).toHaveValue('Rp 120');
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('Rp 1.121');
    await expect(canvas.getByText(form.taxYes)).toBeVisible();

    await userEvent.click(taxBox);
    await expect(await screen.findByText(form.taxNotApplied)).toBeVisible();
    await expect(box(canvas, form.tax)).toHaveValue('Rp 0');
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('Rp 1.001');
  },
};

/** Everything by keyboard: the seven selects, the tax switch, the form and its submission. */
export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await waitFor(() => expect(reportRows().length).toBeGreaterThan(0));
    const before = reportRows().length;

    // The header first: the budget year, then Logout.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: new RegExp(m.planning.year) })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: m.logout.label })).toHaveFocus();
    for (const key of [
      'program',
      'action',
      'sub_action',
      'activity',
      'subtitle',
      'account',
      'supporter',
    ] as const) {
      await userEvent.tab();
      const input = field(canvas, key);
      await expect(input).toHaveFocus();
      await pickFirstByKeyboard(input);
    }

    await userEvent.tab();
    const taxBox = canvas.getByRole('checkbox', { name: form.taxCheckbox });
    await expect(taxBox).toHaveFocus();
    const wasTaxed = (taxBox as HTMLInputElement).checked;
    await userEvent.keyboard(' ');
    await waitFor(() => expect((taxBox as HTMLInputElement).checked).toBe(!wasTaxed));

    // Kode Komponen, Nama Komponen, Spesifikasi, Satuan, Harga, Volume 1: what is not typed keeps
    // its default.
    await userEvent.tab();
    await expect(box(canvas, form.componentCode)).toHaveFocus();
    await userEvent.keyboard('{Tab}Snack{Tab}{Tab}{Tab}');
    await expect(box(canvas, form.price)).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}25000{Tab}{Control>}a{/Control}40');
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByText(m.reports.created)).toBeVisible();
    await expect(box(canvas, form.componentName)).toHaveValue('');
    await waitFor(() => expect(reportRows()).toHaveLength(before + 1));
    await expect(reportRows()[0]).toHaveTextContent('Snack');
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

/** The list by keyboard: Tab into the table, Enter opens a line's detail, Escape closes it. */
export const KeyboardOnlyReportDetail: Story = {
  play: async () => {
    await waitFor(() => expect(reportRows().length).toBeGreaterThan(0));
    for (let stops = 0; stops < 20 && !document.activeElement?.closest('[role="grid"]'); stops++) {
      await userEvent.tab();
    }
    await expect(reportRows()[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(within(dialog).getByRole('button', { name: m.common.close })).toBeVisible();
    await waitFor(() => expect(dialog).toHaveTextContent(fields.accountName));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // react-aria gives focus back in the frame after the dialog leaves the page: under a full
    // run's load that frame came after this line (CI passed it only on its retry).
    await waitFor(() => expect(reportRows()[1]).toHaveFocus());
  },
};

/**
 * The budget year in the header is the whole page's: it offers the server's years (those with
 * lines, the current and the next); choosing another lists that year's lines (the demo user has
 * none in 2026), and choosing back lists 2025's again.
 */
export const YearInHeader: Story = {
  play: async ({ canvas }) => {
    const mine = demoSeed.lines.filter((line) => line.created_by === seedUser().id);
    await expect(mine.filter((line) => line.year === 2026)).toHaveLength(0);
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length));
    const picker = canvas.getByRole('button', { name: new RegExp(m.planning.year) });
    await expect(picker).toHaveTextContent(String(DEMO_YEAR));
    await userEvent.click(picker);
    const listbox = await screen.findByRole('listbox');
    const thisYear = SANDBOX_YEAR;
    await findOptions(
      listbox,
      [...new Set([thisYear + 1, thisYear, 2026, 2025])].sort((a, b) => b - a).map(String),
    );
    await userEvent.click(screen.getByRole('option', { name: '2026' }));
    await expect(await canvas.findByText(list.empty)).toBeVisible();
    await expect(picker).toHaveTextContent('2026');
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: String(DEMO_YEAR) }));
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length));
  },
};

/** Nothing set up yet: the call to add the first program, and no reports. */
export const NoPrograms: Story = {
  parameters: { sandbox: sandboxFor(emptySeed) },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(field(canvas, 'program')).toHaveAccessibleDescription(levels.program.emptyOptionsHint),
    );
    await waitFor(() =>
      expect(field(canvas, 'supporter')).toHaveAccessibleDescription(
        levels.supporter.emptyOptionsHint,
      ),
    );
    await expect(await canvas.findByText(list.empty)).toBeVisible();
  },
};

/**
 * The two pieces an embedding app places under its own header (examples/agency-app): the line
 * entry and the list, without Ranwal's page around them. A line created in one shows in the other.
 */
export const EmbeddedPieces: Story = {
  render: () => (
    <div className="flex flex-col gap-6 p-6">
      <ConnectedBudgetLineEntry />
      <ConnectedReportList />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: m.logout.label })).not.toBeInTheDocument();
    const mine = demoSeed.lines.filter((line) => line.created_by === seedUser().id);
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length));
    await chooseChain(canvas, chainLabels);
    await userEvent.type(box(canvas, form.componentName), 'Kertas HVS embed');
    await userEvent.clear(box(canvas, form.price));
    await userEvent.type(box(canvas, form.price), '50000');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await waitFor(() => expect(reportRows()).toHaveLength(mine.length + 1));
    await expect(within(reportRows()[0]!).getByText('Kertas HVS embed')).toBeVisible();
  },
};

/** A slow server: the list says it is loading, and no select claims to be empty. */
export const Loading: Story = {
  parameters: { sandbox: { ...sandboxFor(), latencyMs: 60_000 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
    await expect(field(canvas, 'program')).not.toHaveAccessibleDescription(
      levels.program.emptyOptionsHint,
    );
  },
};

/** Programs cannot be fetched: a 'Gagal!' toast, and the select says why it is empty. */
export const ProgramListError: Story = {
  parameters: { sandbox: { ...sandboxFor(), failOn: { 'program.list': httpError('internal') } } },
  play: async ({ canvas }) => {
    await expect(await screen.findByText(levels.program.fetchFailedToast)).toBeVisible();
    await expect(screen.getByText(m.common.failureTitle)).toBeVisible();
    await waitFor(() =>
      expect(field(canvas, 'program')).toHaveAccessibleDescription(levels.program.fetchFailed),
    );
    await expect(canvas.queryByText(levels.program.emptyOptionsHint)).not.toBeInTheDocument();
  },
};

/** The report list fails with an HTTP error: the spec's heading and status line. */
export const ReportListError: Story = {
  parameters: {
    sandbox: { ...sandboxFor(), failOn: { 'budgetLine.list': httpError('internal') } },
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByText(list.loadFailedHttp(500, 'Internal Server Error'));
    await expect(alert).toBeVisible();
    await expect(canvas.getByText(list.loadErrorHeading)).toBeVisible();
    await expect(await screen.findByText(m.reports.fetchFailed)).toBeVisible();
  },
};

/** The server refuses the report: its message in a 'Gagal!' toast, the form kept. */
export const CreateFails: Story = {
  parameters: {
    sandbox: {
      ...sandboxFor(),
      failOn: {
        'budgetLine.create': httpError('conflict', 'Anggaran sub kegiatan ini sudah ditutup.'),
      },
    },
  },
  play: async ({ canvas }) => {
    await chooseChain(canvas, chainLabels);
    await userEvent.type(await canvas.findByRole('textbox', { name: form.componentName }), 'ATK');
    await userEvent.clear(box(canvas, form.price));
    await userEvent.type(box(canvas, form.price), '5000');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(await screen.findByText('Anggaran sub kegiatan ini sudah ditutup.')).toBeVisible();
    await expect(box(canvas, form.componentName)).toHaveValue('ATK');
    await expect(canvas.getByRole('button', { name: form.submit })).toBeEnabled();
  },
};

const overPagu = 'Melebihi pagu Sub Kegiatan Rapat (Rp 1.000.000) sebesar Rp 500.000.';

/**
 * Refused over the pagu (issue 33): said once, in the pagu panel under the form where the totals
 * are read, as the form's other refusals show beside what they are about; no toast repeats it.
 */
export const CreateRefusedOverPagu: Story = {
  parameters: {
    sandbox: {
      ...sandboxFor(),
      failOn: {
        'budgetLine.create': httpError('conflict', overPagu, [
          { path: 'total_after_tax', message: overPagu },
        ]),
      },
    },
  },
  play: async ({ canvas }) => {
    await chooseChain(canvas, chainLabels);
    await userEvent.type(await canvas.findByRole('textbox', { name: form.componentName }), 'ATK');
    await userEvent.clear(box(canvas, form.price));
    await userEvent.type(box(canvas, form.price), '5000');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await waitFor(() =>
      expect(
        canvas
          .getAllByRole('alert')
          .filter((alert) => alert.textContent?.includes(overPagu))
          .map((alert) => alert.textContent),
      ).toEqual([`${m.reports.planning.pagu.refusedTitle}${overPagu}`]),
    );
    // Said once on the whole screen: no 'Gagal!' toast repeats it.
    await expect(screen.getAllByText(overPagu)).toHaveLength(1);
    await expect(screen.queryByText(m.common.failureTitle)).not.toBeInTheDocument();
    await expect(box(canvas, form.componentName)).toHaveValue('ATK');
  },
};

/** Signed out (no token stored): the list asks to sign in and is not fetched. */
export const NoToken: Story = {
  parameters: { sandbox: { ...sandboxFor(), session: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(list.noToken)).toBeVisible();
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
  },
};

/** Forty-five Pengampu: the select shows the first 20, says so, and finds the rest on the server. */
export const ManySupporters: Story = {
  parameters: {
    sandbox: sandboxFor(
      buildSeed({
        ...demoData,
        supporters: Array.from(
          { length: 45 },
          (_, i) => `Kelurahan ${String(i + 1).padStart(2, '0')}`,
        ),
        lines: [],
      }),
    ),
  },
  play: async ({ canvas }) => {
    const input = field(canvas, 'supporter');
    await waitFor(() => expect(input).toHaveAccessibleDescription(form.partialOptions(20, 45)));
    await userEvent.type(input, 'Kelurahan 37');
    await userEvent.click(
      await within(await openList()).findByRole(
        'option',
        { name: 'Kelurahan 37' },
        { timeout: 15_000 },
      ),
    );
    await expect(input).toHaveValue('Kelurahan 37');
    await expect(await screen.findByText(levels.supporter.selected('Kelurahan 37'))).toBeVisible();
    // The choice made, the box lists the first page again (its search was reloading).
    await waitFor(() => expect(input).toHaveAccessibleDescription(form.partialOptions(20, 45)));
  },
};

export const LongNames: Story = {
  parameters: { sandbox: sandboxFor(longNamesSeed) },
  play: async ({ canvas }) => {
    await chooseChain(canvas, labelsOf(fullSelection(longNamesSeed)));
    await expect(await canvas.findByRole('heading', { name: form.title })).toBeVisible();
    await waitFor(() => expect(reportRows()).toHaveLength(1));
  },
};

/** The demo user as a planner of Bappeda (agenciesSeed), whose RKA its head signs. */
const unitSeed = (() => {
  const seed = structuredClone(agenciesSeed);
  const bappeda = seed.entities.agency.find((agency) => agency.code !== null)!;
  const user = seed.users.find((person) => person.id === seedUser(seed).id)!;
  user.agency_ids = [bappeda.id];
  seed.planning = {
    signers: [
      {
        agency_id: bappeda.id,
        place: 'Bandung',
        position: 'Kepala Bappeda',
        name: 'Ir. Siti Rahma',
        nip: '197001011995032001',
      },
    ],
  };
  return seed;
})();

/** What saveFile was handed, in order. */
const savedFiles = (saveFile: unknown) =>
  (saveFile as ReturnType<typeof fn>).mock.calls.map(
    ([file]) => file as { blob: Blob; fileName: string },
  );

/** The unit's Perangkat Daerah, which the form above 'Cetak RKA' opens on. */
const unitLabel = optionLabel(
  'agency',
  unitSeed.entities.agency.find((agency) => agency.id === seedUser(unitSeed).agency_ids?.[0])!,
  m,
);

/**
 * The form above 'Cetak RKA' has loaded: its unit chosen, no list of it still loading. A print
 * story's play is over before then on a slow run, and its picture showed the form loading.
 */
async function unitFormLoaded(canvas: Canvas, canvasElement: HTMLElement) {
  await waitFor(() => expect(field(canvas, 'agency')).toHaveValue(unitLabel));
  await whenNothingLoads(canvasElement);
}

/**
 * 'Cetak RKA': the unit's RKA of the dashboard's year as a workbook, then as a PDF, each handed
 * to saveFile with a toast (the server scopes it to the unit and fills in its signer).
 */
export const PrintRka: Story = {
  args: { saveFile: fn() },
  parameters: { sandbox: sandboxFor(unitSeed) },
  play: async ({ canvas, canvasElement, args }) => {
    const section = await canvas.findByRole('region', { name: m.rka.print });
    await expect(within(section).getByText(m.rka.printHint(2025))).toBeVisible();
    // One unit: nothing to choose.
    await expect(
      within(section).queryByRole('button', { name: new RegExp(levels.agency.label) }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: m.rka.printWorkbook }));
    await waitFor(() => expect(savedFiles(args.saveFile)).toHaveLength(1));
    await expect(await screen.findByText(m.rka.printed)).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: m.rka.printPdf }));
    await waitFor(() => expect(savedFiles(args.saveFile)).toHaveLength(2));
    const [workbook, pdf] = savedFiles(args.saveFile);
    await expect(workbook!.fileName).toBe('rka-2025.xlsx');
    // A workbook is a zip; a PDF starts with its version.
    await expect(await workbook!.blob.slice(0, 2).text()).toBe('PK');
    await expect(pdf!.fileName).toBe('rka-2025.pdf');
    await expect(await pdf!.blob.slice(0, 5).text()).toBe('%PDF-');
    await unitFormLoaded(canvas, canvasElement);
  },
};

/** The year the dashboard shows is the year printed. */
export const PrintRkaOfYear: Story = {
  args: { saveFile: fn(), year: 2026 },
  parameters: { sandbox: sandboxFor(unitSeed) },
  play: async ({ canvas, canvasElement, args }) => {
    const section = await canvas.findByRole('region', { name: m.rka.print });
    await expect(within(section).getByText(m.rka.printHint(2026))).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: m.rka.printPdf }));
    await waitFor(() => expect(savedFiles(args.saveFile)).toHaveLength(1));
    await expect(savedFiles(args.saveFile)[0]!.fileName).toBe('rka-2026.pdf');
    await unitFormLoaded(canvas, canvasElement);
  },
};

/** A refused print says so in a 'Gagal!' toast, in the server's words, and saves nothing. */
export const PrintRkaFails: Story = {
  args: { saveFile: fn() },
  parameters: {
    sandbox: {
      ...sandboxFor(unitSeed),
      failOn: { 'budgetLine.report': httpError('forbidden', m.server.outsideUnits) },
    },
  },
  play: async ({ canvas, canvasElement, args }) => {
    const section = await canvas.findByRole('region', { name: m.rka.print });
    await userEvent.click(within(section).getByRole('button', { name: m.rka.printWorkbook }));
    await expect(await screen.findByText(m.server.outsideUnits)).toBeVisible();
    await expect(args.saveFile).not.toHaveBeenCalled();
    await expect(within(section).getByRole('button', { name: m.rka.printWorkbook })).toBeEnabled();
    await unitFormLoaded(canvas, canvasElement);
  },
};

/** A planner of two units chooses whose RKA she prints, among her units only. */
export const PrintRkaOfOneOfUnits: Story = {
  args: { saveFile: fn() },
  parameters: {
    sandbox: sandboxFor(
      (() => {
        const seed = structuredClone(unitSeed);
        const user = seed.users.find((person) => person.id === seedUser(seed).id)!;
        user.agency_ids = seed.entities.agency.map((agency) => agency.id);
        return seed;
      })(),
    ),
  },
  play: async ({ canvas, args }) => {
    const section = await canvas.findByRole('region', { name: m.rka.print });
    const unit = await within(section).findByRole('button', {
      name: new RegExp(levels.agency.label),
    });
    await waitFor(() =>
      expect(unit).toHaveTextContent(
        '4.01.0.00.0.00.01.0000 - BADAN PERENCANAAN PEMBANGUNAN DAERAH',
      ),
    );
    await userEvent.click(unit);
    const units = await openList();
    const options = await findOptions(units, [
      '4.01.0.00.0.00.01.0000 - BADAN PERENCANAAN PEMBANGUNAN DAERAH',
      'DINAS PENDIDIKAN',
    ]);
    await userEvent.click(options[1]!);
    await expect(unit).toHaveTextContent('DINAS PENDIDIKAN');
    await userEvent.click(within(section).getByRole('button', { name: m.rka.printPdf }));
    await waitFor(() => expect(savedFiles(args.saveFile)).toHaveLength(1));
    await expect(savedFiles(args.saveFile)[0]!.fileName).toBe('rka-2025.pdf');
  },
};
