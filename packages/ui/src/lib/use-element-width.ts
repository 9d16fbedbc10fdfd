import { type RefCallback, useCallback, useLayoutEffect, useState } from 'react';

/**
 * The width in CSS pixels of the element the returned ref is put on, following its changes (a
 * rotated phone, a sidebar opened); `initial` until it is measured (and in a server render).
 */
export function useElementWidth<T extends Element>(initial: number): [RefCallback<T>, number] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(initial);
  const ref = useCallback((node: T | null) => setElement(node), []);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    // Measured before the first paint, so a phone never sees the wide drawing first.
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [ref, width];
}
