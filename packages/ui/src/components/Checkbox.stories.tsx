import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Checkbox } from './Checkbox.js';

const f = messagesId.reports.form;

const meta = {
  title: 'Building blocks/Checkbox',
  component: Checkbox,
  args: { children: f.taxCheckbox, onChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: f.taxCheckbox });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(canvas.getByText(f.taxCheckbox));
    await expect(checkbox).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    // Keyboard: Space toggles the focused checkbox.
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};

export const Selected: Story = {
  args: { children: messagesId.hierarchy.programTaxCheckbox, defaultSelected: true },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('checkbox', { name: messagesId.hierarchy.programTaxCheckbox }),
    ).toBeChecked();
  },
};

export const WithDescription: Story = {
  args: { description: f.taxNote },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: f.taxCheckbox })).toHaveAccessibleDescription(
      f.taxNote,
    );
  },
};

export const Invalid: Story = {
  args: { isRequired: true, errorMessage: messagesId.validation.required(f.tax) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: f.taxCheckbox })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.getByText(messagesId.validation.required(f.tax))).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByText(f.taxCheckbox));
    await expect(canvas.getByRole('checkbox', { name: f.taxCheckbox })).not.toBeChecked();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
