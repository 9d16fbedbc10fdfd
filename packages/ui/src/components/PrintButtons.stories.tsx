import { ApiError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import type { DownloadedFile } from '../data/queries.js';
import { PrintButtons, type PrintFormat } from './PrintButtons.js';
import { ToastProvider } from './Toast.js';

const t = messagesId.funding.recap;
const file = (format: string) => ({
  blob: new Blob(['isi'], { type: 'application/octet-stream' }),
  fileName: `rekap-sumber-dana-2026.${format}`,
});

const meta = {
  title: 'Building blocks/PrintButtons',
  component: PrintButtons,
  args: {
    labels: { xlsx: t.download, pdf: t.downloadPdf },
    fetchFile: fn(async (format: PrintFormat): Promise<DownloadedFile> => file(format)),
    saveFile: fn(),
    downloaded: t.downloaded,
    failed: t.downloadFailed,
  },
  decorators: [(Story) => <ToastProvider>{Story()}</ToastProvider>],
} satisfies Meta<typeof PrintButtons>;
export default meta;
type Story = StoryObj<typeof meta>;

const toastWith = (title: string) => screen.findByRole('alertdialog', { name: new RegExp(title) });

/** The PDF pressed: fetched in that format, handed to the person, said in a toast. */
export const Printed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.downloadPdf }));
    await expect(args.fetchFile).toHaveBeenCalledWith('pdf');
    await expect(await toastWith(messagesId.common.successTitle)).toHaveTextContent(t.downloaded);
    await expect(args.saveFile).toHaveBeenCalledWith(file('pdf'));
  },
};

/** While one downloads, it is busy and the other waits; both come back after. */
export const Busy: Story = {
  args: {
    fetchFile: fn(
      (format: PrintFormat) =>
        new Promise<DownloadedFile>((resolve) => setTimeout(() => resolve(file(format)), 600)),
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.download }));
    await expect(canvas.getByRole('button', { name: t.downloadPdf })).toBeDisabled();
    await waitFor(() => expect(canvas.getByRole('button', { name: t.downloadPdf })).toBeEnabled());
  },
};

/** A refusal is said with the server's words; nothing is saved. */
export const Failed: Story = {
  args: {
    fetchFile: fn(async (_format: PrintFormat): Promise<DownloadedFile> => {
      throw new ApiError({
        kind: 'http',
        status: 403,
        message: 'Anda tidak memiliki akses',
        serverMessage: 'Anda tidak memiliki akses',
      });
    }),
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.download }));
    await expect(await toastWith(messagesId.common.failureTitle)).toHaveTextContent(
      'Anda tidak memiliki akses',
    );
    await expect(args.saveFile).not.toHaveBeenCalled();
  },
};
