import type { Session } from '@ranwal/core';
import { ConnectedNotificationBell } from '@ranwal/ui';
import { useNavigate } from 'react-router';
import { useSessionContext } from './session.js';

/** Where a notification leads: a verifier or an admin to Verifikasi, a user to their dashboard. */
export const notificationTarget = (session: Session | null): string =>
  session?.userRole === 'user' ? '/user-dashboard' : '/verifikasi';

/** The header's bell, for every signed-in person; choosing a notification opens its page. */
export function PortalNotificationBell() {
  const { session } = useSessionContext();
  const navigate = useNavigate();
  return (
    <ConnectedNotificationBell onOpenNotification={() => navigate(notificationTarget(session))} />
  );
}
