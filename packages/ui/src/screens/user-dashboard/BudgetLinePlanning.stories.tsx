import {
  type BudgetLineInput,
  formatRupiah,
  messagesId,
  type RanwalClient,
  sumRupiahText,
} from '@ranwal/core';
import { SANDBOX_YEAR } from '@ranwal/core/demo';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ToastProvider } from '../../components/Toast.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useBudgetLines } from '../../data/queries.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import { draftKey } from '../../lib/session-draft.js';
import { StoryBudgetYear } from '../../testing/StoryBudgetYear.js';
import {
  createSandboxClient,
  demoSeed,
  type SandboxClientOptions,
  type SeedPlanning,
  type SeedTables,
  withPlanning,
} from '../../testing/sandbox-client.js';
import { EditBudgetLineDialog } from '../budget-lines/EditBudgetLineDialog.js';
import { YearSelect } from '../planning/planning-parts.js';
import { ConnectedBudgetLineEntry } from './ConnectedUserDashboard.js';
import { fullSelection, seedSession, seedUser } from './story-data.js';

const m = messagesId;
const form = m.reports.form;
const planning = m.reports.planning;
const pagu = planning.pagu;
/** The panel names its figures as the admin's pagu pages do. */
const amounts = m.planning.amounts;

const YEAR = 2025;
/** The demo's first branch: its sub kegiatan already plans some lines of 2025. */
const chain = fullSelection(demoSeed);
const subAction = chain.sub_action!;
const subActionLevel = pagu.level(m.levels.sub_action.label, subAction.name);
const planned = sumRupiahText(
  demoSeed.lines
    .filter((line) => line.sub_action_id === subAction.id && line.year === YEAR)
    .map((line) => line.total_after_tax),
);
/** The same lines summed by their sumber dana's code, as the pagu panel lists them. */
const plannedBySource = new Map<string, string>();
for (const line of demoSeed.lines) {
  if (line.sub_action_id !== subAction.id || line.year !== YEAR || !line.funding_source_code) {
    continue;
  }
  const before = BigInt(plannedBySource.get(line.funding_source_code) ?? '0');
  plannedBySource.set(line.funding_source_code, (before + BigInt(line.total_after_tax)).toString());
}
/** What the pagu leaves: Rp 5.000.000 and its PPN under the 2025 rule (11% in effect) fill it. */
const LEFT = 5_550_000;
const PAGU = Number(planned) + LEFT;

/** The demo with its catalogue, the PPN rule of 2025 (12% x 11/12) and a pagu close to its plan. */
function planningSeed(overrides: SeedPlanning = {}): SeedTables {
  return withPlanning(demoSeed, {
    settings: {
      tax_rules: [
        { effective_from: '2025-01-01', rate: 12, base_numerator: 11, base_denominator: 12 },
      ],
      free_form_components: true,
    },
    pagu: [{ sub_action_id: subAction.id, year: YEAR, amount: PAGU, allow_overrun: false }],
    ...overrides,
  });
}
const seed = planningSeed();
const nasiKotak = seed.planning!.priceItems!.find((item) => item.name === 'Nasi Kotak Rapat')!;

/** Every line the entry sends, as the API receives it. */
const created = fn<(input: BudgetLineInput) => void>();

/** A sandbox client whose line creation the story can read. */
function spiedClient(options: SandboxClientOptions): RanwalClient {
  const client = createSandboxClient(options);
  const { create } = client.budgetLine;
  return {
    ...client,
    budgetLine: {
      ...client.budgetLine,
      create: (body, ...rest) => {
        created(body);
        return create(body, ...rest);
      },
    },
  };
}

function StoryProvider({ options, children }: { options: SandboxOptions; children: ReactNode }) {
  const [client] = useState(() => spiedClient(options));
  return (
    <RanwalProvider client={client} session={seedSession(seedUser(options.seed))}>
      {children}
    </RanwalProvider>
  );
}
type SandboxOptions = SandboxClientOptions & { seed: SeedTables };

