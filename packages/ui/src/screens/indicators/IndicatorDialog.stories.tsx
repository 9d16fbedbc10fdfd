import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { IndicatorDialog } from './IndicatorDialog.js';
import { puskesmasIndicators } from './story-data.js';

const m = messagesId;
const t = m.indicators;
const f = t.form;

const meta = {
  title: 'Screens/Indicators/IndicatorDialog',
  component: IndicatorDialog,
  args: { target: { mode: 'add' }, onClose: fn(), onSubmit: fn(async () => undefined) },
} satisfies Meta<typeof IndicatorDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A target typed with a decimal comma (1,5) is sent as 1.5 with the tolok ukur and satuan. */
export const Add: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: t.add });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: f.description }),
      'Jumlah dokumen perencanaan',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: f.target }), '1,5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: f.unit }), 'Dokumen');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        { mode: 'add' },
        { description: 'Jumlah dokumen perencanaan', target: 1.5, unit: 'Dokumen' },
      ),
    );
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** Nothing typed, then a target in English grouping: each field says what is wrong, nothing sent. */
export const Refused: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: t.add });
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await expect(
      await within(dialog).findByText(m.server.validation(f.description, 'wajib diisi')),
    ).toBeVisible();
    await expect(
      within(dialog).getByText(m.server.validation(f.unit, 'wajib diisi')),
    ).toBeVisible();
    const target = within(dialog).getByRole('textbox', { name: f.target });
    await userEvent.type(target, '2,500,000');
    await userEvent.tab();
    await expect(
      await within(dialog).findByText(
        m.reports.form.fieldInvalid(f.target, m.numberInput.commaGrouping),
      ),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** An indicator opened to change: its fields filled as stored. */
export const Edit: Story = {
  args: { target: { mode: 'edit', indicator: puskesmasIndicators[1]! } },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: t.edit });
    const target = within(dialog).getByRole('textbox', { name: f.target });
    await expect(target).toHaveValue('1,5');
    await userEvent.clear(target);
    await userEvent.type(target, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(args.target, {
        description: 'Jumlah dokumen perencanaan teknis',
        target: 2,
        unit: 'Dokumen',
      }),
    );
  },
};
