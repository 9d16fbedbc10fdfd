import { ConnectedUserDashboard, userReportsDefaultView } from '@ranwal/ui';
import { PortalNotificationBell } from '../notifications.js';
import { usePasswordChange } from '../password-change.js';
import { useReportViewInUrl } from '../report-view-url.js';
import { useSessionContext } from '../session.js';

export default function UserDashboardPage() {
  const { session, signOut } = useSessionContext();
  const [view, setView] = useReportViewInUrl(userReportsDefaultView);
  const passwordChange = usePasswordChange();
  return (
    <>
      <ConnectedUserDashboard
        onLogout={() => signOut('logout')}
        onChangePassword={passwordChange.open}
        notifications={<PortalNotificationBell />}
        hasToken={Boolean(session?.token)}
        view={view}
        onViewChange={setView}
      />
      {passwordChange.dialog}
    </>
  );
}
