import { ConnectedLoginForm } from '@ranwal/ui';
import { useNavigate } from 'react-router';
import { dashboardFor, useSessionContext } from '../session.js';

/** `/login`: on success an admin goes to /admin-dashboard, anyone else to /user-dashboard. */
export default function LoginPage() {
  const { signIn } = useSessionContext();
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <ConnectedLoginForm
        onSignedIn={(session) => {
          signIn(session);
          navigate(dashboardFor(session), { replace: true });
        }}
      />
    </main>
  );
}
