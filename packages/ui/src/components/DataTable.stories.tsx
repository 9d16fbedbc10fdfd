import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { type DataColumn, DataTable, RowButton } from './DataTable.js';
import { EmptyState } from './States.js';

const t = messagesId.locks;

interface Lock {
  id: string;
  name: string;
  reason: string;
  locked: boolean;
}

const locks: Lock[] = [
  { id: '1', name: 'Penyediaan Jasa Surat Menyurat', reason: 'Sudah diverifikasi', locked: true },
  { id: '2', name: 'Penyediaan Komponen Instalasi Listrik', reason: '', locked: false },
];

/** Three columns as data: a row header, a cell with a row's own class, and a button. */
const columnsFor = (onUnlock: (lock: Lock) => void): DataColumn<Lock>[] => [
  { id: 'name', header: t.columns.subAction, isRowHeader: true, cell: (lock) => lock.name },
  {
    id: 'reason',
    header: t.columns.reason,
    cellClassName: (lock) => (lock.reason ? 'text-slate-900' : 'italic text-slate-600'),
    cell: (lock) => lock.reason || t.noReason,
  },
  {
    id: 'actions',
    header: messagesId.common.actions,
    cell: (lock) =>
      lock.locked && (
        <RowButton aria-label={t.unlock.label(lock.name)} onPress={() => onUnlock(lock)}>
          {t.unlock.open}
        </RowButton>
      ),
  },
];

function LockTable({
  rows = locks,
  isLoading = false,
  onUnlock,
}: {
  rows?: Lock[];
  isLoading?: boolean;
  onUnlock: (lock: Lock) => void;
}) {
  return (
    <DataTable
      aria-label={t.title}
      rows={rows}
      isLoading={isLoading}
      empty={<EmptyState text={t.empty} hint={t.emptyHint} />}
      columns={columnsFor(onUnlock)}
    />
  );
}

const meta = {
  title: 'Building blocks/DataTable',
  component: LockTable,
  args: { onUnlock: fn() },
} satisfies Meta<typeof LockTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const table = canvas.getByRole('grid', { name: t.title });
    await expect(canvas.getByRole('columnheader', { name: t.columns.subAction })).toBeVisible();
    await expect(canvas.getByRole('rowheader', { name: locks[0]?.name })).toBeVisible();
    await expect(table).toHaveTextContent(t.noReason);
    await userEvent.click(
      canvas.getByRole('button', { name: t.unlock.label(locks[0]?.name ?? '') }),
    );
    await expect(args.onUnlock).toHaveBeenCalledWith(locks[0]);
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.getByText(t.emptyHint)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messagesId.common.loading)).toBeVisible();
    await expect(canvas.queryByText(locks[0]?.name ?? '')).not.toBeInTheDocument();
  },
};
