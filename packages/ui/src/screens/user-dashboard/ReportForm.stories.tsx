import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, type within } from 'storybook/test';
import { ReportForm } from './ReportForm.js';

const form = messagesId.reports.form;
const planning = messagesId.reports.planning;

const meta = {
  title: 'Screens/User dashboard/ReportForm',
  component: ReportForm,
  decorators: [
    (Story) => (
      <div className="max-w-3xl rounded-lg bg-white p-6">
        <Story />
      </div>
    ),
  ],
  args: { taxed: true, onSubmit: fn() },
} satisfies Meta<typeof ReportForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const box = (canvas: Canvas, label: string) => canvas.getByRole('textbox', { name: label });
const numberBox = (canvas: Canvas, label: string) =>
  canvas.getByRole('textbox', { name: label }) as HTMLInputElement;
const unitBox = (canvas: Canvas, volume: string) =>
  canvas.getByRole('textbox', { name: planning.volumeUnitOf(volume) });

/** Replaces what a field holds, as a person selecting its text and typing over it. */
async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

/** The spec's example: Rp 2.500.000 x 2 x 3 x 1,5 with PPN 12%. */
async function fillExample(canvas: Canvas) {
  await retype(numberBox(canvas, form.price), '2500000');
  await retype(numberBox(canvas, form.firstVolume), '2');
  await retype(numberBox(canvas, form.secondVolume), '3');
  await retype(numberBox(canvas, form.thirdVolume), '1,5');
}

/** Totals follow each keystroke, before the field is even left. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: form.title })).toBeVisible();
    await expect(box(canvas, form.unit)).toHaveValue('Pcs');
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 0');

    await fillExample(canvas);
    await expect(numberBox(canvas, form.thirdVolume)).toHaveFocus();
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 22.500.000');
    await expect(box(canvas, form.tax)).toHaveValue('Rp 2.700.000');
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('Rp 25.200.000');
    await expect(box(canvas, form.tax)).toHaveAccessibleDescription(form.taxNote);

    await userEvent.clear(numberBox(canvas, form.firstVolume));
    await expect(box(canvas, form.totalPrice)).toHaveValue('');
    await userEvent.type(numberBox(canvas, form.firstVolume), '4');
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 45.000.000');
  },
};

/** Without PPN, Pajak is 0 and cannot be edited. */
export const Untaxed: Story = {
  args: { taxed: false },
  play: async ({ canvas }) => {
    await fillExample(canvas);
    await expect(box(canvas, form.tax)).toBeDisabled();
    await expect(box(canvas, form.tax)).toHaveValue('Rp 0');
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('Rp 22.500.000');
  },
};

/** A saved report sends the payload and the form returns to its defaults. */
export const Submitted: Story = {
  args: { onSubmit: fn(async () => undefined) },
  play: async ({ canvas, args }) => {
    await userEvent.type(box(canvas, form.componentCode), '5.1.02');
    await userEvent.type(box(canvas, form.componentName), 'Kertas A4');
    await userEvent.type(box(canvas, form.specification), 'Putih{Enter}A4');
    await retype(box(canvas, form.unit), 'Rim');
    await fillExample(canvas);
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));

    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      component_code: '5.1.02',
      component_name: 'Kertas A4',
      specification: 'Putih\nA4',
      unit: 'Rim',
      // Volume 1 counts the line's Satuan unless told otherwise; the others count nothing.
      first_volume_unit: 'Rim',
      second_volume_unit: null,
      third_volume_unit: null,
      price_item_id: null,
      price: 2_500_000,
      first_volume: 2,
      second_volume: 3,
      third_volume: 1.5,
      year: 2025,
      total_price: 22_500_000,
      tax: 2_700_000,
      total_after_tax: 25_200_000,
      is_taxed: true,
    });
    await waitFor(() => expect(box(canvas, form.componentName)).toHaveValue(''));
    await expect(box(canvas, form.unit)).toHaveValue('Pcs');
    await expect(numberBox(canvas, form.price)).toHaveValue('0');
    await expect(numberBox(canvas, form.thirdVolume)).toHaveValue('1');
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 0');
  },
};

