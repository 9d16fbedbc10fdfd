import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';
import { TextField, type TextFieldProps } from './TextField.js';

export interface FilterBarProps {
  /** Names the bar as a search landmark; without it the bar is a plain group of fields. */
  label?: string;
  /** The grid's columns by screen width (`sm:grid-cols-[8rem_1fr_1fr]`). */
  className?: string;
  /** The fields: the year, filters, a search. */
  children: ReactNode;
}

/** The filter fields above an admin list, side by side in a grid (`AdminPage`'s `controls`). */
export function FilterBar({ label, className, children }: FilterBarProps) {
  const classes = cn('grid gap-3', className);
  return label ? (
    <search aria-label={label} className={classes}>
      {children}
    </search>
  ) : (
    <div className={classes}>{children}</div>
  );
}

/** The filter bar's search box (`type="search"`), last in the bar. */
export function SearchField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="search" {...props} />;
}
