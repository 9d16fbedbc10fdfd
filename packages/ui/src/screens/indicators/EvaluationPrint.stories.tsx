import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ToastProvider } from '../../components/Toast.js';
import { EvaluationPrint } from './EvaluationPrint.js';

const m = messagesId;
const t = m.indicators.print;
const file = { fileName: 'evaluasi-renja.pdf', blob: new Blob(['%PDF-']) };

const meta = {
  title: 'Screens/Indicators/EvaluationPrint',
  component: EvaluationPrint,
  decorators: [
    (Story) => (
      <ToastProvider>
        <Story />
      </ToastProvider>
    ),
  ],
  args: {
    quarter: 2,
    onQuarterChange: fn(),
    fetchFile: fn(async () => file),
    saveFile: fn(),
  },
  render: function Render(args) {
    const [quarter, setQuarter] = useState(args.quarter);
    return (
      <EvaluationPrint
        {...args}
        quarter={quarter}
        onQuarterChange={(next) => {
          setQuarter(next);
          args.onQuarterChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof EvaluationPrint>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Triwulan III chosen, then the PDF: fetched to that quarter and handed to the person. */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(t.quarterChoice) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Triwulan III' }));
    await expect(args.onQuarterChange).toHaveBeenCalledWith(3);
    await userEvent.click(canvas.getByRole('button', { name: t.downloadPdf }));
    await waitFor(() => expect(args.saveFile).toHaveBeenCalledWith(file));
    await expect(args.fetchFile).toHaveBeenCalledWith('pdf', 3);
    await expect(await screen.findByText(t.downloaded)).toBeVisible();
  },
};
