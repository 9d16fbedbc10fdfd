import { computeTax, formatRupiah, messagesId, sumRupiahText } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { dateFieldOf, dateTextOf, dayOf, typeDate } from '../../testing/date-field.js';
import { whenFocusIsBack } from '../../testing/focus.js';
import {
  agenciesSeed,
  httpError,
  type SandboxClientOptions,
  withPlanning,
} from '../../testing/sandbox-client.js';
import { cellTextsAsRead as cellTexts } from '../../testing/table.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedPlanningSettings } from './ConnectedPlanningSettings.js';

const m = messagesId;
const t = m.planning.settings;
const tax = t.tax;
const signers = t.signers;

/** The 2025 rule (PMK 131/2024: 12% of an 11/12 base) and the spec's 12% from 2027. */
const withRules = withPlanning(agenciesSeed, {
  settings: {
    tax_rules: [
      { effective_from: '2025-01-01', rate: 12, base_numerator: 11, base_denominator: 12 },
      { effective_from: '2027-01-01', rate: 12, base_numerator: 1, base_denominator: 1 },
    ],
    free_form_components: true,
  },
});

const meta = {
  title: 'Screens/Planning/ConnectedPlanningSettings',
  component: ConnectedPlanningSettings,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
} satisfies Meta<typeof ConnectedPlanningSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story names its whole seed: Storybook merges a story's parameters into the meta's
// object by object, which would mix two seeds.
const sandbox = (options: SandboxClientOptions) => ({ sandbox: options });
const withAgencies = sandbox({ seed: agenciesSeed });
type Canvas = ReturnType<typeof within>;

const taxSection = (canvas: Canvas) => canvas.findByRole('region', { name: tax.title });
const rule = (scope: HTMLElement, n: number) =>
  within(scope).getByRole('group', { name: tax.rule(n) });

/** No rules yet: the spec's 12% of the whole total, said so; the region and each agency unsigned. */
export const Default: Story = {
  parameters: withAgencies,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const section = await taxSection(canvas);
    await expect(await within(section).findByText(tax.none)).toBeVisible();
    const table = await canvas.findByRole('grid', { name: signers.title });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await expect(cellTexts(within(table).getAllByRole('row')[1]!)).toEqual([
      signers.region,
      '',
      '',
      signers.notSet,
      '',
      signers.set,
    ]);
  },
};

/** The saved rules, each with what it charges in effect. */
export const WithRules: Story = {
  parameters: sandbox({ seed: withRules }),
  play: async ({ canvas }) => {
    const section = await taxSection(canvas);
    const first = await within(section).findByRole('group', { name: tax.rule(1) });
    await expect(dateTextOf(dateFieldOf(first, tax.effectiveFrom))).toBe('01/01/2025');
    await expect(within(first).getByText(tax.effective('12% x 11/12', '11'))).toBeVisible();
    await expect(within(rule(section, 2)).getByText(tax.effective('12%', '12'))).toBeVisible();
  },
};

/** A rule added (Berlaku sejak, Tarif %, Dasar pengenaan 11/12) and the set saved. */
export const AddRule: Story = {
  parameters: withAgencies,
  play: async ({ canvas, userEvent }) => {
    const section = await taxSection(canvas);
    await within(section).findByText(tax.none);
    await userEvent.click(within(section).getByRole('button', { name: tax.add }));
    const added = rule(section, 1);
    await typeDate(userEvent, dateFieldOf(added, tax.effectiveFrom), '2025-01-01');
    const numerator = within(added).getByRole('textbox', {
      name: `${tax.base}: ${tax.baseNumerator}`,
    });
    await userEvent.clear(numerator);
    await userEvent.type(numerator, '11');
    const denominator = within(added).getByRole('textbox', {
      name: `${tax.base}: ${tax.baseDenominator}`,
    });
    await userEvent.clear(denominator);
    await userEvent.type(denominator, '12');
    await userEvent.tab();
    await expect(within(added).getByText(tax.effective('12% x 11/12', '11'))).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: tax.save }));
    await expect(await findToast(tax.saved)).toBeVisible();
    // Saved, the editor starts afresh from the rules the server answers.
    const saved = await taxSection(canvas);
    await waitFor(() =>
      expect(within(saved).getByText(tax.effective('12% x 11/12', '11'))).toBeVisible(),
    );
  },
};

/**
 * Core's rules, before the call: an empty date is required, a base over 1 refused naming the
 * field, the same date twice refused for the set; removing the extra rule lets it save.
 */
