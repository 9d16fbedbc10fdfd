import type { HistoryEntry } from '@ranwal/core';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { changeSummary } from './history-diff.js';

/** An edit's changed fields, one a line ('Harga: Rp 1.000 → Rp 1.500'); nothing for a create or delete. */
export function ChangeList({ entry, className }: { entry: HistoryEntry; className?: string }) {
  const lines = changeSummary(entry, useMessages());
  if (lines.length === 0) return null;
  return (
    <ul className={cn('flex flex-col gap-0.5 break-words text-sm text-slate-800', className)}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
