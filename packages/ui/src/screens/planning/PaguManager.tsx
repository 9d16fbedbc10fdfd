import type { PaguRow } from '@ranwal/core';
import { codeAndName } from '@ranwal/core';
import { type ReactNode, useState } from 'react';
import { type AdminListProps, AdminTablePage } from '../../components/AdminPage.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { paguColumns } from './planning-parts.js';
import { type PaguTarget, type PaguValues, SetPaguDialog } from './SetPaguDialog.js';

export interface PaguManagerProps extends AdminListProps {
  year: number;
  /** The current page of sub kegiatan. */
  rows: readonly PaguRow[];
  /** Show each row's Perangkat Daerah (where agencies exist). */
  showAgency?: boolean;
  /** Sets a sub kegiatan's pagu; resolve when saved, reject with the call's error. */
  onSetPagu: (subActionId: string, values: PaguValues) => Promise<unknown>;
  /** Below the table: the Perangkat Daerah's own pagu (`AgencyPagu`). */
  children?: ReactNode;
}

/** 'code - name', or the name alone (core's `codeAndName`). */
export const codeName = (code: string | null, name: string) => codeAndName(code, name);

/**
 * The Pagu page (issue 18, beyond the spec): a year's sub kegiatan with their pagu, what is
 * already planned (after PPN) and the sisa (below zero in red), and 'Atur Pagu' per row.
 */
export function PaguManager({
  year,
  rows,
  showAgency = false,
  onSetPagu,
  children,
  ...list
}: PaguManagerProps) {
  const m = useMessages();
  const t = m.planning.pagu;
  const [editing, setEditing] = useState<PaguTarget | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <AdminTablePage
        title={t.title}
        intro={t.intro}
        listTitle={t.listTitle(year)}
        tableClassName="[&_td]:px-2.5 [&_th]:px-2.5"
        rows={rows.map((row) => ({
          ...row,
          id: row.sub_action_id,
          name: codeName(row.sub_action_code, row.sub_action_name),
        }))}
        empty={<EmptyState text={t.empty} hint={t.emptyHint} />}
        columns={[
          {
            id: 'subAction',
            header: t.columns.subAction,
            isRowHeader: true,
            cellClassName: 'min-w-44',
            cell: (row) => (
              <>
                <span className="block break-words font-medium text-slate-900">{row.name}</span>
                <span className="block break-words text-xs text-slate-600">
                  {t.actionOf(row.action_name)}
                </span>
                {row.allow_overrun && (
                  <span className="mt-1 block break-words text-xs text-slate-700">
                    <span className="rounded bg-yellow-100 px-1.5 py-0.5 font-medium text-yellow-900">
                      {t.overrunAllowed}
                    </span>{' '}
                    {t.overrunReason(row.overrun_reason)}
                  </span>
                )}
              </>
            ),
          },
          {
            id: 'program',
            header: t.columns.program,
            cellClassName: 'min-w-24 break-words',
            cell: (row) => row.program_name,
          },
          showAgency && {
            id: 'agency',
            header: t.columns.agency,
            cellClassName: 'min-w-24 break-words',
            cell: (row) =>
              row.agency_name ?? (
                <span className="italic text-slate-600">{m.planning.noAgency}</span>
              ),
          },
          ...paguColumns(m, (row: PaguRow & { name: string }) =>
            setEditing({
              kind: 'sub_action',
              id: row.sub_action_id,
              name: row.name,
              pagu: row.pagu,
              planned: row.planned,
              allow_overrun: row.allow_overrun,
              overrun_reason: row.overrun_reason,
            }),
          ),
        ]}
        {...list}
      />
      {children}
      <SetPaguDialog
        target={editing}
        year={year}
        onClose={() => setEditing(null)}
        onSubmit={(target, values) => onSetPagu(target.id, values)}
      />
    </div>
  );
}
