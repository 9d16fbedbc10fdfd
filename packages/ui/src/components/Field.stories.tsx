import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField as AriaTextField } from 'react-aria-components';
import { expect } from 'storybook/test';
import { Description, FieldError, FieldGroup, Input, Label } from './Field.js';

const f = messagesId.reports.form;

/** The shared parts, composed by hand the way a new field component would. */
const meta = {
  title: 'Building blocks/Field',
  component: Description,
  args: { children: f.taxNote },
  render: ({ children, tone }) => (
    <AriaTextField className="group/field flex flex-col gap-1" isRequired>
      <Label>{f.unit}</Label>
      <FieldGroup>
        <Input placeholder={f.unitPlaceholder} />
      </FieldGroup>
      <Description tone={tone}>{children}</Description>
      <FieldError />
    </AriaTextField>
  ),
} satisfies Meta<typeof Description>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: f.unit })).toHaveAccessibleDescription(
      f.taxNote,
    );
  },
};

/** The yellow hint of the user dashboard's cascade. */
export const WarningHint: Story = {
  args: { tone: 'warning', children: messagesId.levels.program.chooseFirstHint },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(messagesId.levels.program.chooseFirstHint)).toBeVisible();
  },
};

/** A field told it is invalid shows FieldError's text in red and links it. */
export const Invalid: Story = {
  render: () => (
    <AriaTextField className="group/field flex flex-col gap-1" isRequired isInvalid>
      <Label>{f.unit}</Label>
      <FieldGroup>
        <Input placeholder={f.unitPlaceholder} />
      </FieldGroup>
      <FieldError>{messagesId.validation.required(f.unit)}</FieldError>
    </AriaTextField>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: f.unit });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(messagesId.validation.required(f.unit));
  },
};
