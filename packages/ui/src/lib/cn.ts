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

/*
 * The focus rings: a 2 px brand outline on what the keyboard reached. Each names its style
 * (`outline-solid`): in Tailwind 4 `outline-none` sets the style every later `outline-2` reads
 * to none, and no ring of the app showed until 2026-12-04. Another offset is a class after the
 * ring, which `cn` lets win.
 */

/** The one focus ring, driven by react-aria's data-focus-visible. */
export const focusRing =
  'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand-600';

/** The ring inside its element (a table's rows and cells, a list's options). */
export const insetFocusRing =
  'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-brand-600';

/**
 * The ring of an element react-aria does not mark (a router link, a focusable region): the
 * browser's `:focus-visible` decides.
 */
export const focusVisibleRing =
  'outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-brand-600';
