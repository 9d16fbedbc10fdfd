import { messagesId } from '@ranwal/core';
import { expect, within } from 'storybook/test';

/**
 * The play of a screen's failed-load story: the alert says `message`, and its 'Coba Lagi' button
 * calls the screen's `onRetry`.
 */
export function failureRetried(message: string) {
  return async ({
    canvasElement,
    userEvent,
    args,
  }: {
    canvasElement: HTMLElement;
    userEvent: { click: (element: Element) => Promise<void> };
    args: { onRetry?: unknown };
  }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent(message);
    await userEvent.click(
      within(alert).getByRole('button', { name: messagesId.articles.management.retry }),
    );
    await expect(args.onRetry).toHaveBeenCalledOnce();
  };
}
