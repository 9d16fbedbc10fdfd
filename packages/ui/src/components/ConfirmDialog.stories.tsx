import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from './Button.js';
import { ConfirmDialog } from './ConfirmDialog.js';

const m = messagesId.common.confirmDelete;

const meta = {
  title: 'Building blocks/ConfirmDialog',
  component: ConfirmDialog,
  args: { isOpen: false, onOpenChange: fn(), onConfirm: fn() },
  // A row's delete button opening the confirmation, the way screens use it.
  render: function Harness(args) {
    const [isOpen, setOpen] = useState(args.isOpen);
    const onOpenChange = (open: boolean) => {
      setOpen(open);
      args.onOpenChange(open);
    };
    return (
      <>
        <Button variant="danger" size="sm" onPress={() => onOpenChange(true)}>
          {messagesId.common.delete}
        </Button>
        <ConfirmDialog {...args} isOpen={isOpen} onOpenChange={onOpenChange} />
      </>
    );
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const open = async () => {
      await userEvent.click(canvas.getByRole('button', { name: messagesId.common.delete }));
      return screen.findByRole('alertdialog', { name: m.title });
    };
    const closed = () =>
      waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const dialog = await open();
    await expect(dialog).toHaveTextContent(m.text);
    await userEvent.click(within(dialog).getByRole('button', { name: m.cancel }));
    await closed();
    await expect(args.onConfirm).not.toHaveBeenCalled();

    await open();
    await userEvent.keyboard('{Escape}');
    await closed();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();

    await userEvent.click(within(await open()).getByRole('button', { name: m.confirm }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** Users and articles ask their own question. */
export const CustomMessage: Story = {
  args: { isOpen: true, message: messagesId.users.confirmDelete },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: m.title });
    await expect(dialog).toHaveTextContent(messagesId.users.confirmDelete);
  },
};

export const Busy: Story = {
  args: { isOpen: true, isPending: true },
  play: async ({ userEvent, args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: m.title });
    await expect(
      within(dialog).getByRole('button', { name: messagesId.common.deleting }),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: m.cancel })).toBeDisabled();
    // While deleting, Escape does not close it.
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  },
};

const advance = messagesId.stages.advance;
const stageName = messagesId.server.stageNames;
const early = messagesId.server.stageEarly(stageName.perubahan, 2026, '01/07/2026');

/** Another confirmation saying its consequence first (Tahapan's move to the next stage). */
export const WithConsequence: Story = {
  args: {
    isOpen: true,
    title: advance.title,
    message: advance.text(stageName.penetapan, stageName.perubahan),
    consequence: { title: advance.outsideDates, text: early },
    confirmLabel: advance.confirm,
  },
  play: async ({ userEvent, args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: advance.title });
    await expect(dialog).toHaveTextContent(advance.text(stageName.penetapan, stageName.perubahan));
    await expect(within(dialog).getByText(advance.outsideDates)).toBeVisible();
    await expect(dialog).toHaveTextContent(early);
    await userEvent.click(within(dialog).getByRole('button', { name: advance.confirm }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};
