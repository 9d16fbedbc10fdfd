import { type Messages, messagesId } from '@ranwal/core';
import type { ReactNode } from 'react';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn, focusVisibleRing } from '../../lib/cn.js';
import { adminNavigation, normalizePath } from './admin-navigation.js';
import { leaveUnlessUnsaved, type NavLinkProps, renderAnchor } from './nav-link.js';

/** One of a unit's pages: where its link goes and its text from a catalogue. */
export interface UnitNavItem {
  readonly href: string;
  readonly label: (messages?: Messages) => string;
}

/** The sidebar's entry for `key`: a unit's pages are the same pages an admin reaches. */
function sidebarPage(key: string): UnitNavItem {
  const item = adminNavigation.find((entry) => entry.key === key);
  if (!item) throw new Error(`No sidebar entry '${key}' for a unit's page`);
  return item;
}

/**
 * A unit's pages, in the order of its day: its lines, their monthly plan, what was paid, the
 * month's report, the field's evidence, the map. A unit has no sidebar; these links stand under
 * its header (`UserDashboardFrame`'s `navigation`).
 */
export const unitNavigation: readonly UnitNavItem[] = [
  {
    href: '/user-dashboard',
    label: (messages = messagesId) => messages.app.pageTitles.userDashboard,
  },
  ...['cashPlan', 'realisation', 'monthlyReport', 'fieldReport', 'regionMap'].map(sidebarPage),
];

export interface UnitNavigationProps {
  /** The current location's path; its page's link is marked current. */
  currentPath: string;
  /** Renders each link; a plain `<a href>` by default. */
  renderLink?: (props: NavLinkProps) => ReactNode;
}

/**
 * The links between a unit's pages: two columns on a phone (every page in sight, each a thumb's
 * height), one row from a tablet up; the current page underlined and marked for screen readers.
 */
export function UnitNavigation({ currentPath, renderLink = renderAnchor }: UnitNavigationProps) {
  const m = useMessages();
  const current = normalizePath(currentPath);
  return (
    <ul className="grid w-full grid-cols-2 gap-x-2 sm:flex sm:flex-wrap sm:gap-1">
      {unitNavigation.map((item) => {
        const isCurrent = item.href === current;
        return (
          <li key={item.href} className="flex">
            {renderLink({
              href: item.href,
              'aria-current': isCurrent ? 'page' : undefined,
              onClick: leaveUnlessUnsaved(m.common.leaveUnsaved),
              className: cn(
                'flex w-full items-center border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
                focusVisibleRing,
                isCurrent
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-brand-800',
              ),
              children: item.label(m),
            })}
          </li>
        );
      })}
    </ul>
  );
}
