import { ConnectedUserDashboard, LINE_PARAM, userReportsDefaultView } from '@ranwal/ui';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PortalNotificationBell } from '../notifications.js';
import { usePasswordChange } from '../password-change.js';
import { useReportViewInUrl } from '../report-view-url.js';
import { useSessionContext } from '../session.js';
import { UserNavigation } from '../user-navigation.js';

export default function UserDashboardPage() {
  const { session, signOut } = useSessionContext();
  const [view, setView] = useReportViewInUrl(userReportsDefaultView);
  const [params, setParams] = useSearchParams();
  const onDetailIdChange = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(LINE_PARAM);
        else next.set(LINE_PARAM, id);
        return next;
      }),
    [setParams],
  );
  const passwordChange = usePasswordChange();
  return (
    <>
      <ConnectedUserDashboard
        onLogout={() => signOut('logout')}
        onChangePassword={passwordChange.open}
        notifications={<PortalNotificationBell />}
        navigation={<UserNavigation />}
        hasToken={Boolean(session?.token)}
        view={view}
        onViewChange={setView}
        detailId={params.get(LINE_PARAM)}
        onDetailIdChange={onDetailIdChange}
      />
      {passwordChange.dialog}
    </>
  );
}
