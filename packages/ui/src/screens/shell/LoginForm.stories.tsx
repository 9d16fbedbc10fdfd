import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LoginForm } from './LoginForm.js';

const login = messagesId.login;
const v = messagesId.validation;

const meta = {
  title: 'Screens/Shell/LoginForm',
  component: LoginForm,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
        <Story />
      </div>
    ),
  ],
  args: { onSubmit: fn(async () => undefined) },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: login.greeting })).toBeVisible();
    const password = canvas.getByLabelText(login.password);
    await userEvent.type(
      canvas.getByRole('textbox', { name: login.email }),
      ' Admin@Ranwal.Local ',
    );
    await userEvent.type(password, 'rahasia123');

    // The eye button shows the password and hides it again.
    await expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: login.showPassword }));
    await expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: login.hidePassword }));
    await expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(canvas.getByRole('button', { name: login.submit }));
    // The email goes out trimmed and in lower case, as the server compares it.
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: 'admin@ranwal.local',
      password: 'rahasia123',
    });
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** An empty submit marks both fields; a malformed email is named as such. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const email = canvas.getByRole('textbox', { name: login.email });
    const password = canvas.getByLabelText(login.password);
    await expect(email).toHaveAttribute('aria-required', 'true');
    await userEvent.click(canvas.getByRole('button', { name: login.submit }));

    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(v.required(login.email));
    await expect(password).toHaveAccessibleDescription(v.required(login.password));
    // Focus lands on the first field to fix.
    await expect(email).toHaveFocus();

    await userEvent.type(email, 'bukan-email');
    await expect(email).toHaveAccessibleDescription(v.invalidEmail);
    await userEvent.type(password, 'x');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: login.submit }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { isPending: true },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: login.submitting });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(canvas.getByRole('textbox', { name: login.email }), 'admin@ranwal.local');
    await userEvent.type(canvas.getByLabelText(login.password), 'rahasia123{Enter}');
    await userEvent.click(button);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

const ErrorStory: Story = {
  args: { error: login.invalidCredentials },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(login.invalidCredentials);
  },
};

export { ErrorStory as Error };
