import { ApiError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { SandboxRanwalProvider } from '../../testing/SandboxRanwalProvider.js';
import {
  demoCredentials,
  demoSeed,
  type SandboxClientOptions,
} from '../../testing/sandbox-client.js';
import { ConnectedLoginForm, type ConnectedLoginFormProps } from './LoginForm.js';

const login = messagesId.login;

/** A signed-out visitor in front of the sandbox client. */
const signedOut =
  (options: SandboxClientOptions = {}) =>
  (args: ConnectedLoginFormProps) => (
    <SandboxRanwalProvider currentUser={null} latencyMs={50} {...options}>
      <ConnectedLoginForm {...args} />
    </SandboxRanwalProvider>
  );

const meta = {
  title: 'Screens/Shell/ConnectedLoginForm',
  component: ConnectedLoginForm,
  parameters: {
    layout: 'fullscreen',
    // react-aria announces a focused button's pending state through its own hidden live region
    // (role=img nodes naming the button, removed after 7 s); once the button has changed or gone,
    // axe sees them as unnamed images. The region is the library's, not the screen's.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
  decorators: [
    (Story) => (
      <div className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
        <Story />
      </div>
    ),
  ],
  args: { onSignedIn: fn() },
  render: signedOut(),
} satisfies Meta<typeof ConnectedLoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const admin = demoSeed.users.find((user) => user.email === demoCredentials.admin.email)!;

/** Sign in without a mouse: Tab between the fields, Enter on the button. */
export const KeyboardSignIn: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: login.email })).toHaveFocus();
    await userEvent.keyboard(demoCredentials.admin.email);
    await userEvent.tab();
    await expect(canvas.getByLabelText(login.password)).toHaveFocus();
    await userEvent.keyboard(demoCredentials.admin.password);
    await userEvent.tab(); // the show/hide button
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: login.submit })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledOnce());
    await expect(args.onSignedIn).toHaveBeenCalledWith({
      token: expect.stringMatching(/.+/),
      userId: admin.id,
      userName: admin.name,
      userEmail: admin.email,
      userRole: 'admin',
    });
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** While the call runs the button says 'Signing In...'; Enter in the password field submits too. */
export const Busy: Story = {
  render: signedOut({ latencyMs: 600 }),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: login.email }),
      demoCredentials.user.email,
    );
    await userEvent.type(
      canvas.getByLabelText(login.password),
      `${demoCredentials.user.password}{Enter}`,
    );
    const busy = await canvas.findByRole('button', { name: login.submitting });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(await canvas.findByRole('button', { name: login.submit })).toBeVisible();
    await expect(args.onSignedIn).toHaveBeenCalledWith(
      expect.objectContaining({ userEmail: demoCredentials.user.email, userRole: 'user' }),
    );
  },
};

/** A wrong password: the server's own message is shown, and nothing is signed in. */
export const ServerError: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: login.email }),
      demoCredentials.admin.email,
    );
    await userEvent.type(canvas.getByLabelText(login.password), 'salah-sandi');
    await userEvent.click(canvas.getByRole('button', { name: login.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      messagesId.server.signInFailed,
    );
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** A refusal without a message of its own falls back to 'Invalid credentials...'. */
export const RefusedWithoutMessage: Story = {
  render: signedOut({
    failOn: {
      'user.signIn': new ApiError({ kind: 'http', status: 401, message: '401 Unauthorized' }),
    },
  }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: login.email }), 'a@b.co');
    await userEvent.type(canvas.getByLabelText(login.password), 'x{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(login.invalidCredentials);
  },
};

export const NetworkError: Story = {
  render: signedOut({ failOn: { 'user.signIn': 'network' } }),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: login.email }),
      demoCredentials.admin.email,
    );
    await userEvent.type(canvas.getByLabelText(login.password), 'admin12345{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(login.networkError);
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** An answer that breaks the contract is neither a refusal nor a network failure. */
export const UnexpectedError: Story = {
  render: signedOut({
    failOn: {
      'user.signIn': new ApiError({ kind: 'invalid_response', status: 200, message: 'bad body' }),
    },
  }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: login.email }), 'a@b.co');
    await userEvent.type(canvas.getByLabelText(login.password), 'x{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(login.unexpectedError);
  },
};
