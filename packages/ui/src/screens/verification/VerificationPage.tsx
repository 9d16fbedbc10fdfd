import {
  type BudgetLine,
  coefficientText,
  type Messages,
  type PaguLevelStatus,
  type SubActionReview,
} from '@ranwal/core';
import { type ReactNode, useId } from 'react';
import {
  type AdminListProps,
  AdminTablePage,
  adminPageFrame,
  useAction,
} from '../../components/AdminPage.js';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { DataTable, RowButton } from '../../components/DataTable.js';
import { DateText } from '../../components/DateText.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { VerificationPill } from '../budget-lines/line-facts.js';
import { lineDetailText } from './line-detail.js';
import type { NoteTarget } from './NoteThread.js';

/** 'code - name' of a sub kegiatan, or its name. */
export const subActionTitle = (row: Pick<SubActionReview, 'sub_action_code' | 'sub_action_name'>) =>
  [row.sub_action_code, row.sub_action_name].filter(Boolean).join(' - ');

/**
 * The lines as 'Catatan untuk' offers them and the notes name them: 'Laporan: name'; where names
 * repeat, with what the lines table shows of each (Spesifikasi, Harga, Koefisien), and where that
 * repeats too, with the line's place in the table ('rincian ke-4').
 */
export function noteTargetsOf(lines: readonly BudgetLine[], messages: Messages): NoteTarget[] {
  const t = messages.verification.notes;
  const details = lines.map((line) =>
    [lineDetailText(line), coefficientText(line)].filter(Boolean).join(' · '),
  );
  const tally = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return (key: string) => counts.get(key) ?? 0;
  };
  const names = tally(lines.map((line) => line.component_name));
  const alike = tally(lines.map((line, i) => JSON.stringify([line.component_name, details[i]])));
  return lines.map((line, i) => {
    const name = line.component_name;
    const detail = details[i] ?? '';
    if (names(name) === 1) return { id: line.id, label: t.onLine(name) };
    const repeated = alike(JSON.stringify([name, detail])) > 1;
    return {
      id: line.id,
      label: t.onLineDetail(name, repeated ? t.lineOrdinal(detail, i + 1) : detail),
    };
  });
}

/** The status a sub kegiatan's verification has, in the words its unit's badge uses. */
function VerifiedBadge({ row }: { row: SubActionReview }) {
  const m = useMessages();
  if (!row.verified_at) return <VerificationPill state="notVerified" />;
  return (
    <span className="flex flex-col gap-0.5">
      <VerificationPill state="verified" />
      <span className="text-xs text-slate-600">
        {row.verified_by_name && `${m.verification.verifiedBy(row.verified_by_name)}, `}
        <DateText value={row.verified_at} format="long" />
      </span>
    </span>
  );
}

export interface VerificationListProps extends AdminListProps {
  year: number;
  rows: readonly SubActionReview[];
  /** A filter or search narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  /**
   * The list can hold more than one Perangkat Daerah (an admin, a verifier of several units):
   * each row names its unit. A verifier of one unit reads only that unit's rows, so the column
   * would repeat one name on every row (and, wrapped in its narrow column, make each row tall).
   */
  showsUnit?: boolean;
  /** Opens a sub kegiatan: its lines, notes and verification. */
  onOpen: (row: SubActionReview) => void;
}

/**
 * The Verifikasi page's list (issue 19, beyond the spec): a year's sub kegiatan of the verifier's
 * units with their lines' count and total, their notes and whether they are verified.
 */
export function VerificationList({
  year,
  rows,
  isNarrowed = false,
  showsUnit = true,
  onOpen,
  ...list
}: VerificationListProps) {
  const t = useMessages().verification;
  const c = t.columns;
  return (
    <AdminTablePage
      title={t.title}
      intro={t.intro}
      listTitle={t.listTitle(year)}
      rows={rows.map((row) => ({ ...row, id: row.sub_action_id }))}
      empty={<EmptyState text={isNarrowed ? t.emptyFiltered : t.empty} />}
      columns={[
        ...(showsUnit
          ? [
              {
                id: 'agency',
                header: c.agency,
                cellClassName: 'min-w-32 max-w-56 break-words',
                cell: (row: SubActionReview) => row.agency_name ?? t.noAgency,
              },
            ]
          : []),
        {
          id: 'subAction',
          header: c.subAction,
          isRowHeader: true,
          cellClassName: 'min-w-48 max-w-80 break-words font-medium',
          cell: subActionTitle,
        },
        {
          id: 'lineCount',
          header: c.lineCount,
          cellClassName: 'tabular-nums',
          cell: (row) => row.line_count,
        },
        {
          id: 'total',
          header: c.total,
          cellClassName: 'whitespace-nowrap tabular-nums',
          cell: (row) => <Rupiah value={row.total_after_tax} />,
        },
        {
          id: 'notes',
          header: c.notes,
          cellClassName: (row) => cn('whitespace-nowrap', row.open_notes > 0 && 'text-yellow-800'),
          cell: (row) => t.noteCounts(row.open_notes, row.closed_notes),
        },
        { id: 'status', header: c.status, cell: (row) => <VerifiedBadge row={row} /> },
        {
          id: 'open',
          header: <span className="sr-only">{t.open}</span>,
          cell: (row) => (
            <RowButton aria-label={t.openLabel(subActionTitle(row))} onPress={() => onOpen(row)}>
              {t.open}
            </RowButton>
          ),
        },
      ]}
      {...list}
    />
  );
}

