import { codeAndName, type Stage, type StageComparison, type StageKind } from '@ranwal/core';
import { type ReactNode, useId } from 'react';
import { Button } from '../../components/Button.js';
import { Rupiah } from '../../components/Rupiah.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { fieldLabel, historyValueText } from '../history/history-diff.js';

export interface StageComparisonPanelProps {
  /** The year's stages; those entered (current or closed) can be compared. */
  stages: readonly Stage[];
  from: StageKind | null;
  to: StageKind | null;
  onFromChange: (kind: StageKind) => void;
  onToChange: (kind: StageKind) => void;
  /** The two stages compared; none while loading or not chosen. */
  comparison?: StageComparison | undefined;
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** 'Unduh Excel': the comparison shown as a workbook; no button without it. */
  onDownload?: (() => unknown) | undefined;
  isDownloading?: boolean;
}

const numberCell = 'text-end';

/** A difference, below zero in red ('-Rp 1.200'). */
function Difference({ value }: { value: string }) {
  return <Rupiah value={value} className={value.startsWith('-') ? 'text-red-700' : undefined} />;
}

/** An amount that may be missing (a line one side does not have). */
const MaybeRupiah = ({ value }: { value: string | null }) =>
  value === null ? <span>-</span> : <Rupiah value={value} />;

/**
 * 'Bandingkan Tahap': two entered stages of the year (Dari, Ke) compared — the totals, how many
 * lines were added, removed and changed, the sums per Perangkat Daerah, per Sub Kegiatan and per
 * Sumber Dana, each stage's Anggaran Kas per month, and each changed line with its changed fields.
 */
export function StageComparisonPanel({
  stages,
  from,
  to,
  onFromChange,
  onToChange,
  comparison,
  isLoading = false,
  error = null,
  onRetry,
  onDownload,
  isDownloading = false,
}: StageComparisonPanelProps) {
  const messages = useMessages();
  const t = messages.stages.compare;
  const names = messages.server.stageNames;
  const titleId = useId();
  const entered = stages.filter((stage) => stage.status !== 'upcoming');

  const stageSelect = (
    label: string,
    value: StageKind | null,
    onChange: (k: StageKind) => void,
  ) => (
    <Select
      label={label}
      items={entered.map((stage) => ({ id: stage.kind }))}
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(key as StageKind);
      }}
    >
      {(option) => <SelectItem id={option.id}>{names[option.id]}</SelectItem>}
    </Select>
  );

  let body: ReactNode;
  if (entered.length < 2) body = <EmptyState text={t.notEnough} />;
  else if (error) body = <ErrorState message={error} onRetry={onRetry} />;
  else if (isLoading || !comparison) body = <LoadingState />;
  else body = <ComparisonFigures comparison={comparison} />;

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t.title}
        </h2>
        {onDownload && comparison && !error && (
          <Button variant="secondary" isPending={isDownloading} onPress={() => void onDownload()}>
            {t.workbook.button}
          </Button>
        )}
      </div>
      {entered.length >= 2 && (
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
          {stageSelect(t.from, from, onFromChange)}
          {stageSelect(t.to, to, onToChange)}
        </div>
      )}
      {body}
    </section>
  );
}

