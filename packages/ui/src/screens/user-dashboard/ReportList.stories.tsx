import { ApiError, type BudgetLine, formatNumberId, formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  createSandboxClient,
  demoSeed,
  httpError,
  longNamesSeed,
} from '../../testing/sandbox-client.js';
import { ReportList, type ReportListProps } from './ReportList.js';
import { seedReports, seedUser } from './story-data.js';

const list = messagesId.reports.list;
const fields = messagesId.reports.fields;

/** Opens and closes the detail dialog like a screen; the detail is the row itself. */
function List(args: ReportListProps) {
  const [detailId, setDetailId] = useState(args.detailId ?? null);
  return (
    <ReportList
      {...args}
      detailId={detailId}
      detail={args.detail ?? args.reports?.find((report) => report.id === detailId)}
      onDetailIdChange={(id) => {
        setDetailId(id);
        args.onDetailIdChange?.(id);
      }}
    />
  );
}

const meta = {
  title: 'Screens/User dashboard/ReportList',
  component: ReportList,
  args: { onDetailIdChange: fn(), onRetry: fn() },
  // The demo user's reports, read through the sandbox client.
  loaders: [async () => ({ reports: await seedReports() })],
  render: (args, { loaded }) => (
    <List {...args} reports={args.reports ?? (loaded.reports as BudgetLine[])} />
  ),
} satisfies Meta<typeof ReportList>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.getByRole('grid', { name: list.title });

/** The dialog's value beside a label. */
const detailValue = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;

export const Default: Story = {
  play: async ({ canvas, args, loaded }) => {
    const reports = loaded.reports as BudgetLine[];
    const rows = within(table()).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(reports.length);
    const first = reports[0]!;
    const row = rows[0]!;
    await expect(row).toHaveTextContent(first.program_name);
    await expect(row).toHaveTextContent(formatRupiah(first.total_after_tax));
    await expect(row).toHaveTextContent(String(first.year));

    await userEvent.click(within(row).getByRole('button', { name: list.viewDetail }));
    await expect(args.onDetailIdChange).toHaveBeenLastCalledWith(first.id);
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    // Each volume with its own unit; one that counts nothing is its number.
    const volume = (value: number, unit: string | null) =>
      unit ? `${formatNumberId(value, 2)} ${unit}` : formatNumberId(value, 2);
    for (const [label, value] of [
      [fields.programName, first.program_name],
      [fields.componentName, first.component_name],
      [fields.accountCode, first.account_code],
      [fields.accountName, first.account_name],
      [fields.price, formatRupiah(first.price)],
      [fields.firstVolume, volume(first.first_volume, first.first_volume_unit)],
      [fields.secondVolume, volume(first.second_volume, first.second_volume_unit)],
      [fields.thirdVolume, volume(first.third_volume, first.third_volume_unit)],
      [fields.totalPrice, formatRupiah(first.total_price)],
      [fields.tax, formatRupiah(first.tax)],
      [fields.totalAfterTax, formatRupiah(first.total_after_tax)],
    ] as const) {
      await expect(detailValue(dialog, label)).toHaveTextContent(value);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: messagesId.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onDetailIdChange).toHaveBeenLastCalledWith(null);
    await expect(canvas.getByRole('heading', { name: list.title })).toBeVisible();
  },
};

