import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Button } from './Button.js';
import { EmptyState } from './States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from './Table.js';

const u = messagesId.users;
const c = messagesId.common;

interface User {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'user';
}

const users: User[] = [
  { id: 1, name: 'Siti Rahmawati', email: 'siti@ranwal.id', role: 'admin' },
  { id: 2, name: 'Budi Santoso', email: 'budi@ranwal.id', role: 'user' },
  { id: 3, name: 'Made Wirawan', email: 'made@ranwal.id', role: 'user' },
];

const onEdit = fn();

/** The user list, the way its screen will render it. */
function UserTable({ rows, isLoading = false }: { rows: User[]; isLoading?: boolean }) {
  return (
    <Table aria-label={u.title}>
      <TableHeader>
        <Column isRowHeader>{u.fields.id}</Column>
        <Column>{u.fields.name}</Column>
        <Column>{u.fields.email}</Column>
        <Column>{u.fields.role}</Column>
        <Column>{c.actions}</Column>
      </TableHeader>
      <TableBody
        items={rows}
        isLoading={isLoading}
        renderEmptyState={() => <EmptyState text={u.empty} />}
      >
        {(user) => (
          <Row id={user.id}>
            <Cell>{user.id}</Cell>
            <Cell>{user.name}</Cell>
            <Cell>{user.email}</Cell>
            <Cell>{messagesId.roles[user.role]}</Cell>
            <Cell>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onPress={() => onEdit(user.id)}>
                  {c.edit}
                </Button>
                <Button size="sm" variant="danger">
                  {c.delete}
                </Button>
              </div>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

const meta = {
  title: 'Building blocks/Table',
  component: Table,
  args: { 'aria-label': u.title },
  render: () => <UserTable rows={users} />,
} satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const table = canvas.getByRole('grid', { name: u.title });
    // A header row and three body rows.
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getByRole('rowheader', { name: '2' })).toBeVisible();
    const budi = within(table).getAllByRole('row')[2]!;
    await expect(budi).toHaveTextContent('Budi Santoso');
    await userEvent.click(within(budi).getByRole('button', { name: c.edit }));
    await expect(onEdit).toHaveBeenLastCalledWith(2);
  },
};

export const Empty: Story = {
  render: () => <UserTable rows={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(u.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  render: () => <UserTable rows={[]} isLoading />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(c.loading);
    await expect(canvas.queryByText(u.empty)).not.toBeInTheDocument();
  },
};

/** A refresh: the loading row stands in for the rows it will replace. */
export const Refreshing: Story = {
  render: () => <UserTable rows={users} isLoading />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(c.loading);
    await expect(canvas.queryByText('Made Wirawan')).not.toBeInTheDocument();
  },
};

export const LongNames: Story = {
  render: () => (
    <UserTable
      rows={[
        {
          id: 10,
          name: 'Raden Ayu Sekar Kinanthi Kusumawardhani Prameswari Hadiningrat',
          email: 'sekar.kinanthi.kusumawardhani@dinas-pendidikan.kabupaten.go.id',
          role: 'admin',
        },
        ...users,
      ]}
    />
  ),
};
