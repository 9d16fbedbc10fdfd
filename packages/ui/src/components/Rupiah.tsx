import { formatRupiah } from '@ranwal/core';
import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn.js';

export interface RupiahProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Whole rupiah (a fraction is rounded), or an exact sum as decimal text. */
  value: number | bigint | string;
}

/** An amount as 'Rp 1.234.567', in tabular digits so columns of amounts line up. */
export function Rupiah({ value, className, ...props }: RupiahProps) {
  return (
    <span {...props} className={cn('whitespace-nowrap tabular-nums', className)}>
      {formatRupiah(value)}
    </span>
  );
}
