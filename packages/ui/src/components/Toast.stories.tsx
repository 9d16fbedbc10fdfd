import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { Button } from './Button.js';
import { ToastProvider, toastDurations, useToast } from './Toast.js';

const c = messagesId.common;

const choiceText = (n: number) => messagesId.levels.program.selected(`Program ${n}`);

/** Buttons a screen would have; the story's `timeout` arg is kept short for the tests. */
function Demo({ timeout }: { timeout: number }) {
  const toast = useToast();
  const choices = useRef(0);
  return (
    <div className="flex gap-2">
      <Button
        variant="secondary"
        onPress={() => {
          choices.current += 1;
          toast.success(undefined, choiceText(choices.current), timeout, { group: 'choice' });
        }}
      >
        {messagesId.levels.program.selectPlaceholder}
      </Button>
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
    await waitFor(() => expect(toast).not.toBeInTheDocument());
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

/** Toasts of one group replace each other (issue 33): three choices, one confirmation on screen. */
export const GroupReplaces: Story = {
  args: { children: <Demo timeout={toastDurations.article} /> },
  play: async ({ canvas, userEvent }) => {
    const choose = canvas.getByRole('button', {
      name: messagesId.levels.program.selectPlaceholder,
    });
    for (let n = 0; n < 3; n++) await userEvent.click(choose);
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(1));
    await expect(screen.getByRole('alertdialog')).toHaveTextContent(choiceText(3));
    // A toast of no group stays beside it.
    await userEvent.click(canvas.getByRole('button', { name: messagesId.reports.form.submit }));
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(2));
    await userEvent.click(choose);
    await waitFor(() => expect(screen.getByText(choiceText(4))).toBeVisible());
    await expect(screen.getAllByRole('alertdialog')).toHaveLength(2);
    await expect(screen.queryByText(choiceText(3))).not.toBeInTheDocument();
  },
};
