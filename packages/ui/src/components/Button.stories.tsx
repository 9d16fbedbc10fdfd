import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './Button.js';

const meta = {
  title: 'Building blocks/Button',
  component: Button,
  args: { children: 'Simpan', onPress: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Simpan' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Batal' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Ya, Hapus!' } };
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Simpan' }));
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};
export const Busy: Story = { args: { isPending: true, children: 'Menyimpan...' } };

/**
 * Reached with Tab, the button shows its focus ring (a 2 px brand outline); pressed with the
 * mouse it shows none.
 */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Simpan' });
    await userEvent.click(button);
    await expect(getComputedStyle(button).outlineStyle).toBe('none');
    button.blur();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
    await expect(getComputedStyle(button).outlineWidth).toBe('2px');
  },
};
