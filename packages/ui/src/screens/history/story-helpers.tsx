import type { RanwalClient, Session } from '@ranwal/core';
import type { Decorator } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../../components/Toast.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import { createMemoryClient, type MemoryClientOptions } from '../../testing/memory-client.js';

/*
 * Story support only (not exported by the package). The memory client keeps no history (its
 * history routes answer 404): a story gives the answers it needs here, or fails a call with
 * `failOn`.
 */

/** A story's `parameters.history`. */
export interface HistoryStoryParameters {
  history?: {
    /** Who is signed in; none by default, as a screen shown on its own. */
    session?: Session | null;
    /** The history calls' answers, in place of the memory client's 404. */
    calls?: Partial<RanwalClient['history']>;
    failOn?: MemoryClientOptions['failOn'];
  };
}

function HistoryStoryProvider({
  session = null,
  calls,
  failOn,
  children,
}: NonNullable<HistoryStoryParameters['history']> & { children: ReactNode }) {
  const [client] = useState(() => {
    const memory = createMemoryClient(failOn ? { failOn } : {});
    return { ...memory, history: { ...memory.history, ...calls } };
  });
  return (
    <RanwalProvider client={client} session={session}>
      <ToastProvider>
        <div className="min-h-screen bg-slate-50 p-4">{children}</div>
      </ToastProvider>
    </RanwalProvider>
  );
}

/** A connected screen on a memory client whose history answers as the story's parameters say. */
export const withHistoryClient: Decorator = (Story, { parameters }) => (
  <HistoryStoryProvider {...((parameters as HistoryStoryParameters).history ?? {})}>
    <Story />
  </HistoryStoryProvider>
);
