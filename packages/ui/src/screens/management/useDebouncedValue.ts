import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** The value as it was `delayMs` after it last changed. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Calls `onSettle` with the text once it has stopped changing for `delayMs`; the value it starts
 * with is not reported, so mounting a search box asks for nothing.
 */
export function useDebouncedCallback(
  text: string,
  delayMs: number,
  onSettle: ((text: string) => void) | undefined,
): void {
  const debounced = useDebouncedValue(text, delayMs);
  const reported = useRef(debounced);
  const report = useEffectEvent((value: string) => onSettle?.(value));
  useEffect(() => {
    if (debounced === reported.current) return;
    reported.current = debounced;
    report(debounced);
  }, [debounced]);
}
