import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AdminPage } from './AdminPage.js';
import { Button } from './Button.js';
import { EmptyState } from './States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from './Table.js';

const t = messagesId.locks;
const retry = messagesId.articles.management.retry;
const rows = [
  { id: '1', name: 'Penyediaan Jasa Surat Menyurat', reason: 'Sudah diverifikasi' },
  { id: '2', name: 'Penyediaan Komponen Instalasi Listrik', reason: 'Tahap penetapan' },
];

/** The page with a two-column table; `rows` empty or `isLoading` shows the table's states. */
function LockList({
  items = rows,
  isLoading = false,
  ...props
}: Omit<Parameters<typeof AdminPage>[0], 'children'> & {
  items?: typeof rows;
  isLoading?: boolean;
}) {
  return (
    <AdminPage {...props}>
      {(labelledBy) => (
        <Table aria-labelledby={labelledBy}>
          <TableHeader>
            <Column isRowHeader>{t.columns.subAction}</Column>
            <Column>{t.columns.reason}</Column>
          </TableHeader>
          <TableBody
            items={items}
            isLoading={isLoading}
            renderEmptyState={() => <EmptyState text={t.empty} hint={t.emptyHint} />}
          >
            {(row) => (
              <Row id={row.id}>
                <Cell>{row.name}</Cell>
                <Cell>{row.reason}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </AdminPage>
  );
}

const meta = {
  title: 'Building blocks/AdminPage',
  component: LockList,
  args: {
    title: t.title,
    intro: t.intro,
    listTitle: t.listTitle(2026),
    listAside: <Button>{t.lock.open}</Button>,
    onRetry: fn(),
  },
} satisfies Meta<typeof LockList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(canvas.getByText(t.intro)).toBeVisible();
    // The table is named by the list's heading.
    const table = canvas.getByRole('grid', { name: t.listTitle(2026) });
    await expect(table).toHaveTextContent('Penyediaan Jasa Surat Menyurat');
    await expect(canvas.getByRole('button', { name: t.lock.open })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.getByText(t.emptyHint)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { items: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messagesId.common.loading)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: {
    error: 'Koneksi terputus',
    pagination: { page: 1, totalPages: 3, pageSize: 10, totalItems: 25, onChange: fn() },
  },
  play: async ({ args, canvas, userEvent }) => {
    // The error stands in for the table and its pages.
    await expect(canvas.getByText('Koneksi terputus')).toBeVisible();
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const ActionFailed: Story = {
  args: { failure: { key: 1, message: t.failed } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messagesId.common.failureTitle)).toBeVisible();
    await expect(canvas.getByText(t.failed)).toBeVisible();
    await expect(canvas.getByRole('grid')).toBeVisible();
  },
};

export const Paginated: Story = {
  args: {
    pagination: { page: 2, totalPages: 3, pageSize: 2, totalItems: 6, onChange: fn() },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '3' }));
    await expect(args.pagination?.onChange).toHaveBeenCalledWith(3);
  },
};

export const TitleNamesTheTable: Story = {
  args: { listTitle: undefined, listAside: undefined, action: <Button>{t.lock.open}</Button> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid', { name: t.title })).toBeVisible();
  },
};
