import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { useListView } from '../data/list-page.js';
import { FilterBar, SearchField } from './FilterBar.js';
import { NumberedPagination } from './Pagination.js';

const t = messagesId.verification;

/** Verifikasi's bar on `useListView`: a search that narrows, over three pages of a list. */
function SearchedList({
  label,
  onQuery,
}: {
  label?: string;
  /** What the list query would send: the page and the narrowing filters. */
  onQuery: (query: { page: number; search?: string }) => void;
}) {
  const view = useListView<{ search: string }>({ search: '' });
  const { page } = view;
  const { search } = view.narrowing;
  useEffect(() => onQuery({ page, ...(search ? { search } : {}) }), [onQuery, page, search]);
  return (
    <div className="flex flex-col gap-4">
      <FilterBar label={label} className="sm:grid-cols-[1fr_1fr]">
        <SearchField
          label={t.search}
          value={view.filters.search}
          onChange={(search) => view.setFilters({ search })}
        />
      </FilterBar>
      <NumberedPagination
        page={view.page}
        totalPages={3}
        totalItems={60}
        pageSize={20}
        onChange={view.setPage}
      />
    </div>
  );
}

const meta = {
  title: 'Building blocks/FilterBar',
  component: SearchedList,
  args: { label: t.filtersLabel, onQuery: fn() },
} satisfies Meta<typeof SearchedList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A search landmark named by its label; a changed filter goes back to the first page. */
export const Default: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    // A <search> element (dom-testing-library's roles do not know it yet).
    const bar = canvasElement.querySelector('search');
    await expect(bar).toHaveAttribute('aria-label', t.filtersLabel);
    await userEvent.click(canvas.getByRole('button', { name: '2' }));
    await waitFor(() => expect(args.onQuery).toHaveBeenLastCalledWith({ page: 2 }));
    await userEvent.type(canvas.getByRole('searchbox', { name: t.search }), ' Listrik ');
    // Sent trimmed, from the first page.
    await waitFor(() =>
      expect(args.onQuery).toHaveBeenLastCalledWith({ page: 1, search: 'Listrik' }),
    );
    await expect(canvas.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Without a label the fields are a plain group (Kunci's and Tahapan's year alone). */
export const Unlabelled: Story = {
  args: { label: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('search')).toBeNull();
    await expect(canvas.getByRole('searchbox', { name: t.search })).toBeVisible();
  },
};
