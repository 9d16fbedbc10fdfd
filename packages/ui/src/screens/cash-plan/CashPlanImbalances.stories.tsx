import { formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CashPlanImbalances } from './CashPlanImbalances.js';

const t = messagesId.cashPlan.status;

const unbalanced = [
  {
    sub_action_id: '00000000-0000-4000-8000-000000000011',
    sub_action_code: '1.02.02.2.02.0033',
    sub_action_name: 'Penyediaan Layanan Kesehatan Posyandu',
    lines_total: '5398400',
    plan_total: '1478400',
    selisih: '-3920000',
    unbalanced_accounts: ['5.1.02.04.01.0001'],
  },
];

const figures = {
  month_totals: Array.from({ length: 12 }, () => '0'),
  plan_total: '1478400',
  lines_total: '5398400',
};

const meta = {
  title: 'Screens/CashPlan/CashPlanImbalances',
  component: CashPlanImbalances,
  args: { status: { year: 2026, cash_plan_required: true, unbalanced, ...figures } },
} satisfies Meta<typeof CashPlanImbalances>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The rule on: the stage page names what holds the next stage back, with each selisih. */
export const Blocking: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.blocking)).toBeVisible();
    const table = canvas.getByRole('grid', { name: t.title });
    const row = within(table).getAllByRole('row')[1]!;
    await expect(row).toHaveTextContent(
      '1.02.02.2.02.0033 - Penyediaan Layanan Kesehatan Posyandu',
    );
    await expect(row).toHaveTextContent(formatRupiah(-3_920_000));
  },
};

/** The rule off: the same list, said as unfinished work rather than a block. */
export const NotRequired: Story = {
  args: { status: { year: 2026, cash_plan_required: false, unbalanced, ...figures } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.notBlocking)).toBeVisible();
  },
};

/** Every plan balanced: said in words. */
export const AllBalanced: Story = {
  args: { status: { year: 2026, cash_plan_required: true, unbalanced: [], ...figures } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.none)).toBeVisible();
    await expect(canvas.queryByText(t.blocking)).toBeNull();
  },
};