export interface SubActionVerificationProps {
  review: SubActionReview;
  lines: readonly BudgetLine[];
  linesLoading?: boolean;
  linesError?: string | null;
  onLinesRetry?: () => void;
  onBack: () => void;
  /** Marks verified (true) or withdraws it; reject with the call's error (shown above). */
  onVerify: (verified: boolean) => Promise<unknown>;
  /** The sub kegiatan's notes (`ConnectedNoteThread`). */
  notes: ReactNode;
  /** The sub kegiatan's pagu of the year: its ceiling, what its lines plan, and the sisa. */
  pagu?: {
    level: PaguLevelStatus | undefined;
    isLoading?: boolean;
    error?: string | null;
  };
}

/** 'Pagu', 'Sudah direncanakan' and 'Sisa' of the sub kegiatan under review. */
function SubActionPagu({ pagu }: { pagu: NonNullable<SubActionVerificationProps['pagu']> }) {
  const m = useMessages();
  const amounts = m.planning.amounts;
  const titleId = useId();
  const level = pagu.level;
  const facts: [string, ReactNode][] = level
    ? [
        [
          amounts.pagu,
          level.pagu === null ? amounts.noPagu : <Rupiah key="pagu" value={level.pagu} />,
        ],
        [amounts.planned, <Rupiah key="planned" value={level.planned} />],
        [
          amounts.remaining,
          level.remaining === null ? (
            amounts.noLimit
          ) : (
            <Rupiah
              key="remaining"
              value={level.remaining}
              className={cn(level.remaining.startsWith('-') && 'font-semibold text-red-800')}
            />
          ),
        ],
      ]
    : [];
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {m.lines.verifier.paguTitle}
      </h2>
      {pagu.error ? (
        <ErrorState message={pagu.error} />
      ) : pagu.isLoading ? (
        <LoadingState />
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-4 text-sm sm:grid-cols-[repeat(3,auto_1fr)]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium tabular-nums text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * One sub kegiatan of a year under review: its status, its lines (read only: a verifier writes
 * notes, never lines), its notes, and 'Tandai Terverifikasi' / 'Batalkan Verifikasi'; the
 * server refuses to verify while a note is open, and its words show here.
 */
export function SubActionVerification({
  review,
  lines,
  linesLoading = false,
  linesError = null,
  onLinesRetry,
  onBack,
  onVerify,
  notes,
  pagu,
}: SubActionVerificationProps) {
  const m = useMessages();
  const t = m.verification;
  const d = t.detail;
  const fields = m.reports.fields;
  const titleId = useId();
  const linesTitleId = useId();
  const { running, failure, run } = useAction<'verify'>();
  const verified = review.verified_at !== null;
  // The server refuses a verification while a note is open: the button says why before a press.
  const blocked = !verified && review.open_notes > 0;
  const blockedId = useId();

  return (
    <section aria-labelledby={titleId} className={adminPageFrame}>
      <div>
        <Button variant="ghost" size="sm" onPress={onBack}>
          {d.back}
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 id={titleId} className="text-2xl font-bold text-slate-900">
            {subActionTitle(review)}
          </h1>
          <p className="text-sm text-slate-700">
            {review.agency_name ?? t.noAgency} · {review.year} · {t.columns.notes}:{' '}
            {t.noteCounts(review.open_notes, review.closed_notes)}
          </p>
          <VerifiedBadge row={review} />
        </div>
        <div className="flex max-w-xs flex-col items-start gap-1 sm:items-end">
          <Button
            variant={verified ? 'secondary' : 'primary'}
            isPending={running === 'verify'}
            isDisabled={blocked}
            aria-describedby={blocked ? blockedId : undefined}
            onPress={() => void run('verify', () => onVerify(!verified), d.verifyFailed)}
          >
            {verified ? d.unverify : d.verify}
          </Button>
          {blocked && (
            <p id={blockedId} className="text-sm text-yellow-900 sm:text-right">
              {m.lines.verifier.verifyBlocked(review.open_notes)}
            </p>
          )}
        </div>
      </div>
      {failure && (
        <Banner key={failure.key} tone="error">
          {failure.message}
        </Banner>
      )}
      {pagu && <SubActionPagu pagu={pagu} />}
      <h2 id={linesTitleId} className="text-lg font-semibold text-slate-900">
        {d.linesTitle}
      </h2>
      {linesError ? (
        <ErrorState message={linesError} onRetry={onLinesRetry} />
      ) : (
        <DataTable
          aria-labelledby={linesTitleId}
          className="[&_td]:px-3 [&_th]:px-3"
          rows={lines}
          isLoading={linesLoading}
          empty={<EmptyState text={d.linesEmpty} />}
          columns={[
            {
              id: 'componentName',
              header: fields.componentName,
              isRowHeader: true,
              cellClassName: 'min-w-40 max-w-72 break-words font-medium',
              cell: (line) => line.component_name,
            },
            {
              id: 'specification',
              header: fields.specification,
              cellClassName: 'min-w-32 max-w-60 break-words',
              cell: (line) => line.specification || '-',
            },
            {
              id: 'accountCode',
              header: fields.accountCode,
              cellClassName: 'whitespace-nowrap',
              cell: (line) => line.account_code ?? '-',
            },
            {
              id: 'price',
              header: fields.price,
              cellClassName: 'whitespace-nowrap tabular-nums',
              cell: (line) => <Rupiah value={line.price} />,
            },
            {
              id: 'coefficient',
              header: fields.coefficient,
              cellClassName: 'whitespace-nowrap',
              cell: coefficientText,
            },
            {
              id: 'totalAfterTax',
              header: fields.totalAfterTax,
              cellClassName: 'whitespace-nowrap tabular-nums',
              cell: (line) => <Rupiah value={line.total_after_tax} />,
            },
          ]}
        />
      )}
      {notes}
    </section>
  );
}
