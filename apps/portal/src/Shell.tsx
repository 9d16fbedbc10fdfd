import { AdminShell } from '@ranwal/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PortalNotificationBell } from './notifications.js';
import { usePasswordChange } from './password-change.js';
import { useSessionContext } from './session.js';
import { useViewLink } from './view-url.js';

/** The signed-in layout with the sidebar; its own chunk, so public pages never load it. */
export default function Shell({ children }: { children: ReactNode }) {
  const { session, signOut } = useSessionContext();
  const location = useLocation();
  const passwordChange = usePasswordChange();
  // The budget year chosen stays the year of the next page (and a month, between its pages).
  const renderLink = useViewLink();
  return (
    <AdminShell
      currentPath={location.pathname}
      userName={session?.userName}
      onLogout={() => signOut('logout')}
      onChangePassword={passwordChange.open}
      notifications={<PortalNotificationBell />}
      renderLink={renderLink}
    >
      {children}
      {passwordChange.dialog}
    </AdminShell>
  );
}
