import { ConnectedUserDashboard } from '@ranwal/ui';
import { useSessionContext } from '../session.js';

export default function UserDashboardPage() {
  const { session, signOut } = useSessionContext();
  return (
    <ConnectedUserDashboard onLogout={() => signOut('logout')} hasToken={Boolean(session?.token)} />
  );
}
