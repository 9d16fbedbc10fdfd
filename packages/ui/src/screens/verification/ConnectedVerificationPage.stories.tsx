import { type BudgetLine, coefficientText, formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { dropStaleAnnouncements } from '../management/story-helpers.js';
import { ConnectedVerificationPage } from './ConnectedVerificationPage.js';
import {
  storyAdminSession,
  verificationClients,
  verifierOfOneUnit,
  verifierWithoutUnit,
  withLoadedClient,
} from './story-helpers.js';
import { subActionTitle } from './VerificationPage.js';

const m = messagesId;
const t = m.verification;

const meta = {
  title: 'Screens/Verification/ConnectedVerificationPage',
  component: ConnectedVerificationPage,
  decorators: [withLoadedClient],
  beforeEach: dropStaleAnnouncements,
  loaders: [
    async () => ({
      client: (await verificationClients({ withNote: false })).admin,
      session: storyAdminSession,
    }),
  ],
  args: { initialYear: 2025 },
} satisfies Meta<typeof ConnectedVerificationPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A sub kegiatan opened: its lines with their unit prices, its pagu and sisa; a note written
 * on it disables 'Tandai Terverifikasi' with the reason shown; verified once it is closed.
 */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: t.listTitle(2025) });
    // The rows as the server answers them (not the loading rows before).
    await waitFor(() =>
      expect(within(table).getAllByText(m.lines.verification.notVerified).length).toBeGreaterThan(
        0,
      ),
    );
    // An admin reads every unit's: each row names its own.
    await expect(within(table).getByRole('columnheader', { name: t.columns.agency })).toBeVisible();
    const [first] = within(table).getAllByRole('button', { name: /^Buka / });
    await userEvent.click(first as HTMLElement);

    const lines = await canvas.findByRole('grid', { name: t.detail.linesTitle });
    await waitFor(() => expect(within(lines).getAllByRole('row').length).toBeGreaterThan(1));
    await expect(await canvas.findByText(t.notes.empty)).toBeVisible();

    await userEvent.type(
      canvas.getByRole('textbox', { name: t.notes.writeLabel }),
      'Harga terlalu tinggi.',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.notes.send }));
    await expect(await canvas.findByText('Harga terlalu tinggi.')).toBeVisible();
    await expect(await screen.findByText(t.notes.written)).toBeVisible();

    // Each line's unit price, and the sub kegiatan's pagu, what is planned and the sisa.
    await expect(
      within(lines).getByRole('columnheader', { name: m.reports.fields.price }),
    ).toBeVisible();
    const pagu = canvas.getByRole('region', { name: m.lines.verifier.paguTitle });
    await expect(await within(pagu).findByText(m.planning.amounts.planned)).toBeVisible();
    await expect(within(pagu).getByText(m.planning.amounts.remaining)).toBeVisible();

    // Disabled while the note is open, saying why.
    const verify = await canvas.findByRole('button', { name: t.detail.verify });
    await waitFor(() => expect(verify).toBeDisabled());
    await expect(verify).toHaveAccessibleDescription(m.lines.verifier.verifyBlocked(1));
    await expect(canvas.getByText(m.lines.verifier.verifyBlocked(1))).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t.notes.close }));
    await expect(await canvas.findByText(t.notes.statuses.closed)).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: t.detail.verify })).toBeEnabled(),
    );
    await expect(canvas.queryByText(m.lines.verifier.verifyBlocked(1))).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t.detail.verify }));
    await expect(await canvas.findByRole('button', { name: t.detail.unverify })).toBeVisible();
    await expect(canvas.getByText(m.lines.verification.verified)).toBeVisible();

    // Reopening a note withdraws the verification.
    await userEvent.click(canvas.getByRole('button', { name: t.notes.reopen }));
    await expect(await canvas.findByRole('button', { name: t.detail.verify })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t.detail.back }));
    await expect(await canvas.findByText(t.noteCounts(1, 0))).toBeVisible();
  },
};

/** A search that finds nothing says so. */
export const NothingFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('grid', { name: t.listTitle(2025) });
    await userEvent.type(canvas.getByRole('searchbox', { name: t.search }), 'tidak ada');
    await expect(await canvas.findByText(t.emptyFiltered)).toBeVisible();
  },
};