/** Tab into the table, Enter on a row opens its detail, Escape closes it. */
export const KeyboardOnly: Story = {
  play: async ({ args, loaded }) => {
    const reports = loaded.reports as BudgetLine[];
    await userEvent.tab();
    // Focus moves as the browser gets to it: under a loaded run, a frame after the key.
    await waitFor(() => expect(within(table()).getAllByRole('row')[1]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onDetailIdChange).toHaveBeenLastCalledWith(reports[1]!.id);
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(dialog).toHaveTextContent(reports[1]!.component_name);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog gives focus back to the row it was opened from once it has gone.
    await waitFor(() => expect(within(table()).getAllByRole('row')[2]).toHaveFocus());

    // The row's own button, reached with the arrow keys.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: list.viewDetail })[1]).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: list.detailTitle });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Empty: Story = {
  args: { reports: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(list.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { reports: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(messagesId.common.loading);
    await expect(canvas.queryByText(list.empty)).not.toBeInTheDocument();
  },
};

/** An HTTP error reads 'Gagal memuat data: {status} - {statusText}'. */
export const HttpError: Story = {
  args: { error: httpError('internal') },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(list.loadErrorHeading);
    await expect(alert).toHaveTextContent(list.loadFailedHttp(500, 'Internal Server Error'));
    await userEvent.click(
      within(alert).getByRole('button', { name: messagesId.articles.management.retry }),
    );
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** An HTTP/2 answer has no status text: the server's message stands in. */
export const ServerMessageError: Story = {
  args: {
    error: new ApiError({
      kind: 'http',
      status: 503,
      message: 'Layanan sedang dalam pemeliharaan.',
      serverMessage: 'Layanan sedang dalam pemeliharaan.',
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Layanan sedang dalam pemeliharaan.');
  },
};

export const NetworkError: Story = {
  args: { error: new ApiError({ kind: 'network', message: 'Network error: Failed to fetch' }) },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(list.loadErrorHeading);
    await expect(alert).toHaveTextContent(list.loadFailed);
  },
};

export const NoToken: Story = {
  args: { hasToken: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(list.noToken);
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
  },
};

export const DetailLoading: Story = {
  args: { detailId: 'loading', isDetailLoading: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(within(dialog).getByRole('status')).toHaveTextContent(messagesId.common.loading);
  },
};

export const DetailError: Story = {
  args: { detailId: 'missing', detailError: httpError('not_found', 'Laporan tidak ditemukan.') },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Laporan tidak ditemukan.');
  },
};

export const LongNames: Story = {
  loaders: [async () => ({ reports: await seedReports(longNamesSeed) })],
  play: async ({ loaded }) => {
    const [report] = loaded.reports as BudgetLine[];
    await userEvent.click(screen.getByRole('button', { name: list.viewDetail }));
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(dialog).toHaveTextContent(report!.account_name);
  },
};

const detail = messagesId.lines.detail;
const verification = messagesId.lines.verification;
const levels = messagesId.levels;

/**
 * A line priced per person and per meeting (30 Orang x 4 Kali at Rp 25.000 a Kotak), made by the
 * demo user on the sandboxed server under the first seeded line's chain.
 */
async function meetingLine(): Promise<BudgetLine> {
  const admin = createSandboxClient({ seed: demoSeed });
  const client = createSandboxClient({ sharedWith: admin, currentUser: seedUser() });
  const t = (await client.budgetLine.list({ limit: 1 })).data[0]!;
  // The demo's levels are named only: the admin gives them their codes.
  await admin.program.update(t.program_id, {
    name: t.program_name,
    is_taxed: t.tax > 0,
    code: '1.01.01',
  });
  await admin.action.update(t.action_id, {
    name: t.action_name,
    program_id: t.program_id,
    code: '1.01.01.2.01',
  });
  await admin.sub_action.update(t.sub_action_id, {
    name: t.sub_action_name,
    action_id: t.action_id,
    code: '1.01.01.2.01.0001',
  });
  await admin.activity.update(t.activity_id, {
    name: t.activity_name,
    sub_action_id: t.sub_action_id,
    code: '01',
  });
  await admin.subtitle.update(t.subtitle_id, {
    name: t.subtitle_name,
    activity_id: t.activity_id,
    code: '02',
  });
  const { data } = await client.budgetLine.create({
    component_code: 'KONS-01',
    component_name: 'Konsumsi Rapat',
    specification: 'Nasi kotak dan air mineral',
    unit: 'Kotak',
    price: 25_000,
    first_volume: 30,
    first_volume_unit: 'Orang',
    second_volume: 4,
    second_volume_unit: 'Kali',
    third_volume: 1,
    year: t.year,
    program_id: t.program_id,
    action_id: t.action_id,
    sub_action_id: t.sub_action_id,
    activity_id: t.activity_id,
    subtitle_id: t.subtitle_id,
    account_id: t.account_id,
    supporter_id: t.supporter_id,
  });
  return data;
}

/**
 * 'Detail Laporan' of a line counted in people and meetings: each volume with its own unit
 * ('30 Orang', '4 Kali', not '30 Kotak, 4 Kotak, 1 Kotak'), and under the spec's facts every
 * level with its code, the component, the coefficient, who made it and when.
 */
export const DetailWholeLine: Story = {
  loaders: [async () => ({ reports: [await meetingLine()] })],
  play: async ({ loaded }) => {
    const [line] = loaded.reports as BudgetLine[];
    await userEvent.click(screen.getByRole('button', { name: list.viewDetail }));
    const dialog = await screen.findByRole('dialog', { name: list.detailTitle });
    await expect(detailValue(dialog, fields.firstVolume)).toHaveTextContent(/^30 Orang$/);
    await expect(detailValue(dialog, fields.secondVolume)).toHaveTextContent(/^4 Kali$/);
    await expect(detailValue(dialog, fields.thirdVolume)).toHaveTextContent(/^1$/);
    await expect(dialog).not.toHaveTextContent('30 Kotak');
    await expect(detailValue(dialog, fields.totalPrice)).toHaveTextContent(formatRupiah(3_000_000));

    const more = within(dialog).getByRole('region', { name: detail.moreTitle });
    const value = (label: string) =>
      within(more).getByText(label, { selector: 'dt' }).nextElementSibling;
    const coded = (code: string | null, name: string) => (code ? `${code} - ${name}` : name);
    for (const [label, text] of [
      [levels.program.label, coded(line!.program_code, line!.program_name)],
      [levels.action.label, coded(line!.action_code, line!.action_name)],
      [levels.sub_action.label, coded(line!.sub_action_code, line!.sub_action_name)],
      [levels.activity.label, coded(line!.activity_code, line!.activity_name)],
      [levels.subtitle.label, coded(line!.subtitle_code, line!.subtitle_name)],
      [fields.componentCode, 'KONS-01'],
      [fields.specification, 'Nasi kotak dan air mineral'],
      [fields.supporter, line!.supporter_name],
      [fields.coefficient, '30 Orang x 4 Kali'],
      [detail.createdBy, seedUser().name],
      [verification.label, verification.notVerified],
    ] as const) {
      await expect(value(label)).toHaveTextContent(text);
    }
    await expect(value(levels.program.label)).toHaveTextContent(/^1\.01\.01 - /);
    await expect(value(levels.sub_action.label)).toHaveTextContent(/^1\.01\.01\.2\.01\.0001 - /);
    await expect(value(levels.subtitle.label)).toHaveTextContent(/^02 - /);
    await expect(value(messagesId.reports.fields.createdAt)).toHaveTextContent(/\d{4}/);
  },
};

/**
 * Each line says where its sub kegiatan's verification stands: one verified by the admin, one
 * with a note still open, the others not verified yet.
 */
export const VerificationStates: Story = {
  loaders: [
    async () => {
      const admin = createSandboxClient({ seed: demoSeed });
      const user = createSandboxClient({ sharedWith: admin, currentUser: seedUser() });
      const lines = (await user.budgetLine.list({ limit: 100 })).data;
      const places = [...new Map(lines.map((l) => [`${l.sub_action_id}/${l.year}`, l])).values()];
      const [verified, noted] = places;
      await admin.verification.verify({
        sub_action_id: verified!.sub_action_id,
        year: verified!.year,
        verified: true,
      });
      await admin.verification.create({ line_id: noted!.id, body: 'Lengkapi spesifikasi.' });
      return {
        reports: (await user.budgetLine.list({ limit: 100 })).data,
        verified: verified!.sub_action_id,
        noted: noted!.sub_action_id,
      };
    },
  ],
  play: async ({ loaded }) => {
    const { reports, verified, noted } = loaded as {
      reports: BudgetLine[];
      verified: string;
      noted: string;
    };
    const rows = within(table()).getAllByRole('row').slice(1);
    const states = new Set<string>();
    for (const [index, report] of reports.entries()) {
      const expected =
        report.sub_action_id === noted
          ? verification.hasNotes
          : report.sub_action_id === verified
            ? verification.verified
            : verification.notVerified;
      states.add(expected);
      await expect(rows[index]).toHaveTextContent(`${levels.sub_action.label}:${expected}`);
    }
    await expect(states.size).toBe(3);
  },
};

/**
 * 'Hapus' asks naming the line and its total, and says an administrator can bring it back from
 * the history; 'Ya, Hapus!' deletes.
 */
export const DeleteNamesTheLine: Story = {
  args: { onDelete: fn() },
  play: async ({ args, loaded }) => {
    const [first] = loaded.reports as BudgetLine[];
    const row = within(table()).getAllByRole('row')[1]!;
    await userEvent.click(within(row).getByRole('button', { name: messagesId.common.delete }));
    const asked = await screen.findByRole('alertdialog', {
      name: messagesId.common.confirmDelete.title,
    });
    await expect(asked).toHaveTextContent(
      messagesId.lines.delete.message(
        first!.component_name,
        formatRupiah(first!.total_after_tax || first!.total_price),
      ),
    );
    await expect(asked).not.toHaveTextContent(verification.deleteWarning);
    await userEvent.click(
      within(asked).getByRole('button', { name: messagesId.common.confirmDelete.confirm }),
    );
    await expect(args.onDelete).toHaveBeenCalledWith(first);
  },
};