const meta = {
  title: 'Screens/User dashboard/Planning within a ceiling',
  component: ConnectedBudgetLineEntry,
  args: { year: YEAR },
  parameters: { sandbox: { seed } satisfies SandboxOptions },
  // The demo user's cascade, chosen before: the form opens on the demo's first branch.
  beforeEach: ({ parameters }) => {
    created.mockClear();
    const options = parameters.sandbox as SandboxOptions;
    const user = seedUser(options.seed);
    sessionStorage.setItem(
      draftKey(user.id, 'cascade')!,
      JSON.stringify({ selection: fullSelection(options.seed), taxed: true }),
    );
  },
  decorators: [
    (Story, { parameters }) => {
      const options = parameters.sandbox as SandboxOptions;
      return (
        <ToastProvider>
          <StoryProvider options={{ currentUser: seedUser(options.seed), ...options }}>
            <div className="flex max-w-4xl flex-col gap-6">
              <Story />
            </div>
          </StoryProvider>
        </ToastProvider>
      );
    },
  ],
} satisfies Meta<typeof ConnectedBudgetLineEntry>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const box = (canvas: Canvas, label: string) =>
  canvas.getByRole('textbox', { name: label }) as HTMLInputElement;
const componentBox = (canvas: Canvas) =>
  canvas.findByRole('combobox', { name: form.componentName });

async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

/** One level's figures in the pagu panel, by their labels. */
function paguFigures(canvas: Canvas, level: string): Record<string, string | undefined> {
  const panel = canvas.getByRole('region', { name: pagu.title(YEAR) });
  const item = within(panel).getByText(level).closest('li');
  if (!item) throw new Error(`no pagu level ${level}`);
  return Object.fromEntries(
    within(item)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

const figures = (plannedNow: string, line: number, remaining: number) => ({
  [amounts.pagu]: formatRupiah(PAGU),
  [amounts.planned]: formatRupiah(plannedNow),
  [pagu.thisLine]: formatRupiah(line),
  [amounts.remaining]: formatRupiah(remaining),
});

/**
 * Under the pagu: the panel shows the chain's pagu, what is planned and this line as typed,
 * priced with the PPN rule of 2025, and the sisa pagu after it.
 */
export const PaguUnder: Story = {
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(paguFigures(canvas, subActionLevel)).toEqual(figures(planned, 0, LEFT)),
    );
    await expect(
      canvas.getByText(pagu.level(m.levels.program.label, chain.program!.name)),
    ).toBeVisible();
    await expect(
      canvas.getByText(pagu.level(m.levels.action.label, chain.action!.name)),
    ).toBeVisible();
    // The table by sumber dana comes with a call of its own: the page is whole before anything
    // is typed, so the price box scrolls into view once, to where the picture has it (CI passed
    // this story only on its retry; waiting for the table at the end instead put the form 19 px
    // off the kept picture every time).
    const bySource = await canvas.findByRole('table', { name: pagu.bySource });

    await retype(box(canvas, form.price), '1000000');
    await expect(box(canvas, form.tax)).toHaveValue('Rp 110.000');
    await expect(box(canvas, form.tax)).toHaveAccessibleDescription(
      planning.taxNote('12% x 11/12'),
    );
    await expect(
      canvas.getByRole('checkbox', { name: planning.taxCheckbox('12% x 11/12') }),
    ).toBeChecked();
    await expect(paguFigures(canvas, subActionLevel)).toEqual(
      figures(planned, 1_110_000, LEFT - 1_110_000),
    );
    await expect(canvas.queryByText(/melampaui pagu/)).not.toBeInTheDocument();

    // Under the levels, what the sub kegiatan plans from each sumber dana (issue 36).
    await expect(plannedBySource.size).toBeGreaterThan(0);
    for (const [code, total] of plannedBySource) {
      const row = within(bySource).getByRole('row', { name: new RegExp(`^${code} `) });
      await expect(row).toHaveTextContent(formatRupiah(total));
    }
    // The picture's place: the price box in the middle of the frame. Where typing's own scroll
    // left the page varied now and then with the machine's load (scroll 535 in one CI run,
    // the kept picture's elsewhere), and the story passed only on its retry.
    box(canvas, form.price).scrollIntoView({ block: 'center' });
  },
};

/**
 * At the edge: a line that takes the sisa pagu to exactly Rp 0 is no excess; saved, it is
 * planned, and the panel reads the pagu again.
 */
