import { type MonthlyReportSubAction, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { PhysicalProgressDialog } from './PhysicalProgressDialog.js';
import { puskesmasMarch } from './story-data.js';

const m = messagesId;
const t = m.monthlyReport.progressDialog;

/** Not entered yet this month: last month 15 %, planned 30 %. */
const row: MonthlyReportSubAction = {
  ...puskesmasMarch,
  progress_tenths: null,
  physical_level: 'red',
  problems: '',
  actions: '',
};

const meta = {
  title: 'Screens/Realisation/PhysicalProgressDialog',
  component: PhysicalProgressDialog,
  args: { row, year: 2025, month: 3, onClose: fn(), onSubmit: fn(async () => undefined) },
} satisfies Meta<typeof PhysicalProgressDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = () => screen.findByRole('dialog', { name: t.title('1.02.02.2.01.0001') });

/** Progress typed with a decimal point (45.5) is 45,5 %: sent as 455 tenths with the story. */
export const Default: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogOf();
    await expect(dialog).toHaveTextContent(t.text('15 %', '30 %'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.progress }), '45.5');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.problems }),
      'Cuaca buruk dua minggu',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.actions }), 'Lembur');
    await expect(
      within(dialog).queryByRole('textbox', { name: t.decreaseReason }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(row, {
        progress_tenths: 455,
        problems: 'Cuaca buruk dua minggu',
        actions: 'Lembur',
        decrease_reason: null,
      }),
    );
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** Below last month's 15 %: the reason for the decrease appears and is required. */
export const Decrease: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogOf();
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.progress }), '10');
    const reason = await within(dialog).findByRole('textbox', { name: t.decreaseReason });
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(
      await within(dialog).findByText(m.monthlyReport.decreaseNeedsReason('15 %')),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(reason, 'Koreksi hasil opname');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        row,
        expect.objectContaining({ progress_tenths: 100, decrease_reason: 'Koreksi hasil opname' }),
      ),
    );
  },
};

/** Above 100 % or with two decimals: refused in the field, nothing sent. */
export const Refused: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogOf();
    const field = within(dialog).getByRole('textbox', { name: t.progress });
    await userEvent.type(field, '45,55');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.clear(field);
    await userEvent.type(field, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(
      await within(dialog).findByText(m.server.validation(t.progress, 'paling besar 100 %')),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
