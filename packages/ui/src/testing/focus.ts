import { expect, waitFor } from 'storybook/test';

/**
 * Waits until a closed dialog has given focus back to the button that opened it. react-aria does
 * so a frame after the dialog leaves, and the browser scrolls the button into view: a story whose
 * play ends before then is pictured elsewhere on its page (CI pictured two at the page's top).
 */
export async function whenFocusIsBack(opener: HTMLElement): Promise<void> {
  await waitFor(() => expect(opener).toHaveFocus());
}
