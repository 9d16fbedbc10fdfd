import { type FundingRecap, formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { demoSeed } from '../../testing/sandbox-client.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedFundingRecap, FundingRecapTable } from './FundingRecap.js';

const m = messagesId;
const t = m.funding.recap;

const recap: FundingRecap = {
  year: 2026,
  planned_total: '800000000',
  sources: [
    {
      funding_source_id: '00000000-0000-4000-8000-000000000001',
      code: 'DAK-FISIK',
      name: 'Dana Alokasi Khusus Fisik',
      funding_group: 'transfer',
      sub_action_count: 3,
      ceiling: '250000000',
      planned: '260000000',
      remaining: '-10000000',
    },
    {
      funding_source_id: '00000000-0000-4000-8000-000000000002',
      code: 'DAU',
      name: 'Dana Alokasi Umum',
      funding_group: 'transfer',
      sub_action_count: 12,
      ceiling: null,
      planned: '440000000',
      remaining: null,
    },
    {
      funding_source_id: '00000000-0000-4000-8000-000000000003',
      code: 'PAD',
      name: 'Pendapatan Asli Daerah',
      funding_group: 'pad',
      sub_action_count: 4,
      ceiling: '120000000',
      planned: '100000000',
      remaining: '20000000',
    },
  ],
};

const meta = {
  title: 'Screens/Planning/FundingRecap',
  component: FundingRecapTable,
  args: { recap },
} satisfies Meta<typeof FundingRecapTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A year's lines by source: each with its share drawn as a bar, its ceilings and what they
 * leave; a source planned past its ceilings shows the overrun in red.
 */
export const Year: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.summary(formatRupiah(800_000_000), 3))).toBeVisible();
    const dak = canvas.getByRole('row', { name: /Dana Alokasi Khusus Fisik/ });
    await expect(dak).toHaveTextContent('32,5 %');
    await expect(dak).toHaveTextContent(formatRupiah(-10_000_000));
    const dau = canvas.getByRole('row', { name: /Dana Alokasi Umum/ });
    await expect(dau).toHaveTextContent('55 %');
    await expect(within(dau).getByText(t.noCeiling)).toBeVisible();
    // Without a ceiling nothing is left to count: a dash, not an empty 'Sisa Pagu'.
    await expect(within(dau).getByText('–')).toBeVisible();
  },
};

/** A year without lines says so. */
export const Empty: Story = {
  args: { recap: { year: 2026, planned_total: '0', sources: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
  },
};

/** The recap could not be read: said, with a way to try again. */
export const Failed: Story = {
  args: { recap: undefined, error: t.fetchFailed, onRetry: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText(t.fetchFailed)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: m.articles.management.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/**
 * On the server: the demo's 2025 lines by source (the admin's whole region), and the recap
 * printed as a PDF.
 */
export const Connected: StoryObj<typeof ConnectedFundingRecap> = {
  render: (args) => <ConnectedFundingRecap {...args} />,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: demoSeed } },
  args: { initialYear: 2025, saveFile: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: t.title(2025) })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: t.title(2025) }, { timeout: 10_000 });
    // The table shows its loading row first.
    for (const name of ['Dana Alokasi Umum', 'Pendapatan Asli Daerah', 'Dana Bagi Hasil']) {
      await expect(
        await within(table).findByRole('row', { name: new RegExp(name) }, { timeout: 10_000 }),
      ).toBeVisible();
    }
    await expect(
      within(table).getByRole('row', { name: new RegExp(m.funding.line.none) }),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: t.downloadPdf }));
    await expect(await findToast(t.downloaded)).toBeVisible();
    const [file] = (args.saveFile as ReturnType<typeof fn>).mock.calls[0] as [
      { fileName: string; blob: Blob },
    ];
    await expect(file.fileName).toBe('rekap-sumber-dana-2025.pdf');
    const head = new Uint8Array(await file.blob.slice(0, 5).arrayBuffer());
    await expect(String.fromCharCode(...head)).toBe('%PDF-');
  },
};
