import { formatNumberId, formatRupiah, type PriceAnomaly } from '@ranwal/core';
import { type AdminListProps, AdminTablePage } from '../../components/AdminPage.js';
import { FIGURE_COLUMN } from '../../components/DataTable.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface PriceAnomaliesProps extends AdminListProps {
  year: number;
  /** The current page of findings. */
  anomalies: readonly PriceAnomaly[];
  /** The rule of unusual volumes, as the intro states it (core's VOLUME_OUTLIER_*). */
  volumeRule: { factor: number; minLines: number };
  /** A finding kind or a search narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
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
  isNarrowed = false,
  ...list
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
    <AdminTablePage
      title={t.title}
      intro={t.intro(volumeRule.factor, volumeRule.minLines)}
      listTitle={t.listTitle(year)}
      rows={anomalies.map((row) => ({ ...row, id: `${row.kind}:${row.line_id}` }))}
      empty={
        isNarrowed ? (
          <EmptyState text={t.emptyFiltered} />
        ) : (
          <EmptyState text={t.empty(year)} hint={t.emptyHint} />
        )
      }
      columns={[
        {
          id: 'finding',
          header: c.finding,
          cellClassName: 'min-w-44 max-w-72',
          cell: (row) => (
            <>
              <span
                className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${badgeTone[row.kind]}`}
              >
                {t.kinds[row.kind]}
              </span>
              <span className="mt-1 block break-words text-xs text-slate-700">{why(row)}</span>
            </>
          ),
        },
        {
          id: 'component',
          header: c.component,
          isRowHeader: true,
          cellClassName: 'min-w-40 break-words',
          cell: (row) => (
            <>
              <span className="block font-medium text-slate-900">{row.component_name}</span>
              {row.component_code && (
                <span className="block font-mono text-xs text-slate-600">{row.component_code}</span>
              )}
              {row.created_by_name && (
                <span className="block text-xs text-slate-600">
                  {t.createdBy(row.created_by_name)}
                </span>
              )}
            </>
          ),
        },
        {
          id: 'account',
          header: c.account,
          cellClassName: 'min-w-32 break-words text-xs',
          cell: (row) => (
            <>
              <span className="block font-mono">{row.account_code}</span>
              <span className="block text-slate-600">{row.account_name}</span>
            </>
          ),
        },
        {
          id: 'subAction',
          header: c.subAction,
          cellClassName: 'min-w-40 break-words text-xs text-slate-700',
          cell: (row) => (
            <>
              {row.sub_action_name}
              {row.agency_name && <span className="block text-slate-600">{row.agency_name}</span>}
            </>
          ),
        },
        {
          id: 'price',
          header: c.price,
          className: 'text-end',
          cellClassName: 'text-end',
          cell: (row) => <Rupiah value={row.price} />,
        },
        {
          id: 'volume',
          header: c.volume,
          ...FIGURE_COLUMN,
          cell: (row) => `${formatNumberId(row.volume, 2)} ${row.unit}`,
        },
        {
          id: 'total',
          header: c.total,
          className: 'text-end',
          cellClassName: 'text-end font-semibold',
          cell: (row) => <Rupiah value={row.total_after_tax} />,
        },
      ]}
      {...list}
    />
  );
}
