import {
  type BudgetLine,
  formatDateTimeLong,
  formatNumberId,
  hierarchyLevelKeys,
  type Messages,
} from '@ranwal/core';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

/** A volume with what it counts ('30 Orang'); a volume that counts nothing is its number. */
export function volumeText(messages: Messages, value: number, unit: string | null): string {
  const amount = formatNumberId(value, 2);
  return unit ? messages.reports.list.volumeWithUnit(amount, unit) : amount;
}

/** A line's three volumes, each with its own unit (Orang, Kali, ...). */
export const lineVolumes = (line: BudgetLine) =>
  [
    [line.first_volume, line.first_volume_unit],
    [line.second_volume, line.second_volume_unit],
    [line.third_volume, line.third_volume_unit],
  ] as const;

/**
 * The levels a line sits in, Perangkat Daerah (when its programme has one) to Kode Rekening,
 * each as 'code - name' (its name alone where it has no code).
 */
export function lineLevels(
  line: BudgetLine,
  messages: Messages,
): { key: string; label: string; value: string }[] {
  const text = (code: string | null, name: string) =>
    code ? messages.hierarchy.accountCodeName(code, name) : name;
  return (['agency', ...hierarchyLevelKeys] as const).flatMap((key) => {
    const value =
      key === 'account'
        ? text(line.account_code || null, line.account_name)
        : key === 'agency'
          ? line.agency_name
            ? text(line.agency_code ?? null, line.agency_name)
            : ''
          : text(line[`${key}_code`] ?? null, line[`${key}_name`]);
    return value ? [{ key, label: messages.levels[key].label, value }] : [];
  });
}

export type SubActionVerificationState = 'verified' | 'hasNotes' | 'notVerified';

/** Where the line's sub kegiatan stands: an open note first, then the mark. */
export const subActionVerificationState = (line: BudgetLine): SubActionVerificationState =>
  (line.sub_action_open_notes ?? 0) > 0
    ? 'hasNotes'
    : line.sub_action_verified_at
      ? 'verified'
      : 'notVerified';

const badgeTones: Record<SubActionVerificationState, string> = {
  verified: 'bg-green-100 text-green-900',
  hasNotes: 'bg-yellow-100 text-yellow-900',
  notVerified: 'bg-slate-100 text-slate-800',
};

/**
 * The verification of a line's sub kegiatan, as its unit sees it: 'Terverifikasi', 'Ada catatan'
 * or 'Belum diverifikasi', with when (or how many notes) in words for a hover and a screen reader.
 */
export function SubActionVerificationBadge({
  line,
  className,
}: {
  line: BudgetLine;
  className?: string;
}) {
  const v = useMessages().lines.verification;
  const state = subActionVerificationState(line);
  const detail =
    state === 'verified' && line.sub_action_verified_at
      ? v.verifiedOn(formatDateTimeLong(line.sub_action_verified_at))
      : state === 'hasNotes'
        ? v.openNotes(line.sub_action_open_notes)
        : undefined;
  return <VerificationPill state={state} detail={detail} className={className} />;
}

/**
 * The pill of a sub kegiatan's verification, one look and one set of words for its unit's
 * lines and its verifier's list; `detail` is for a hover and a screen reader.
 */
export function VerificationPill({
  state,
  detail,
  className,
}: {
  state: SubActionVerificationState;
  detail?: string | undefined;
  className?: string | undefined;
}) {
  const v = useMessages().lines.verification;
  return (
    <span
      title={detail}
      className={cn(
        'w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium',
        badgeTones[state],
        className,
      )}
    >
      {v[state]}
      {detail && <span className="sr-only">{` (${detail})`}</span>}
    </span>
  );
}

/** 'Sub Kegiatan: Terverifikasi' under a line in the unit's list. */
export function LineVerification({ line }: { line: BudgetLine }) {
  const messages = useMessages();
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
      {`${messages.levels.sub_action.label}:`}
      <SubActionVerificationBadge line={line} />
    </span>
  );
}

/** 'Diubah 2 Maret 2025 pukul 10.15 oleh Siti': when a line was last edited, and by whom. */
export function EditedBy({ report }: { report: BudgetLine }) {
  const list = useMessages().reports.list;
  if (!report.updated_at) return null;
  const when = formatDateTimeLong(report.updated_at);
  return (
    <>{report.updated_by_name ? list.editedBy(when, report.updated_by_name) : list.edited(when)}</>
  );
}