/**
 * A double click, or Enter pressed twice, sends one line: the second comes before the first
 * save's answer (and before the form's re-render) and is dropped.
 */
export const DoubleSubmit: Story = {
  args: {
    onSubmit: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 300))),
  },
  play: async ({ canvas, args }) => {
    await userEvent.type(box(canvas, form.componentName), 'Kertas A4');
    await fillExample(canvas);
    await userEvent.dblClick(canvas.getByRole('button', { name: form.submit }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box(canvas, form.componentName)).toHaveValue(''));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/**
 * Numbers as people in Indonesia type them: '2.500.000' is two and a half million, '1.5' and
 * '1,5' are one and a half (never fifteen); '2,500,000' has no single reading and is refused,
 * naming the field, with nothing computed from it.
 */
export const IndonesianNumbers: Story = {
  play: async ({ canvas }) => {
    await retype(numberBox(canvas, form.price), '2.500.000');
    await waitFor(() =>
      expect(numberBox(canvas, form.price)).toHaveAccessibleDescription('Rp 2.500.000'),
    );
    await retype(numberBox(canvas, form.firstVolume), '1.5');
    await retype(numberBox(canvas, form.secondVolume), '1,5');
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 5.625.000');
    await retype(numberBox(canvas, form.price), '2,500,000');
    await userEvent.tab();
    await waitFor(() =>
      expect(numberBox(canvas, form.price)).toHaveAccessibleDescription(
        `Rp – ${form.fieldInvalid(form.price, messagesId.numberInput.commaGrouping)}`,
      ),
    );
    await expect(box(canvas, form.totalPrice)).toHaveValue('');
  },
};

/** A failed save keeps what was typed for another try. */
export const SubmitFailed: Story = {
  args: { onSubmit: fn(() => Promise.reject(new globalThis.Error('offline'))) },
  play: async ({ canvas, args }) => {
    await userEvent.type(box(canvas, form.componentName), 'Map');
    await retype(numberBox(canvas, form.price), '1001');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    // Left, the amount shows grouped; what was typed is kept.
    await expect(numberBox(canvas, form.price)).toHaveValue('1.001');
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 1.001');
  },
};

/**
 * Core's schema rejects a blank name and unit and a zero volume; nothing is sent, and focus
 * goes to the first of them (on a phone, into view) rather than staying on the button.
 */
export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.clear(box(canvas, form.unit));
    await retype(numberBox(canvas, form.secondVolume), '0');
    await userEvent.clear(numberBox(canvas, form.price));
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));

    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(box(canvas, form.componentName)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(box(canvas, form.componentName)).toHaveFocus());
    await expect(box(canvas, form.unit)).toHaveAccessibleDescription(
      form.fieldInvalid(form.unit, 'wajib diisi'),
    );
    await expect(numberBox(canvas, form.price)).toHaveAttribute('aria-invalid', 'true');
    await expect(numberBox(canvas, form.secondVolume)).toHaveAccessibleDescription(
      form.fieldInvalid(
        form.secondVolume,
        'harus lebih dari 0 dengan paling banyak 2 angka desimal',
      ),
    );
    // A zero volume cannot give a total: the total says so instead of showing a number.
    await retype(numberBox(canvas, form.price), '1000');
    await expect(box(canvas, form.totalPrice)).toHaveAccessibleDescription(form.totalsInvalid);
    await expect(box(canvas, form.totalPrice)).toHaveValue('');

    // Typing again clears that field's error.
    await retype(box(canvas, form.unit), 'Paket');
    await expect(box(canvas, form.unit)).not.toHaveAttribute('aria-invalid');
  },
};

