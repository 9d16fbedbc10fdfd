import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ComboBox, ComboBoxItem } from './ComboBox.js';

const supporter = messagesId.levels.supporter;

interface Supporter {
  id: string;
  name: string;
}

const supporters: Supporter[] = [
  { id: 's1', name: 'Bappeda' },
  { id: 's2', name: 'Dinas Pendidikan' },
  { id: 's3', name: 'Dinas Kesehatan' },
  { id: 's4', name: 'Dinas Pekerjaan Umum' },
  { id: 's5', name: 'Sekretariat DPRD' },
];

const renderItem = (item: Supporter) => <ComboBoxItem id={item.id}>{item.name}</ComboBoxItem>;

const meta = {
  title: 'Building blocks/ComboBox',
  component: ComboBox<Supporter>,
  // Fields sit in forms, not across the whole screen.
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
  args: {
    label: supporter.label,
    placeholder: supporter.searchPlaceholder,
    defaultItems: supporters,
    children: renderItem,
    onChange: fn(),
    onInputChange: fn(),
  },
} satisfies Meta<typeof ComboBox<Supporter>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: supporter.label });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('dinas');

    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await expect(listbox).toHaveTextContent('Dinas Pendidikan');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('s3');
    await expect(input).toHaveValue('Dinas Kesehatan');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

export const Empty: Story = {
  args: { renderEmptyState: () => supporter.emptyList },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: supporter.label }), 'zzz');
    await expect(await screen.findByText(supporter.emptyList)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { defaultItems: [], isLoading: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: supporter.label }), 'Din');
    const listbox = await screen.findByRole('listbox');
    await expect(listbox.closest('[aria-busy="true"]')).not.toBeNull();
    await expect(listbox).toHaveTextContent(messagesId.common.loading);
  },
};

export const Invalid: Story = {
  args: { isRequired: true, errorMessage: messagesId.validation.required(supporter.label) },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: supporter.label });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      messagesId.validation.required(supporter.label),
    );
  },
};

/** A parent searching on the server: it owns the text and hands back matching items. */
export const ServerSearch: Story = {
  args: { defaultItems: undefined, renderEmptyState: () => supporter.emptyList },
  render: function ServerSearch(args) {
    const [inputValue, setInputValue] = useState('');
    const matches = supporters.filter((s) =>
      s.name.toLowerCase().includes(inputValue.toLowerCase()),
    );
    return (
      <ComboBox
        {...args}
        items={matches}
        inputValue={inputValue}
        onInputChange={(value) => {
          setInputValue(value);
          args.onInputChange?.(value);
        }}
      />
    );
  },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: supporter.label });
    await userEvent.type(input, 'sek');
    await expect(args.onInputChange).toHaveBeenLastCalledWith('sek');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('s5');
    await expect(input).toHaveValue('Sekretariat DPRD');
  },
};

const longName =
  'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA DAN PERANGKAT DAERAH LAINNYA';

/**
 * A click anywhere in the field opens every option (not only the arrow); a long choice wraps in
 * the list and shows whole on hover in the field.
 */
export const OpensOnClickAndShowsLongNames: Story = {
  render: function Render(args) {
    const [inputValue, setInputValue] = useState('');
    return (
      <ComboBox<Supporter>
        {...args}
        defaultItems={undefined}
        items={[{ id: 'long', name: longName }, ...supporters]}
        inputValue={inputValue}
        onInputChange={setInputValue}
      />
    );
  },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: supporter.label });
    await userEvent.click(input);
    await expect(await screen.findByRole('listbox')).toBeVisible();
    await expect(screen.getAllByRole('option')).toHaveLength(supporters.length + 1);
    const long = screen.getByRole('option', { name: longName });
    // Wrapped in the list, not cut: the option is taller than one line.
    await expect(long.getBoundingClientRect().height).toBeGreaterThan(30);
    await userEvent.click(long);
    await expect(input).toHaveValue(longName);
    await expect(input).toHaveAttribute('title', longName);
  },
};

/**
 * The list stays open, and what was typed stays, while the page scrolls under it (the browser
 * bringing the field into view, a phone's keyboard, a list loading above): React Aria would
 * close it and drop the text.
 */
export const StaysOpenWhileThePageScrolls: Story = {
  decorators: [
    (Story) => (
      <div className="flex min-h-[200vh] flex-col justify-center">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: supporter.label });
    input.scrollIntoView({ block: 'center' });
    await userEvent.type(input, 'dinas');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    window.scrollBy(0, 60);
    // The scroll event comes on the next frame; a list that closes is gone by the one after.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await new Promise((done) => setTimeout(done, 100));
    await expect(screen.getByRole('listbox')).toBeVisible();
    await expect(input).toHaveValue('dinas');
    await expect(input).toHaveFocus();
  },
};
