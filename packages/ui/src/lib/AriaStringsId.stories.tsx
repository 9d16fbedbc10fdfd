import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ListBoxItem } from 'react-aria-components';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { ComboBox } from '../components/ComboBox.js';
import { MessagesProvider } from '../data/messages-context.js';
import { ariaStringsId, installIndonesianAriaStrings } from './aria-strings-id.js';

// As the portal does before rendering (this story file runs in its own page).
installIndonesianAriaStrings();

const programs = ['Program Alfa', 'Program Beta', 'Program Gamma'].map((name) => ({
  id: name,
  name,
}));

function Cascade() {
  return (
    <MessagesProvider messages={messagesId}>
      <ComboBox label="Program" defaultItems={programs}>
        {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
      </ComboBox>
    </MessagesProvider>
  );
}

const meta = {
  title: 'Library/react-aria in Indonesian',
  component: Cascade,
} satisfies Meta<typeof Cascade>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A screen reader hears react-aria's own words in Indonesian: the button, the count. */
export const ComboBoxAnnouncements: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Tampilkan saran/ });
    await userEvent.click(button);
    // Found as soon as it mounts, the popover's list may not have drawn its options yet (seen
    // after a story resized the page back from a phone's width): wait for them.
    const list = await screen.findByRole('listbox', { name: /Saran|Program/ });
    await waitFor(() => expect(list).toBeVisible());
    await userEvent.type(canvas.getByRole('combobox'), 'Program');
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        (
          ariaStringsId['@react-aria/combobox']!.countAnnouncement as (
            a: object,
            f: object,
          ) => string
        )({ optionCount: 3 }, { number: String }),
      ),
    );
  },
};
