import { codeAndName, formatRupiah, isLineReference, type Messages } from '@ranwal/core';
import { useState } from 'react';
import { type DataColumn, RowButton } from '../../components/DataTable.js';
import { Rupiah } from '../../components/Rupiah.js';
import { SEARCH_FILTER_PAGE_SIZE, SearchFilter } from '../../components/SearchFilter.js';
import { Select, SelectItem } from '../../components/Select.js';
import { useChoosesUnit, useEntityList } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

/*
 * What the planning pages share: the year picker, the pagu figures (a negative sisa in red, with
 * its minus) and the Perangkat Daerah and Program filters.
 */

export interface YearSelectProps {
  /** 'Tahun Anggaran' by default. */
  label?: string;
  year: number;
  years: readonly number[];
  onChange: (year: number) => void;
  className?: string;
}

/** 'Tahun Anggaran': one of `years` (a connected screen's: `useBudgetYear`). */
export function YearSelect({ label, year, years, onChange, className }: YearSelectProps) {
  const t = useMessages().planning;
  return (
    <Select
      label={label ?? t.year}
      items={years.map((option) => ({ id: option }))}
      value={year}
      onChange={(key) => {
        if (key !== null) onChange(Number(key));
      }}
      className={className}
    >
      {(item) => <SelectItem id={item.id}>{String(item.id)}</SelectItem>}
    </Select>
  );
}

/** A pagu: 'Rp 10.000.000', or 'Belum ada pagu' where none is set. */
export function PaguAmount({ value }: { value: string | null }) {
  const t = useMessages().planning.amounts;
  if (value === null) {
    return <span className="whitespace-nowrap italic text-slate-600">{t.noPagu}</span>;
  }
  return <span className="whitespace-nowrap tabular-nums">{formatRupiah(value)}</span>;
}

/**
 * What is left under a pagu: below zero in red with its minus, 'Tanpa batas' without a pagu, or
 * none at all where lines need a pagu (`required`).
 */
export function RemainingAmount({
  value,
  required = false,
}: {
  value: string | null;
  required?: boolean;
}) {
  const t = useMessages().planning.amounts;
  if (value === null && required) {
    return <span className="whitespace-nowrap font-medium text-red-700">{t.noneRequired}</span>;
  }
  if (value === null) {
    return <span className="whitespace-nowrap italic text-slate-600">{t.noLimit}</span>;
  }
  const isOver = value.startsWith('-');
  return (
    <span
      className={cn(
        'whitespace-nowrap tabular-nums',
        isOver ? 'font-semibold text-red-700' : 'text-slate-900',
      )}
    >
      {formatRupiah(value)}
    </span>
  );
}

export interface EntityFilterProps {
  entity: 'agency' | 'program' | 'supporter';
  /** The records under this parent only (the programmes of a Perangkat Daerah). */
  parentId?: string | null | undefined;
  label: string;
  allLabel: string;
  value: string | null;
  onChange: (id: string | null) => void;
  /** The chosen record's name when it came from outside and no page lists it yet. */
  nameHint?: string | undefined;
  className?: string | undefined;
}

/**
 * 'Semua …' or one record of a level ('code - name'), found by typing (the server searches):
 * the planning pages' and the report lists' filters. The agency filter hides itself where no
 * Perangkat Daerah exists (lines reach agencies only through programmes).
 */
export function EntityFilter({ entity, parentId, ...props }: EntityFilterProps) {
  const messages = useMessages();
  const choosesUnit = useChoosesUnit();
  const [search, setSearch] = useState('');
  const query = useEntityList(entity, {
    search: search || undefined,
    uuid: parentId ?? undefined,
    limit: SEARCH_FILTER_PAGE_SIZE,
  });
  const noneExist = query.isSuccess && query.data.filter.total_result === 0;
  if (!isLineReference(entity) && noneExist && !props.value) return null;
  // A person with one unit: every list already holds only that unit's.
  if (entity === 'agency' && !choosesUnit && !props.value) return null;
  return (
    <SearchFilter
      {...props}
      options={(query.data?.data ?? []).map((row) => ({
        id: row.id,
        name: codeAndName('code' in row ? row.code : null, row.name, messages),
      }))}
      isLoading={query.isFetching}
      onSearchChange={setSearch}
    />
  );
}

export interface LevelFilterProps {
  entity: 'agency' | 'program';
  /** The programmes of this Perangkat Daerah only. */
  parentId?: string | null;
  value: string | null;
  onChange: (id: string | null) => void;
  className?: string;
}

/** The planning pages' 'Perangkat Daerah' / 'Program' filter. */
export function LevelFilter({ entity, ...props }: LevelFilterProps) {
  const t = useMessages().planning.pagu;
  return (
    <EntityFilter
      entity={entity}
      label={entity === 'agency' ? t.agency : t.program}
      allLabel={entity === 'agency' ? t.allAgencies : t.allPrograms}
      {...props}
    />
  );
}

/** A row's pagu figures; `pagu_required` marks a sisa that must not go below zero. */
export interface PaguFigures {
  pagu: string | null;
  planned: string;
  remaining: string | null;
  pagu_required?: boolean;
}

/**
 * 'Pagu', 'Sudah direncanakan' and 'Sisa' as a table's number columns, and the row's 'Atur Pagu'.
 */
export function paguColumns<T extends PaguFigures & { name: string }>(
  m: Messages,
  onSet: (row: T) => void,
): DataColumn<T>[] {
  const amounts = m.planning.amounts;
  const t = m.planning.pagu;
  const number = { className: 'text-end', cellClassName: 'text-end' };
  return [
    { id: 'pagu', header: amounts.pagu, ...number, cell: (row) => <PaguAmount value={row.pagu} /> },
    {
      id: 'planned',
      header: amounts.planned,
      ...number,
      cell: (row) => <Rupiah value={row.planned} />,
    },
    {
      id: 'remaining',
      header: amounts.remaining,
      ...number,
      cell: (row) => <RemainingAmount value={row.remaining} required={row.pagu_required} />,
    },
    {
      id: 'actions',
      header: m.common.actions,
      cell: (row) => (
        <RowButton
          className="whitespace-nowrap"
          aria-label={t.setFor(row.name)}
          onPress={() => onSet(row)}
        >
          {t.set}
        </RowButton>
      ),
    },
  ];
}