export const InvalidRules: Story = {
  parameters: sandbox({ seed: withRules }),
  play: async ({ canvas, userEvent }) => {
    const section = await taxSection(canvas);
    await within(section).findByRole('group', { name: tax.rule(2) });
    await userEvent.click(within(section).getByRole('button', { name: tax.add }));
    await userEvent.click(within(section).getByRole('button', { name: tax.save }));
    const date = dayOf(dateFieldOf(rule(section, 3), tax.effectiveFrom));
    await expect(date).toHaveAccessibleDescription(m.validation.required(tax.effectiveFrom));
    await expect(date).toHaveFocus();
    await userEvent.keyboard('01012025');
    await userEvent.click(within(section).getByRole('button', { name: tax.save }));
    await expect(
      await within(section).findByText('setiap tanggal berlaku hanya sekali'),
    ).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: tax.removeRule(3) }));
    await userEvent.click(within(section).getByRole('button', { name: tax.save }));
    await expect(await findToast(tax.saved)).toBeVisible();
  },
};

// --- Recalculating PPN (issue 34) ---------------------------------------------------------------

const recalculation = t.recalculation;
/** The demo's taxed lines were priced at 12% of the whole total; the rules say 11/12 for 2025. */
const staleOf = (year: number) =>
  withRules.lines.filter((line) => line.year === year && Number(line.tax) > 0);
const rule2025 = {
  effective_from: '2025-01-01',
  rate: 12,
  base_numerator: 11,
  base_denominator: 12,
};

/**
 * Saving rules reprices nothing, and the page says so; the years whose lines keep an old PPN
 * are listed with their totals. 'Hitung Ulang' shows what changes and asks; confirmed, the
 * year's lines are repriced and the year leaves the list.
 */
export const RecalculateTax: Story = {
  parameters: sandbox({ seed: withRules }),
  play: async ({ canvas, userEvent }) => {
    const section = await taxSection(canvas);
    await expect(within(section).getByText(tax.keepsOld)).toBeVisible();
    const panel = await canvas.findByRole('region', { name: recalculation.title });
    const stale = [...staleOf(2025), ...staleOf(2026)];
    await expect(
      await within(panel).findByText(recalculation.stale(stale.length, '2025, 2026')),
    ).toBeVisible();
    const table = within(panel).getByRole('grid', { name: recalculation.title });
    const lines = staleOf(2025);
    const before = sumRupiahText(lines.map((line) => Number(line.total_after_tax)));
    const after = sumRupiahText(
      lines.map(
        (line) => Number(line.total_price) + computeTax(Number(line.total_price), true, rule2025),
      ),
    );
    const row = within(table).getByRole('row', { name: (name) => name.startsWith('2025') });
    await expect(cellTexts(row)).toEqual([
      '2025',
      '12% x 11/12',
      String(lines.length),
      formatRupiah(before),
      formatRupiah(after),
      formatRupiah((BigInt(after) - BigInt(before)).toString()),
      recalculation.action,
    ]);

    await userEvent.click(within(row).getByRole('button', { name: recalculation.actionFor(2025) }));
    const dialog = await screen.findByRole('alertdialog', {
      name: recalculation.confirmTitle(2025),
    });
    await expect(
      within(dialog).getByText(
        recalculation.confirmText(
          lines.length,
          2025,
          '12% x 11/12',
          formatRupiah(before),
          formatRupiah(after),
        ),
        { exact: false },
      ),
    ).toBeVisible();
    const sample = within(dialog).getByRole('grid');
    await expect(within(sample).getAllByRole('row')).toHaveLength(lines.length + 1);
    await userEvent.click(within(dialog).getByRole('button', { name: recalculation.confirm }));
    await expect(await findToast(recalculation.applied(lines.length, 2025))).toBeVisible();
    // 2025 is current now; 2026 still waits, and the warning says so.
    await waitFor(() =>
      expect(
        within(table).queryByRole('row', { name: (name) => name.startsWith('2025') }),
      ).toBeNull(),
    );
    await expect(
      within(panel).getByText(recalculation.stale(staleOf(2026).length, '2026')),
    ).toBeVisible();
  },
};

/** The region's signatory set; a NIP of the wrong length is refused first, naming the field. */
export const SetSigner: Story = {
  parameters: withAgencies,
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('grid', { name: signers.title });
    const row = await within(table).findByRole('row', {
      name: (name) => name.includes(signers.region),
    });
    await userEvent.click(
      within(row).getByRole('button', { name: signers.setFor(signers.region) }),
    );
    const dialog = await screen.findByRole('dialog', { name: signers.dialogTitle(signers.region) });
    const c = signers.columns;
    await userEvent.type(within(dialog).getByRole('textbox', { name: c.place }), 'Kota Contoh');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: c.position }),
      'Kepala Bappeda',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: c.name }), 'Dr. Siti Aminah');
    const nip = within(dialog).getByRole('textbox', { name: c.nip });
    await userEvent.type(nip, '1234');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(nip).toHaveAccessibleDescription(
      expect.stringContaining(m.server.validation(c.nip, 'NIP terdiri dari 18 angka')),
    );
    await userEvent.clear(nip);
    await userEvent.type(nip, '19700101 199003 2 001');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(await findToast(signers.saved)).toBeVisible();
    await waitFor(() =>
      expect(cellTexts(row)).toEqual([
        signers.region,
        'Kota Contoh',
        'Kepala Bappeda',
        'Dr. Siti Aminah',
        '197001011990032001',
        signers.set,
      ]),
    );
    await whenFocusIsBack(
      within(row).getByRole('button', { name: signers.setFor(signers.region) }),
    );
  },
};

