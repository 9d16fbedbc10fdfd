import type { Messages, Session } from '@ranwal/core';
import { type ReactNode, useState } from 'react';
import { RanwalProvider } from '../data/RanwalProvider.js';
import { createMemoryClient, type MemoryClientOptions } from './memory-client.js';

export interface MemoryRanwalProviderProps extends MemoryClientOptions {
  messages?: Messages;
  session?: Session | null;
  children: ReactNode;
}

/**
 * A RanwalProvider over a fresh memory client (and a fresh query cache): wrap a connected screen
 * in it to render a story or a demo with no server.
 */
export function MemoryRanwalProvider({
  messages,
  session,
  children,
  ...options
}: MemoryRanwalProviderProps) {
  const [client] = useState(() => createMemoryClient(options));
  return (
    <RanwalProvider client={client} messages={messages} session={session}>
      {children}
    </RanwalProvider>
  );
}
