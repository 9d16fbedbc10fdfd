import type { ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { Button, type ButtonProps } from './Button.js';
import {
  Cell,
  Column,
  type RanwalTableProps,
  Row,
  Table,
  TableBody,
  TableHeader,
} from './Table.js';

/** One column of a `DataTable`: its heading and what each row shows under it. */
export interface DataColumn<T> {
  id: string;
  header: ReactNode;
  /** The column that names a row to a screen reader (one per table). */
  isRowHeader?: boolean;
  /** The heading's classes (a number column's `text-end`). */
  className?: string;
  /** Each cell's classes, or a row's own (open notes in yellow). */
  cellClassName?: string | ((row: T) => string);
  cell: (row: T) => ReactNode;
}

/** A figure's cell: at the end of its column, digits of one width, never broken over lines. */
export const FIGURE_CELL = 'text-end tabular-nums whitespace-nowrap';

/** A column of figures (amounts, percentages): spread into its `DataColumn`. */
export const FIGURE_COLUMN = { className: 'text-end', cellClassName: FIGURE_CELL } as const;

export interface DataTableProps<T extends { id: Key }>
  extends Pick<RanwalTableProps, 'aria-labelledby' | 'className' | 'stackOnPhone'> {
  /** Left out where `false` or `null` (a column shown only sometimes). */
  columns: readonly (DataColumn<T> | false | null | undefined)[];
  rows: readonly T[];
  /** Rows are being fetched: 'Memuat data...' stands in for them. */
  isLoading?: boolean;
  /** What the table says with no rows (an `EmptyState`). */
  empty: ReactNode;
}

/**
 * A table whose columns are declared as data, with its loading and empty states: the lists of
 * the admin pages. Rows render again on every render of the page, so a cell may read its state.
 */
export function DataTable<T extends { id: Key }>({
  columns,
  rows,
  isLoading = false,
  empty,
  ...table
}: DataTableProps<T>) {
  const shown = columns.filter((column): column is DataColumn<T> => Boolean(column));
  return (
    <Table {...table}>
      <TableHeader>
        {shown.map((column) => (
          <Column key={column.id} isRowHeader={column.isRowHeader} className={column.className}>
            {column.header}
          </Column>
        ))}
      </TableHeader>
      <TableBody
        items={rows}
        isLoading={isLoading}
        dependencies={[shown]}
        renderEmptyState={() => empty}
      >
        {(row) => (
          <Row id={row.id}>
            {shown.map((column) => (
              <Cell
                key={column.id}
                className={
                  typeof column.cellClassName === 'function'
                    ? column.cellClassName(row)
                    : column.cellClassName
                }
              >
                {column.cell(row)}
              </Cell>
            ))}
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

/** A row's own button ('Atur Pagu', 'Buka Kunci'): small, secondary; name it with the row. */
export function RowButton(props: ButtonProps) {
  return <Button variant="secondary" size="sm" {...props} />;
}
