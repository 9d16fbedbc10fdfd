import type { RanwalClient, Session } from '@ranwal/core';
import type { Decorator } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../../components/Toast.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import { createSandboxClient, type SandboxClientOptions } from '../../testing/sandbox-client.js';

/*
 * Story support only (not exported by the package). A seed starts with no history: a story gives
 * the history answers it shows here, or fails a call with `failOn`; the rest go to the
 * sandboxed server.
 */

/** A story's `parameters.history`. */
export interface HistoryStoryParameters {
  history?: {
    /** Who is signed in; none by default, as a screen shown on its own. */
    session?: Session | null;
    /** The history calls' answers, in place of the sandboxed server's. */
    calls?: Partial<RanwalClient['history']>;
    failOn?: SandboxClientOptions['failOn'];
  };
}

function HistoryStoryProvider({
  session = null,
  calls,
  failOn,
  children,
}: NonNullable<HistoryStoryParameters['history']> & { children: ReactNode }) {
  const [client] = useState(() => {
    const sandbox = createSandboxClient(failOn ? { failOn } : {});
    return { ...sandbox, history: { ...sandbox.history, ...calls } };
  });
  return (
    <RanwalProvider client={client} session={session}>
      <ToastProvider>
        <div className="min-h-screen bg-slate-50 p-4">{children}</div>
      </ToastProvider>
    </RanwalProvider>
  );
}

/** A connected screen on a sandbox client whose history answers as the story's parameters say. */
export const withHistoryClient: Decorator = (Story, { parameters }) => (
  <HistoryStoryProvider {...((parameters as HistoryStoryParameters).history ?? {})}>
    <Story />
  </HistoryStoryProvider>
);
