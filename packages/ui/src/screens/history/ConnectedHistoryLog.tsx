import { HistoryListQuery, type HistoryRecordType, historyRecordTypes } from '@ranwal/core';
import { DateField } from '../../components/DateField.js';
import { FilterBar } from '../../components/FilterBar.js';
import { AllOrOneSelect } from '../../components/Select.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { saveFile as saveToDisk } from '../../data/files.js';
import { type FilterParams, useListPage, useListView } from '../../data/list-page.js';
import { type DownloadedFile, useDownloadHistory, useHistoryList } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { AGENCY_PARAM } from '../../lib/portal-url.js';
import { AgencyFilter, CreatorFilter } from '../budget-lines/ReportListControls.js';
import { HistoryLog } from './HistoryLog.js';
import { useRestoreVersion } from './use-restore-version.js';

/** Changes per page of the Riwayat Perubahan page. */
export const HISTORY_PAGE_SIZE = 20;
/** The Jenis Data filter's 'all' option. */

/** Jenis Data, a person, a Perangkat Daerah, and the first and last day (YYYY-MM-DD). */
type HistoryFilters = {
  record_type: HistoryRecordType | null;
  actor_id: string | null;
  agency_id: string | null;
  from: string | null;
  to: string | null;
};

/** A day is typed, digit by digit: each rewrites the history entry rather than adding one. */
const TYPED = { replace: true };

/** The filters in the portal's URL (`?jenis=price_item&dari=2026-01-01`), read as the list call. */
const historyParams: FilterParams<HistoryFilters> = {
  record_type: { name: 'jenis', schema: HistoryListQuery.shape.record_type },
  actor_id: { name: 'pengguna', schema: HistoryListQuery.shape.actor_id },
  agency_id: { name: AGENCY_PARAM, schema: HistoryListQuery.shape.agency_id },
  from: { name: 'dari', schema: HistoryListQuery.shape.from },
  to: { name: 'sampai', schema: HistoryListQuery.shape.to },
};

export interface ConnectedHistoryLogProps {
  pageSize?: number;
  /** Hands the downloaded workbook to the user; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/**
 * `HistoryLog` over the RanwalProvider's client: Jenis Data, a person, a Perangkat Daerah and a
 * range of whole days narrow `history.list` (and 'Unduh Excel', `history.export`), a page at a time; a line's change restores its version (the page is an
 * admin's), so it needs a `ToastProvider` above it.
 */
export function ConnectedHistoryLog({
  pageSize = HISTORY_PAGE_SIZE,
  saveFile = saveToDisk,
}: ConnectedHistoryLogProps) {
  const h = useMessages().history;
  const view = useListView<HistoryFilters>(
    { record_type: null, actor_id: null, agency_id: null, from: null, to: null },
    historyParams,
  );
  const { filters, setFilters, narrowing } = view;
  const list = useHistoryList({ page: view.page, limit: pageSize, ...narrowing });
  const listPage = useListPage(list, view, pageSize, h.fetchFailed);
  const { onRestore, restoringId, confirmDialog } = useRestoreVersion();
  const toasts = useCallToasts();
  const download = useDownloadHistory();
  return (
    <HistoryLog
      entries={list.data?.data ?? []}
      {...listPage}
      isNarrowed={view.isNarrowed}
      onRestore={onRestore}
      restoringId={restoringId}
      restoreQuestion={confirmDialog}
      // The workbook holds what the filters select, every page of it.
      onDownload={() =>
        toasts.attempt(
          async () => saveFile(await download.mutateAsync(narrowing)),
          () => h.export.downloaded,
          h.export.failed,
        )
      }
      isDownloading={download.isPending}
      controls={
        <FilterBar
          label={h.filters.label}
          className="sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5"
          // On a phone the log starts on the first screen: who, which unit and when fold.
          folded={
            <>
              <CreatorFilter
                value={filters.actor_id}
                nameHint={
                  list.data?.data.find((entry) => entry.actor_id === filters.actor_id)
                    ?.actor_name ?? undefined
                }
                onChange={(id) => setFilters({ actor_id: id })}
              />
              <AgencyFilter
                value={filters.agency_id}
                onChange={(id) => setFilters({ agency_id: id })}
              />
              <DateField
                label={h.filters.from}
                value={filters.from ?? ''}
                onChange={(from) => setFilters({ from: from || null }, TYPED)}
              />
              <DateField
                label={h.filters.to}
                value={filters.to ?? ''}
                onChange={(to) => setFilters({ to: to || null }, TYPED)}
              />
            </>
          }
          foldedActive={
            [filters.actor_id, filters.agency_id, filters.from, filters.to].filter(Boolean).length
          }
        >
          <AllOrOneSelect
            label={h.filters.recordType}
            allLabel={h.filters.allRecordTypes}
            options={historyRecordTypes.map((id) => ({ id, name: h.recordTypes[id] }))}
            value={filters.record_type}
            onChange={(record_type) => setFilters({ record_type })}
          />
        </FilterBar>
      }
    />
  );
}
