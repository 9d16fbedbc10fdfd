import {
  isApiError,
  type Messages,
  messagesId,
  type RanwalClient,
  type Session,
} from '@ranwal/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { MessagesProvider } from './messages-context.js';

interface RanwalContextValue {
  client: RanwalClient;
  messages: Messages;
  session: Session | null;
}

const RanwalContext = createContext<RanwalContextValue | null>(null);

/** A 4xx answer will not change on a second try; anything else (network, 5xx) might. */
const isClientError = (error: unknown) =>
  isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500;

/** The QueryClient a RanwalProvider uses when it is given none. */
export function createRanwalQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
        refetchOnWindowFocus: false,
      },
      // A save tried with no connection fails at once with the network error every form
      // shows ('Network error. Please check your connection.' on the login), instead of
      // waiting unseen for the connection (React Query's default): a sign-in stayed at
      // 'Signing In...' and a line at 'Menyimpan Laporan...' with nothing said. The field
      // report's outbox is what keeps work for when the signal returns.
      mutations: { networkMode: 'always' },
    },
  });
}

export interface RanwalProviderProps {
  /** Where every screen's data comes from: `createClient(...)` from @ranwal/core. */
  client: RanwalClient;
  /** Defaults to one from `createRanwalQueryClient()`, kept for the provider's lifetime. */
  queryClient?: QueryClient;
  /** UI strings; Indonesian (`messagesId`) by default. */
  messages?: Messages;
  /** Who is signed in, for screens that show the user's name or role. */
  session?: Session | null;
  children: ReactNode;
}

/** Supplies the API client, the message catalogue, the session and TanStack Query to screens. */
export function RanwalProvider({
  client,
  queryClient,
  messages = messagesId,
  session = null,
  children,
}: RanwalProviderProps) {
  const [ownQueryClient] = useState(createRanwalQueryClient);
  const value = useMemo(() => ({ client, messages, session }), [client, messages, session]);
  const activeQueryClient = queryClient ?? ownQueryClient;
  // TanStack Query takes the browser to be online until an 'offline' event, so on a page opened
  // with no signal (the portal's service worker serves it) its reads fail, and it reads again on
  // reconnecting only what it had held: what failed is read again when the signal returns.
  useEffect(() => {
    const readFailedAgain = () =>
      void activeQueryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    globalThis.addEventListener?.('online', readFailedAgain);
    return () => globalThis.removeEventListener?.('online', readFailedAgain);
  }, [activeQueryClient]);
  return (
    <QueryClientProvider client={activeQueryClient}>
      <RanwalContext.Provider value={value}>
        <MessagesProvider messages={messages}>{children}</MessagesProvider>
      </RanwalContext.Provider>
    </QueryClientProvider>
  );
}

/** The API client of the nearest RanwalProvider. */
export function useRanwalClient(): RanwalClient {
  const context = useContext(RanwalContext);
  if (!context) throw new Error('useRanwalClient must be used inside <RanwalProvider>');
  return context.client;
}

export { useMessages } from './messages-context.js';

/** The signed-in session the provider was given, or null. */
export function useSession(): Session | null {
  return useContext(RanwalContext)?.session ?? null;
}
