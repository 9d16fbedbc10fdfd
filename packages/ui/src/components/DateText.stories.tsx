import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DateText } from './DateText.js';

// 04:30 UTC is 11:30 in Jakarta (WIB), the default time zone.
const instant = '2026-11-21T04:30:00.000Z';

const meta = {
  title: 'Building blocks/DateText',
  component: DateText,
  args: { value: instant, format: 'long' },
} satisfies Meta<typeof DateText>;
export default meta;
type Story = StoryObj<typeof meta>;

const timeElement = (canvasElement: HTMLElement) => canvasElement.querySelector('time');

export const Long: Story = {
  play: async ({ canvasElement }) => {
    const time = timeElement(canvasElement);
    await expect(time).toHaveTextContent('21 November 2026 pukul 11.30');
    await expect(time).toHaveAttribute('datetime', instant);
  },
};

export const ShortId: Story = {
  args: { format: 'shortId' },
  play: async ({ canvasElement }) => {
    await expect(timeElement(canvasElement)).toHaveTextContent('21 Nov 2026');
  },
};

export const ShortEnUs: Story = {
  args: { format: 'shortEnUs' },
  play: async ({ canvasElement }) => {
    await expect(timeElement(canvasElement)).toHaveTextContent('Nov 21, 2026');
  },
};

export const OtherTimeZone: Story = {
  args: { timeZone: 'UTC' },
  play: async ({ canvasElement }) => {
    await expect(timeElement(canvasElement)).toHaveTextContent('21 November 2026 pukul 04.30');
  },
};

export const Unknown: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(messagesId.dates.unknown);
    await expect(timeElement(canvasElement)).toBeNull();
  },
};

export const Invalid: Story = {
  args: { value: 'bukan tanggal' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(messagesId.dates.invalid);
    await expect(timeElement(canvasElement)).toBeNull();
  },
};
