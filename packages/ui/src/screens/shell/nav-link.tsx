import type { MouseEvent, ReactNode } from 'react';
import { confirmLeaving } from '../../lib/session-draft.js';

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
 * A navigation link's click: with unsaved input it asks `question` first and stays (no
 * navigation) when the person says so; else `left` runs (a menu folding away).
 */
export function leaveUnlessUnsaved(question: string, left?: () => void) {
  return (event: MouseEvent) => {
    if (!confirmLeaving(question)) return event.preventDefault();
    left?.();
  };
}
