import type { RanwalClient } from '@ranwal/core';
import type { Decorator } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../../components/Toast.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import { createMemoryClient } from '../../testing/memory-client.js';
import { adminSession } from '../history/story-data.js';

/*
 * Story support only (not exported by the package). The memory client keeps no stages (its
 * stage routes answer 404): a story gives the answers it needs here.
 */

/** A story's `parameters.stages`: the stage calls' answers, in place of the memory client's 404. */
export interface StageStoryParameters {
  stages?: Partial<RanwalClient['stage']>;
}

function StageStoryProvider({
  calls,
  children,
}: {
  calls: Partial<RanwalClient['stage']>;
  children: ReactNode;
}) {
  const [client] = useState(() => {
    const memory = createMemoryClient();
    return { ...memory, stage: { ...memory.stage, ...calls } };
  });
  return (
    <RanwalProvider client={client} session={adminSession}>
      <ToastProvider>
        <div className="min-h-screen bg-slate-50 p-4">{children}</div>
      </ToastProvider>
    </RanwalProvider>
  );
}

/** A connected screen, signed in as an admin, on a memory client answering the story's stage calls. */
export const withStageClient: Decorator = (Story, { parameters }) => (
  <StageStoryProvider calls={(parameters as StageStoryParameters).stages ?? {}}>
    <Story />
  </StageStoryProvider>
);
