import { adminReportsDefaultView, ConnectedAdminReports } from '@ranwal/ui';
import { useReportViewInUrl } from '../report-view-url.js';

/** Laporan: its page, search, filters and order live in the URL (reload and share keep them). */
export default function AdminReportsPage() {
  const [view, setView] = useReportViewInUrl(adminReportsDefaultView);
  return <ConnectedAdminReports view={view} onViewChange={setView} />;
}
