import { ApiError, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { AdminPage, useAction } from './AdminPage.js';
import { Button } from './Button.js';
import { EmptyState } from './States.js';

const t = messagesId.stages;
const refusal = messagesId.server.stageEarly(
  messagesId.server.stageNames.penetapan,
  2026,
  '01/07/2026',
);

/** Tahapan's 'Kunci Tahap': the button waits while its call runs, and a refusal shows above. */
function LockStage({ onLock }: { onLock: () => Promise<unknown> }) {
  const { running, failure, run } = useAction<'lock'>();
  return (
    <AdminPage
      title={t.title}
      listTitle={t.listTitle(2026)}
      listAside={
        <Button
          variant="secondary"
          isPending={running === 'lock'}
          onPress={() => void run('lock', onLock, t.lock.failed)}
        >
          {t.lock.lock}
        </Button>
      }
      failure={failure}
    >
      {() => <EmptyState text={t.empty} hint={t.emptyHint} />}
    </AdminPage>
  );
}

const meta = {
  title: 'Building blocks/useAction',
  component: LockStage,
  args: { onLock: fn(async () => undefined) },
} satisfies Meta<typeof LockStage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.lock.lock }));
    await waitFor(() => expect(args.onLock).toHaveBeenCalledOnce());
    await expect(canvas.queryByText(messagesId.common.failureTitle)).not.toBeInTheDocument();
  },
};

/** The server's words when it says why; the fallback otherwise. */
export const Refused: Story = {
  args: {
    onLock: fn(async () => {
      throw new ApiError({ kind: 'http', status: 409, message: refusal, serverMessage: refusal });
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.lock.lock }));
    await expect(await canvas.findByText(refusal)).toBeVisible();
    await expect(canvas.getByText(messagesId.common.failureTitle)).toBeVisible();
  },
};
