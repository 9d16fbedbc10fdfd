import {
  type DateFormatOptions,
  type DateInput,
  formatDateShortEnUs,
  formatDateShortId,
  formatDateTimeLong,
} from '@ranwal/core';
import type { HTMLAttributes } from 'react';

const formatters = {
  /** '21 November 2026 pukul 11.30' (the report table). */
  long: formatDateTimeLong,
  /** '21 Nov 2026' (article management). */
  shortId: formatDateShortId,
  /** 'Nov 21, 2026' (the public article view). */
  shortEnUs: formatDateShortEnUs,
} as const;

export interface DateTextProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  value: DateInput;
  format: keyof typeof formatters;
  /** An IANA time zone; defaults to Asia/Jakarta. */
  timeZone?: DateFormatOptions['timeZone'];
}

/**
 * A date in one of the product's formats, as a <time> carrying the machine-readable instant.
 * A missing or unreadable date shows core's 'Unknown date' / 'Invalid date' as plain text.
 */
export function DateText({ value, format, timeZone, ...props }: DateTextProps) {
  const text = formatters[format](value, { timeZone });
  const date =
    value instanceof Date ? value : value == null || value === '' ? null : new Date(value);
  if (date === null || Number.isNaN(date.getTime())) return <span {...props}>{text}</span>;
  return (
    <time {...props} dateTime={date.toISOString()}>
      {text}
    </time>
  );
}
