import { ConnectedCashPlan, ConnectedFundingRecap, ConnectedMonthlyPlan } from '@ranwal/ui';
import { useSessionContext } from '../session.js';
import { UnitPageFrame } from '../unit-page.js';

/**
 * `/anggaran-kas` (issue 36): a sub kegiatan's monthly plan. A unit's planner opens it from the
 * links under their header, with the budget year there as on the dashboard; an admin from the
 * sidebar, with the year beside the sub kegiatan. Below, the year's plan per month and its lines
 * by sumber dana over the person's units (the admin's: the region's).
 */
export default function CashPlanPage() {
  const { session } = useSessionContext();
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
    <UnitPageFrame>
      <ConnectedCashPlan />
      <ConnectedMonthlyPlan />
      <ConnectedFundingRecap />
    </UnitPageFrame>
  );
}