/** Beyond what a JS number holds exactly, the total refuses rather than rounding. */
export const TooLarge: Story = {
  play: async ({ canvas, args }) => {
    await retype(numberBox(canvas, form.price), '9000000000000000');
    await retype(numberBox(canvas, form.firstVolume), '2');
    await expect(box(canvas, form.totalPrice)).toHaveAccessibleDescription(form.totalsTooLarge);
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { isPending: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: form.submitting });
    await userEvent.click(button);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Without a Pengampu the button waits and says why. */
export const NeedsSupporter: Story = {
  args: { submitBlockedReason: messagesId.levels.supporter.chooseFirstHint },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: form.submit });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(messagesId.levels.supporter.chooseFirstHint);
  },
};

/** Filled and sent with the keyboard alone: Tab between fields, Enter to submit. */
export const KeyboardOnly: Story = {
  args: { onSubmit: fn(async () => undefined) },
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(box(canvas, form.componentCode)).toHaveFocus();
    await userEvent.keyboard('5.1{Tab}Snack{Tab}Kue{Tab}');
    await expect(box(canvas, form.unit)).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}Kotak{Tab}');
    await expect(numberBox(canvas, form.price)).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}25000{Tab}{Control>}a{/Control}40{Tab}');
    // Each volume is followed by its unit (Volume 1's follows Satuan).
    await expect(unitBox(canvas, form.firstVolume)).toHaveFocus();
    await expect(unitBox(canvas, form.firstVolume)).toHaveValue('Kotak');
    await userEvent.keyboard('{Tab}{Tab}{Tab}');
    await expect(numberBox(canvas, form.thirdVolume)).toHaveFocus();
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('Rp 1.120.000');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        unit: 'Kotak',
        first_volume_unit: 'Kotak',
        price: 25_000,
        first_volume: 40,
        total_price: 1_000_000,
        tax: 120_000,
      }),
    );
    await waitFor(() => expect(box(canvas, form.componentName)).toHaveValue(''));
  },
};

const DRAFT_KEY = 'ranwal.draft.story-user.budget-line';

/**
 * What was typed before a reload, or before the session ended and the person signed in again,
 * is in the tab's session storage: the form gives it back, says so, and can throw it away.
 */
export const RestoresUnsavedInput: Story = {
  args: { draftKey: DRAFT_KEY },
  beforeEach: () => {
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ component_name: 'Tinta Printer', price: 85_000, first_volume: 4 }),
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(form.draftRestored);
    await expect(box(canvas, form.componentName)).toHaveValue('Tinta Printer');
    await expect(numberBox(canvas, form.price)).toHaveValue('85.000');
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 340.000');

    // Typing goes on into the same draft.
    await userEvent.type(box(canvas, form.componentName), ' Hitam');
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({
        component_name: 'Tinta Printer Hitam',
      }),
    );

    await userEvent.click(canvas.getByRole('button', { name: form.discardDraft }));
    await expect(box(canvas, form.componentName)).toHaveValue('');
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull());
  },
};

/**
 * A unit per volume: Volume 1's follows Satuan until it is given one; the coefficient is
 * written out under the volumes as the RKA prints it, and each unit is sent.
 */
export const VolumeUnits: Story = {
  args: { onSubmit: fn(async () => undefined) },
  play: async ({ canvas, args }) => {
    await expect(unitBox(canvas, form.firstVolume)).toHaveValue('Pcs');
    await expect(canvas.getByText(planning.coefficient('1 Pcs'))).toBeVisible();

    await userEvent.type(box(canvas, form.componentName), 'Honorarium Narasumber');
    await retype(box(canvas, form.unit), 'OH');
    await expect(unitBox(canvas, form.firstVolume)).toHaveValue('OH');
    await retype(numberBox(canvas, form.price), '900000');
    await retype(numberBox(canvas, form.firstVolume), '2');
    await retype(unitBox(canvas, form.firstVolume), 'Orang');
    await retype(numberBox(canvas, form.secondVolume), '3');
    await userEvent.type(unitBox(canvas, form.secondVolume), 'Hari');
    await userEvent.type(unitBox(canvas, form.thirdVolume), 'Kali');
    await expect(
      canvas.getByText(
        `${planning.coefficient('2 Orang x 3 Hari x 1 Kali')} ${planning.coefficientProduct('6', 'OH')}`,
      ),
    ).toBeVisible();
    await expect(box(canvas, form.totalPrice)).toHaveValue('Rp 5.400.000');

    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        unit: 'OH',
        first_volume_unit: 'Orang',
        second_volume_unit: 'Hari',
        third_volume_unit: 'Kali',
        total_price: 5_400_000,
      }),
    );
  },
};