const ErrorStory: Story = {
  parameters: sandbox({
    seed: agenciesSeed,
    failOn: {
      'planning.settings': httpError('internal'),
      'planning.signers': httpError('internal'),
    },
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(tax.fetchFailed)).toBeVisible();
    await expect(await canvas.findByText(signers.fetchFailed)).toBeVisible();
    // The recalculation's own read still answers: its settled table, not its loading row, is
    // the picture (a CI run at half speed took it while 'Memuat data…' still showed).
    await expect(await canvas.findByText(recalculation.upToDate)).toBeVisible();
  },
};

export { ErrorStory as Error };

// --- Whether lines need a pagu (issue 33) ------------------------------------------------------

const policy = t.policy;
const policyBox = async (canvas: Canvas) => {
  const section = await canvas.findByRole('region', { name: policy.title });
  return within(section).getByRole('checkbox', { name: policy.linesNeedPagu });
};

/** On by default, with what it does; turned off and on again, each saved with a toast. */
export const PaguPolicyToggle: Story = {
  parameters: withAgencies,
  play: async ({ canvas, userEvent }) => {
    const box = await policyBox(canvas);
    await expect(box).toBeChecked();
    await expect(box).toHaveAccessibleDescription(policy.hint);
    await userEvent.click(box);
    await expect(await findToast(policy.saved)).toBeVisible();
    await waitFor(() => expect(box).not.toBeChecked());
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
  },
};

/** A region that turned the rule off sees it off. */
export const PaguPolicyOff: Story = {
  parameters: sandbox({
    seed: withPlanning(agenciesSeed, {
      settings: { tax_rules: [], free_form_components: true, lines_need_pagu: false },
    }),
  }),
  play: async ({ canvas }) => {
    await expect(await policyBox(canvas)).not.toBeChecked();
  },
};

/** The server refuses: its message in a toast, the toggle as it was. */
export const PaguPolicyRefused: Story = {
  parameters: sandbox({
    seed: agenciesSeed,
    failOn: { 'planning.policy': httpError('forbidden', m.server.forbidden) },
  }),
  play: async ({ canvas, userEvent }) => {
    const box = await policyBox(canvas);
    await userEvent.click(box);
    await expect(await findToast(m.server.forbidden)).toBeVisible();
    await waitFor(() => expect(box).toBeChecked());
  },
};

/**
 * The region's deviation thresholds (issue 37): 75 % and 90 % until set; yellow at or below red
 * is refused at the field, a pair in order is saved and the legend follows.
 */
export const DeviationThresholds: Story = {
  parameters: withAgencies,
  play: async ({ canvas, userEvent }) => {
    const section = await canvas.findByRole('region', { name: policy.thresholds });
    await expect(section).toHaveTextContent(m.realisation.summary.legend('75 %', '90 %'));
    const named = (label: string) =>
      within(section).getByRole('textbox', {
        name: new RegExp(`^${label.replace(/[()%]/g, '\\$&')}`),
      });
    const red = named(policy.redBelow);
    const yellow = named(policy.yellowBelow);
    await userEvent.clear(red);
    await userEvent.type(red, '60');
    await userEvent.clear(yellow);
    await userEvent.type(yellow, '50');
    await userEvent.click(within(section).getByRole('button', { name: policy.saveThresholds }));
    await expect(
      await within(section).findByText(
        m.server.validation(policy.yellowBelow, policy.thresholdOrder),
      ),
    ).toBeVisible();
    await userEvent.clear(yellow);
    await userEvent.type(yellow, '82,5');
    await userEvent.click(within(section).getByRole('button', { name: policy.saveThresholds }));
    await expect(await findToast(policy.saved)).toBeVisible();
    // Saved, the settings are read again and the section shows them (a new element).
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: policy.thresholds })).toHaveTextContent(
        m.realisation.summary.legend('60 %', '82,5 %'),
      ),
    );
    // Where the page stood after it reloaded depends on how long it was shorter: look at the
    // section, as a person would, so the picture shows it the same way each time.
    canvas.getByRole('region', { name: policy.thresholds }).scrollIntoView({ block: 'start' });
  },
};
