import { formatNumberId, formatTenths, type Indicator } from '@ranwal/core';
import { useId } from 'react';
import { Button } from '../../components/Button.js';
import { DataTable, RowButton } from '../../components/DataTable.js';
import { DeleteRowButton } from '../../components/DeleteRowButton.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

/** A quantity as people read it: '1,5'; '–' for none. */
export const quantityText = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : formatNumberId(value, 2);

export interface IndicatorListProps {
  /** The sub kegiatan's indicators of the year; undefined while they load. */
  indicators: readonly Indicator[] | undefined;
  isLoading?: boolean;
  /** Why they could not be read, with `onRetry`. */
  error?: string | null;
  onRetry?: () => void;
  /**
   * Why the sub kegiatan's lines cannot be written now (the year's stage, a verifier): the list
   * is only read, and says so. Null or left out: it may be written.
   */
  readOnlyReason?: string | null;
  onAdd: () => void;
  onEdit: (indicator: Indicator) => void;
  /** Asks to delete one (the screen confirms first). */
  onDelete: (indicator: Indicator) => void;
  /** The indicator being deleted: its button waits. */
  deletingId?: string | null;
  /** 2 on the dashboard (under its h1), 3 inside a section. */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * 'Indikator Keluaran' of a sub kegiatan's year (issue 37): each tolok ukur with its target and
 * satuan and what was achieved so far, planned with the lines; added, changed and deleted as the
 * lines are, and only read where they are.
 */
export function IndicatorList({
  indicators,
  isLoading = false,
  error = null,
  onRetry,
  readOnlyReason = null,
  onAdd,
  onEdit,
  onDelete,
  deletingId = null,
  headingLevel = 2,
  className,
}: IndicatorListProps) {
  const m = useMessages();
  const t = m.indicators;
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const writable = readOnlyReason === null;
  const rows = (indicators ?? []).map((indicator) => ({ ...indicator, indicator }));
  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Heading id={titleId} className="text-base font-semibold text-slate-900">
            {t.title}
          </Heading>
          <p className="text-sm text-slate-700">{t.intro}</p>
        </div>
        {writable && (
          <Button variant="secondary" onPress={onAdd} isDisabled={isLoading || error !== null}>
            {t.add}
          </Button>
        )}
      </div>
      {!writable && <p className="text-sm text-amber-900">{readOnlyReason}</p>}
      {error !== null ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <DataTable
          aria-labelledby={titleId}
          rows={rows}
          isLoading={isLoading}
          empty={<EmptyState text={t.empty} />}
          columns={[
            {
              id: 'description',
              header: t.columns.description,
              isRowHeader: true,
              cellClassName: 'min-w-48 break-words text-slate-900',
              cell: (row) => row.description,
            },
            {
              id: 'target',
              header: t.columns.target,
              className: 'text-end',
              cellClassName: 'text-end whitespace-nowrap tabular-nums',
              cell: (row) => `${quantityText(row.target)} ${row.unit}`,
            },
            {
              id: 'achieved',
              header: t.columns.cumulative,
              className: 'text-end',
              cellClassName: 'text-end whitespace-nowrap tabular-nums',
              cell: (row) =>
                `${quantityText(row.cumulative)} (${
                  row.achievement_tenths === null ? '–' : formatTenths(row.achievement_tenths)
                })`,
            },
            writable && {
              id: 'actions',
              header: m.common.actions,
              cell: (row) => (
                <div className="flex gap-2">
                  <RowButton
                    aria-label={t.editOf(row.description)}
                    onPress={() => onEdit(row.indicator)}
                  >
                    {m.common.edit}
                  </RowButton>
                  <DeleteRowButton
                    isDeleting={deletingId === row.id}
                    onPress={() => onDelete(row.indicator)}
                  />
                </div>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
