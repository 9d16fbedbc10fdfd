import { ConnectedRealisation, UserDashboardFrame, useBudgetYear, YearSelect } from '@ranwal/ui';
import { PortalNotificationBell } from '../notifications.js';
import { usePasswordChange } from '../password-change.js';
import { useSessionContext } from '../session.js';
import { UserNavigation } from '../user-navigation.js';

/**
 * `/realisasi` (issue 37): a sub kegiatan's payments (SP2D) against its Anggaran Kas. A unit's
 * planner opens it from the links under their header, with the budget year there; an admin from
 * the sidebar, with the year beside the sub kegiatan.
 */
export default function RealisationPage() {
  const { session, signOut } = useSessionContext();
  const budget = useBudgetYear();
  const passwordChange = usePasswordChange();
  if (session?.userRole !== 'user') return <ConnectedRealisation showYear level={1} />;
  return (
    <UserDashboardFrame
      userName={session.userName}
      onLogout={() => signOut('logout')}
      onChangePassword={passwordChange.open}
      notifications={<PortalNotificationBell />}
      navigation={<UserNavigation />}
      yearPicker={
        <YearSelect
          year={budget.year}
          years={budget.years}
          onChange={budget.setYear}
          className="w-36"
        />
      }
    >
      <ConnectedRealisation />
      {passwordChange.dialog}
    </UserDashboardFrame>
  );
}
