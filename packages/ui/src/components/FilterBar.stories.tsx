import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { useListView } from '../data/list-page.js';
import { FilterBar, SearchField } from './FilterBar.js';
import { NumberedPagination } from './Pagination.js';
import { TextField } from './TextField.js';

const t = messagesId.verification;
const common = messagesId.common;
const filters = messagesId.reports.filters;

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

/** A search and two more fields that fold on a phone; a field with text counts as in use. */
function FoldingBar() {
  const [program, setProgram] = useState('');
  const [supporter, setSupporter] = useState('');
  return (
    <FilterBar
      label={t.filtersLabel}
      className="sm:grid-cols-3"
      folded={
        <>
          <TextField label={filters.program} value={program} onChange={setProgram} />
          <TextField label={filters.supporter} value={supporter} onChange={setSupporter} />
        </>
      }
      foldedActive={[program, supporter].filter(Boolean).length}
    >
      <SearchField label={t.search} />
    </FilterBar>
  );
}

/**
 * On a phone the folded fields wait behind 'Filter', which says how many are in use, so the
 * list starts on the first screen; the search stays in view.
 */
export const FoldsOnPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => <FoldingBar />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('searchbox', { name: t.search })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: filters.program })).toBeNull();
    const more = canvas.getByRole('button', { name: common.moreFilters });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(canvas.getByRole('textbox', { name: filters.program }), 'Pendidikan');
    await expect(more).toHaveTextContent(common.moreFiltersActive(1));
    // Folded again, the field keeps what was typed and the button still counts it.
    await userEvent.click(more);
    await expect(canvas.queryByRole('textbox', { name: filters.program })).toBeNull();
    await expect(more).toHaveTextContent(common.moreFiltersActive(1));
    await userEvent.click(more);
    await expect(canvas.getByRole('textbox', { name: filters.program })).toHaveValue('Pendidikan');
  },
};

/** On a wider screen the folded fields stand beside the others, with no button. */
export const FoldedFieldsOnWideScreen: Story = {
  render: () => <FoldingBar />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: filters.program })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: filters.supporter })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: common.moreFilters })).toBeNull();
  },
};
