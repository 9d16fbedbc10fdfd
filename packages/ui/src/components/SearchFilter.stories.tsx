import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { SearchFilter, type SearchFilterOption } from './SearchFilter.js';

const t = messagesId.reports.filters;

/** Thirty programmes; a search gives back the first five that match, as a server's page would. */
const programs: SearchFilterOption[] = Array.from({ length: 30 }, (_, index) => {
  const code = `1.${String(index + 1).padStart(2, '0')}.01`;
  const names = ['Program Pelayanan Kesehatan', 'Program Pendidikan Dasar', 'Program Jalan Desa'];
  return { id: `p${index + 1}`, name: `${code} - ${names[index % 3]} ${index + 1}` };
});
const PAGE = 5;

/** The filter with its list searched the way a connected screen searches the server. */
function SearchedFilter({
  initialValue,
  nameHint,
  onChange,
}: {
  initialValue: string | null;
  nameHint?: string;
  onChange: (id: string | null) => void;
}) {
  const [value, setValue] = useState(initialValue);
  const [search, setSearch] = useState('');
  const words = search.toLowerCase();
  const options = programs.filter((option) => option.name.toLowerCase().includes(words));
  return (
    <SearchFilter
      label={t.program}
      allLabel={t.allPrograms}
      value={value}
      nameHint={nameHint}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
      options={options.slice(0, PAGE)}
      isLoading={false}
      onSearchChange={setSearch}
    />
  );
}

const meta = {
  title: 'Building blocks/SearchFilter',
  component: SearchedFilter,
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
  args: { initialValue: null, onChange: fn() },
} satisfies Meta<typeof SearchedFilter>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Typing searches; the record picked past the first page keeps its name in the box, and stays
 * offered when the list opens again on the first page, which does not hold it.
 */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole('combobox', { name: t.program });
    await expect(box).toHaveValue(t.allPrograms);
    await userEvent.clear(box);
    await userEvent.type(box, 'Jalan Desa 27');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await userEvent.click(screen.getByRole('option', { name: '1.27.01 - Program Jalan Desa 27' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('p27');
    await expect(box).toHaveValue('1.27.01 - Program Jalan Desa 27');

    await userEvent.click(canvas.getByRole('button'));
    // The first page again (the box shows the choice: no search), with the choice on top.
    await screen.findByRole('option', { name: '1.01.01 - Program Pelayanan Kesehatan 1' });
    await expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      t.allPrograms,
      '1.27.01 - Program Jalan Desa 27',
      ...programs.slice(0, PAGE).map((option) => option.name),
    ]);
    await userEvent.keyboard('{Escape}');
    await expect(box).toHaveValue('1.27.01 - Program Jalan Desa 27');
  },
};

/** A choice that came with a link: named by its hint until a page lists it; 'Semua' clears it. */
export const ChosenFromLink: Story = {
  args: { initialValue: 'p30', nameHint: 'Program Jalan Desa 30' },
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole('combobox', { name: t.program });
    await expect(box).toHaveValue('Program Jalan Desa 30');
    await userEvent.click(canvas.getByRole('button'));
    await userEvent.click(await screen.findByRole('option', { name: t.allPrograms }));
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(box).toHaveValue(t.allPrograms);
  },
};
