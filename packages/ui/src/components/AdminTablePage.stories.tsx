import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { pageTable } from '../testing/table.js';
import { AdminTablePage } from './AdminPage.js';
import { Button } from './Button.js';
import type { DataColumn } from './DataTable.js';
import { FilterBar, SearchField } from './FilterBar.js';
import { EmptyState } from './States.js';

const t = messagesId.locks;
const retry = messagesId.articles.management.retry;

interface Lock {
  id: string;
  name: string;
  reason: string;
}

const locks: Lock[] = [
  { id: '1', name: 'Penyediaan Jasa Surat Menyurat', reason: 'Sudah diverifikasi' },
  { id: '2', name: 'Penyediaan Komponen Instalasi Listrik', reason: 'Tahap penetapan' },
];

const columns: DataColumn<Lock>[] = [
  { id: 'name', header: t.columns.subAction, isRowHeader: true, cell: (lock) => lock.name },
  { id: 'reason', header: t.columns.reason, cell: (lock) => lock.reason },
];

const meta = {
  title: 'Building blocks/AdminTablePage',
  component: AdminTablePage<Lock>,
  args: {
    title: t.title,
    intro: t.intro,
    listTitle: t.listTitle(2026),
    listAside: <Button>{t.lock.open}</Button>,
    controls: (
      <FilterBar label={messagesId.verification.filtersLabel} className="sm:grid-cols-2">
        <SearchField label={messagesId.verification.search} />
      </FilterBar>
    ),
    columns,
    rows: locks,
    empty: <EmptyState text={t.empty} hint={t.emptyHint} />,
    pagination: { page: 1, totalPages: 2, totalItems: 22, pageSize: 20, onChange: fn() },
    onRetry: fn(),
  },
} satisfies Meta<typeof AdminTablePage<Lock>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The table is named by the list's heading; the pages follow it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await pageTable(canvas, t.title, t.listTitle(2026));
    await expect(table).toHaveTextContent(locks[1]?.name ?? '');
    await expect(
      canvas.getByRole('navigation', { name: messagesId.pagination.label }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messagesId.common.loading)).toBeVisible();
  },
};

/** The load error replaces the table and its pages, with 'Coba lagi'. */
const ErrorStory: Story = {
  args: { error: t.fetchFailed },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(t.fetchFailed)).toBeVisible();
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export { ErrorStory as Error };
