import type { DeviationLevel, MonthlyReportStatus } from '@ranwal/core';
import { Select, SelectItem } from '../../components/Select.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

/** A badge's shape; its colours say what it is. */
const badge =
  'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** A level is said in words; its colour only repeats them. */
const levelClass: Record<DeviationLevel, string> = {
  red: 'bg-red-100 text-red-900 ring-red-300',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-300',
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  none: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** A deviation level (red, yellow, green, nothing planned) as a badge with its word. */
export function DeviationBadge({ level }: { level: DeviationLevel }) {
  const t = useMessages().realisation.summary;
  return <span className={cn(badge, levelClass[level])}>{t.levels[level]}</span>;
}

/** Januari to Desember, by number (1–12). */
export function MonthSelect({
  label,
  month,
  onChange,
  className = 'w-44',
}: {
  label: string;
  month: number;
  onChange: (month: number) => void;
  className?: string;
}) {
  const m = useMessages();
  return (
    <Select
      label={label}
      items={m.cashPlan.monthNames.map((name, index) => ({ id: index + 1, name }))}
      value={month}
      onChange={(key) => {
        if (key !== null) onChange(Number(key));
      }}
      className={className}
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  );
}

const statusClass: Record<MonthlyReportStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  sent: 'bg-sky-100 text-sky-900 ring-sky-300',
  returned: 'bg-amber-100 text-amber-900 ring-amber-300',
  verified: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  closed: 'bg-slate-200 text-slate-900 ring-slate-400',
};

/** A unit's month as a badge ('Dikirim'), and 'Terlambat' beside it when past its due date. */
export function ReportStatus({ status, late }: { status: MonthlyReportStatus; late: boolean }) {
  const t = useMessages().monthlyReport;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className={cn(badge, statusClass[status])}>{t.statuses[status]}</span>
      {late && (
        <span className={cn(badge, 'bg-red-100 text-red-900 ring-red-300')}>{t.view.late}</span>
      )}
    </span>
  );
}
