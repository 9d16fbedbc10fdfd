import type { Messages, Session } from '@ranwal/core';
import { type ReactNode, useEffect, useState } from 'react';
import { RanwalProvider } from '../data/RanwalProvider.js';
import {
  createSandboxClient,
  endSandboxSession,
  type SandboxClientOptions,
} from './sandbox-client.js';

export interface SandboxRanwalProviderProps extends SandboxClientOptions {
  messages?: Messages;
  session?: Session | null;
  children: ReactNode;
}

/**
 * A RanwalProvider over a fresh sandbox client (and a fresh query cache): wrap a connected screen
 * in it to render a story on the sandboxed server, seeded as `seed` says.
 */
export function SandboxRanwalProvider({
  messages,
  session,
  children,
  ...options
}: SandboxRanwalProviderProps) {
  const [client] = useState(() => createSandboxClient(options));
  // The story is over: its database may serve the next one.
  useEffect(() => () => void endSandboxSession(client), [client]);
  return (
    <RanwalProvider client={client} messages={messages} session={session}>
      {children}
    </RanwalProvider>
  );
}
