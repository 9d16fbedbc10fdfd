// Another agency's app: its own header, English messages and brand colour, with two pieces of
// Ranwal's user dashboard (the line entry: hierarchy cascade and report form; and the report
// list) embedded from the published @ranwal/core and @ranwal/ui, talking to a Ranwal server on
// another origin.
import { createClient, messagesEn, type Session } from '@ranwal/core';
import {
  ConnectedBudgetLineEntry,
  ConnectedReportList,
  RanwalProvider,
  sessionFromSignIn,
  ToastProvider,
} from '@ranwal/ui';
import '@ranwal/ui/styles.css';
import './agency.css';
import { type FormEvent, StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The Ranwal server: `?api=` (the check passes it), else the build's VITE_RANWAL_API. */
const api =
  new URLSearchParams(window.location.search).get('api') ??
  (import.meta.env.VITE_RANWAL_API as string | undefined) ??
  '';

function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const client = useMemo(() => createClient({ baseUrl: api }), []);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      const answer = await client.user.signIn({
        email: String(form.get('email')),
        password: String(form.get('password')),
      });
      onSignedIn(sessionFromSignIn(answer.data));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <form onSubmit={submit} style={{ display: 'grid', gap: 8, maxWidth: 320, padding: 24 }}>
      <label>
        Work email <input name="email" type="email" required />
      </label>
      <label>
        Password <input name="password" type="password" required />
      </label>
      <button type="submit">Sign in to planning</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

function App() {
  const [session, setSession] = useState<Session | null>(null);
  const client = useMemo(
    () => createClient({ baseUrl: api, getToken: () => session?.token }),
    [session],
  );
  return (
    <>
      <header className="agency-header">
        <strong>Harbour Agency — Planning</strong>
        <span>{session ? session.userName : 'Not signed in'}</span>
        {session && (
          <button type="button" onClick={() => setSession(null)}>
            Sign out
          </button>
        )}
      </header>
      {session ? (
        <RanwalProvider client={client} messages={messagesEn} session={session}>
          <ToastProvider>
            <main className="agency-main">
              <h2>Enter a budget line</h2>
              <ConnectedBudgetLineEntry year={2026} />
              <h2>Our lines</h2>
              <ConnectedReportList />
            </main>
          </ToastProvider>
        </RanwalProvider>
      ) : (
        <SignIn onSignedIn={setSession} />
      )}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
