import type { BudgetLine } from '@ranwal/core';
import type { ReactNode } from 'react';
import { DateText } from '../../components/DateText.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState, LoadingState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { LineComponent } from './LineComponent.js';
import { LineVerification } from './line-facts.js';

/** What a line's total shows: the total after tax, else the total price. */
export const reportTotal = (report: BudgetLine): number =>
  report.total_after_tax || report.total_price;

export interface ReportCardsProps {
  reports: readonly BudgetLine[];
  isLoading: boolean;
  emptyText: string;
  /** Each line's number in the whole list. */
  numbers: ReadonlyMap<string, number>;
  actions: (report: BudgetLine) => ReactNode;
  /** Each line's sub kegiatan verification under its component (the unit's list). */
  showVerification?: boolean;
  className?: string;
}

/** The lines as cards, for a phone: component, program, Pengampu, total, date and actions. */
export function ReportCards({
  reports,
  isLoading,
  emptyText,
  numbers,
  actions,
  showVerification = false,
  className,
}: ReportCardsProps) {
  const messages = useMessages();
  const columns = messages.reports.admin.columns;
  if (isLoading && reports.length === 0) return <LoadingState className={className} />;
  if (reports.length === 0) return <EmptyState text={emptyText} className={className} />;
  return (
    <ul className={cn('flex flex-col gap-3', className)}>
      {reports.map((report) => (
        <li key={report.id} className="rounded-lg border border-slate-200 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 gap-1">
              <span className="text-slate-600">{numbers.get(report.id)}.</span>
              <span className="flex min-w-0 flex-col">
                <LineComponent line={report} />
                {showVerification && <LineVerification line={report} />}
              </span>
            </div>
            <Rupiah
              value={report.total_after_tax || report.total_price}
              className="shrink-0 font-semibold"
            />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{columns.program}</dt>
            <dd className="break-words">{report.program_name}</dd>
            <dt className="text-slate-600">{columns.supporter}</dt>
            <dd className="break-words">{report.supporter_name}</dd>
            <dt className="text-slate-600">{columns.date}</dt>
            <dd>
              <DateText value={report.created_at} format="long" />
            </dd>
          </dl>
          <div className="mt-3">{actions(report)}</div>
        </li>
      ))}
    </ul>
  );
}
