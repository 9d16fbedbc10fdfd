import { type ManagedEntityKey, managedEntities } from '@ranwal/core';
import { compareLevelRows } from '@ranwal/core/contract';
import type { Decorator } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ToastProvider } from '../../components/Toast.js';
import { SandboxRanwalProvider } from '../../testing/SandboxRanwalProvider.js';
import type { SandboxClientOptions, SeedTables } from '../../testing/sandbox-client.js';
import type { ManagedRow, ParentOption } from './entity-form.js';

/*
 * Story support only (not exported by the package): seed rows read the way the server answers
 * them, and the decorator that runs connected screens on the sandbox client.
 */

type SeedRow = Record<string, unknown> & { id: string; name: string };

const seedTable = (seed: SeedTables, entity: ManagedEntityKey) =>
  seed.entities[entity] as unknown as SeedRow[];

/** An entity's rows in the server's order (`compareLevelRows`), parents joined. */
export function seedRows(seed: SeedTables, entity: ManagedEntityKey): ManagedRow[] {
  const { parent, parentField, hasCode, hasTaxFlag } = managedEntities[entity];
  return seedTable(seed, entity)
    .map((row): ManagedRow => {
      const parentId = parentField ? String(row[parentField] ?? '') : undefined;
      const parentRow = parent ? seedTable(seed, parent).find((p) => p.id === parentId) : undefined;
      return {
        id: row.id,
        name: row.name,
        ...(hasCode && row.code != null ? { code: String(row.code) } : {}),
        ...(hasTaxFlag ? { is_taxed: row.is_taxed === true } : {}),
        ...(parent ? { parentId, parentName: parentRow?.name ?? null } : {}),
      };
    })
    .sort(compareLevelRows(entity));
}

/** An entity's rows as parent options, in the server's order. */
export const seedOptions = (seed: SeedTables, entity: ManagedEntityKey): ParentOption[] =>
  seedRows(seed, entity).map(({ id, name }) => ({ id, name }));

/** Stories' `parameters.sandbox`: the sandbox client's options for that story. */
export interface SandboxParameters {
  sandbox?: SandboxClientOptions;
}

/** A connected screen on a fresh sandbox client, with a toast region, on the app's background. */
export const withSandboxClient: Decorator = (Story, { parameters }) => (
  <SandboxRanwalProvider {...((parameters as SandboxParameters).sandbox ?? {})}>
    <ToastProvider>
      <div className="min-h-screen bg-slate-50 p-4">
        <Story />
      </div>
    </ToastProvider>
  </SandboxRanwalProvider>
);

/**
 * react-aria announces a focused button's pending state through a live-region node that lives
 * 7 s and points at the button by id. When the story that pressed it has ended, the button is
 * gone and axe flags the leftover in the next story: drop such leftovers before each story.
 */
export function dropStaleAnnouncements(): void {
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const ids = node.getAttribute('aria-labelledby')?.split(' ') ?? [];
    if (ids.some((id) => !document.getElementById(id))) node.remove();
  }
}

/** A dialog by name; the edit and detail dialogs load on first use, so allow for that. */
export const findDialog = (name: string) => screen.findByRole('dialog', { name });

/** Waits longer than the search debounce. */
export const pastDebounce = (ms = 700) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The toast that says `text` (a toast is named by its title, 'Berhasil!' or 'Gagal!'). Waits as
 * long as any find (preview.tsx: 30 s): a call answered late on a loaded machine still shows
 * its toast for its whole duration, so a shorter wait only failed stories under load (CI).
 */
export const findToast = (text: string) =>
  waitFor(() => {
    const found = screen
      .queryAllByRole('alertdialog')
      .find((dialog) => dialog.textContent?.includes(text));
    if (!found) throw new Error(`no toast says "${text}"`);
    return found;
  });

/**
 * An open list's options once their texts are `expected` (in order). For lists the server fills:
 * under a full run's load a list can open before its answer is in.
 */
export const findOptions = (listbox: HTMLElement, expected: readonly string[]) =>
  waitFor(() => {
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(expected);
    return options;
  });
