import type { MouseEvent, ReactNode } from 'react';

/**
 * What a navigation link receives (the admin sidebar's, a unit's page links); pass
 * react-router's Link through a `renderLink` prop to use it.
 */
export interface NavLinkProps {
  href: string;
  className: string;
  'aria-current'?: 'page';
  /** Calls `preventDefault` when the person chose to stay (unsaved input); the link must not navigate then. */
  onClick: (event: MouseEvent) => void;
  children: ReactNode;
}

/** A plain `<a href>`: the default of every `renderLink`. */
export const renderAnchor = (props: NavLinkProps) => <a {...props} />;

/**
 * A link's own focus ring: router links are plain anchors, which react-aria's
 * `data-focus-visible` never marks, so the browser's `:focus-visible` decides.
 */
export const navLinkFocus =
  'outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-brand-600';
