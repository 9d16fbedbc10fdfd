import { type ManagedEntityKey, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  agenciesSeed,
  demoSeed,
  emptySeed,
  longNamesSeed,
  type SeedTables,
} from '../../testing/sandbox-client.js';
import { emptySelection, type HierarchySelection } from './cascade.js';
import { HierarchyCascade, type HierarchyCascadeProps } from './HierarchyCascade.js';
import { fullSelection, levelsFromSeed } from './story-data.js';

const levels = messagesId.levels;
const [program1, program2] = demoSeed.entities.program;

/** Holds the selection like a screen would; with a seed, each select offers its rows. */
function Cascade({ seed, ...args }: HierarchyCascadeProps & { seed?: SeedTables }) {
  const [selection, setSelection] = useState(args.selection);
  return (
    <HierarchyCascade
      {...args}
      selection={selection}
      levels={seed ? levelsFromSeed(seed, selection) : args.levels}
      onSelectionChange={(next, changed) => {
        setSelection(next);
        args.onSelectionChange(next, changed);
      }}
    />
  );
}

const meta = {
  title: 'Screens/User dashboard/HierarchyCascade',
  component: HierarchyCascade,
  decorators: [
    (Story) => (
      <div className="max-w-3xl rounded-lg bg-white p-6">
        <Story />
      </div>
    ),
  ],
  args: {
    selection: emptySelection,
    levels: levelsFromSeed(demoSeed, emptySelection),
    onSelectionChange: fn(),
    onSearchChange: fn(),
  },
  render: (args) => <Cascade {...args} seed={demoSeed} />,
} satisfies Meta<typeof HierarchyCascade>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const field = (canvas: Canvas, key: ManagedEntityKey) =>
  canvas.getByRole('combobox', { name: levels[key].label });

/** Opens a select with the arrow key and clicks an option, as a mouse user finishing a search. */
async function choose(canvas: Canvas, key: ManagedEntityKey, option: string) {
  const input = field(canvas, key);
  await userEvent.click(input);
  await userEvent.keyboard('{ArrowDown}');
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(input).toHaveValue(option));
}

/** Before a parent is chosen its child waits, disabled, with the yellow hint naming the parent. */
export const Default: Story = {
  play: async ({ canvas }) => {
    // No Perangkat Daerah exists: no agency select.
    await expect(canvas.queryByRole('combobox', { name: levels.agency.label })).toBeNull();
    await expect(field(canvas, 'program')).toBeEnabled();
    await expect(field(canvas, 'supporter')).toBeEnabled();
    for (const [key, parent] of [
      ['action', 'program'],
      ['sub_action', 'action'],
      ['activity', 'sub_action'],
      ['subtitle', 'activity'],
      ['account', 'subtitle'],
    ] as const) {
      const input = field(canvas, key);
      await expect(input).toBeDisabled();
      await expect(input).toHaveAccessibleDescription(levels[parent].chooseFirstHint);
      await expect(canvas.getByText(levels[parent].chooseFirstHint)).toHaveClass('bg-yellow-50');
    }
  },
};

/** Choosing a level opens the next; choosing a higher level again clears everything below it. */
export const ChangingAParentClearsBelow: Story = {
  play: async ({ canvas, args }) => {
    const chain = fullSelection(demoSeed);
    for (const key of ['program', 'action', 'sub_action', 'activity', 'subtitle'] as const) {
      await choose(canvas, key, chain[key]!.name);
    }
    const account = chain.account!;
    await choose(canvas, 'account', `${account.code} - ${account.name}`);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ account: expect.objectContaining({ id: account.id }) }),
      'account',
    );

    // A new kegiatan keeps the program and clears sub kegiatan down to kode rekening.
    await choose(canvas, 'action', demoSeed.entities.action[1]!.name);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        program: expect.objectContaining({ id: chain.program!.id }),
        sub_action: null,
        activity: null,
        subtitle: null,
        account: null,
      }),
      'action',
    );
    await expect(field(canvas, 'program')).toHaveValue(chain.program!.name);
    await expect(field(canvas, 'sub_action')).toHaveValue('');
    await expect(field(canvas, 'sub_action')).toBeEnabled();
    await expect(field(canvas, 'activity')).toBeDisabled();
    await expect(field(canvas, 'account')).toHaveValue('');

    // A new program clears every level below it.
    await choose(canvas, 'program', program2!.name);
    await expect(field(canvas, 'action')).toHaveValue('');
    await expect(field(canvas, 'action')).toBeEnabled();
    await expect(field(canvas, 'sub_action')).toBeDisabled();
    await expect(field(canvas, 'sub_action')).toHaveAccessibleDescription(
      levels.action.chooseFirstHint,
    );
  },
};

/**
 * Where agencies exist, an optional Perangkat Daerah select heads the cascade: 'Semua Perangkat
 * Daerah' offers every programme, an agency only its own; a new agency clears the programme.
 */
