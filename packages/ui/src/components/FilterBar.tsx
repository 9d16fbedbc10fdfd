import { type ReactNode, useId, useState } from 'react';
import { useMessages } from '../data/RanwalProvider.js';
import { cn } from '../lib/cn.js';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../lib/use-media-query.js';
import { Button } from './Button.js';
import { TextField, type TextFieldProps } from './TextField.js';

export interface FilterBarProps {
  /** Names the bar as a search landmark; without it the bar is a plain group of fields. */
  label?: string;
  /** The grid's columns by screen width (`sm:grid-cols-[8rem_1fr_1fr]`). */
  className?: string;
  /** The fields always shown: the year, filters, a search. */
  children: ReactNode;
  /**
   * Fields that fold behind one button below `md` ('Filter', 'Filter (2 aktif)'), so that on a
   * phone the list or the map starts on the first screen; after `children` on a wider screen.
   */
  folded?: ReactNode;
  /** How many of the folded fields are away from their defaults: the button says so. */
  foldedActive?: number;
  /** The button's words, when the folded fields are more than filters ('Filter dan Urutan'). */
  foldLabel?: { closed: string; active: (count: number) => string };
  /** After the fields, never folded (a 'Hapus Filter' button). */
  after?: ReactNode;
}

/** The filter fields above an admin list, side by side in a grid (`AdminPage`'s `controls`). */
export function FilterBar({
  label,
  className,
  children,
  folded,
  foldedActive = 0,
  foldLabel,
  after,
}: FilterBarProps) {
  const common = useMessages().common;
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [open, setOpen] = useState(false);
  const foldedId = useId();
  const words = foldLabel ?? { closed: common.moreFilters, active: common.moreFiltersActive };
  const fields = (
    <>
      {children}
      {folded && !isWide && (
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={foldedId}
          onPress={() => setOpen((shown) => !shown)}
        >
          {foldedActive > 0 ? words.active(foldedActive) : words.closed}
        </Button>
      )}
      {folded && (isWide || open) && (
        <div id={foldedId} className="contents">
          {folded}
        </div>
      )}
      {after}
    </>
  );
  const classes = cn('grid gap-3', className);
  return label ? (
    <search aria-label={label} className={classes}>
      {fields}
    </search>
  ) : (
    <div className={classes}>{fields}</div>
  );
}

/** The filter bar's search box (`type="search"`), last in the bar. */
export function SearchField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="search" {...props} />;
}
