import type { RanwalClient } from '@ranwal/core';
import type { Decorator } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../../components/Toast.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import { createSandboxClient } from '../../testing/sandbox-client.js';
import { adminSession } from '../history/story-data.js';

/*
 * Story support only (not exported by the package). The stage calls a story shows are given here
 * (answers over several years and stages that a seed does not hold); the rest go to the
 * sandboxed server.
 */

/** A story's `parameters.stages`: the stage calls' answers, in place of the sandboxed server's. */
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
    const sandbox = createSandboxClient();
    return { ...sandbox, stage: { ...sandbox.stage, ...calls } };
  });
  return (
    <RanwalProvider client={client} session={adminSession}>
      <ToastProvider>
        <div className="min-h-screen bg-slate-50 p-4">{children}</div>
      </ToastProvider>
    </RanwalProvider>
  );
}

/** A connected screen, signed in as an admin, on a sandbox client answering the story's stage calls. */
export const withStageClient: Decorator = (Story, { parameters }) => (
  <StageStoryProvider calls={(parameters as StageStoryParameters).stages ?? {}}>
    <Story />
  </StageStoryProvider>
);
