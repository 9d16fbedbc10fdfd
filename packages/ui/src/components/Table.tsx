import { type RefObject, useLayoutEffect, useRef } from 'react';
import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  type TableBodyProps as AriaTableBodyProps,
  TableHeader as AriaTableHeader,
  type CellProps,
  Collection,
  type ColumnProps,
  type RowProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';
import { cn, composeClassName, insetFocusRing } from '../lib/cn.js';
import { LoadingState } from './States.js';

// Cells and rows take focus while arrowing through the grid; the ring sits inside them
// (insetFocusRing).

/**
 * Gives each body cell its column's heading as `data-label`, which a phone shows above the value
 * when the rows stack (styles.css, `.table-stacks`). A heading only a screen reader hears (an
 * actions column's) labels nothing, nor does a cell across several columns (an empty state).
 */
function useColumnLabels(frame: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const root = frame.current;
    if (!root) return;
    const label = () => {
      const headings = [...root.querySelectorAll('thead th')].map((heading) => {
        const text = heading.textContent?.trim() ?? '';
        const hidden = heading.querySelector('.sr-only')?.textContent?.trim();
        return text === hidden ? '' : text;
      });
      for (const row of root.querySelectorAll('tbody tr')) {
        [...row.children].forEach((cell, index) => {
          const text = (cell as HTMLTableCellElement).colSpan > 1 ? '' : (headings[index] ?? '');
          if (cell.getAttribute('data-label') !== text) cell.setAttribute('data-label', text);
        });
      }
    };
    label();
    // Rows come and go with pages and searches; setting an attribute is not a change of these.
    const observer = new MutationObserver(label);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [frame]);
}

export interface RanwalTableProps extends TableProps {
  /**
   * On a phone each row is a card, each cell under its column's heading, so the last columns
   * (a total, the actions) stay on the screen; true by default. False for a table laid out for
   * a phone already (columns it hides there).
   */
  stackOnPhone?: boolean;
}

/** A data table (react-aria's grid): arrow keys move between rows and cells. Give it a label. */
export function Table({ className, stackOnPhone = true, ...props }: RanwalTableProps) {
  const frame = useRef<HTMLDivElement>(null);
  useColumnLabels(frame);
  return (
    // Relative: visually hidden labels (absolutely placed) stay inside the scrolling frame
    // instead of widening the page on a small screen.
    <div
      ref={frame}
      className={cn(
        'relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white',
        stackOnPhone && 'table-stacks',
      )}
    >
      <AriaTable
        {...props}
        className={composeClassName(className, 'w-full border-collapse text-sm text-slate-800')}
      />
    </div>
  );
}

export function TableHeader<T extends object>({ className, ...props }: TableHeaderProps<T>) {
  return (
    <AriaTableHeader
      {...props}
      className={composeClassName(className, 'border-b border-slate-200 bg-slate-50')}
    />
  );
}

export function Column({ className, ...props }: ColumnProps) {
  return (
    <AriaColumn
      {...props}
      className={composeClassName(
        className,
        cn(
          'px-4 py-3 text-start text-xs font-semibold uppercase tracking-wide text-slate-700',
          insetFocusRing,
        ),
      )}
    />
  );
}

export interface TableBodyProps<T extends object> extends AriaTableBodyProps<T> {
  /** Rows are being fetched: one 'Memuat data...' row stands in for them. */
  isLoading?: boolean;
  /** Text of the loading row; defaults to 'Memuat data...'. */
  loadingLabel?: string;
}

/**
 * The rows; `renderEmptyState` shows when there are none. While loading, a single row says so
 * (react-aria's TableLoadMoreItem puts aria-level on a grid row, which axe rejects).
 */
export function TableBody<T extends object>({
  items,
  children,
  dependencies,
  isLoading = false,
  loadingLabel,
  renderEmptyState,
  className,
  ...props
}: TableBodyProps<T>) {
  return (
    <AriaTableBody
      {...props}
      renderEmptyState={isLoading ? () => <LoadingState label={loadingLabel} /> : renderEmptyState}
      className={className}
    >
      {isLoading ? (
        []
      ) : (
        <Collection items={items} dependencies={dependencies}>
          {children}
        </Collection>
      )}
    </AriaTableBody>
  );
}

export function Row<T extends object>({ className, ...props }: RowProps<T>) {
  return (
    <AriaRow
      {...props}
      className={composeClassName(
        className,
        cn(
          'border-b border-slate-100 last:border-0 data-[hovered]:bg-slate-50 data-[selected]:bg-brand-50',
          insetFocusRing,
        ),
      )}
    />
  );
}

export function Cell({ className, ...props }: CellProps) {
  return (
    <AriaCell
      {...props}
      className={composeClassName(className, cn('px-4 py-3 align-middle', insetFocusRing))}
    />
  );
}
