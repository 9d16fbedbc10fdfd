import { formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { demoSeed } from '../../testing/sandbox-client.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedCashPlan } from './ConnectedCashPlan.js';

const m = messagesId;
const t = m.cashPlan.grid;
const YEAR = 2025;
const SUB_ACTION = 'Penyediaan Bahan Logistik Kantor';

const meta = {
  title: 'Screens/CashPlan/ConnectedCashPlan',
  component: ConnectedCashPlan,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: demoSeed } },
  args: { initialYear: YEAR, showYear: true },
} satisfies Meta<typeof ConnectedCashPlan>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The unit's day: choose a sub kegiatan, see each kode rekening's lines against an empty plan,
 * spread them evenly and save; the plan comes back from the server balanced, the total's
 * selisih Rp 0.
 */
export const FillAndSave: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: m.cashPlan.title })).toBeVisible();
    await expect(canvas.getByText(t.choose)).toBeVisible();
    const picker = canvas.getByRole('combobox', { name: new RegExp(m.levels.sub_action.label) });
    await userEvent.type(picker, 'Logistik');
    await userEvent.click(await screen.findByRole('option', { name: new RegExp(SUB_ACTION) }));
    const table = await canvas.findByRole('table', { name: new RegExp(SUB_ACTION) });
    const status = canvas.getByRole('status');
    await expect(status.textContent).toMatch(/^Selisih -Rp/);
    // The demo's lines of this sub kegiatan sit under two kode rekening.
    await expect(within(table).getAllByRole('rowheader')).toHaveLength(3);

    await userEvent.click(canvas.getByRole('button', { name: t.allEvenly }));
    await expect(status).toHaveTextContent(t.balanced);
    await userEvent.click(canvas.getByRole('button', { name: t.save }));
    await expect(await findToast(t.saved(SUB_ACTION, YEAR))).toBeVisible();
    // What the server stored: the total row's selisih is Rp 0 and January holds an amount.
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(t.balanced));
    const footer = within(canvas.getByRole('table', { name: new RegExp(SUB_ACTION) }))
      .getAllByRole('row')
      .at(-1) as HTMLElement;
    await expect(within(footer).getAllByRole('cell').at(-2)).toHaveTextContent(formatRupiah(0));
    const januaries = canvas.getAllByRole('textbox', {
      name: new RegExp(`^${m.cashPlan.monthNames[0]},`),
    });
    await expect((januaries[0] as HTMLInputElement).value).not.toBe('');
  },
};

/** 'Unduh Anggaran Kas (Excel)': the year's plan of the person's units, as the server prints it. */
export const PrintWorkbook: Story = {
  args: { saveFile: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: m.cashPlan.workbook.download }));
    await expect(await findToast(m.cashPlan.workbook.downloaded)).toBeVisible();
    await expect(args.saveFile).toHaveBeenCalledOnce();
    const [file] = (args.saveFile as ReturnType<typeof fn>).mock.calls[0] as [
      { fileName: string; blob: Blob },
    ];
    await expect(file.fileName).toBe(`anggaran-kas-${YEAR}.xlsx`);
    // An xlsx is a zip: it starts with 'PK'.
    const head = new Uint8Array(await file.blob.slice(0, 2).arrayBuffer());
    await expect(String.fromCharCode(...head)).toBe('PK');
  },
};

/** 'Unduh Anggaran Kas (PDF)': the same printout as a PDF. */
export const PrintPdf: Story = {
  args: { saveFile: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: m.cashPlan.workbook.downloadPdf }));
    await expect(await findToast(m.cashPlan.workbook.downloaded)).toBeVisible();
    const [file] = (args.saveFile as ReturnType<typeof fn>).mock.calls[0] as [
      { fileName: string; blob: Blob },
    ];
    await expect(file.fileName).toBe(`anggaran-kas-${YEAR}.pdf`);
    const head = new Uint8Array(await file.blob.slice(0, 5).arrayBuffer());
    await expect(String.fromCharCode(...head)).toBe('%PDF-');
  },
};
