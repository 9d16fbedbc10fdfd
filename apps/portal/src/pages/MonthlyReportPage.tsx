import { ConnectedMonthlyReport } from '@ranwal/ui';
import { useSessionContext } from '../session.js';
import { UnitPageFrame } from '../unit-page.js';

/**
 * `/laporan-bulanan` (issue 37): the month's cycle. A unit's planner opens it from the links
 * under their header, with the budget year there; a verifier and an admin from the sidebar,
 * with the year on the page and the units to choose from.
 */
export default function MonthlyReportPage() {
  const { session } = useSessionContext();
  if (session?.userRole !== 'user') return <ConnectedMonthlyReport showYear level={1} />;
  return (
    <UnitPageFrame>
      <ConnectedMonthlyReport />
    </UnitPageFrame>
  );
}
