import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { demoSeed, longNamesSeed } from '../../testing/sandbox-client.js';
import { emptySelection } from './cascade.js';
import { HierarchySummary } from './HierarchySummary.js';
import { fullSelection } from './story-data.js';

const form = messagesId.reports.form;
const levels = messagesId.levels;

const meta = {
  title: 'Screens/User dashboard/HierarchySummary',
  component: HierarchySummary,
  decorators: [
    (Story) => (
      <div className="max-w-sm rounded-lg bg-white p-6">
        <Story />
      </div>
    ),
  ],
  args: { selection: emptySelection, taxed: false },
} satisfies Meta<typeof HierarchySummary>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: every line 'Belum dipilih', and what is still missing. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: form.summaryTitle });
    await expect(within(summary).getAllByText(form.notSelected)).toHaveLength(7);
    await expect(summary).toHaveTextContent(`${form.summaryTax}${form.taxNo}`);
    await expect(within(summary).getByText(form.incompleteHierarchy)).toBeVisible();
  },
};

/** Program only: the rest still missing. */
export const ProgramOnly: Story = {
  args: { selection: { ...emptySelection, program: demoSeed.entities.program[0]! }, taxed: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(demoSeed.entities.program[0]!.name)).toBeVisible();
    await expect(canvas.getAllByText(form.notSelected)).toHaveLength(6);
    await expect(canvas.getByText(form.taxYes)).toBeVisible();
    await expect(canvas.getByText(form.incompleteHierarchy)).toBeVisible();
  },
};

/** Everything chosen: accounts read 'code - name', and nothing is missing. */
export const Complete: Story = {
  args: { selection: fullSelection(demoSeed), taxed: true },
  play: async ({ canvas }) => {
    const account = fullSelection(demoSeed).account!;
    await expect(canvas.getByText(`${account.code} - ${account.name}`)).toBeVisible();
    await expect(canvas.getByText(levels.supporter.label)).toBeVisible();
    await expect(canvas.queryByText(form.notSelected)).not.toBeInTheDocument();
    await expect(canvas.queryByText(form.incompleteHierarchy)).not.toBeInTheDocument();
    await expect(canvas.getByText(form.taxYes)).toBeVisible();
  },
};

export const LongNames: Story = {
  args: { selection: fullSelection(longNamesSeed), taxed: false },
};
