import { within } from 'storybook/test';

/** What typing needs of a story's userEvent (either of its two setups). */
interface UserEvent {
  click: (element: Element) => Promise<unknown>;
  keyboard: (text: string) => Promise<unknown>;
}

/** A DateField by its label: the group holding its day, month and year. */
export const dateFieldOf = (scope: HTMLElement, label: string | RegExp) =>
  within(scope).getByRole('group', {
    // A required field's name ends in its mark.
    name:
      typeof label === 'string'
        ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
        : label,
  });

/** The date a DateField shows, as read ('01/06/2026'; '' while empty). */
export const dateTextOf = (field: HTMLElement) =>
  [...within(field).getAllByRole('spinbutton')]
    .map((segment) =>
      segment.getAttribute('aria-valuetext') === 'Kosong' ? '' : segment.textContent,
    )
    .join('/')
    .replace(/[\u2066-\u2069\u200e\u200f]/g, '');

/** Types a 'YYYY-MM-DD' date into a DateField as a person does: dd mm yyyy from its day. */
export async function typeDate(user: UserEvent, field: HTMLElement, iso: string) {
  const [year, month, day] = iso.split('-');
  const [first] = within(field).getAllByRole('spinbutton');
  await user.click(first!);
  await user.keyboard(`${day}${month}${year}`);
}

/** A DateField's day: where it takes focus, and what its label and description are read with. */
export const dayOf = (field: HTMLElement) => within(field).getAllByRole('spinbutton')[0]!;
