import {
  type ApiError,
  createClient,
  messagesId,
  type RanwalClient,
  type Session,
} from '@ranwal/core';
import { clearSession, readSession, storeSession } from '@ranwal/ui';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

interface SessionContextValue {
  session: Session | null;
  client: RanwalClient;
  signIn(session: Session): void;
  /**
   * Clears the stored session: `logout` when the person asked, `ended` when the server refused
   * the token or another tab signed out, `expired` when a page found no usable session.
   */
  signOut(reason: SignOutReason): void;
  /** Set by the router so signing out can navigate and toast. */
  onSignedOut: { current: ((reason: SignOutReason) => void) | null };
}

export type SignOutReason = 'logout' | 'ended' | 'expired';

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * The browser session (local storage under the spec's keys) and the API client that sends its
 * token. A 401 "Token Invalid" anywhere clears the session and returns to /login, and so does
 * signing out in another tab (the storage event), before a call has to fail.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // No stored session on the server, which renders the public pages.
  const [session, setSession] = useState<Session | null>(() =>
    typeof localStorage === 'undefined' ? null : readSession(),
  );
  const onSignedOut = useMemo(() => ({ current: null }) as SessionContextValue['onSignedOut'], []);
  // What this tab believes, read by the client's 401 handler: another tab may already have
  // emptied local storage, and this tab must still leave.
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const signOut = useCallback(
    (reason: SignOutReason) => {
      clearSession();
      // At once, not at the next render: the other calls of a page refused together (three
      // 401s after a password change) then find no session and do not sign out again.
      sessionRef.current = null;
      setSession(null);
      onSignedOut.current?.(reason);
    },
    [onSignedOut],
  );

  const client = useMemo(
    () =>
      createClient({
        baseUrl: '',
        // Read at call time, so a fresh sign-in is used at once.
        getToken: () => readSession()?.token,
        onUnauthorized: (error: ApiError) => {
          if (error.serverMessage === messagesId.server.tokenInvalid && sessionRef.current) {
            signOut('ended');
          }
        },
      }),
    [signOut],
  );

  // Another tab signed out (or in as someone else): follow it at once.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== null && event.key !== 'token')) {
        return;
      }
      const stored = readSession();
      if (!stored && sessionRef.current) signOut('ended');
      else if (stored && stored.token !== sessionRef.current?.token) setSession(stored);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [signOut]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      client,
      signIn: (next) => {
        setSession(storeSession(next));
      },
      signOut,
      onSignedOut,
    }),
    [session, client, signOut, onSignedOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionContext must be used inside <SessionProvider>');
  return value;
}

/** Where each role lands: a verifier on Verifikasi, their one page. */
const dashboards: Record<Session['userRole'], string> = {
  admin: '/admin-dashboard',
  verifier: '/verifikasi',
  user: '/user-dashboard',
};
export const dashboardFor = (session: Session | null): string =>
  session ? dashboards[session.userRole] : '/login';
