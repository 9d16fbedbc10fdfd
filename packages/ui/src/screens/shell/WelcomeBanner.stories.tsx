import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { WelcomeBanner } from './WelcomeBanner.js';

const text = messagesId.adminDashboard;

const meta = {
  title: 'Screens/Shell/WelcomeBanner',
  component: WelcomeBanner,
} satisfies Meta<typeof WelcomeBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: text.welcomeTitle });
    await expect(region).toHaveTextContent(text.welcomeText);
  },
};
