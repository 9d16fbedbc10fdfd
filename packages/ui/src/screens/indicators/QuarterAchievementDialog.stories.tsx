import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { QuarterAchievementDialog } from './QuarterAchievementDialog.js';
import { puskesmasIndicators, puskesmasSubAction } from './story-data.js';

const m = messagesId;
const t = m.indicators.achievement;
const title = t.title('Triwulan III', '1.02.02.2.01.0001');

const meta = {
  title: 'Screens/Indicators/QuarterAchievementDialog',
  component: QuarterAchievementDialog,
  args: {
    subAction: puskesmasSubAction,
    year: 2025,
    quarter: 3,
    indicators: puskesmasIndicators,
    onClose: fn(),
    onRetry: fn(),
    onSubmit: fn(async () => undefined),
  },
} satisfies Meta<typeof QuarterAchievementDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const fieldOf = (dialog: HTMLElement, index: number) => {
  const indicator = puskesmasIndicators[index]!;
  return within(dialog).getByRole('textbox', {
    name: t.field(indicator.description, indicator.unit),
  });
};

/** The quarter's achievement of each indicator, typed the Indonesian way, beside the target. */
export const Default: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: title });
    await expect(dialog).toHaveTextContent(t.fieldHint('2 Unit', '1'));
    await userEvent.type(fieldOf(dialog, 0), '0,5');
    await userEvent.type(fieldOf(dialog, 1), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(puskesmasSubAction, [
        { indicator_id: puskesmasIndicators[0]!.id, achievement: 0.5 },
        { indicator_id: puskesmasIndicators[1]!.id, achievement: 1 },
      ]),
    );
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** A field left empty or with three decimals: nothing is sent. */
export const Refused: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: title });
    await userEvent.type(fieldOf(dialog, 0), '0,125');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await waitFor(() => expect(fieldOf(dialog, 0)).toHaveAttribute('aria-invalid', 'true'));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A sub kegiatan without indicators says where to add them. */
export const NoIndicators: Story = {
  args: { indicators: [] },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: title });
    await expect(within(dialog).getByText(t.none)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { indicators: undefined },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: title });
    await expect(within(dialog).getByText(m.common.loading)).toBeVisible();
  },
};
