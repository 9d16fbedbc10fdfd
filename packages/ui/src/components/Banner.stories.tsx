import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Banner } from './Banner.js';

const c = messagesId.common;

const meta = {
  title: 'Building blocks/Banner',
  component: Banner,
  args: { tone: 'success', title: c.successTitle, children: messagesId.users.created },
} satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    const banner = canvas.getByRole('status');
    await expect(banner).toHaveTextContent(c.successTitle);
    await expect(banner).toHaveTextContent(messagesId.users.created);
  },
};

const ErrorStory: Story = {
  args: { tone: 'error', title: c.failureTitle, children: messagesId.users.createFailed },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(messagesId.users.createFailed);
  },
};

export { ErrorStory as Error };

export const Warning: Story = {
  args: {
    tone: 'warning',
    title: messagesId.hierarchy.incompleteTitle,
    children: messagesId.hierarchy.incompleteText,
  },
};

export const Info: Story = {
  args: { tone: 'info', title: undefined, children: messagesId.reports.form.incompleteHierarchy },
};

export const Dismissable: Story = {
  args: { onDismiss: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: c.close }));
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

/** The user list's banners hide after 5 s; 300 ms here. */
export const AutoHide: Story = {
  args: { timeout: 300, onDismiss: fn() },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('status')).not.toBeInTheDocument());
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};