/**
 * On a phone each row stacks into a card, each value under its column's heading: the total and
 * 'Buka', then a line's total, stay on the screen instead of off to the right of a table.
 */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const onScreen = async (element: HTMLElement) =>
      expect(element.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(await canvas.findByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: t.listTitle(2025) });
    const [open] = await within(table).findAllByRole('button', { name: /^Buka / });
    const row = open!.closest('tr') as HTMLElement;
    const total = await within(row).findByText(/^Rp\s?\d/);
    await onScreen(total);
    await onScreen(open!);
    // Each value says what it is: its column's heading above it.
    const totalCell = total.closest('td') as HTMLElement;
    await expect(totalCell.dataset.label).toBe(t.columns.total);
    await expect(getComputedStyle(totalCell, '::before').content).toBe(`"${t.columns.total}"`);

    await userEvent.click(open!);
    const lines = await canvas.findByRole('grid', { name: t.detail.linesTitle });
    const lineTotal = (await within(lines).findAllByText(/^Rp\s?\d/))[0] as HTMLElement;
    await onScreen(lineTotal);
  },
};

/** The sub kegiatan the page's address names, and the year it is opened in. */
const openedAt = async () => {
  const { admin } = await verificationClients({ withNote: false });
  const [row] = (await admin.verification.subActions({ year: 2025, limit: 1 })).data;
  return { client: admin, session: storyAdminSession, row: row! };
};

/**
 * Opened at a sub kegiatan's own address (a shared link, a reload): its page shows at once, not
 * the list; 'Kembali ke daftar' clears the address's sub kegiatan.
 */
export const OpenedByAddress: Story = {
  loaders: [openedAt],
  render: (args, { loaded }) => (
    <ConnectedVerificationPage
      {...args}
      openSubActionId={(loaded as Awaited<ReturnType<typeof openedAt>>).row.sub_action_id}
    />
  ),
  args: { onOpenSubActionChange: fn() },
  play: async ({ canvas, userEvent, args, loaded }) => {
    const { row } = loaded as Awaited<ReturnType<typeof openedAt>>;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: subActionTitle(row) }),
    ).toBeVisible();
    const lines = await canvas.findByRole('grid', { name: t.detail.linesTitle });
    await waitFor(() => expect(within(lines).getAllByRole('row')).toHaveLength(row.line_count + 1));
    await userEvent.click(canvas.getByRole('button', { name: t.detail.back }));
    await expect(args.onOpenSubActionChange).toHaveBeenLastCalledWith(null, 2025);
  },
};

/** A line's create payload: the same line again. */
const inputOf = (line: BudgetLine) => ({
  component_code: line.component_code,
  component_name: line.component_name,
  specification: line.specification,
  unit: line.unit,
  first_volume_unit: line.first_volume_unit,
  second_volume_unit: line.second_volume_unit,
  third_volume_unit: line.third_volume_unit,
  price: line.price,
  first_volume: line.first_volume,
  second_volume: line.second_volume,
  third_volume: line.third_volume,
  year: line.year,
  program_id: line.program_id,
  action_id: line.action_id,
  sub_action_id: line.sub_action_id,
  activity_id: line.activity_id,
  subtitle_id: line.subtitle_id,
  account_id: line.account_id,
  supporter_id: line.supporter_id,
});

/** A sub kegiatan with three lines of one name: one of another specification and price, two alike. */
const sameNamedLines = async () => {
  const { admin, user } = await verificationClients({ withNote: false });
  const [line] = (await user.budgetLine.list({ year: 2025, limit: 1 })).data;
  await user.budgetLine.create(inputOf(line!));
  const other = await user.budgetLine.create({
    ...inputOf(line!),
    specification: 'Ukuran folio',
    price: line!.price + 1_000,
  });
  return { client: admin, session: storyAdminSession, line: line!, other: other.data };
};

/**
 * Lines of one name are told apart in 'Catatan untuk' by what the lines table shows of them:
 * Spesifikasi, Harga and Koefisien, and where even those are alike, by their place in the table;
 * a note written on one is named the same way.
 */