export const WithAgencies: Story = {
  args: { levels: levelsFromSeed(agenciesSeed, emptySelection) },
  render: (args) => <Cascade {...args} seed={agenciesSeed} />,
  play: async ({ canvas, args }) => {
    const agency = field(canvas, 'agency');
    await expect(agency).toHaveValue(levels.agency.allFilter);
    await expect(agency).not.toBeRequired();
    await expect(field(canvas, 'program')).toBeEnabled();
    const programNames = async () => {
      await userEvent.click(field(canvas, 'program'));
      const listbox = await screen.findByRole('listbox');
      const names = within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
      return names;
    };
    const programs = agenciesSeed.entities.program;
    await expect(await programNames()).toHaveLength(programs.length);

    const [bappeda] = agenciesSeed.entities.agency;
    const label = `${bappeda!.code} - ${bappeda!.name}`;
    await choose(canvas, 'program', programs[0]!.name);
    await choose(canvas, 'agency', label);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        agency: expect.objectContaining({ id: bappeda!.id }),
        program: null,
      }),
      'agency',
    );
    await expect(field(canvas, 'program')).toHaveValue('');
    const own = programs.filter((program) => program.agency_id === bappeda!.id);
    await expect(await programNames()).toEqual(own.map((program) => program.name));

    await choose(canvas, 'agency', levels.agency.allFilter);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ agency: null }),
      'agency',
    );
    await expect(await programNames()).toHaveLength(programs.length);
  },
};

/** The whole cascade and Pengampu by keyboard: Tab to a select, arrow down, Enter. */
export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    const keys = ['program', 'action', 'sub_action', 'activity', 'subtitle', 'account'] as const;
    await userEvent.tab();
    for (const key of [...keys, 'supporter'] as const) {
      const input = field(canvas, key);
      await expect(input).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      await screen.findByRole('listbox');
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(input).not.toHaveValue(''));
      await expect(args.onSelectionChange).toHaveBeenLastCalledWith(expect.anything(), key);
      if (key !== 'supporter') await userEvent.tab();
    }
    const [selection] = (args.onSelectionChange as ReturnType<typeof fn>).mock.lastCall as [
      HierarchySelection,
    ];
    for (const key of keys) await expect(selection[key]).not.toBeNull();
    await expect(field(canvas, 'program')).toHaveValue(program1!.name);
  },
};

/** Typing narrows the list at once and asks the server once the typing pauses. */
export const ServerSearch: Story = {
  play: async ({ canvas, args }) => {
    const input = field(canvas, 'program');
    await userEvent.type(input, 'koordinasi');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    await expect(args.onSearchChange).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearchChange).toHaveBeenCalledWith('program', 'koordinasi'));
    await expect(args.onSearchChange).toHaveBeenCalledOnce();
    // An open list hides the rest of the page from assistive technology; close it.
    await userEvent.keyboard('{Escape}');
  },
};

/** No programs yet: the spec's call to add the first one; no supporters either. */
export const NoPrograms: Story = {
  args: { levels: levelsFromSeed(emptySeed, emptySelection) },
  render: (args) => <Cascade {...args} seed={emptySeed} />,
  play: async ({ canvas }) => {
    await expect(field(canvas, 'program')).toHaveAccessibleDescription(
      levels.program.emptyOptionsHint,
    );
    await expect(field(canvas, 'supporter')).toHaveAccessibleDescription(
      levels.supporter.emptyOptionsHint,
    );
  },
};

/** A program with no kegiatan says so on the kegiatan select. */
export const EmptyLevel: Story = {
  args: {
    selection: { ...emptySelection, program: program1! },
    levels: levelsFromSeed(
      demoSeed,
      { ...emptySelection, program: program1! },
      {
        action: { options: [] },
      },
    ),
  },
  render: (args) => <Cascade {...args} />,
  play: async ({ canvas }) => {
    await expect(field(canvas, 'action')).toBeEnabled();
    await expect(field(canvas, 'action')).toHaveAccessibleDescription(
      levels.action.emptyOptionsHint,
    );
  },
};

export const Loading: Story = {
  args: {
    levels: levelsFromSeed(emptySeed, emptySelection, {
      program: { isLoading: true },
      supporter: { isLoading: true },
    }),
  },
  render: (args) => <Cascade {...args} />,
  play: async ({ canvas }) => {
    const input = field(canvas, 'program');
    // While loading, no "nothing here" hint.
    await expect(input).not.toHaveAccessibleDescription(levels.program.emptyOptionsHint);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await expect(listbox.closest('[aria-busy="true"]')).not.toBeNull();
    await expect(listbox).toHaveTextContent(messagesId.common.loading);
    await userEvent.keyboard('{Escape}');
  },
};

export const LoadError: Story = {
  args: {
    levels: levelsFromSeed(emptySeed, emptySelection, {
      program: { errorMessage: levels.program.fetchFailed },
    }),
  },
  render: (args) => <Cascade {...args} />,
  play: async ({ canvas }) => {
    const input = field(canvas, 'program');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(levels.program.fetchFailed);
    await expect(canvas.queryByText(levels.program.emptyOptionsHint)).not.toBeInTheDocument();
  },
};

/** The server holds more than one page: the field says how many and invites a search. */
export const MoreThanOnePage: Story = {
  args: {
    levels: levelsFromSeed(demoSeed, emptySelection, { supporter: { total: 45 } }),
  },
  render: (args) => <Cascade {...args} />,
  play: async ({ canvas }) => {
    const shown = demoSeed.entities.supporter.length;
    await expect(field(canvas, 'supporter')).toHaveAccessibleDescription(
      messagesId.reports.form.partialOptions(shown, 45),
    );
  },
};

export const LongNames: Story = {
  args: {
    selection: fullSelection(longNamesSeed),
    levels: levelsFromSeed(longNamesSeed, fullSelection(longNamesSeed)),
  },
  render: (args) => <Cascade {...args} seed={longNamesSeed} />,
  play: async ({ canvas }) => {
    const account = fullSelection(longNamesSeed).account!;
    await expect(field(canvas, 'account')).toHaveValue(`${account.code} - ${account.name}`);
  },
};