export const PaguAtTheEdge: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await componentBox(canvas), 'Konsumsi Rapat Tambahan');
    await userEvent.tab();
    await retype(box(canvas, form.price), '5000000');
    await waitFor(() =>
      expect(paguFigures(canvas, subActionLevel)).toEqual(figures(planned, LEFT, 0)),
    );
    await expect(canvas.queryByText(/melampaui pagu/)).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(await screen.findByText(m.reports.created)).toBeVisible();
    const plannedAfter = (BigInt(planned) + BigInt(LEFT)).toString();
    await waitFor(() =>
      expect(paguFigures(canvas, subActionLevel)).toEqual(figures(plannedAfter, 0, 0)),
    );
  },
};

const excess = 1_110_000;
const refusal = m.server.paguExceeded(
  `${m.levels.sub_action.label} ${subAction.name}`,
  formatRupiah(PAGU),
  formatRupiah(excess),
);

/**
 * Over the pagu: the panel warns, naming the excess, before anything is sent; sent anyway, the
 * refusal (409, core's paguRefusal, as the server sends it) shows in the panel (and a toast)
 * and what was typed stays.
 */
export const PaguOver: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await componentBox(canvas), 'Konsumsi Rapat Besar');
    await userEvent.tab();
    await retype(box(canvas, form.price), '6000000');
    await waitFor(() =>
      expect(paguFigures(canvas, subActionLevel)).toEqual(figures(planned, LEFT + excess, -excess)),
    );
    const warning = pagu.exceeded(
      `${m.levels.sub_action.label} ${subAction.name}`,
      formatRupiah(PAGU),
      formatRupiah(excess),
    );
    await expect(canvas.getByText(warning)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    const panel = canvas.getByRole('region', { name: pagu.title(YEAR) });
    const alert = await within(panel).findByRole('alert');
    await expect(alert).toHaveTextContent(pagu.refusedTitle);
    await expect(alert).toHaveTextContent(refusal);
    await expect(await componentBox(canvas)).toHaveValue('Konsumsi Rapat Besar');
    await expect(box(canvas, form.price)).toHaveValue('6.000.000');
  },
};

/** Opens the component search with `text` and picks the item named `name` (its option also reads kind, code and price). */
async function pick(canvas: Canvas, text: string, name: string) {
  await userEvent.type(await componentBox(canvas), text);
  await userEvent.click(
    await screen.findByRole('option', { name: (optionName) => optionName.startsWith(`${name} `) }),
  );
}

/**
 * Under a Kode Rekening, Nama Komponen searches the year's catalogue: picking an item fills the
 * component from it, and its price is the most the line may ask; above it the form refuses,
 * naming the catalogue price. The line is sent with its item.
 */
