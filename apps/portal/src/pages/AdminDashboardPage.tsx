import { WelcomeBanner } from '@ranwal/ui';

/** `/admin-dashboard`: the welcome banner (the budget overview joins it below). */
export default function AdminDashboardPage() {
  return <WelcomeBanner />;
}
