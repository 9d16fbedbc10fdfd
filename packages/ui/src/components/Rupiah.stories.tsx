import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Rupiah } from './Rupiah.js';

const meta = {
  title: 'Building blocks/Rupiah',
  component: Rupiah,
  args: { value: 1234567 },
} satisfies Meta<typeof Rupiah>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Rp 1.234.567');
  },
};

export const Zero: Story = {
  args: { value: 0 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Rp 0');
  },
};

export const Negative: Story = {
  args: { value: -1234 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('-Rp 1.234');
  },
};

/** A fraction (12% tax of an odd total) is rounded to whole rupiah. */
export const RoundsFraction: Story = {
  args: { value: 1500.5 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Rp 1.501');
  },
};

export const Large: Story = {
  args: { value: 98765432101234n },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Rp 98.765.432.101.234');
  },
};
