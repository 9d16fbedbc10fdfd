import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from './Button.js';
import { Modal } from './Dialog.js';
import { FormDialog, useFailure } from './FormDialog.js';
import { TextField } from './TextField.js';

const c = messagesId.common;
const t = messagesId.planning.pagu;

/** A reason form that fails its first save, then succeeds: what every admin dialog does. */
function ReasonForm({
  onSave,
  problems,
}: {
  onSave: (reason: string) => void;
  problems?: string[];
}) {
  const { failure, show, clear } = useFailure();
  const [reason, setReason] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [tries, setTries] = useState(0);
  return (
    <FormDialog
      title={t.dialogTitle}
      isSaving={isSaving}
      failure={failure}
      problems={problems}
      onSubmit={async () => {
        clear();
        setSaving(true);
        await new Promise((resolve) => setTimeout(resolve, 50));
        setSaving(false);
        setTries((n) => n + 1);
        if (tries === 0) show(t.saveFailed);
        else onSave(reason);
      }}
    >
      <TextField label={t.reason} value={reason} onChange={setReason} />
    </FormDialog>
  );
}

const meta = {
  title: 'Building blocks/FormDialog',
  component: ReasonForm,
  args: { onSave: fn() },
  render: (args) => (
    <DialogTrigger>
      <Button>{c.edit}</Button>
      <Modal>
        <ReasonForm {...args} />
      </Modal>
    </DialogTrigger>
  ),
} satisfies Meta<typeof ReasonForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: c.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.reason }), 'Nota dinas');
    await userEvent.click(within(dialog).getByRole('button', { name: c.save }));
    // The first save fails: the banner says so above the fields and the dialog stays open.
    await expect(await within(dialog).findByText(t.saveFailed)).toBeVisible();
    await expect(within(dialog).getByText(c.failureTitle)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: c.save }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledWith('Nota dinas'));
    await expect(within(dialog).queryByText(t.saveFailed)).not.toBeInTheDocument();
  },
};

export const WithProblems: Story = {
  args: { problems: [t.reasonRequired, t.allowOverrunHint] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: c.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    await expect(within(dialog).getByText(t.reasonRequired)).toBeVisible();
    await expect(within(dialog).getByText(t.allowOverrunHint)).toBeVisible();
  },
};

export const Cancel: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: c.edit });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: c.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};
