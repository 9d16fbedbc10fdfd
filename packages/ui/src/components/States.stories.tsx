import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EmptyState, ErrorState, LoadingState } from './States.js';

const list = messagesId.reports.list;
const articles = messagesId.articles;

const meta = {
  title: 'Building blocks/States',
  component: ErrorState,
  args: { heading: list.loadErrorHeading, message: list.loadFailed, onRetry: fn() },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

const ErrorStory: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(list.loadErrorHeading);
    await expect(alert).toHaveTextContent(list.loadFailed);
    await userEvent.click(canvas.getByRole('button', { name: articles.management.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

// Exported under the state's name without shadowing the global Error.
export { ErrorStory as Error };

/** The public home page says it in English. */
export const ErrorTryAgain: Story = {
  args: {
    heading: undefined,
    message: articles.public.loadFailed,
    retryLabel: articles.public.tryAgain,
  },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: articles.public.tryAgain }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const ErrorWithoutRetry: Story = {
  args: { onRetry: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  render: () => <LoadingState />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(messagesId.common.loading);
  },
};

export const LoadingWithLabel: Story = {
  render: () => <LoadingState label={articles.public.loading} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(articles.public.loading);
  },
};

export const Empty: Story = {
  render: () => (
    <EmptyState text={articles.management.emptyTitle} hint={articles.management.emptyNone} />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(articles.management.emptyTitle)).toBeVisible();
    await expect(canvas.getByText(articles.management.emptyNone)).toBeVisible();
  },
};
