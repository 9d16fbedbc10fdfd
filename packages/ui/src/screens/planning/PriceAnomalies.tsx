import { formatNumberId, formatRupiah, type PriceAnomaly } from '@ranwal/core';
import type { ReactNode } from 'react';
import { AdminPage } from '../../components/AdminPage.js';
import type { NumberedPaginationProps } from '../../components/Pagination.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface PriceAnomaliesProps {
  year: number;
  /** The current page of findings. */
  anomalies: readonly PriceAnomaly[];
  /** The rule of unusual volumes, as the intro states it (core's VOLUME_OUTLIER_*). */
  volumeRule: { factor: number; minLines: number };
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** A finding kind or a search narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  /** Year, kind and search above the table. */
  controls?: ReactNode;
  pagination?: NumberedPaginationProps | undefined;
}

const badgeTone: Record<PriceAnomaly['kind'], string> = {
  free_form: 'bg-amber-100 text-amber-900',
  above_catalogue: 'bg-red-100 text-red-900',
  volume: 'bg-violet-100 text-violet-900',
};

/**
 * The Anomali Harga page (issue 34, beyond the spec): a year's budget lines a reviewer should
 * look at before the DPRD does, one row per finding: outside the catalogue, above a catalogue
 * price (with why), or a volume far above the usual for its kode rekening.
 */
export function PriceAnomalies({
  year,
  anomalies,
  volumeRule,
  isLoading = false,
  error = null,
  onRetry,
  isNarrowed = false,
  controls,
  pagination,
}: PriceAnomaliesProps) {
  const t = useMessages().planning.anomalies;
  const c = t.columns;
  const why = (row: PriceAnomaly) => {
    if (row.kind === 'free_form') return t.freeFormNote;
    if (row.kind === 'volume') {
      return t.volumeNote(formatNumberId(row.median_volume ?? 0, 2), row.account_line_count ?? 0);
    }
    return row.reason
      ? t.reasons[row.reason](row.catalogue_code ?? '', formatRupiah(row.catalogue_price ?? 0))
      : '';
  };
  return (
    <AdminPage
      title={t.title}
      intro={t.intro(volumeRule.factor, volumeRule.minLines)}
      controls={controls}
      listTitle={t.listTitle(year)}
      error={error}
      onRetry={onRetry}
      pagination={pagination}
    >
      {(labelledBy) => (
        <Table aria-labelledby={labelledBy} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column>{c.finding}</Column>
            <Column isRowHeader>{c.component}</Column>
            <Column>{c.account}</Column>
            <Column>{c.subAction}</Column>
            <Column className="text-end">{c.price}</Column>
            <Column className="text-end">{c.volume}</Column>
            <Column className="text-end">{c.total}</Column>
          </TableHeader>
          <TableBody
            items={anomalies.map((row) => ({ ...row, id: `${row.kind}:${row.line_id}` }))}
            isLoading={isLoading}
            renderEmptyState={() =>
              isNarrowed ? (
                <EmptyState text={t.emptyFiltered} />
              ) : (
                <EmptyState text={t.empty(year)} hint={t.emptyHint} />
              )
            }
          >
            {(row) => (
              <Row id={row.id}>
                <Cell className="min-w-44 max-w-72">
                  <span
                    className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${badgeTone[row.kind]}`}
                  >
                    {t.kinds[row.kind]}
                  </span>
                  <span className="mt-1 block break-words text-xs text-slate-700">{why(row)}</span>
                </Cell>
                <Cell className="min-w-40 break-words">
                  <span className="block font-medium text-slate-900">{row.component_name}</span>
                  {row.component_code && (
                    <span className="block font-mono text-xs text-slate-600">
                      {row.component_code}
                    </span>
                  )}
                  {row.created_by_name && (
                    <span className="block text-xs text-slate-600">
                      {t.createdBy(row.created_by_name)}
                    </span>
                  )}
                </Cell>
                <Cell className="min-w-32 break-words text-xs">
                  <span className="block font-mono">{row.account_code}</span>
                  <span className="block text-slate-600">{row.account_name}</span>
                </Cell>
                <Cell className="min-w-40 break-words text-xs text-slate-700">
                  {row.sub_action_name}
                  {row.agency_name && (
                    <span className="block text-slate-600">{row.agency_name}</span>
                  )}
                </Cell>
                <Cell className="text-end">
                  <Rupiah value={row.price} />
                </Cell>
                <Cell className="whitespace-nowrap text-end tabular-nums">
                  {formatNumberId(row.volume, 2)} {row.unit}
                </Cell>
                <Cell className="text-end font-semibold">
                  <Rupiah value={row.total_after_tax} />
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </AdminPage>
  );
}
