import { ApiError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { Button } from '../components/Button.js';
import { ToastProvider } from '../components/Toast.js';
import { useCallToasts } from './call-toasts.js';

const t = messagesId.history.export;
const refusal = messagesId.history.fetchFailed;

/** Riwayat Perubahan's 'Unduh Excel': a toast says the download, or why it failed. */
function Download({ onDownload }: { onDownload: () => Promise<unknown> }) {
  const toasts = useCallToasts();
  return (
    <Button
      variant="secondary"
      onPress={() => void toasts.attempt(onDownload, () => t.downloaded, t.failed)}
    >
      {t.button}
    </Button>
  );
}

const meta = {
  title: 'Building blocks/useCallToasts',
  component: Download,
  args: { onDownload: fn(async () => undefined) },
  decorators: [(Story) => <ToastProvider>{Story()}</ToastProvider>],
} satisfies Meta<typeof Download>;
export default meta;
type Story = StoryObj<typeof meta>;

const toastWith = (title: string) => screen.findByRole('alertdialog', { name: new RegExp(title) });

export const Success: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.button }));
    await expect(args.onDownload).toHaveBeenCalledOnce();
    await expect(await toastWith(messagesId.common.successTitle)).toHaveTextContent(t.downloaded);
  },
};

/** Never throws: the server's words in an error toast, or the fallback. */
export const Failure: Story = {
  args: {
    onDownload: fn(async () => {
      throw new ApiError({ kind: 'http', status: 500, message: refusal, serverMessage: refusal });
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.button }));
    await expect(await toastWith(messagesId.common.failureTitle)).toHaveTextContent(refusal);
  },
};
