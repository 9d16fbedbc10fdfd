import { useState } from 'react';
import { type AdminListProps, AdminTablePage } from '../../components/AdminPage.js';
import { SimplePagination } from '../../components/Pagination.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { codeName } from './PaguManager.js';
import { paguColumns } from './planning-parts.js';
import { type PaguTarget, SetPaguDialog } from './SetPaguDialog.js';

/** A Perangkat Daerah with its pagu for the year, as the dashboard's summary gives it. */
export interface AgencyPaguRow {
  id: string;
  code: string | null;
  name: string;
  /** Its own pagu when set, else the sum of its sub kegiatan's; null when neither. */
  pagu: string | null;
  planned: string;
  remaining: string | null;
}

/** The list's states; a settings table has no filter bar or pages. */
export interface AgencyPaguProps extends Pick<AdminListProps, 'isLoading' | 'error' | 'onRetry'> {
  year: number;
  agencies: readonly AgencyPaguRow[];
  /** Page and page count of the agencies; the pager shows with more than one page. */
  page?: number;
  totalPages?: number;
  onPageChange?: (page: number) => void;
  /** Sets a Perangkat Daerah's pagu; resolve when saved, reject with the call's error. */
  onSetPagu: (agencyId: string, amount: number) => Promise<unknown>;
}

/** 'Pagu Perangkat Daerah': each agency's pagu for the year, planned and sisa, and 'Atur Pagu'. */
export function AgencyPagu({
  year,
  agencies,
  page = 1,
  totalPages = 1,
  onPageChange,
  onSetPagu,
  ...list
}: AgencyPaguProps) {
  const m = useMessages();
  const t = m.planning.pagu;
  const [editing, setEditing] = useState<PaguTarget | null>(null);
  return (
    <AdminTablePage
      {...list}
      level={2}
      title={t.agencyTitle(year)}
      intro={t.agencyIntro}
      rows={agencies}
      empty={<EmptyState text={m.levels.agency.emptyList} />}
      columns={[
        {
          id: 'agency',
          header: t.columns.agency,
          isRowHeader: true,
          cellClassName: 'min-w-56 break-words font-medium text-slate-900',
          cell: (agency) => codeName(agency.code, agency.name),
        },
        // 'Atur Pagu' is named by the agency's name alone; the dialog shows its code too.
        ...paguColumns(m, (agency: AgencyPaguRow) =>
          setEditing({ kind: 'agency', ...agency, name: codeName(agency.code, agency.name) }),
        ),
      ]}
      footer={
        <>
          {onPageChange && totalPages > 1 && (
            <SimplePagination page={page} totalPages={totalPages} onChange={onPageChange} />
          )}
          <SetPaguDialog
            target={editing}
            year={year}
            onClose={() => setEditing(null)}
            onSubmit={(target, values) => onSetPagu(target.id, values.amount)}
          />
        </>
      }
    />
  );
}
