import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Radio, RadioGroup } from './RadioGroup.js';

const statuses = messagesId.articleStatuses;
const label = messagesId.articles.editor.statusLabel;

const meta = {
  title: 'Building blocks/RadioGroup',
  component: RadioGroup,
  args: {
    label,
    defaultValue: 'published',
    onChange: fn(),
    children: [
      <Radio key="published" value="published">
        {statuses.published}
      </Radio>,
      <Radio key="draft" value="draft">
        {statuses.draft}
      </Radio>,
      <Radio key="archived" value="archived">
        {statuses.archived}
      </Radio>,
    ],
  },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: label })).toBeVisible();
    const published = canvas.getByRole('radio', { name: statuses.published });
    await expect(published).toBeChecked();

    // Keyboard only: Tab into the group lands on the checked radio, arrows move and choose.
    await userEvent.tab();
    await expect(published).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: statuses.draft })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('draft');
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal' },
};

export const WithDescriptions: Story = {
  args: {
    children: [
      <Radio key="published" value="published" description="Terlihat oleh semua pengunjung.">
        {statuses.published}
      </Radio>,
      <Radio key="archived" value="archived" description="Disembunyikan dari halaman publik.">
        {statuses.archived}
      </Radio>,
    ],
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('radio', { name: statuses.archived }),
    ).toHaveAccessibleDescription('Disembunyikan dari halaman publik.');
  },
};

export const Invalid: Story = {
  args: {
    defaultValue: undefined,
    isRequired: true,
    errorMessage: messagesId.validation.required(messagesId.articles.fields.status),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(messagesId.validation.required(messagesId.articles.fields.status)),
    ).toBeVisible();
    await expect(canvas.getByRole('radiogroup', { name: label })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: statuses.draft })).toBeDisabled();
  },
};