export const CataloguePick: Story = {
  play: async ({ canvas }) => {
    await pick(canvas, 'nasi', nasiKotak.name);
    await expect(await componentBox(canvas)).toHaveValue(nasiKotak.name);
    await expect(await componentBox(canvas)).toHaveAccessibleDescription(
      planning.catalogue.picked(nasiKotak.code),
    );
    await expect(box(canvas, form.componentCode)).toHaveValue(nasiKotak.code);
    await expect(box(canvas, form.componentCode)).toHaveAttribute('readonly');
    await expect(box(canvas, form.specification)).toHaveValue(nasiKotak.specification);
    await expect(box(canvas, form.unit)).toHaveValue(nasiKotak.unit);
    await expect(box(canvas, form.price)).toHaveValue('55.000');
    await expect(
      canvas.getByText(planning.catalogue.ceiling(formatRupiah(nasiKotak.price))),
    ).toBeVisible();

    await retype(box(canvas, form.price), '60000');
    const above = form.fieldInvalid(
      form.price,
      m.server.priceAboveCatalogue(formatRupiah(nasiKotak.price)),
    );
    await expect(canvas.getByText(above)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(created).not.toHaveBeenCalled();

    await retype(box(canvas, form.price), '50000');
    await expect(canvas.queryByText(above)).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(await screen.findByText(m.reports.created)).toBeVisible();
    await expect(created).toHaveBeenCalledWith(
      expect.objectContaining({
        price_item_id: nasiKotak.id,
        component_code: nasiKotak.code,
        component_name: nasiKotak.name,
        unit: nasiKotak.unit,
        price: 50_000,
      }),
    );
  },
};

/** Where the region allows it, a component typed and not picked is sent as one outside the catalogue, flagged. */
export const FreeFormFlagged: Story = {
  play: async ({ canvas }) => {
    const input = await componentBox(canvas);
    await userEvent.type(input, 'Konsumsi Tamu Khusus');
    await userEvent.tab();
    await expect(input).toHaveValue('Konsumsi Tamu Khusus');
    await expect(input).toHaveAccessibleDescription(m.reports.fields.freeFormComponent);
    await expect(canvas.getByText(m.reports.fields.freeFormComponent)).toBeVisible();
    await retype(box(canvas, form.price), '25000');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(await screen.findByText(m.reports.created)).toBeVisible();
    await expect(created).toHaveBeenCalledWith(
      expect.objectContaining({ component_name: 'Konsumsi Tamu Khusus', price_item_id: null }),
    );
  },
};

/** Where the region prices every line from the catalogue, a typed name does not stay: an item must be picked. */
export const CatalogueRequired: Story = {
  parameters: {
    sandbox: {
      seed: planningSeed({ settings: { tax_rules: [], free_form_components: false } }),
    },
  },
  play: async ({ canvas }) => {
    await userEvent.type(await componentBox(canvas), 'Konsumsi Tamu Khusus');
    await userEvent.tab();
    await expect(await componentBox(canvas)).toHaveValue('');
    await retype(box(canvas, form.price), '25000');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(
      canvas.getByText(form.fieldInvalid(form.componentName, m.server.freeFormRefused)),
    ).toBeVisible();
    // The refused field takes the focus, scrolled into view.
    const component = await componentBox(canvas);
    await waitFor(() => expect(component).toHaveFocus());
    await expect(created).not.toHaveBeenCalled();
  },
};

/** A year without a catalogue or a pagu: Nama Komponen is typed as before, and no level has a pagu. */
export const NoCatalogueNoPagu: Story = {
  args: { year: 2027 },
  play: async ({ canvas }) => {
    const panel = await canvas.findByRole('region', { name: pagu.title(2027) });
    await waitFor(() => expect(within(panel).getAllByText(amounts.noPagu)).toHaveLength(3));
    await expect(canvas.getByRole('textbox', { name: form.componentName })).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: form.componentName })).toBeNull();
  },
};

/** The year being planned (the sandbox's this year is `SANDBOX_YEAR`), with a catalogue item of its own. */
const NEXT_YEAR = SANDBOX_YEAR + 1;
const mapPlastik = {
  ...nasiKotak,
  id: crypto.randomUUID(),
  year: NEXT_YEAR,
  code: '1.1.7.01.01.09.001',
  name: 'Map Plastik Rapat',
  specification: 'Map kancing, folio',
  unit: 'Buah',
  price: 4_500,
};
/** An item of the current year, under the same kode rekening. */
const airMineral = {
  ...mapPlastik,
  id: crypto.randomUUID(),
  year: SANDBOX_YEAR,
  code: '1.1.7.01.01.09.002',
  name: 'Air Mineral Rapat',
  specification: 'Botol 600 ml',
};
const yearSeed = planningSeed({ priceItems: [mapPlastik, airMineral] });

/** What the component search offers for `text`: each option's text, its name first. */
async function offered(canvas: Canvas, text: string): Promise<string[]> {
  const input = await componentBox(canvas);
  await retype(input, text);
  return waitFor(() => {
    const listbox = screen.getByRole('listbox');
    const texts = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent ?? '');
    // While the search is answered the list holds its loading row: wait past it (CI read it).
    if (texts.includes(m.common.loading)) throw new Error('the search is still loading');
    return texts;
  });
}

/**
 * Without a year given, the form plans in the server's default year (no stage runs here: the
 * current year, which the sandbox fixes as `SANDBOX_YEAR`), not the spec's 2025: its pagu panel is that year's, and Nama Komponen searches
 * that year's catalogue ('Air Mineral Rapat' of this year is there, 'Nasi Kotak Rapat' of 2025
 * and 'Map Plastik Rapat' of next year are not).
 */
