import { type ClassValue, clsx } from 'clsx';
import { composeRenderProps } from 'react-aria-components';
import { twMerge } from 'tailwind-merge';

/** The one className-merging helper: later Tailwind classes win over earlier ones. */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}

/** Merge our classes with a react-aria `className` that may be a render-prop function. */
export function composeClassName<T>(
  className:
    | string
    | ((values: T & { defaultClassName: string | undefined }) => string)
    | undefined,
  ours: string | ((values: T) => string),
): string | ((values: T & { defaultClassName: string | undefined }) => string) {
  return composeRenderProps(className, (outer, values) =>
    cn(typeof ours === 'function' ? ours(values) : ours, outer),
  );
}

/** The one focus ring, driven by react-aria's data-focus-visible. */
export const focusRing =
  'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand-600';
