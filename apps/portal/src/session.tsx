import {
  type ApiError,
  createClient,
  messagesId,
  type RanwalClient,
  type Session,
} from '@ranwal/core';
import { clearSession, readSession, storeSession } from '@ranwal/ui';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

interface SessionContextValue {
  session: Session | null;
  client: RanwalClient;
  signIn(session: Session): void;
  /** Clears the stored session; `expired` when the server refused the token. */
  signOut(reason: 'logout' | 'expired'): void;
  /** Set by the router so signing out can navigate and toast. */
  onSignedOut: { current: ((reason: 'logout' | 'expired') => void) | null };
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * The browser session (local storage under the spec's keys) and the API client that sends its
 * token. A 401 "Token Invalid" anywhere clears the session and returns to /login.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // No stored session on the server, which renders the public pages.
  const [session, setSession] = useState<Session | null>(() =>
    typeof localStorage === 'undefined' ? null : readSession(),
  );
  const onSignedOut = useMemo(() => ({ current: null }) as SessionContextValue['onSignedOut'], []);

  const signOut = useCallback(
    (reason: 'logout' | 'expired') => {
      clearSession();
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
          if (error.serverMessage === messagesId.server.tokenInvalid && readSession()) {
            signOut('expired');
          }
        },
      }),
    [signOut],
  );

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

export const dashboardFor = (session: Session | null): string =>
  session?.userRole === 'admin' ? '/admin-dashboard' : session ? '/user-dashboard' : '/login';