export const OpensOnTheServersYear: Story = {
  args: { year: undefined },
  parameters: { sandbox: { seed: yearSeed } satisfies SandboxOptions },
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: pagu.title(SANDBOX_YEAR) });
    const items = await offered(canvas, 'rapat');
    await expect(items.some((item) => item.startsWith(airMineral.name))).toBe(true);
    await expect(items.some((item) => item.startsWith(nasiKotak.name))).toBe(false);
    await expect(items.some((item) => item.startsWith(mapPlastik.name))).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

/** The picker a page shows over its `BudgetYearProvider`. */
function YearPicker() {
  const { year, years, setYear } = useBudgetYear();
  return <YearSelect year={year} years={years} onChange={setYear} className="w-40" />;
}

/**
 * The year chosen is the form's: choosing the year being planned, the pagu panel is that year's
 * and the catalogue search finds its 'Map Plastik Rapat', and the line is sent for that year.
 */
export const PlansInTheChosenYear: Story = {
  args: { year: undefined },
  parameters: { sandbox: { seed: yearSeed } satisfies SandboxOptions },
  decorators: [
    (Story) => (
      <StoryBudgetYear>
        <YearPicker />
        <Story />
      </StoryBudgetYear>
    ),
  ],
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: pagu.title(SANDBOX_YEAR) });
    await userEvent.click(canvas.getByRole('button', { name: /Tahun Anggaran/ }));
    await userEvent.click(await screen.findByRole('option', { name: String(NEXT_YEAR) }));
    await canvas.findByRole('region', { name: pagu.title(NEXT_YEAR) });
    await expect(await offered(canvas, 'map')).toEqual([
      expect.stringMatching(/^Map Plastik Rapat/),
    ]);
    await userEvent.click(
      screen.getByRole('option', { name: (name) => name.startsWith(`${mapPlastik.name} `) }),
    );
    await expect(await componentBox(canvas)).toHaveValue(mapPlastik.name);
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(await screen.findByText(m.reports.created)).toBeVisible();
    await expect(created).toHaveBeenCalledWith(
      expect.objectContaining({ price_item_id: mapPlastik.id, year: NEXT_YEAR }),
    );
  },
};

/** The demo's 'Nasi Kotak Rapat', priced from its catalogue item, 30 Orang x 4 Kali. */
const editSeed = (() => {
  const copy = structuredClone(seed);
  const line = copy.lines.find((candidate) => candidate.component_name === nasiKotak.name)!;
  Object.assign(line, {
    price_item_id: nasiKotak.id,
    first_volume_unit: 'Orang',
    second_volume_unit: 'Kali',
  });
  return copy;
})();
const editedLine = editSeed.lines.find((line) => line.price_item_id === nasiKotak.id)!;

function EditCatalogueLine() {
  const lines = useBudgetLines({ search: nasiKotak.name, limit: 1 });
  return <EditBudgetLineDialog line={lines.data?.data[0] ?? null} onClose={() => undefined} />;
}

/**
 * Editing a line priced from the catalogue: its item, the catalogue price as its ceiling, its
 * units and coefficient come back; priced again with the year's rule, it is left out of what
 * its pagu has planned.
 */
export const EditLineFromCatalogue: Story = {
  parameters: { sandbox: { seed: editSeed } },
  render: () => <EditCatalogueLine />,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(await dialog.findByRole('combobox', { name: form.componentName })).toHaveValue(
      nasiKotak.name,
    );
    await expect(
      dialog.getByText(planning.catalogue.ceiling(formatRupiah(nasiKotak.price))),
    ).toBeVisible();
    await expect(
      dialog.getByRole('textbox', { name: planning.volumeUnitOf(form.firstVolume) }),
    ).toHaveValue('Orang');
    await expect(
      dialog.getByText(
        `${planning.coefficient('30 Orang x 4 Kali')} ${planning.coefficientProduct('120', 'Kotak')}`,
      ),
    ).toBeVisible();
    // Rp 4.800.000 and 12% of 11/12 of it.
    const repriced = 4_800_000 + 528_000;
    await waitFor(() =>
      expect(paguFigures(dialog, subActionLevel)).toEqual(
        figures(
          (BigInt(planned) - BigInt(editedLine.total_after_tax)).toString(),
          repriced,
          LEFT + editedLine.total_after_tax - repriced,
        ),
      ),
    );
  },
};