export const SameNamedLines: Story = {
  loaders: [sameNamedLines],
  render: (args, { loaded }) => (
    <ConnectedVerificationPage
      {...args}
      openSubActionId={(loaded as Awaited<ReturnType<typeof sameNamedLines>>).line.sub_action_id}
    />
  ),
  play: async ({ canvas, userEvent, loaded }) => {
    const { line, other } = loaded as Awaited<ReturnType<typeof sameNamedLines>>;
    const name = line.component_name;
    const detail = (row: BudgetLine) =>
      [row.specification, formatRupiah(row.price), coefficientText(row)]
        .filter(Boolean)
        .join(' · ');
    const lines = await canvas.findByRole('grid', { name: t.detail.linesTitle });
    await waitFor(() => expect(within(lines).getAllByText(name)).toHaveLength(3));
    const rows = within(lines).getAllByRole('row').slice(1);
    // The two alike, by their places in the table.
    const alike = rows.flatMap((row, i) =>
      row.textContent?.includes(name) && !row.textContent.includes(other.specification)
        ? [i + 1]
        : [],
    );
    await expect(alike).toHaveLength(2);

    await userEvent.click(canvas.getByRole('button', { name: new RegExp(`${t.notes.target}$`) }));
    const labels = (await screen.findAllByRole('option')).map((option) => option.textContent);
    const expected = [
      t.notes.onLineDetail(name, detail(other)),
      ...alike.map((row) => t.notes.onLineDetail(name, t.notes.lineOrdinal(detail(line), row))),
    ];
    await expect(labels).toEqual(expect.arrayContaining(expected));

    // A note on the second of the two alike is named as its option.
    const second = expected[2]!;
    await userEvent.click(screen.getByRole('option', { name: second }));
    await userEvent.type(canvas.getByRole('textbox', { name: t.notes.writeLabel }), 'Dobel?');
    await userEvent.click(canvas.getByRole('button', { name: t.notes.send }));
    const note = await waitFor(() => {
      const item = canvas.getAllByRole('listitem').find((li) => li.textContent?.includes('Dobel?'));
      expect(item).toBeDefined();
      return item as HTMLElement;
    });
    await expect(within(note).getByText(second)).toBeVisible();
  },
};

/** An address naming a sub kegiatan that is not there (or not the verifier's) says so. */
export const UnknownAddress: Story = {
  args: { openSubActionId: '00000000-0000-4000-8000-000000000000' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.lines.verifier.notFound);
    await expect(canvas.getByRole('button', { name: t.detail.back })).toBeVisible();
  },
};

/**
 * A verifier of one Perangkat Daerah: the list holds only that unit's sub kegiatan, so no
 * 'Filter Perangkat Daerah' is offered (a choice of one unit, or of units they cannot read), and
 * no column repeats the unit's name on every row.
 */
export const VerifierOfOneUnit: Story = {
  loaders: [verifierOfOneUnit],
  play: async ({ canvas, loaded }) => {
    const { unit } = loaded as ReturnType<typeof verifierOfOneUnit>;
    const table = await canvas.findByRole('grid', { name: t.listTitle(2025) });
    await waitFor(() =>
      expect(within(table).getAllByRole('button', { name: /^Buka / }).length).toBeGreaterThan(0),
    );
    await waitFor(() =>
      expect(within(table).queryByRole('columnheader', { name: t.columns.agency })).toBeNull(),
    );
    await expect(table).not.toHaveTextContent(unit.name);
    await expect(
      within(table).getByRole('columnheader', { name: t.columns.subAction }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(t.search)).toBeVisible();
    await waitFor(() => expect(canvas.queryByText(m.reports.filters.agency)).toBeNull());
    await expect(canvas.queryByText(m.server.withoutUnit)).not.toBeInTheDocument();
  },
};

/**
 * A verifier no unit has been given yet is told so, and whom to ask, above the sub kegiatan of no
 * unit they do read: not a list that looks as if nothing waited for verification.
 */
export const VerifierWithoutUnit: Story = {
  loaders: [verifierWithoutUnit],
  play: async ({ canvas, loaded }) => {
    const { unit } = loaded as ReturnType<typeof verifierWithoutUnit>;
    await expect(await canvas.findByText(m.server.withoutUnit)).toBeVisible();
    const table = await canvas.findByRole('grid', { name: t.listTitle(2025) });
    await expect(table).not.toHaveTextContent(unit.name);
  },
};
