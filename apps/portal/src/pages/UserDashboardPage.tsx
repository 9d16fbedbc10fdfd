import { ConnectedUserDashboard, userReportsDefaultView } from '@ranwal/ui';
import { useReportViewInUrl } from '../report-view-url.js';
import { useSessionContext } from '../session.js';

export default function UserDashboardPage() {
  const { session, signOut } = useSessionContext();
  const [view, setView] = useReportViewInUrl(userReportsDefaultView);
  return (
    <ConnectedUserDashboard
      onLogout={() => signOut('logout')}
      hasToken={Boolean(session?.token)}
      view={view}
      onViewChange={setView}
    />
  );
}
