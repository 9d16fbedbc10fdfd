import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SandboxRanwalProvider } from '../../testing/SandboxRanwalProvider.js';
import { demoCredentials, demoSeed } from '../../testing/sandbox-client.js';
import {
  ConnectedPasswordChangeDialog,
  type ConnectedPasswordChangeDialogProps,
} from './PasswordDialog.js';

const m = messagesId;
const u = m.users;
const person = demoSeed.users.find((user) => user.email === demoCredentials.user.email)!;

/**
 * 'Ubah Kata Sandi' for the signed-in person (from the sidebar or beside Logout): the current
 * password, then the new one twice. Over the sandbox client, signed in as the demo user.
 */
const meta = {
  title: 'Screens/Users/PasswordChange',
  component: ConnectedPasswordChangeDialog,
  args: { isOpen: true, onOpenChange: fn(), onChanged: fn() },
  render: (args: ConnectedPasswordChangeDialogProps) => (
    <SandboxRanwalProvider currentUser={person}>
      <ConnectedPasswordChangeDialog {...args} />
    </SandboxRanwalProvider>
  ),
} satisfies Meta<typeof ConnectedPasswordChangeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: u.changePassword }));

export const Default: Story = {
  play: async () => {
    const form = await dialog();
    await expect(form.getByText(u.ownPasswordHint)).toBeVisible();
    await waitFor(() => expect(form.getByLabelText(u.currentPassword)).toHaveFocus());
    await expect(form.getByLabelText(u.newPassword)).toHaveAccessibleDescription(u.passwordRule);
  },
};

/** A wrong current password is the server's refusal, shown on that field; then it succeeds. */
export const WrongCurrentThenChanged: Story = {
  play: async ({ args }) => {
    const form = await dialog();
    const current = form.getByLabelText(u.currentPassword);
    await userEvent.type(current, 'bukan-ini-1');
    await userEvent.type(form.getByLabelText(u.newPassword), 'sandi-baru-9');
    await userEvent.type(form.getByLabelText(u.repeatPassword), 'sandi-baru-9');
    await userEvent.click(form.getByRole('button', { name: m.common.save }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(m.server.currentPasswordWrong));
    await expect(current).toHaveFocus();
    await expect(args.onChanged).not.toHaveBeenCalled();

    // Typing again takes the server's word away.
    await userEvent.clear(current);
    await userEvent.type(current, demoCredentials.user.password);
    await expect(current).not.toHaveAttribute('aria-invalid');
    await userEvent.click(form.getByRole('button', { name: m.common.save }));
    await waitFor(() => expect(args.onChanged).toHaveBeenCalledOnce());
    await expect(args.onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ email: person.email, token: expect.stringMatching(/\S/) }),
    );
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** What the form refuses before sending: the rule, the same password again, a repetition that differs. */
export const Refused: Story = {
  play: async ({ args }) => {
    const form = await dialog();
    const next = form.getByLabelText(u.newPassword);
    const repeat = form.getByLabelText(u.repeatPassword);
    await userEvent.type(form.getByLabelText(u.currentPassword), demoCredentials.user.password);
    await userEvent.type(next, 'pendek1');
    await userEvent.click(form.getByRole('button', { name: m.common.save }));
    await expect(next).toHaveAccessibleDescription(`${u.passwordRule} ${u.passwordTooShort}`);
    await expect(next).toHaveFocus();
    await userEvent.clear(next);
    await userEvent.type(next, demoCredentials.user.password);
    await expect(next).toHaveAccessibleDescription(
      `${u.passwordRule} ${m.server.validation(u.newPassword, 'harus berbeda dari password saat ini')}`,
    );
    await userEvent.clear(next);
    await userEvent.type(next, 'sandi-baru-9');
    await userEvent.type(repeat, 'sandi-baru-8');
    await expect(repeat).toHaveAccessibleDescription(u.passwordsDiffer);
    await expect(args.onChanged).not.toHaveBeenCalled();
  },
};
