import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the value of the last render, for a callback that keeps its identity (so a
 * memoised child is not drawn again) yet calls the handler it was last given when it runs.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
