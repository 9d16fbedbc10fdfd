import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TextField } from './TextField.js';

const meta = {
  title: 'Building blocks/TextField',
  component: TextField,
  args: { label: messagesId.login.email, type: 'email', onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'nama@instansi.go.id' },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: messagesId.login.email });
    await userEvent.type(input, 'admin@ranwal.id');
    await expect(input).toHaveValue('admin@ranwal.id');
    await expect(args.onChange).toHaveBeenLastCalledWith('admin@ranwal.id');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const WithDescription: Story = {
  args: {
    label: messagesId.articles.fields.content,
    description: messagesId.articles.fields.contentHtmlHint,
    type: 'text',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('textbox', { name: messagesId.articles.fields.content }),
    ).toHaveAccessibleDescription(messagesId.articles.fields.contentHtmlHint);
  },
};

export const Required: Story = {
  args: { isRequired: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: messagesId.login.email })).toBeRequired();
  },
};

export const Invalid: Story = {
  args: { defaultValue: 'bukan-email', errorMessage: messagesId.validation.invalidEmail },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: messagesId.login.email });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(messagesId.validation.invalidEmail)).toBeVisible();
    await expect(input).toHaveAccessibleDescription(messagesId.validation.invalidEmail);
  },
};

export const Multiline: Story = {
  args: {
    label: messagesId.reports.form.specification,
    type: 'text',
    multiline: true,
    rows: 3,
    defaultValue: 'Kertas HVS A4 80 gram',
  },
  play: async ({ canvas, userEvent, args }) => {
    const textarea = canvas.getByRole('textbox', { name: messagesId.reports.form.specification });
    await expect(textarea.tagName).toBe('TEXTAREA');
    await userEvent.type(textarea, '{Enter}5 rim');
    await expect(args.onChange).toHaveBeenLastCalledWith('Kertas HVS A4 80 gram\n5 rim');
  },
};

export const Password: Story = {
  args: { label: messagesId.login.password, type: undefined, revealable: true, isRequired: true },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText(messagesId.login.password, { selector: 'input' });
    await userEvent.type(input, 'rahasia123');
    await expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(canvas.getByRole('button', { name: messagesId.login.showPassword }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('rahasia123');

    await userEvent.click(canvas.getByRole('button', { name: messagesId.login.hidePassword }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'admin@ranwal.id' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: messagesId.login.email })).toBeDisabled();
  },
};