function ComparisonFigures({ comparison }: { comparison: StageComparison }) {
  const messages = useMessages();
  const t = messages.stages.compare;
  const h = messages.history;
  const linesId = useId();
  // 'code - name' wherever a unit or a sub kegiatan is named, so two of one name tell apart.
  const subActionNames = new Map(
    comparison.sub_actions.map((row) => [
      row.sub_action_id,
      codeAndName(row.sub_action_code, row.sub_action_name, messages),
    ]),
  );
  const changedCount =
    comparison.counts.added + comparison.counts.removed + comparison.counts.changed;
  const figure = 'flex flex-col gap-0.5 rounded-md border border-slate-200 px-4 py-3';
  const term = 'text-xs font-medium text-slate-600';
  const value = 'text-lg font-semibold text-slate-900';

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className={figure}>
          <dt className={term}>{`${t.total} ${t.from}`}</dt>
          <dd className={value}>
            <Rupiah value={comparison.totals.from} />
          </dd>
        </div>
        <div className={figure}>
          <dt className={term}>{`${t.total} ${t.to}`}</dt>
          <dd className={value}>
            <Rupiah value={comparison.totals.to} />
          </dd>
        </div>
        <div className={figure}>
          <dt className={term}>{t.difference}</dt>
          <dd className={value}>
            <Difference value={comparison.totals.difference} />
          </dd>
        </div>
      </dl>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {(['added', 'removed', 'changed'] as const).map((kind) => (
          <div key={kind} className="flex gap-2">
            <dt className="text-slate-700">{t.counts[kind]}</dt>
            <dd className="font-semibold tabular-nums text-slate-900">{comparison.counts[kind]}</dd>
          </div>
        ))}
      </dl>

      <SumsTable
        title={t.units}
        nameColumn={t.columns.agency}
        rows={comparison.units.map((row) => ({
          ...row,
          id: row.agency_id ?? 'none',
          name: row.agency_name
            ? codeAndName(row.agency_code, row.agency_name, messages)
            : t.noAgency,
        }))}
      />
      <SumsTable
        title={t.subActions}
        nameColumn={t.columns.subAction}
        rows={comparison.sub_actions.map((row) => ({
          ...row,
          id: row.sub_action_id,
          name: codeAndName(row.sub_action_code, row.sub_action_name, messages),
        }))}
      />
      <SumsTable
        title={t.sources}
        nameColumn={t.columns.source}
        rows={comparison.sources.map((row) => ({
          ...row,
          id: row.funding_source_id ?? 'none',
          name:
            row.funding_source_id === null
              ? messages.funding.line.none
              : codeAndName(row.code, row.name ?? row.funding_source_id, messages),
        }))}
      />
      <SumsTable
        title={t.cashPlanMonths}
        nameColumn={t.columns.month}
        rows={comparison.cash_plan_months.map((row) => ({
          ...row,
          id: String(row.month),
          name: messages.cashPlan.monthNames[row.month - 1] ?? String(row.month),
        }))}
      />

      <h3 id={linesId} className="font-semibold text-slate-900">
        {t.lines}
      </h3>
      {comparison.lines.length < changedCount && (
        <p className="text-sm text-slate-700">
          {t.linesShown(comparison.lines.length, changedCount)}
        </p>
      )}
      <Table aria-labelledby={linesId} className="[&_td]:px-3 [&_th]:px-3">
        <TableHeader>
          <Column isRowHeader>{t.columns.component}</Column>
          <Column>{t.columns.subAction}</Column>
          <Column>{t.columns.change}</Column>
          <Column className={numberCell}>{t.from}</Column>
          <Column className={numberCell}>{t.to}</Column>
          <Column>{t.columns.fields}</Column>
        </TableHeader>
        <TableBody
          items={comparison.lines.map((line) => ({ ...line, id: line.line_id }))}
          renderEmptyState={() => <EmptyState text={t.noLines} />}
        >
          {(line) => (
            <Row id={line.id}>
              <Cell className="min-w-40 break-words font-medium text-slate-900">
                {line.component_name}
              </Cell>
              <Cell className="min-w-32 break-words">
                {subActionNames.get(line.sub_action_id) ?? '-'}
              </Cell>
              <Cell>{t.counts[line.change]}</Cell>
              <Cell className={numberCell}>
                <MaybeRupiah value={line.from_total} />
              </Cell>
              <Cell className={numberCell}>
                <MaybeRupiah value={line.to_total} />
              </Cell>
              <Cell className="min-w-48 max-w-80">
                {line.fields.length > 0 && (
                  <ul className="flex flex-col gap-0.5 break-words text-xs text-slate-800">
                    {line.fields.map((change) => (
                      <li key={change.field}>
                        {h.change(
                          fieldLabel(change.field, messages),
                          historyValueText(
                            change.field,
                            change.from,
                            messages,
                            line.reference_names,
                          ),
                          historyValueText(change.field, change.to, messages, line.reference_names),
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

interface SumRow {
  id: string;
  name: string;
  from: string;
  to: string;
  difference: string;
}

/** The two stages' sums side by side: per Perangkat Daerah, Sub Kegiatan, Sumber Dana or month. */
function SumsTable({
  title,
  nameColumn,
  rows,
}: {
  title: string;
  nameColumn: string;
  rows: SumRow[];
}) {
  const t = useMessages().stages.compare;
  const titleId = useId();
  return (
    <>
      <h3 id={titleId} className="font-semibold text-slate-900">
        {title}
      </h3>
      <Table aria-labelledby={titleId} className="[&_td]:px-3 [&_th]:px-3">
        <TableHeader>
          <Column isRowHeader>{nameColumn}</Column>
          <Column className={numberCell}>{t.from}</Column>
          <Column className={numberCell}>{t.to}</Column>
          <Column className={numberCell}>{t.difference}</Column>
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => <EmptyState text={t.noRows} />}>
          {(row) => (
            <Row id={row.id}>
              <Cell className="break-words">{row.name}</Cell>
              <Cell className={numberCell}>
                <Rupiah value={row.from} />
              </Cell>
              <Cell className={numberCell}>
                <Rupiah value={row.to} />
              </Cell>
              <Cell className={numberCell}>
                <Difference value={row.difference} />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </>
  );
}
