import { expect, waitFor } from 'storybook/test';

/**
 * Waits until a closed dialog has given focus back to the button that opened it (react-aria does
 * so a frame after the dialog leaves), then brings that button to the middle of the screen, so
 * the story's picture shows the row it changed. Where the page stood by then depended on the
 * machine: CI pictured 'Set Signer' at the page's top once the focus had come back, as the
 * reloaded sections had shortened the page under it.
 */
export async function whenFocusIsBack(opener: HTMLElement): Promise<void> {
  await waitFor(() => expect(opener).toHaveFocus());
  opener.scrollIntoView({ block: 'center' });
}
