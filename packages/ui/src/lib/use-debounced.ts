import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * A search box's text, reported through `onSearchChange` (trimmed) once typing has paused for
 * `delayMs` (spec section 9: 500 ms, 300 ms on the public home page). Returns the text as typed,
 * its setter, and the search last reported.
 */
export function useDebouncedSearch(
  initial: string,
  delayMs: number,
  onSearchChange: (search: string) => void,
) {
  const [text, setText] = useState(initial);
  const search = useDebouncedValue(text.trim(), delayMs);
  const reported = useRef(initial.trim());
  const report = useEffectEvent((next: string) => onSearchChange(next));
  useEffect(() => {
    if (search === reported.current) return;
    reported.current = search;
    report(search);
  }, [search]);
  return [text, setText, search] as const;
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
