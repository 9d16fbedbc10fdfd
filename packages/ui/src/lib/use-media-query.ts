import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here a report list is a table, below it a list of cards. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/**
 * Whether the media query matches, following changes (a rotated phone, a resized window). A
 * server render, which has no screen, takes `serverValue`.
 */
export function useMediaQuery(query: string, serverValue = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? serverValue,
    () => serverValue,
  );
}
