import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { NumberField } from './NumberField.js';

const f = messagesId.reports.form;

const meta = {
  title: 'Building blocks/NumberField',
  component: NumberField,
  args: {
    label: f.price,
    minValue: 0,
    formatOptions: { maximumFractionDigits: 0 },
    onChange: fn(),
  },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { defaultValue: 1500000, isRequired: true },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: f.price });
    // No grouping: what was typed stays as typed.
    await expect(input).toHaveValue('1500000');
    await userEvent.clear(input);
    await userEvent.type(input, '2750000');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(2750000);
    await expect(input).toHaveValue('2750000');
  },
};

export const Volume: Story = {
  args: {
    label: f.firstVolume,
    placeholder: f.volumePlaceholder,
    minValue: 1,
    step: 1,
    defaultValue: 1,
    formatOptions: undefined,
  },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: f.firstVolume });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(input).toHaveValue('3');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(input).toHaveValue('1');
  },
};

export const DecimalComma: Story = {
  args: { label: f.secondVolume, formatOptions: { maximumFractionDigits: 2 } },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: f.secondVolume });
    await userEvent.type(input, '2,5');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(2.5);
    await expect(input).toHaveValue('2,5');
  },
};

export const Invalid: Story = {
  args: { errorMessage: messagesId.validation.required(f.price), isRequired: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: f.price });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(messagesId.validation.required(f.price))).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { label: f.tax, description: f.taxNote, isDisabled: true, defaultValue: 0 },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: f.tax });
    await expect(input).toBeDisabled();
    await expect(input).toHaveAccessibleDescription(f.taxNote);
  },
};
