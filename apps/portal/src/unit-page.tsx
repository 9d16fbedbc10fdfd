import { UserDashboardFrame, useBudgetYear, YearSelect } from '@ranwal/ui';
import type { ReactNode } from 'react';
import { PortalNotificationBell } from './notifications.js';
import { usePasswordChange } from './password-change.js';
import { useSessionContext } from './session.js';
import { UserNavigation } from './user-navigation.js';

/**
 * A unit's page beyond its dashboard (Anggaran Kas, Realisasi Anggaran): under its own header,
 * with the links between its pages and the budget year every section reads.
 */
export function UnitPageFrame({ children }: { children: ReactNode }) {
  const { session, signOut } = useSessionContext();
  const budget = useBudgetYear();
  const passwordChange = usePasswordChange();
  return (
    <UserDashboardFrame
      userName={session?.userName ?? ''}
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
      {children}
      {passwordChange.dialog}
    </UserDashboardFrame>
  );
}
