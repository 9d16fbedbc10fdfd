import type { Decorator } from '@storybook/react-vite';
import type { NetworkStatus } from '../../data/outbox.js';

/*
 * Story support only (not exported by the package): a network the play function switches, and a
 * phone-wide frame so every picture shows the screen at 390 px.
 */

export interface StoryNetwork extends NetworkStatus {
  /** Goes on or offline, telling the outbox as the browser's 'online'/'offline' events would. */
  set(online: boolean): void;
}

export function storyNetwork(online: boolean): StoryNetwork {
  let current = online;
  const listeners = new Set<() => void>();
  return {
    isOnline: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      current = value;
      for (const listener of listeners) listener();
    },
  };
}

/** The story in a 390 px column, the width of the phones these screens are made for. */
export const phoneFrame: Decorator = (Story) => (
  <div style={{ width: 390, maxWidth: '100%' }}>
    <Story />
  </div>
);

/** The file input a FileTrigger renders right after its button. */
export function fileInputOf(button: HTMLElement): HTMLInputElement {
  const input = button.nextElementSibling;
  if (!(input instanceof HTMLInputElement) || input.type !== 'file') {
    throw new Error('No file input after the button');
  }
  return input;
}
