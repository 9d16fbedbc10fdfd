import { type HistoryRecordType, historyRecordTypes } from '@ranwal/core';
import { useState } from 'react';
import { DateField } from '../../components/DateField.js';
import { Select, SelectItem } from '../../components/Select.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { saveFile as saveToDisk } from '../../data/files.js';
import { listStates, usePagination } from '../../data/list-page.js';
import { type DownloadedFile, useDownloadHistory, useHistoryList } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { AgencyFilter, CreatorFilter } from '../budget-lines/ReportListControls.js';
import { HistoryLog } from './HistoryLog.js';
import { useRestoreVersion } from './use-restore-version.js';

/** Changes per page of the Riwayat Perubahan page. */
export const HISTORY_PAGE_SIZE = 20;
/** The Jenis Data filter's 'all' option. */
const ALL_TYPES = 'all';

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
  const [recordType, setRecordType] = useState<HistoryRecordType | null>(null);
  const [actorId, setActorId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const filters = {
    ...(recordType ? { record_type: recordType } : {}),
    ...(actorId ? { actor_id: actorId } : {}),
    ...(agencyId ? { agency_id: agencyId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useHistoryList({ page, limit: pageSize, ...filters });
  const { onRestore, restoringId, confirmDialog } = useRestoreVersion();
  const toast = useToast();
  const download = useDownloadHistory();
  // The workbook holds what the filters select, every page of it.
  const onDownload = async () => {
    try {
      saveFile(await download.mutateAsync(filters));
      toast.success(undefined, h.export.downloaded, toastDurations.reportSuccess);
    } catch (error) {
      toast.error(undefined, describeError(error, h.export.failed), toastDurations.reportError);
    }
  };
  const pagination = usePagination(page, setPage, list.data?.filter, pageSize);
  return (
    <HistoryLog
      entries={list.data?.data ?? []}
      {...listStates(list, h.fetchFailed)}
      isNarrowed={Object.keys(filters).length > 0}
      onRestore={onRestore}
      restoringId={restoringId}
      restoreQuestion={confirmDialog}
      onDownload={onDownload}
      isDownloading={download.isPending}
      controls={
        <search
          aria-label={h.filters.label}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5"
        >
          <Select
            label={h.filters.recordType}
            items={[ALL_TYPES, ...historyRecordTypes].map((id) => ({ id }))}
            value={recordType ?? ALL_TYPES}
            onChange={(key) => {
              setRecordType(key === ALL_TYPES || key === null ? null : (key as HistoryRecordType));
              setPage(1);
            }}
          >
            {(option) => {
              const label =
                option.id === ALL_TYPES
                  ? h.filters.allRecordTypes
                  : h.recordTypes[option.id as HistoryRecordType];
              return (
                <SelectItem id={option.id} textValue={label}>
                  {label}
                </SelectItem>
              );
            }}
          </Select>
          <CreatorFilter
            value={actorId}
            nameHint={
              list.data?.data.find((entry) => entry.actor_id === actorId)?.actor_name ?? undefined
            }
            onChange={(id) => {
              setActorId(id);
              setPage(1);
            }}
          />
          <AgencyFilter
            value={agencyId}
            onChange={(id) => {
              setAgencyId(id);
              setPage(1);
            }}
          />
          <DateField
            label={h.filters.from}
            value={from}
            onChange={(value) => {
              setFrom(value);
              setPage(1);
            }}
          />
          <DateField
            label={h.filters.to}
            value={to}
            onChange={(value) => {
              setTo(value);
              setPage(1);
            }}
          />
        </search>
      }
      pagination={pagination}
    />
  );
}
