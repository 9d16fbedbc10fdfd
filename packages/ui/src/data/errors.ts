import { isApiError } from '@ranwal/core';

/**
 * The text a screen shows for a failed call (spec section 8): the server's own message when it
 * sent one, else the screen's default; a call that got no answer at all gets the network text.
 */
export function describeError(error: unknown, fallback: string, networkFallback?: string): string {
  if (!isApiError(error)) return fallback;
  if (error.kind === 'network') return networkFallback ?? fallback;
  return error.serverMessage || fallback;
}
