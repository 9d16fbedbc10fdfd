import { formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { demoSeed } from '../../testing/sandbox-client.js';
import { dropStaleAnnouncements, withSandboxClient } from '../management/story-helpers.js';
import { ConnectedRealisation } from './ConnectedRealisation.js';

const m = messagesId;
const t = m.realisation.view;
const YEAR = 2025;
const SUB_ACTION = 'Penyediaan Bahan Logistik Kantor';

const meta = {
  title: 'Screens/Realisation/ConnectedRealisation',
  component: ConnectedRealisation,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: demoSeed } },
  args: { initialYear: YEAR, showYear: true },
} satisfies Meta<typeof ConnectedRealisation>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Before any SP2D: choose a sub kegiatan and read its kode rekening with their lines, nothing
 * paid and each within its lines; the months say nothing is planned yet (no Anggaran Kas).
 */
export const BeforeAnyPayment: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.getByRole('heading', { level: 2, name: m.realisation.title }),
    ).toBeVisible();
    await expect(canvas.getByText(t.choose)).toBeVisible();
    // The units' year to date sits above the picker, read from the same server.
    await expect(
      await canvas.findByRole('grid', { name: m.realisation.summary.title }),
    ).toBeVisible();
    const picker = canvas.getByRole('combobox', { name: new RegExp(m.levels.sub_action.label) });
    await userEvent.type(picker, 'Logistik');
    await userEvent.click(await screen.findByRole('option', { name: new RegExp(SUB_ACTION) }));
    const accounts = await canvas.findByRole('grid', { name: t.accountsTitle(SUB_ACTION) });
    const rows = within(accounts).getAllByRole('rowheader');
    // The demo's lines of this sub kegiatan sit under two kode rekening.
    await expect(rows).toHaveLength(2);
    await expect(within(accounts).getAllByText(t.withinLines)).toHaveLength(2);
    await expect(
      canvas.getByText(
        new RegExp(`^Realisasi ${formatRupiah(0)} dari Anggaran Kas ${formatRupiah(0)}`),
      ),
    ).toBeVisible();
    const months = canvas.getByRole('grid', { name: t.monthsTitle(SUB_ACTION) });
    await expect(within(months).getAllByText(t.noPlanYet)).toHaveLength(12);
  },
};
