import { messagesEn, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { ListBoxItem } from 'react-aria-components';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { MessagesProvider } from '../data/messages-context.js';
import { Banner } from './Banner.js';
import { ComboBox } from './ComboBox.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Dialog, Modal } from './Dialog.js';
import { NumberedPagination, PageWindowPagination, SimplePagination } from './Pagination.js';
import { EmptyState, ErrorState, LoadingState } from './States.js';
import { TextField } from './TextField.js';
import { ToastProvider, useToast } from './Toast.js';

/** Every string leaf of a catalogue with its path; functions are called with sample values. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    // Counts first (most take numbers), else names; a function that takes neither is skipped.
    for (const sample of [
      [2, 3, 4],
      ['X', 'Y', 'Z'],
    ]) {
      try {
        const text = (value as (...args: unknown[]) => unknown)(...sample);
        if (typeof text === 'string') return [[path, text]];
      } catch {
        // Not this kind of argument.
      }
    }
    return [];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      leaves(child, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

/** The Indonesian strings that differ from their English twins (long enough to be telling). */
const indonesianOnly = (() => {
  const english = new Map(leaves(messagesEn));
  return leaves(messagesId).filter(
    ([path, text]) => text.length >= 4 && english.get(path) !== text && path !== 'locale',
  );
})();

/** What a person or a screen reader meets on the page: text, labels, titles, placeholders. */
function pageWords(): string {
  const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title]')].map(
    (element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.body.innerText, ...attributes.flat()].join('\n');
}

function AToast() {
  const toasts = useToast();
  useEffect(() => {
    toasts.success();
    toasts.error();
  }, [toasts]);
  return null;
}

/** Every building block, opened where it opens, inside a provider given the English catalogue. */
function AllBuildingBlocks() {
  return (
    <MessagesProvider messages={messagesEn}>
      <ToastProvider>
        <AToast />
        <div className="flex flex-col gap-4 p-4">
          <TextField label="Password" revealable errorMessage="Required" defaultValue="secret" />
          <ComboBox label="Program" isLoading defaultItems={[{ id: 'a', name: 'A' }]}>
            {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
          </ComboBox>
          <Banner tone="error" title="Failed" onDismiss={fn()}>
            Something went wrong
          </Banner>
          <LoadingState />
          <EmptyState text="Nothing here" />
          <ErrorState message="Broken" onRetry={fn()} />
          <NumberedPagination
            page={2}
            totalPages={3}
            pageSize={10}
            totalItems={25}
            onChange={fn()}
          />
          <SimplePagination page={2} totalPages={3} onChange={fn()} />
          <PageWindowPagination page={2} totalPages={3} onChange={fn()} />
          <Modal isOpen>
            <Dialog title="A dialog" showCloseButton>
              Body
            </Dialog>
          </Modal>
          <ConfirmDialog isOpen onOpenChange={fn()} onConfirm={fn()} isPending />
        </div>
      </ToastProvider>
    </MessagesProvider>
  );
}

const meta = {
  title: 'Components/English messages',
  component: AllBuildingBlocks,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AllBuildingBlocks>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An app that embeds the building blocks with the English catalogue gets English in every one
 * of them: no Indonesian string of the catalogue is on the page or in its labels.
 */
export const NoIndonesian: Story = {
  play: async () => {
    await screen.findAllByRole('alertdialog');
    await waitFor(() => expect(screen.getByText(messagesEn.common.successTitle)).toBeVisible());
    // The banner, the dialog and the two toasts.
    await expect(screen.getAllByRole('button', { name: messagesEn.common.close }).length).toBe(4);
    // Each block says its part in English, not nothing.
    const confirm = messagesEn.common.confirmDelete;
    await expect(screen.getByRole('alertdialog', { name: confirm.title })).toHaveTextContent(
      confirm.text,
    );
    await expect(screen.getByRole('button', { name: messagesEn.login.showPassword })).toBeVisible();
    await expect(indonesianOnly.length).toBeGreaterThan(100);
    const words = pageWords();
    const found = indonesianOnly.filter(([, text]) => words.includes(text));
    await expect(found).toEqual([]);
  },
};
