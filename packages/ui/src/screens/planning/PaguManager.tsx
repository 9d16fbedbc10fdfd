import type { PaguRow } from '@ranwal/core';
import { codeAndName } from '@ranwal/core';
import { type ReactNode, useState } from 'react';
import { AdminPage } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import type { NumberedPaginationProps } from '../../components/Pagination.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { PaguAmount, RemainingAmount } from './planning-parts.js';
import { type PaguTarget, type PaguValues, SetPaguDialog } from './SetPaguDialog.js';

export interface PaguManagerProps {
  year: number;
  /** The current page of sub kegiatan. */
  rows: readonly PaguRow[];
  /** The first load: 'Memuat data...' stands in for the rows. */
  isLoading?: boolean;
  /** Why the list could not be loaded; shown instead of the table. */
  error?: string | null;
  onRetry?: () => void;
  /** Show each row's Perangkat Daerah (where agencies exist). */
  showAgency?: boolean;
  /** Year, filters and search above the table. */
  controls?: ReactNode;
  pagination?: NumberedPaginationProps | undefined;
  /** Sets a sub kegiatan's pagu; resolve when saved, reject with the call's error. */
  onSetPagu: (subActionId: string, values: PaguValues) => Promise<unknown>;
  /** Below the table: the Perangkat Daerah's own pagu (`AgencyPagu`). */
  children?: ReactNode;
}

/** 'code - name', or the name alone (core's `codeAndName`). */
export const codeName = (code: string | null, name: string) => codeAndName(code, name);

const numberCell = 'text-end';

/**
 * The Pagu page (issue 18, beyond the spec): a year's sub kegiatan with their pagu, what is
 * already planned (after PPN) and the sisa (below zero in red), and 'Atur Pagu' per row.
 */
export function PaguManager({
  year,
  rows,
  isLoading = false,
  error = null,
  onRetry,
  showAgency = false,
  controls,
  pagination,
  onSetPagu,
  children,
}: PaguManagerProps) {
  const m = useMessages();
  const t = m.planning.pagu;
  const amounts = m.planning.amounts;
  const [editing, setEditing] = useState<PaguTarget | null>(null);

  return (
    <div className="flex flex-col gap-6">
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
          <Table aria-labelledby={labelledBy} className="[&_td]:px-2.5 [&_th]:px-2.5">
            <TableHeader>
              <Column isRowHeader>{t.columns.subAction}</Column>
              <Column>{t.columns.program}</Column>
              {showAgency ? <Column>{t.columns.agency}</Column> : null}
              <Column className={numberCell}>{amounts.pagu}</Column>
              <Column className={numberCell}>{amounts.planned}</Column>
              <Column className={numberCell}>{amounts.remaining}</Column>
              <Column>{m.common.actions}</Column>
            </TableHeader>
            <TableBody
              items={rows}
              isLoading={isLoading}
              dependencies={[showAgency]}
              renderEmptyState={() => <EmptyState text={t.empty} hint={t.emptyHint} />}
            >
              {(row) => {
                const name = codeName(row.sub_action_code, row.sub_action_name);
                return (
                  <Row id={row.sub_action_id}>
                    <Cell className="min-w-44">
                      <span className="block break-words font-medium text-slate-900">{name}</span>
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
                    </Cell>
                    <Cell className="min-w-24 break-words">{row.program_name}</Cell>
                    {showAgency ? (
                      <Cell className="min-w-24 break-words">
                        {row.agency_name ?? (
                          <span className="italic text-slate-600">{m.planning.noAgency}</span>
                        )}
                      </Cell>
                    ) : null}
                    <Cell className={numberCell}>
                      <PaguAmount value={row.pagu} />
                    </Cell>
                    <Cell className={numberCell}>
                      <Rupiah value={row.planned} />
                    </Cell>
                    <Cell className={numberCell}>
                      <RemainingAmount value={row.remaining} required={row.pagu_required} />
                    </Cell>
                    <Cell>
                      <Button
                        size="sm"
                        variant="secondary"
                        className="whitespace-nowrap"
                        aria-label={t.setFor(name)}
                        onPress={() =>
                          setEditing({
                            kind: 'sub_action',
                            id: row.sub_action_id,
                            name,
                            pagu: row.pagu,
                            planned: row.planned,
                            allow_overrun: row.allow_overrun,
                            overrun_reason: row.overrun_reason,
                          })
                        }
                      >
                        {t.set}
                      </Button>
                    </Cell>
                  </Row>
                );
              }}
            </TableBody>
          </Table>
        )}
      </AdminPage>
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
