import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { dateFieldOf, dateTextOf, typeDate } from '../testing/date-field.js';
import { DateField } from './DateField.js';

const LABEL = 'Tanggal Mulai';

const meta = {
  title: 'Building blocks/DateField',
  component: DateField,
  decorators: [
    (Story) => (
      <div className="max-w-xs">
        <Story />
      </div>
    ),
  ],
  args: { label: LABEL, value: '', onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <DateField
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof DateField>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Shown and typed the Indonesian way, dd/mm/yyyy, whatever the browser's language (a native
 * date input shows mm/dd/yyyy in an English browser); handed back as 'YYYY-MM-DD'.
 */
export const DayMonthYear: Story = {
  args: { value: '2026-06-01' },
  play: async ({ canvasElement, userEvent, args }) => {
    const field = dateFieldOf(canvasElement, LABEL);
    await expect(dateTextOf(field)).toBe('01/06/2026');
    const [day, month, year] = within(field).getAllByRole('spinbutton');
    await expect(day).toHaveAccessibleName(expect.stringContaining(LABEL));
    await expect([day, month, year].map((segment) => segment?.dataset.type)).toEqual([
      'day',
      'month',
      'year',
    ]);
    await typeDate(userEvent, field, '2026-11-28');
    await expect(dateTextOf(field)).toBe('28/11/2026');
    await expect(args.onChange).toHaveBeenLastCalledWith('2026-11-28');
  },
};

/** Empty, it shows where day, month and year go; invalid, it says why. */
export const EmptyAndInvalid: Story = {
  args: { isRequired: true, errorMessage: 'Tanggal Mulai wajib diisi' },
  play: async ({ canvasElement }) => {
    const field = dateFieldOf(canvasElement, LABEL);
    await expect(field).toHaveTextContent(/hh.*bb.*tttt/);
    await expect(within(canvasElement).getByText('Tanggal Mulai wajib diisi')).toBeVisible();
    await expect(within(field).getAllByRole('spinbutton')[0]).toHaveAccessibleDescription(
      'Tanggal Mulai wajib diisi',
    );
  },
};
