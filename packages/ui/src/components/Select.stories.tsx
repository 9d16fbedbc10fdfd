import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Select, SelectItem } from './Select.js';

const program = messagesId.levels.program;
const action = messagesId.levels.action;

const programs = [
  { id: 'p1', name: 'Program Penunjang Urusan Pemerintahan Daerah' },
  { id: 'p2', name: 'Program Pengelolaan Keuangan Daerah' },
  { id: 'p3', name: 'Program Perencanaan Pembangunan Daerah' },
];

const meta = {
  title: 'Building blocks/Select',
  component: Select,
  // Fields sit in forms, not across the whole screen.
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
  args: {
    label: program.label,
    placeholder: program.selectPlaceholder,
    onChange: fn(),
    children: programs.map((p) => (
      <SelectItem key={p.id} id={p.id}>
        {p.name}
      </SelectItem>
    )),
  },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: new RegExp(program.label) });
    await expect(trigger).toHaveTextContent(program.selectPlaceholder);

    // Keyboard only: focus, open, move down one option, choose.
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    await expect(document.activeElement).toHaveTextContent(programs[0]!.name);
    await userEvent.keyboard('{ArrowDown}{Enter}');

    await expect(args.onChange).toHaveBeenLastCalledWith('p2');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(trigger).toHaveTextContent(programs[1]!.name);
  },
};

export const Selected: Story = {
  args: { defaultValue: 'p3' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: new RegExp(program.label) })).toHaveTextContent(
      programs[2]!.name,
    );
  },
};

/** The user dashboard's cascade: the level below waits, with the yellow hint. */
export const DisabledWithHint: Story = {
  args: {
    label: action.label,
    placeholder: action.selectPlaceholder,
    isDisabled: true,
    description: program.chooseFirstHint,
    descriptionTone: 'warning',
    children: [],
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: new RegExp(action.label) });
    await expect(trigger).toBeDisabled();
    await expect(canvas.getByText(program.chooseFirstHint)).toBeVisible();
  },
};

export const Empty: Story = {
  args: {
    label: action.label,
    placeholder: action.selectPlaceholder,
    isDisabled: true,
    description: action.emptyOptionsHint,
    descriptionTone: 'warning',
    children: [],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(action.emptyOptionsHint)).toBeVisible();
  },
};

export const Invalid: Story = {
  args: {
    isRequired: true,
    errorMessage: messagesId.validation.required(program.label),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messagesId.validation.required(program.label))).toBeVisible();
  },
};

export const LongNames: Story = {
  args: {
    children: [
      <SelectItem key="l1" id="l1">
        Program Peningkatan Kapasitas Sumber Daya Aparatur dan Tata Kelola Pemerintahan Daerah yang
        Bersih, Efektif, dan Akuntabel
      </SelectItem>,
      <SelectItem key="l2" id="l2">
        Program Pemberdayaan Masyarakat Desa dan Kelurahan
      </SelectItem>,
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(program.label) }));
    await expect(await screen.findAllByRole('option')).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * A long choice in a phone's field (a filter bar's Perangkat Daerah at 390 px, the field 320 px
 * wide): its text wraps instead of ending in '…' after its code, so the chosen unit is read
 * whole (a longer one is cut only past three lines).
 */
export const LongChoiceOnPhone: Story = {
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
  args: {
    label: messagesId.levels.agency.label,
    defaultValue: 'a1',
    children: [
      <SelectItem key="a1" id="a1">
        4.01.0.00.0.00.01.0000 - BADAN PERENCANAAN PEMBANGUNAN DAERAH
      </SelectItem>,
    ],
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /BADAN PERENCANAAN/ });
    const value = trigger.firstElementChild as HTMLElement;
    const lineHeight = Number.parseFloat(getComputedStyle(value).lineHeight);
    // Nothing cut off, sideways or below: on more lines than one, three at most.
    await expect(value.scrollWidth).toBeLessThanOrEqual(value.clientWidth);
    await expect(value.scrollHeight).toBeLessThanOrEqual(value.clientHeight);
    await expect(value.clientHeight).toBeGreaterThanOrEqual(2 * lineHeight - 1);
    await expect(value.clientHeight).toBeLessThanOrEqual(3 * lineHeight + 1);
  },
};
