import { ConnectedPlanningSettings } from '@ranwal/ui';

/** `/admin-pengaturan-perencanaan`: the PPN rules and the RKA signatories (issue 18). */
export default function PlanningSettingsPage() {
  return <ConnectedPlanningSettings />;
}
