import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { NumberedPagination, PageWindowPagination, SimplePagination } from './Pagination.js';

const m = messagesId.pagination;
const pub = messagesId.articles.public;

/** What the user sees in the navigation, in order: buttons' labels and the gaps. */
function visibleLabels(canvasElement: HTMLElement): string[] {
  const nav = within(canvasElement).getByRole('navigation', { name: m.label });
  return [...nav.querySelectorAll('li')].map((li) => li.textContent?.trim() ?? '');
}

const meta = {
  title: 'Building blocks/Pagination',
  component: NumberedPagination,
  args: { page: 6, totalPages: 12, pageSize: 5, totalItems: 58, onChange: fn() },
} satisfies Meta<typeof NumberedPagination>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The article list, 12 pages: the middle collapses on both sides. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await expect(visibleLabels(canvasElement)).toEqual([
      m.previous,
      '1',
      '…',
      '5',
      '6',
      '7',
      '…',
      '12',
      m.next,
    ]);
    await expect(canvas.getByRole('button', { name: '6' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText(m.showingRange(26, 30, 58))).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: '7' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(7);
    await userEvent.click(canvas.getByRole('button', { name: m.previous }));
    await expect(args.onChange).toHaveBeenLastCalledWith(5);
    await userEvent.click(canvas.getByRole('button', { name: '12' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(12);
  },
};

export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ canvas, canvasElement }) => {
    await expect(visibleLabels(canvasElement)).toEqual([
      m.previous,
      '1',
      '2',
      '3',
      '4',
      '5',
      '…',
      '12',
      m.next,
    ]);
    await expect(canvas.getByRole('button', { name: m.previous })).toBeDisabled();
    await expect(canvas.getByText(m.showingRange(1, 5, 58))).toBeVisible();
  },
};

export const LastPage: Story = {
  args: { page: 12 },
  play: async ({ canvas, canvasElement }) => {
    await expect(visibleLabels(canvasElement)).toEqual([
      m.previous,
      '1',
      '…',
      '8',
      '9',
      '10',
      '11',
      '12',
      m.next,
    ]);
    await expect(canvas.getByRole('button', { name: m.next })).toBeDisabled();
    await expect(canvas.getByText(m.showingRange(56, 58, 58))).toBeVisible();
  },
};

/** A count that stopped at its bound (issue 39): 'dari lebih dari 10.000 hasil'. */
export const MoreThanBound: Story = {
  args: { page: 3, totalPages: 1000, pageSize: 10, totalItems: 10_000, moreThanTotal: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(m.showingRangeOfMore(21, 30, 10_000))).toBeVisible();
    await expect(
      canvas.getByText('Menampilkan 21 sampai 30 dari lebih dari 10.000 hasil'),
    ).toBeVisible();
  },
};

/** Seven pages or fewer: every number, no gaps. */
export const FewPages: Story = {
  args: { page: 2, totalPages: 7, totalItems: 33 },
  play: async ({ canvasElement }) => {
    await expect(visibleLabels(canvasElement)).toEqual([
      m.previous,
      ...['1', '2', '3', '4', '5', '6', '7'],
      m.next,
    ]);
  },
};

export const SinglePage: Story = {
  args: { page: 1, totalPages: 1, totalItems: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
  },
};

/** The public home: a window of up to five pages, in English. */
export const PageWindow: Story = {
  render: (args) => <PageWindowPagination {...args} />,
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await expect(visibleLabels(canvasElement)).toEqual([
      pub.previous,
      '4',
      '5',
      '6',
      '7',
      '8',
      pub.next,
    ]);
    await expect(canvas.getByRole('button', { name: '6' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: pub.next }));
    await expect(args.onChange).toHaveBeenLastCalledWith(7);
  },
};

export const PageWindowNearEnd: Story = {
  args: { page: 11 },
  render: (args) => <PageWindowPagination {...args} />,
  play: async ({ canvasElement }) => {
    await expect(visibleLabels(canvasElement)).toEqual([
      pub.previous,
      '8',
      '9',
      '10',
      '11',
      '12',
      pub.next,
    ]);
  },
};

export const PageWindowSinglePage: Story = {
  args: { page: 1, totalPages: 1 },
  render: (args) => <PageWindowPagination {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
  },
};

/** The hierarchy lists: 'Halaman X dari Y' between the two buttons. */
export const Simple: Story = {
  args: { page: 1, totalPages: 3 },
  render: (args) => <SimplePagination {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText(m.pageOf(1, 3))).toBeVisible();
    await expect(canvas.getByRole('button', { name: m.previous })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: m.next }));
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
  },
};

export const SimpleLastPage: Story = {
  args: { page: 3, totalPages: 3 },
  render: (args) => <SimplePagination {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(m.pageOf(3, 3))).toBeVisible();
    await expect(canvas.getByRole('button', { name: m.next })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: m.previous })).toBeEnabled();
  },
};

export const SimpleEmpty: Story = {
  args: { page: 1, totalPages: 0 },
  render: (args) => <SimplePagination {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(m.pageOf(1, 1))).toBeVisible();
    await expect(canvas.getByRole('button', { name: m.next })).toBeDisabled();
  },
};

/**
 * In a card on a phone: 'Halaman X dari Y' takes its own row, so both buttons stay inside the
 * card (beside it, 'Selanjutnya' went past the card's edge).
 */
export const SimpleNarrow: Story = {
  args: { page: 2, totalPages: 12 },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: (args) => (
    <div className="w-72 border border-slate-200 p-4">
      <SimplePagination {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const card = canvas.getByRole('navigation', { name: m.label }).parentElement as HTMLElement;
    const inner = card.getBoundingClientRect().right - 16;
    for (const name of [m.previous, m.next]) {
      const right = canvas.getByRole('button', { name }).getBoundingClientRect().right;
      await expect(right).toBeLessThanOrEqual(inner + 0.5);
    }
    await expect(canvas.getByText(m.pageOf(2, 12))).toBeVisible();
  },
};
