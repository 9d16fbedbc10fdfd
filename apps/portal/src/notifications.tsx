import { ConnectedNotificationBell } from '@ranwal/ui';
import { useNavigate } from 'react-router';

/**
 * The header's bell, for every signed-in person; choosing a notification opens what it is
 * about (`notificationTarget` in @ranwal/ui decides where: a line's detail on the user's
 * dashboard, the sub kegiatan on Verifikasi).
 */
export function PortalNotificationBell() {
  const navigate = useNavigate();
  return <ConnectedNotificationBell onNavigate={(target) => navigate(target)} />;
}
