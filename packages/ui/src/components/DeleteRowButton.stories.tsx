import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DeleteRowButton } from './DeleteRowButton.js';

const { common } = messagesId;

const meta = {
  title: 'Building blocks/DeleteRowButton',
  component: DeleteRowButton,
  args: { isDeleting: false, onPress: fn() },
} satisfies Meta<typeof DeleteRowButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: common.delete });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

/** While the row's deletion runs: 'Menghapus...', and a second press does nothing. */
export const Deleting: Story = {
  args: { isDeleting: true },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: common.deleting });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};
