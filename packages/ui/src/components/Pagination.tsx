import { useMessages } from '../data/messages-context.js';
import { cn } from '../lib/cn.js';
import { Button } from './Button.js';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.js';

/** One slot of a numbered pagination: a page, or a gap standing for the pages left out. */
export type PageItem = number | 'gap-start' | 'gap-end';

/** Up to `size` consecutive pages around `page`, kept inside 1..totalPages (the public home). */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const count = Math.min(size, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor((size - 1) / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * All pages while they fit in 7 slots; beyond that the first and last page, the current page with
 * its neighbours, and gaps: 1 … 5 6 7 … 12. Always 7 slots, so the buttons do not jump about.
 */
export function collapsedPages(page: number, totalPages: number): PageItem[] {
  const slots = 7;
  if (totalPages <= slots) return Array.from({ length: totalPages }, (_, i) => i + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, 'gap-end', totalPages];
  if (page >= totalPages - 3) {
    return [1, 'gap-start', ...Array.from({ length: 5 }, (_, i) => totalPages - 4 + i)];
  }
  return [1, 'gap-start', page - 1, page, page + 1, 'gap-end', totalPages];
}

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  /** Called with the page to go to. */
  onChange: (page: number) => void;
  className?: string;
}

interface StepLabels {
  previous: string;
  next: string;
}

function PageList({
  items,
  page,
  totalPages,
  onChange,
  labels,
}: {
  items: PageItem[];
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  labels: StepLabels;
}) {
  const m = useMessages().pagination;
  return (
    <nav aria-label={m.label}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={page <= 1}
            onPress={() => onChange(page - 1)}
          >
            <ChevronLeftIcon className="size-4" />
            {labels.previous}
          </Button>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                variant={item === page ? 'primary' : 'secondary'}
                size="sm"
                aria-current={item === page ? 'page' : undefined}
                onPress={() => onChange(item)}
                className="min-w-9 tabular-nums"
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} className="px-1 text-slate-600">
              …
            </li>
          ),
        )}
        <li>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={page >= totalPages}
            onPress={() => onChange(page + 1)}
          >
            {labels.next}
            <ChevronRightIcon className="size-4" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}

/** The public home's pagination: Previous, up to 5 page numbers, Next; hidden for one page. */
export function PageWindowPagination({ page, totalPages, onChange, className }: PaginationProps) {
  const labels = useMessages().articles.public;
  if (totalPages <= 1) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      <PageList
        items={pageWindow(page, totalPages)}
        page={page}
        totalPages={totalPages}
        onChange={onChange}
        labels={labels}
      />
    </div>
  );
}

export interface NumberedPaginationProps extends PaginationProps {
  /** Rows per page, for 'Menampilkan X sampai Y dari Z hasil'. */
  pageSize: number;
  /** Rows in all pages. */
  totalItems: number;
  /**
   * `totalItems` is where the count stopped, and more rows match: 'dari lebih dari 10.000
   * hasil' (a list whose answer says `filtered_bounded`).
   */
  moreThanTotal?: boolean | undefined;
}

/**
 * The article list's pagination: 'Menampilkan X sampai Y dari Z hasil', Sebelumnya, page numbers
 * collapsing with gaps beyond 7 pages, Selanjutnya; hidden for one page.
 */
export function NumberedPagination({
  page,
  totalPages,
  pageSize,
  totalItems,
  moreThanTotal = false,
  onChange,
  className,
}: NumberedPaginationProps) {
  const m = useMessages().pagination;
  if (totalPages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = moreThanTotal ? page * pageSize : Math.min(page * pageSize, totalItems);
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-slate-700">
        {moreThanTotal
          ? m.showingRangeOfMore(from, to, totalItems)
          : m.showingRange(from, to, totalItems)}
      </p>
      <PageList
        items={collapsedPages(page, totalPages)}
        page={page}
        totalPages={totalPages}
        onChange={onChange}
        labels={m}
      />
    </div>
  );
}

/** The hierarchy lists' pagination: 'Halaman X dari Y' between Sebelumnya and Selanjutnya. */
export function SimplePagination({ page, totalPages, onChange, className }: PaginationProps) {
  const m = useMessages().pagination;
  const lastPage = Math.max(totalPages, 1);
  return (
    // On a phone 'Halaman X dari Y' takes a row of its own above the two buttons, which would
    // not fit beside it in a card.
    <nav
      aria-label={m.label}
      className={cn('flex flex-wrap items-center justify-between gap-x-3 gap-y-2', className)}
    >
      <Button
        variant="secondary"
        size="sm"
        isDisabled={page <= 1}
        onPress={() => onChange(page - 1)}
      >
        <ChevronLeftIcon className="size-4" />
        {m.previous}
      </Button>
      <p
        className="order-first basis-full text-center text-sm text-slate-700 sm:order-none sm:basis-auto"
        aria-live="polite"
      >
        {m.pageOf(page, lastPage)}
      </p>
      <Button
        variant="secondary"
        size="sm"
        isDisabled={page >= lastPage}
        onPress={() => onChange(page + 1)}
      >
        {m.next}
        <ChevronRightIcon className="size-4" />
      </Button>
    </nav>
  );
}
