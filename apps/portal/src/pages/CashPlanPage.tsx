import {
  ConnectedCashPlan,
  ConnectedFundingRecap,
  ConnectedMonthlyPlan,
  UserDashboardFrame,
  useBudgetYear,
  YearSelect,
} from '@ranwal/ui';
import { PortalNotificationBell } from '../notifications.js';
import { usePasswordChange } from '../password-change.js';
import { useSessionContext } from '../session.js';
import { UserNavigation } from '../user-navigation.js';

/**
 * `/anggaran-kas` (issue 36): a sub kegiatan's monthly plan. A unit's planner opens it from the
 * links under their header, with the budget year there as on the dashboard; an admin from the
 * sidebar, with the year beside the sub kegiatan. Below, the year's plan per month and its lines
 * by sumber dana over the person's units (the admin's: the region's).
 */
export default function CashPlanPage() {
  const { session, signOut } = useSessionContext();
  const budget = useBudgetYear();
  const passwordChange = usePasswordChange();
  if (session?.userRole !== 'user') {
    return (
      <div className="flex flex-col gap-6">
        <ConnectedCashPlan showYear level={1} />
        <ConnectedMonthlyPlan />
        <ConnectedFundingRecap />
      </div>
    );
  }
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
      <ConnectedCashPlan />
      <ConnectedMonthlyPlan />
      <ConnectedFundingRecap />
      {passwordChange.dialog}
    </UserDashboardFrame>
  );
}