/**
 * The PPN of the year's rule (planning.settings): from 2025 on, 12% of an 11/12 base; the form
 * says which rule it priced with.
 */
export const TaxRuleOfTheYear: Story = {
  args: {
    year: 2025,
    planning: {
      taxRules: [
        { effective_from: '2025-01-01', rate: 12, base_numerator: 11, base_denominator: 12 },
      ],
    },
  },
  play: async ({ canvas }) => {
    await retype(numberBox(canvas, form.price), '1200000');
    await expect(box(canvas, form.tax)).toHaveValue('Rp 132.000');
    await expect(box(canvas, form.totalAfterTax)).toHaveValue('Rp 1.332.000');
    await expect(box(canvas, form.tax)).toHaveAccessibleDescription(
      planning.taxNote('12% x 11/12'),
    );
  },
};

const funding = messagesId.funding.line;
const DAU = '00000000-0000-4000-8000-0000000000d1';
const DAK = '00000000-0000-4000-8000-0000000000d2';
const sources = {
  options: [
    { id: DAU, label: 'DAU - Dana Alokasi Umum', figures: funding.planned('Rp 1.000.000') },
    {
      id: DAK,
      label: 'DAK-FISIK - Dana Alokasi Khusus Fisik',
      figures: funding.plannedOfCeiling('Rp 0', 'Rp 10.000.000', 'Rp 10.000.000'),
    },
  ],
  defaultLabel: 'DAU - Dana Alokasi Umum',
  required: false,
};
const sourceField = (canvas: Canvas) =>
  canvas.getByRole('button', { name: new RegExp(funding.label) });

/**
 * Sumber Dana (issue 36): the field starts on the sub kegiatan's default; choosing another
 * says what is planned from it and what its ceiling leaves, and the line names it.
 */
export const FundingSource: Story = {
  args: { onSubmit: fn(async () => undefined), planning: { funding: sources } },
  play: async ({ canvas, args }) => {
    await expect(sourceField(canvas)).toHaveTextContent(
      funding.byDefault('DAU - Dana Alokasi Umum'),
    );
    await userEvent.type(box(canvas, form.componentName), 'Semen');
    await fillExample(canvas);
    await userEvent.click(sourceField(canvas));
    await userEvent.click(await screen.findByRole('option', { name: sources.options[1]!.label }));
    await expect(canvas.getByText(sources.options[1]!.figures)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ funding_source_id: DAK }),
      ),
    );
  },
};

/** Where the region requires a source and the sub kegiatan has no default, one must be chosen. */
export const FundingSourceRequired: Story = {
  args: {
    onSubmit: fn(async () => undefined),
    planning: { funding: { ...sources, defaultLabel: null, required: true } },
  },
  play: async ({ canvas, args }) => {
    await userEvent.type(box(canvas, form.componentName), 'Semen');
    await fillExample(canvas);
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await expect(
      await canvas.findByText(form.fieldInvalid(funding.label, funding.required)),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // The field without a mark of its own: focus goes to its button.
    await waitFor(() => expect(sourceField(canvas)).toHaveFocus());
    await userEvent.click(sourceField(canvas));
    await userEvent.click(await screen.findByRole('option', { name: sources.options[0]!.label }));
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ funding_source_id: DAU }),
      ),
    );
  },
};
