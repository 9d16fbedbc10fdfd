import {
  type BudgetLine,
  coefficientText,
  type PaguLevelStatus,
  type SubActionReview,
} from '@ranwal/core';
import { type ReactNode, useId, useState } from 'react';
import { AdminPage, adminPageFrame } from '../../components/AdminPage.js';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import type { NumberedPaginationProps } from '../../components/Pagination.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

/** 'code - name' of a sub kegiatan, or its name. */
export const subActionTitle = (row: Pick<SubActionReview, 'sub_action_code' | 'sub_action_name'>) =>
  [row.sub_action_code, row.sub_action_name].filter(Boolean).join(' - ');

function VerifiedBadge({ row }: { row: SubActionReview }) {
  const t = useMessages().verification;
  if (!row.verified_at) {
    return (
      <span className="w-fit rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
        {t.notVerified}
      </span>
    );
  }
  return (
    <span className="flex flex-col gap-0.5">
      <span className="w-fit rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
        {t.verified}
      </span>
      <span className="text-xs text-slate-600">
        {row.verified_by_name && `${t.verifiedBy(row.verified_by_name)}, `}
        <DateText value={row.verified_at} format="long" />
      </span>
    </span>
  );
}

export interface VerificationListProps {
  year: number;
  rows: readonly SubActionReview[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** A filter or search narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  /** The year, Perangkat Daerah and search above the table. */
  controls?: ReactNode;
  pagination?: NumberedPaginationProps | undefined;
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
  isLoading = false,
  error = null,
  onRetry,
  isNarrowed = false,
  controls,
  pagination,
  onOpen,
}: VerificationListProps) {
  const t = useMessages().verification;
  const c = t.columns;
  return (
    <AdminPage
      title={t.title}
      intro={t.intro}
      controls={controls}
      listTitle={t.listTitle(year)}
      error={error}
      onRetry={onRetry}
      pagination={pagination}
    >
      {(labelledBy) => (
        <Table aria-labelledby={labelledBy} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column>{c.agency}</Column>
            <Column isRowHeader>{c.subAction}</Column>
            <Column>{c.lineCount}</Column>
            <Column>{c.total}</Column>
            <Column>{c.notes}</Column>
            <Column>{c.status}</Column>
            <Column>
              <span className="sr-only">{t.open}</span>
            </Column>
          </TableHeader>
          <TableBody
            items={rows.map((row) => ({ ...row, id: row.sub_action_id }))}
            isLoading={isLoading}
            renderEmptyState={() => <EmptyState text={isNarrowed ? t.emptyFiltered : t.empty} />}
          >
            {(row) => (
              <Row id={row.id}>
                <Cell className="min-w-32 max-w-56 break-words">
                  {row.agency_name ?? t.noAgency}
                </Cell>
                <Cell className="min-w-48 max-w-80 break-words font-medium">
                  {subActionTitle(row)}
                </Cell>
                <Cell className="tabular-nums">{row.line_count}</Cell>
                <Cell className="whitespace-nowrap tabular-nums">
                  <Rupiah value={row.total_after_tax} />
                </Cell>
                <Cell className={cn('whitespace-nowrap', row.open_notes > 0 && 'text-yellow-800')}>
                  {t.noteCounts(row.open_notes, row.closed_notes)}
                </Cell>
                <Cell>
                  <VerifiedBadge row={row} />
                </Cell>
                <Cell>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t.openLabel(subActionTitle(row))}
                    onPress={() => onOpen(row)}
                  >
                    {t.open}
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </AdminPage>
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
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<{ key: number; message: string } | null>(null);
  const verified = review.verified_at !== null;
  // The server refuses a verification while a note is open: the button says why before a press.
  const blocked = !verified && review.open_notes > 0;
  const blockedId = useId();

  const verify = async () => {
    setRunning(true);
    setFailure(null);
    try {
      await onVerify(!verified);
    } catch (caught) {
      setFailure((last) => ({
        key: (last?.key ?? 0) + 1,
        message: describeError(caught, d.verifyFailed),
      }));
    } finally {
      setRunning(false);
    }
  };

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
            isPending={running}
            isDisabled={blocked}
            aria-describedby={blocked ? blockedId : undefined}
            onPress={verify}
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
        <Table aria-labelledby={linesTitleId} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column isRowHeader>{fields.componentName}</Column>
            <Column>{fields.specification}</Column>
            <Column>{fields.accountCode}</Column>
            <Column>{fields.price}</Column>
            <Column>{fields.coefficient}</Column>
            <Column>{fields.totalAfterTax}</Column>
          </TableHeader>
          <TableBody
            items={lines}
            isLoading={linesLoading}
            renderEmptyState={() => <EmptyState text={d.linesEmpty} />}
          >
            {(line) => (
              <Row id={line.id}>
                <Cell className="min-w-40 max-w-72 break-words font-medium">
                  {line.component_name}
                </Cell>
                <Cell className="min-w-32 max-w-60 break-words">{line.specification || '-'}</Cell>
                <Cell className="whitespace-nowrap">{line.account_code ?? '-'}</Cell>
                <Cell className="whitespace-nowrap tabular-nums">
                  <Rupiah value={line.price} />
                </Cell>
                <Cell className="whitespace-nowrap">{coefficientText(line)}</Cell>
                <Cell className="whitespace-nowrap tabular-nums">
                  <Rupiah value={line.total_after_tax} />
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {notes}
    </section>
  );
}
