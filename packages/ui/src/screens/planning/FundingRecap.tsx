import {
  type FundingRecap,
  type FundingRecapRow,
  formatRupiah,
  shareOf,
  shareTenths,
} from '@ranwal/core';
import { AdminSection } from '../../components/AdminPage.js';
import { DataTable, FIGURE_CELL, FIGURE_COLUMN } from '../../components/DataTable.js';
import { PrintButtons } from '../../components/PrintButtons.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { useBudgetYear } from '../../data/budget-year.js';
import {
  type DownloadedFile,
  useDownloadFundingRecap,
  useFundingRecap,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface FundingRecapTableProps {
  recap: FundingRecap | undefined;
  isLoading?: boolean;
  /** The recap could not be read: said, with 'Coba lagi'. */
  error?: string | null;
  onRetry?: () => void;
  /** Names the table (the section's heading). */
  'aria-labelledby'?: string;
}

type Row = FundingRecapRow & { id: string };

/**
 * The year's lines by sumber dana (issue 36): each source's total after PPN with its share of
 * the whole as a bar drawn by the app, the ceilings set for it and what they leave; lines
 * without a source last. The figures are the table's; the bar only repeats the share.
 */
export function FundingRecapTable({
  recap,
  isLoading = false,
  error,
  onRetry,
  'aria-labelledby': labelledBy,
}: FundingRecapTableProps) {
  const m = useMessages();
  const t = m.funding.recap;
  const rows: Row[] = (recap?.sources ?? []).map((row) => ({
    ...row,
    id: row.funding_source_id ?? 'none',
  }));
  const whole = recap?.planned_total ?? '0';
  if (error) return <ErrorState message={error} onRetry={onRetry} />;
  return (
    <div className="flex flex-col gap-3">
      {recap && rows.length > 0 && (
        <p className="text-sm text-slate-700">
          {t.summary(
            formatRupiah(whole),
            rows.filter((row) => row.funding_source_id !== null).length,
          )}
        </p>
      )}
      <DataTable
        aria-labelledby={labelledBy}
        rows={rows}
        isLoading={isLoading}
        empty={<EmptyState text={t.empty} />}
        columns={[
          {
            id: 'source',
            header: t.columns.name,
            isRowHeader: true,
            cell: (row) =>
              row.funding_source_id === null ? (
                <span className="text-slate-600">{m.funding.line.none}</span>
              ) : (
                <span className="flex flex-col">
                  <span className="font-medium text-slate-900">{row.name}</span>
                  <span className="text-xs text-slate-600">
                    {row.code}
                    {row.funding_group ? ` · ${m.funding.groups[row.funding_group]}` : ''}
                  </span>
                </span>
              ),
          },
          {
            id: 'planned',
            header: t.columns.planned,
            ...FIGURE_COLUMN,
            cell: (row) => formatRupiah(row.planned),
          },
          {
            id: 'share',
            header: t.columns.share,
            cell: (row) => (
              <ShareBar
                share={shareOf(row.planned, whole)}
                tenths={shareTenths(row.planned, whole)}
              />
            ),
          },
          {
            id: 'ceiling',
            header: t.columns.ceiling,
            ...FIGURE_COLUMN,
            cell: (row) =>
              row.ceiling === null ? (
                <span className="text-slate-500">{t.noCeiling}</span>
              ) : (
                formatRupiah(row.ceiling)
              ),
          },
          {
            id: 'remaining',
            header: t.columns.remaining,
            className: 'text-end',
            cellClassName: (row) =>
              `${FIGURE_CELL} ${row.remaining?.startsWith('-') ? 'font-semibold text-red-800' : ''}`,
            // No ceiling, nothing left to count: a dash, as the app's other empty figures.
            cell: (row) =>
              row.remaining === null ? (
                <span className="text-slate-500">–</span>
              ) : (
                formatRupiah(row.remaining)
              ),
          },
        ]}
      />
    </div>
  );
}

/** A share as its figure ('12,5 %') and a bar of that length (`tenths` of a percent). */
function ShareBar({ share, tenths }: { share: string; tenths: number }) {
  const percent = tenths / 10;
  return (
    <span className="flex min-w-32 items-center gap-2">
      <span className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden="true">
        <span
          className="block h-2 rounded-full bg-brand-600"
          style={{ width: `${Math.min(100, percent)}%` }}
        />
      </span>
      <span className="w-14 text-end text-sm tabular-nums">{share}</span>
    </span>
  );
}

export interface ConnectedFundingRecapProps {
  initialYear?: number;
  /** Hands the printed recap to the person; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/**
 * 'Rekap Sumber Dana' over `fundingSource.recap`: the budget year's lines by source over the
 * caller's units (the admin's: the whole region's), with the printed recap as a workbook or a
 * PDF, for the dashboards. Needs a `ToastProvider`.
 */
export function ConnectedFundingRecap({ initialYear, saveFile }: ConnectedFundingRecapProps) {
  const t = useMessages().funding.recap;
  const { year } = useBudgetYear(initialYear);
  const recap = useFundingRecap({ year });
  const download = useDownloadFundingRecap();
  return (
    <AdminSection
      title={t.title(year)}
      intro={t.intro}
      level={2}
      action={
        <PrintButtons
          labels={{ xlsx: t.download, pdf: t.downloadPdf }}
          fetchFile={(format) => download.mutateAsync({ year, format })}
          saveFile={saveFile}
          downloaded={t.downloaded}
          failed={t.downloadFailed}
        />
      }
    >
      {(titleId) => (
        <FundingRecapTable
          aria-labelledby={titleId}
          recap={recap.data?.data}
          isLoading={recap.isLoading}
          error={recap.isError ? t.fetchFailed : null}
          onRetry={() => void recap.refetch()}
        />
      )}
    </AdminSection>
  );
}
