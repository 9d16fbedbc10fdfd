import { expect, waitFor } from 'storybook/test';

/**
 * Waits until nothing in `root` shows the loading spinner (`Spinner` of components/States.tsx):
 * a story whose play is over before a list of its page has come would be pictured loading.
 */
export async function whenNothingLoads(root: HTMLElement): Promise<void> {
  await waitFor(() => expect(root.querySelector('.animate-spin')).toBeNull());
}
