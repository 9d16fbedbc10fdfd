import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { Button } from './Button.js';
import { ToastProvider, toastDurations, useToast } from './Toast.js';

const c = messagesId.common;

/** Buttons a screen would have; the story's `timeout` arg is kept short for the tests. */
function Demo({ timeout }: { timeout: number }) {
  const toast = useToast();
  return (
    <div className="flex gap-2">
      <Button onPress={() => toast.success(undefined, messagesId.reports.created, timeout)}>
        {messagesId.reports.form.submit}
      </Button>
      <Button
        variant="danger"
        onPress={() => toast.error(undefined, messagesId.reports.createFailed, timeout)}
      >
        {messagesId.reports.admin.download}
      </Button>
    </div>
  );
}

const meta = {
  title: 'Building blocks/Toast',
  component: ToastProvider,
  args: { children: <Demo timeout={300} /> },
} satisfies Meta<typeof ToastProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

const toastWith = (title: string) => screen.findByRole('alertdialog', { name: new RegExp(title) });

export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: messagesId.reports.form.submit }));
    const toast = await toastWith(c.successTitle);
    await expect(toast).toHaveTextContent(messagesId.reports.created);
    // Gone after its timeout.
    await waitFor(() => expect(toast).not.toBeInTheDocument(), { timeout: 2000 });
  },
};

const ErrorStory: Story = {
  args: { children: <Demo timeout={toastDurations.article} /> },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: messagesId.reports.admin.download }));
    const toast = await toastWith(c.failureTitle);
    await expect(toast).toHaveTextContent(messagesId.reports.createFailed);
    // Gone as soon as it is closed, well before its 5 s.
    await userEvent.click(within(toast).getByRole('button', { name: c.close }));
    await waitFor(() => expect(toast).not.toBeInTheDocument());
  },
};

export { ErrorStory as Error };

export const Stacked: Story = {
  args: { children: <Demo timeout={toastDurations.article} /> },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: messagesId.reports.form.submit }));
    await userEvent.click(canvas.getByRole('button', { name: messagesId.reports.admin.download }));
    await expect(await toastWith(c.successTitle)).toBeVisible();
    await expect(await toastWith(c.failureTitle)).toBeVisible();
  },
};
