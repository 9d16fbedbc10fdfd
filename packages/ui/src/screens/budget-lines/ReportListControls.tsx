import { type BudgetLine, type BudgetLineSort, budgetLineSortOrders } from '@ranwal/core';
import { useState } from 'react';
import { Button } from '../../components/Button.js';
import { FilterBar } from '../../components/FilterBar.js';
import { SEARCH_FILTER_PAGE_SIZE, SearchFilter } from '../../components/SearchFilter.js';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { useUsers } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedSearch } from '../../lib/use-debounced.js';
import { EntityFilter } from '../planning/planning-parts.js';
import { isNarrowed, type ReportListView } from './report-view.js';

type FilterKey = 'agency_id' | 'program_id' | 'supporter_id' | 'created_by';

export interface ReportListControlsProps {
  view: ReportListView;
  /** A change of search, filter or order; the caller goes back to the first page. */
  onViewChange: (view: ReportListView) => void;
  defaults: ReportListView;
  /** The years to offer (`useBudgetYear`'s); none: the list shows no year picker. */
  years?: readonly number[];
  /** Offer the user filter (an admin's). */
  showCreator?: boolean;
  /**
   * The lines on screen: they name a chosen agency, program, Pengampu or user the picker has not
   * loaded.
   */
  lines?: readonly BudgetLine[];
  className?: string;
}

/**
 * Search, filters and order above a report list: a search box (component, specification,
 * program, account), the year (the budget year of every screen), a Perangkat Daerah (where any
 * exist), a program (of the chosen agency), a Pengampu and, for an admin, a user, each a
 * searchable picker over the server, and the order. Needs a RanwalProvider.
 */
export function ReportListControls({
  view,
  onViewChange,
  defaults,
  years,
  showCreator = false,
  lines = [],
  className,
}: ReportListControlsProps) {
  const t = useMessages().reports.filters;
  const change = (part: Partial<ReportListView>) => onViewChange({ ...view, ...part, page: 1 });
  const [text, setText] = useDebouncedSearch(view.search, SEARCH_DEBOUNCE_MS, (search) =>
    change({ search }),
  );
  // A view changed from outside (back, a shared link, 'Hapus Filter') shows its search.
  const [shownSearch, setShownSearch] = useState(view.search);
  if (shownSearch !== view.search) {
    setShownSearch(view.search);
    setText(view.search);
  }
  const yearOptions = [...new Set([...(years ?? []), ...(view.year === null ? [] : [view.year])])]
    .sort((a, b) => b - a)
    .map((year) => ({ id: String(year), label: String(year) }));
  const nameIn = (key: FilterKey, id: string | null) => {
    const line = id ? lines.find((candidate) => candidate[key] === id) : undefined;
    if (!line) return undefined;
    if (key === 'agency_id') return line.agency_name ?? undefined;
    if (key === 'program_id') return line.program_name;
    if (key === 'supporter_id') return line.supporter_name;
    return line.created_by_name ?? undefined;
  };

  // On a phone the fields would push the lines a screen down: they fold behind one button
  // that says how many are in use (FilterBar).
  const active = [
    view.year !== defaults.year,
    view.agency_id !== null,
    view.program_id !== null,
    view.supporter_id !== null,
    view.created_by !== null,
    view.sort !== defaults.sort,
  ].filter(Boolean).length;

  return (
    <FilterBar
      label={t.search}
      className={cn('sm:grid-cols-2 lg:grid-cols-3', className)}
      folded={
        <>
          {years && (
            <Select
              label={t.year}
              items={yearOptions}
              value={view.year === null ? null : String(view.year)}
              onChange={(key) => {
                if (key !== null) change({ year: Number(key) });
              }}
            >
              {(option) => <SelectItem id={option.id}>{option.label}</SelectItem>}
            </Select>
          )}
          <LevelFilter
            entity="agency"
            value={view.agency_id}
            nameHint={nameIn('agency_id', view.agency_id)}
            // Another agency's programme would find no lines: the program filter starts over.
            onChange={(agency_id) => change({ agency_id, program_id: null })}
          />
          <LevelFilter
            entity="program"
            parentId={view.agency_id}
            value={view.program_id}
            nameHint={nameIn('program_id', view.program_id)}
            onChange={(program_id) => change({ program_id })}
          />
          <LevelFilter
            entity="supporter"
            value={view.supporter_id}
            nameHint={nameIn('supporter_id', view.supporter_id)}
            onChange={(supporter_id) => change({ supporter_id })}
          />
          {showCreator && (
            <CreatorFilter
              value={view.created_by}
              nameHint={nameIn('created_by', view.created_by)}
              onChange={(created_by) => change({ created_by })}
            />
          )}
          <Select
            label={t.sort}
            items={(Object.keys(budgetLineSortOrders) as BudgetLineSort[]).map((id) => ({ id }))}
            value={view.sort}
            onChange={(key) => change({ sort: key as BudgetLineSort })}
          >
            {(option) => <SelectItem id={option.id}>{t.sorts[option.id]}</SelectItem>}
          </Select>
        </>
      }
      foldedActive={active}
      foldLabel={{ closed: t.moreFilters, active: t.moreFiltersActive }}
      after={
        isNarrowed(view, defaults) && (
          <div className="flex items-end">
            <Button variant="secondary" onPress={() => onViewChange(defaults)}>
              {t.reset}
            </Button>
          </div>
        )
      }
    >
      <TextField
        label={t.search}
        type="search"
        placeholder={t.searchPlaceholder}
        value={text}
        onChange={setText}
        className="sm:col-span-2 lg:col-span-3"
      />
    </FilterBar>
  );
}

export interface FilterProps {
  value: string | null;
  nameHint?: string | undefined;
  onChange: (id: string | null) => void;
}

/** The filters that pick a record of a level the list reads by name: its labels. */
const levelFilters = {
  agency: { label: 'agency', all: 'allAgencies' },
  program: { label: 'program', all: 'allPrograms' },
  supporter: { label: 'supporter', all: 'allSupporters' },
} as const;

interface LevelFilterProps extends FilterProps {
  entity: keyof typeof levelFilters;
  /** Only the records under this parent (the programmes of the chosen agency). */
  parentId?: string | null;
}

/** An agency, program or Pengampu filter, in the report lists' words. */
function LevelFilter({ entity, ...props }: LevelFilterProps) {
  const t = useMessages().reports.filters;
  return (
    <EntityFilter
      entity={entity}
      label={t[levelFilters[entity].label]}
      allLabel={t[levelFilters[entity].all]}
      {...props}
    />
  );
}

/** 'Perangkat Daerah': a unit, found by typing (left out while none exists); also the history page's. */
export const AgencyFilter = (props: FilterProps) => <LevelFilter entity="agency" {...props} />;

/** 'Filter Pengguna': a person, found by typing (the server searches); also the history page's. */
export function CreatorFilter(props: FilterProps) {
  const t = useMessages().reports.filters;
  const [search, setSearch] = useState('');
  const query = useUsers({ search: search || undefined, limit: SEARCH_FILTER_PAGE_SIZE });
  return (
    <SearchFilter
      {...props}
      label={t.creator}
      allLabel={t.allCreators}
      options={query.data?.data ?? []}
      isLoading={query.isFetching}
      onSearchChange={setSearch}
    />
  );
}
