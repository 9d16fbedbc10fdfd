import { ApiError, messagesId, StageLockInput } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ReasonDialog } from './ReasonDialog.js';

const t = messagesId.stages.lock;
const stage = messagesId.server.stageNames.penetapan;
const title = t.unlockTitle(stage);
const tooLong = 'maksimal 1000 karakter';

const meta = {
  title: 'Building blocks/ReasonDialog',
  component: ReasonDialog,
  args: {
    texts: {
      title,
      text: t.unlockText,
      reason: t.reason,
      reasonPlaceholder: t.reasonPlaceholder,
      failed: t.failed,
    },
    check: (reason: string) => StageLockInput.safeParse({ year: 2026, locked: false, reason }),
    onClose: fn(),
    onSubmit: fn(async () => undefined),
  },
} satisfies Meta<typeof ReasonDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const reasonField = async () => {
  const dialog = await screen.findByRole('dialog', { name: title });
  return { dialog, field: within(dialog).getByRole('textbox', { name: t.reason }) };
};

/** The reason is sent trimmed; the dialog closes when the call is done. */
export const Default: Story = {
  play: async ({ args, userEvent }) => {
    const { dialog, field } = await reasonField();
    await expect(dialog).toHaveTextContent(t.unlockText);
    await userEvent.type(field, ' Revisi DPA ');
    await userEvent.click(within(dialog).getByRole('button', { name: messagesId.common.save }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('Revisi DPA'));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** A blank reason is refused by core's schema before any call; the field takes the focus. */
export const Refused: Story = {
  play: async ({ args, userEvent }) => {
    const { dialog, field } = await reasonField();
    await userEvent.click(within(dialog).getByRole('button', { name: messagesId.common.save }));
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server's problem with the reason lands on the field; any other failure in the banner. */
export const ServerRefused: Story = {
  args: {
    onSubmit: fn(async () => {
      throw new ApiError({
        kind: 'http',
        status: 422,
        message: tooLong,
        issues: [{ path: 'reason', message: tooLong }],
      });
    }),
  },
  play: async ({ args, userEvent }) => {
    const { dialog, field } = await reasonField();
    await userEvent.type(field, 'Revisi DPA');
    await userEvent.click(within(dialog).getByRole('button', { name: messagesId.common.save }));
    await expect(
      await within(dialog).findByText(messagesId.stages.fieldProblem(t.reason, tooLong)),
    ).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

export const Failed: Story = {
  args: {
    onSubmit: fn(async () => {
      throw new Error('offline');
    }),
  },
  play: async ({ userEvent }) => {
    const { dialog, field } = await reasonField();
    await userEvent.type(field, 'Revisi DPA');
    await userEvent.click(within(dialog).getByRole('button', { name: messagesId.common.save }));
    await expect(await within(dialog).findByText(t.failed)).toBeVisible();
    await expect(within(dialog).getByText(messagesId.common.failureTitle)).toBeVisible();
  },
};
