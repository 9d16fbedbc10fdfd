import { ConnectedAdminReports } from '@ranwal/ui';

export default function AdminReportsPage() {
  return <ConnectedAdminReports />;
}
