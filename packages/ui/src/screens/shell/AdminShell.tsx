import { formatDateTimeLong } from '@ranwal/core';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useEffectEvent,
  useId,
  useState,
} from 'react';
import { Button } from '../../components/Button.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import { cn, focusVisibleRing } from '../../lib/cn.js';
import { activeAdminNavItem, adminNavigationFor } from './admin-navigation.js';
import { leaveUnlessUnsaved, type NavLinkProps, renderAnchor } from './nav-link.js';

/** 'Administrator' is 'A', 'Siti Rahmawati' is 'SR'. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** What a sidebar link receives; pass react-router's Link through `renderLink` to use it. */
export type AdminNavLinkProps = NavLinkProps;

/** The spec's clock refresh (section 9). */
const CLOCK_REFRESH_MS = 60_000;

/** The time now, read from `now` at mount and again every minute. */
function useClock(now: () => Date): Date {
  const [current, setCurrent] = useState(now);
  const tick = useEffectEvent(() => setCurrent(now()));
  useEffect(() => {
    const timer = setInterval(tick, CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return current;
}

function MenuIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      className="size-5"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export interface AdminShellProps {
  /** The current location's path; it alone decides which sidebar entry is current. */
  currentPath: string;
  /** The stored user name; the session's name, then 'Admin', when missing. */
  userName?: string | null;
  onLogout: () => void;
  /** Opens the change of one's own password; the sidebar's 'Ubah Kata Sandi' shows only with it. */
  onChangePassword?: () => void;
  /** Renders each sidebar link; a plain `<a href>` by default. */
  renderLink?: (props: AdminNavLinkProps) => ReactNode;
  /** The clock the header shows (read every 60 s); the real time by default. */
  now?: () => Date;
  /** Beside the clock: the notification bell (`ConnectedNotificationBell`), issue 19. */
  notifications?: ReactNode;
  /** The page. */
  children?: ReactNode;
}

const linkStyles = `flex items-center rounded-md px-3 py-2 text-sm font-medium transition-colors ${focusVisibleRing}`;

/**
 * The admin layout (spec "Layout" and "Admin dashboard"): a header with the app name, the date
 * and time and the display name; a sidebar with the navigation, the user's name and Logout. On
 * small screens the sidebar folds away behind a Menu button.
 */
export function AdminShell({
  currentPath,
  userName,
  onLogout,
  onChangePassword,
  renderLink = renderAnchor,
  now = () => new Date(),
  notifications,
  children,
}: AdminShellProps) {
  const m = useMessages();
  const session = useSession();
  const sidebarId = useId();
  const menuButtonId = useId();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const time = useClock(now);
  const active = activeAdminNavItem(currentPath);
  const name = userName || session?.userName || m.sidebar.fallbackName;
  // The spec's header names the admin role; a verifier's names the person.
  const displayName = session?.userRole === 'verifier' ? name : m.adminDashboard.displayName;

  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isMenuOpen) return;
    setMenuOpen(false);
    document.getElementById(menuButtonId)?.focus();
  };

  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 lg:col-start-2 lg:row-start-1 lg:px-8">
        <Button
          id={menuButtonId}
          variant="secondary"
          size="sm"
          aria-expanded={isMenuOpen}
          aria-controls={sidebarId}
          onPress={() => setMenuOpen((open) => !open)}
          className="lg:hidden"
        >
          <MenuIcon />
          {m.sidebar.menu}
        </Button>
        <div className="min-w-0 flex-1">
          <p className="text-lg font-bold leading-tight text-brand-800">{m.app.name}</p>
          <p className="text-xs text-slate-600">{m.app.subtitle}</p>
        </div>
        {/* On a phone the clock and the name take a line of their own. */}
        <div className="flex w-full flex-wrap items-center justify-between gap-4 sm:w-auto">
          {notifications}
          <time dateTime={time.toISOString()} className="text-sm text-slate-700">
            {formatDateTimeLong(time)}
          </time>
          <div className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
            >
              {initialsOf(displayName)}
            </span>
            <span className="text-sm font-medium text-slate-800">{displayName}</span>
          </div>
        </div>
      </header>

      <aside
        id={sidebarId}
        onKeyDown={closeMenuOnEscape}
        className={cn(
          isMenuOpen ? 'flex' : 'hidden',
          'flex-col border-b border-slate-200 bg-white',
          'lg:sticky lg:top-0 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:flex lg:h-screen lg:self-start lg:border-r lg:border-b-0',
        )}
      >
        <nav aria-label={m.sidebar.navigationLabel} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {adminNavigationFor(session?.userRole).map((item) => {
              const isCurrent = item === active;
              return (
                <li key={item.key}>
                  {renderLink({
                    href: item.href,
                    'aria-current': isCurrent ? 'page' : undefined,
                    onClick: leaveUnlessUnsaved(m.common.leaveUnsaved, () => setMenuOpen(false)),
                    className: cn(
                      linkStyles,
                      isCurrent
                        ? 'bg-brand-50 font-semibold text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    ),
                    children: item.label(m),
                  })}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-4">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-800"
            >
              {initialsOf(name)}
            </span>
            <div className="min-w-0">
              <p className="break-words text-sm font-semibold text-slate-900">{name}</p>
              <p className="text-xs text-slate-600">
                {session?.userRole === 'verifier' ? m.roles.verifier : m.sidebar.roleFooter}
              </p>
            </div>
          </div>
          {onChangePassword && (
            <Button variant="secondary" onPress={onChangePassword} className="w-full">
              {m.users.changePassword}
            </Button>
          )}
          <Button variant="secondary" onPress={onLogout} className="w-full">
            {m.logout.label}
          </Button>
        </div>
      </aside>

      <main className="min-w-0 p-4 sm:p-6 lg:col-start-2 lg:row-start-2 lg:p-8">{children}</main>
    </div>
  );
}
