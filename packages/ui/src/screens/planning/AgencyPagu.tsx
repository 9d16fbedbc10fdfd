import { useId, useState } from 'react';
import { Button } from '../../components/Button.js';
import { SimplePagination } from '../../components/Pagination.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { codeName } from './PaguManager.js';
import { PaguAmount, RemainingAmount } from './planning-parts.js';
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

export interface AgencyPaguProps {
  year: number;
  agencies: readonly AgencyPaguRow[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
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
  isLoading = false,
  error = null,
  onRetry,
  page = 1,
  totalPages = 1,
  onPageChange,
  onSetPagu,
}: AgencyPaguProps) {
  const m = useMessages();
  const t = m.planning.pagu;
  const amounts = m.planning.amounts;
  const titleId = useId();
  const [editing, setEditing] = useState<PaguTarget | null>(null);
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t.agencyTitle(year)}
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">{t.agencyIntro}</p>
      </div>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <Table aria-labelledby={titleId} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column isRowHeader>{t.columns.agency}</Column>
            <Column className="text-end">{amounts.pagu}</Column>
            <Column className="text-end">{amounts.planned}</Column>
            <Column className="text-end">{amounts.remaining}</Column>
            <Column>{m.common.actions}</Column>
          </TableHeader>
          <TableBody
            items={agencies}
            isLoading={isLoading}
            renderEmptyState={() => <EmptyState text={m.levels.agency.emptyList} />}
          >
            {(agency) => {
              const name = codeName(agency.code, agency.name);
              return (
                <Row id={agency.id}>
                  <Cell className="min-w-56 break-words font-medium text-slate-900">{name}</Cell>
                  <Cell className="text-end">
                    <PaguAmount value={agency.pagu} />
                  </Cell>
                  <Cell className="text-end">
                    <Rupiah value={agency.planned} />
                  </Cell>
                  <Cell className="text-end">
                    <RemainingAmount value={agency.remaining} />
                  </Cell>
                  <Cell>
                    <Button
                      size="sm"
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={t.setFor(agency.name)}
                      onPress={() =>
                        setEditing({
                          kind: 'agency',
                          id: agency.id,
                          name,
                          pagu: agency.pagu,
                          planned: agency.planned,
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
      {onPageChange && totalPages > 1 && (
        <SimplePagination page={page} totalPages={totalPages} onChange={onPageChange} />
      )}
      <SetPaguDialog
        target={editing}
        year={year}
        onClose={() => setEditing(null)}
        onSubmit={(target, values) => onSetPagu(target.id, values.amount)}
      />
    </section>
  );
}
