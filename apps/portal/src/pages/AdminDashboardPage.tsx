import {
  ConnectedBudgetOverview,
  ConnectedFundingRecap,
  ConnectedMonthlyPlan,
  ConnectedPaguOverview,
  WelcomeBanner,
} from '@ranwal/ui';

/**
 * `/admin-dashboard`: the spec's welcome banner, then the year's budget at a glance (beyond the
 * spec: issue 5), its pagu, planned and sisa per Perangkat Daerah and program (issue 18), and
 * its Anggaran Kas per month and its lines by sumber dana (issue 36).
 */
export default function AdminDashboardPage() {
  return (
    <div className="flex flex-col gap-6">
      <WelcomeBanner />
      <ConnectedBudgetOverview />
      <ConnectedPaguOverview />
      <ConnectedMonthlyPlan />
      <ConnectedFundingRecap />
    </div>
  );
}
