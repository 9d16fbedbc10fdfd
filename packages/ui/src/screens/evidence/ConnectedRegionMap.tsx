import {
  type EvidenceMapActivity,
  formatTenths,
  monthOfYear,
  reachesProgramme,
} from '@ranwal/core';
import { useId, useState } from 'react';
import { AdminSection } from '../../components/AdminPage.js';
import { FilterBar } from '../../components/FilterBar.js';
import { AllOrOneSelect } from '../../components/Select.js';
import { ErrorState, LoadingState } from '../../components/States.js';
import { useBudgetYear } from '../../data/budget-year.js';
import {
  useChoosesUnit,
  useEntityList,
  useEvidence,
  useEvidenceMap,
  useFundingSources,
  useReachedProgrammes,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { YearSelect } from '../planning/planning-parts.js';
import { useSummaryMonth } from '../realisation/RealisationSummaryTable.js';
import { DeviationBadge, MonthSelect } from '../realisation/realisation-parts.js';
import { WithoutUnitNotice } from '../shell/WithoutUnitNotice.js';
import { EvidencePhotos } from './EvidencePhotos.js';
import { type MapActivity, RegionMap } from './RegionMap.js';

export interface ConnectedRegionMapProps {
  /** Offer a year of its own (Bappeda's page); without it, the budget year every section shows. */
  showYear?: boolean;
  /** The year to open on, instead of the budget year every screen shares. */
  initialYear?: number;
  /** 1 when the section is the page, 2 under a unit's own header. */
  level?: 1 | 2;
}

/**
 * The filters side by side once their row has 60rem (the page at 1 366 px beside the sidebar, a
 * story at 1 200): the year and the month narrow, the rest as wide as their unchosen text needs
 * ('Semua Perangkat Daerah' beside 'Semua Sumber Dana'), so each box stays one line high; five
 * equal columns broke the long ones over two. Whole strings, so Tailwind sees each class.
 */
const filterColumns = {
  yearAndUnit: '@min-[60rem]:grid-cols-[8rem_9rem_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.25fr)]',
  year: '@min-[60rem]:grid-cols-[8rem_9rem_minmax(0,1fr)_minmax(0,1.25fr)]',
  unit: '@min-[60rem]:grid-cols-[9rem_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.25fr)]',
  neither: '@min-[60rem]:grid-cols-[9rem_minmax(0,1fr)_minmax(0,1.25fr)]',
} as const;

const labelOf = (activity: EvidenceMapActivity) =>
  [activity.code, activity.name].filter(Boolean).join(' ');

/**
 * 'Peta Kegiatan' (issue 38): the caller's sub kegiatan (the region's for Bappeda) on a map
 * drawn by the app, coloured by the month's deviation, filtered by unit, program and source of
 * funds; one chosen on the map or in the list shows its place, figures and the month's photos
 * with their flags.
 */
export function ConnectedRegionMap({
  showYear = false,
  initialYear,
  level = 1,
}: ConnectedRegionMapProps) {
  const m = useMessages();
  const t = m.evidence.mapPage;
  const { year, years, setYear } = useBudgetYear(initialYear);
  const [month, setMonth] = useSummaryMonth(year);
  const reached = useReachedProgrammes();
  const chooseUnit = useChoosesUnit();
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const panelTitle = useId();
  const agencies = useEntityList('agency');
  const programs = useEntityList('program');
  const sources = useFundingSources({ active_in: year });
  const map = useEvidenceMap({
    year,
    month,
    ...(agencyId ? { agency_id: agencyId } : {}),
    ...(programId ? { program_id: programId } : {}),
    ...(sourceId ? { funding_source_id: sourceId } : {}),
  });
  const activities = map.data?.data.activities ?? [];
  const selected = activities.find((activity) => activity.id === selectedId) ?? null;
  const photos = useEvidence(
    { sub_action_id: selectedId ?? '', year, month },
    { enabled: selected !== null },
  );
  // The units the person reaches (core's one rule), once their units are read.
  const unitOptions = (agencies.data?.data ?? []).filter(
    (agency) =>
      reached !== undefined && reachesProgramme({ programmes: reached, owner: null }, agency.id),
  );
  const programOptions = (programs.data?.data ?? []).filter(
    (program) => !agencyId || program.agency_id === agencyId,
  );
  const drawn: MapActivity[] = activities.map((activity) => ({
    id: activity.id,
    label: labelOf(activity),
    agency_name: activity.agency_name ?? '',
    level: activity.level,
    geometry: activity.geometry,
    photo_count: activity.photo_count,
    progress_tenths: activity.progress_tenths,
  }));
  const HeadingTag = level === 1 ? 'h2' : 'h3';

  return (
    <AdminSection title={t.title} intro={t.intro} level={level}>
      <WithoutUnitNotice />
      <div className="@container">
        <FilterBar
          className={cn(
            '@xl:grid-cols-2',
            filterColumns[
              showYear ? (chooseUnit ? 'yearAndUnit' : 'year') : chooseUnit ? 'unit' : 'neither'
            ],
          )}
          // On a phone the map starts on the first screen: the unit, program and source fold.
          folded={
            <>
              {chooseUnit && (
                <AllOrOneSelect
                  label={t.unit}
                  allLabel={t.allUnits}
                  options={unitOptions.map((a) => ({ id: a.id, name: a.name }))}
                  value={agencyId}
                  onChange={(id) => {
                    setAgencyId(id);
                    setProgramId(null);
                  }}
                />
              )}
              <AllOrOneSelect
                label={t.program}
                allLabel={t.allPrograms}
                options={programOptions.map((p) => ({
                  id: p.id,
                  name: [p.code, p.name].filter(Boolean).join(' '),
                }))}
                value={programId}
                onChange={setProgramId}
              />
              <AllOrOneSelect
                label={t.source}
                allLabel={t.allSources}
                options={(sources.data?.data ?? []).map((s) => ({
                  id: s.id,
                  name: `${s.code} ${s.name}`,
                }))}
                value={sourceId}
                onChange={setSourceId}
              />
            </>
          }
          foldedActive={[agencyId, programId, sourceId].filter((id) => id !== null).length}
        >
          {showYear && <YearSelect year={year} years={years} onChange={setYear} />}
          <MonthSelect label={t.month} month={month} onChange={setMonth} className="" />
        </FilterBar>
      </div>
      {map.isError && <ErrorState message={t.fetchFailed} onRetry={() => void map.refetch()} />}
      {map.isPending && <LoadingState className="justify-start py-0" />}
      {map.data && (
        <RegionMap
          activities={drawn}
          selectedId={selectedId}
          onSelect={setSelectedId}
          tileUrl={map.data.data.tile_url}
        />
      )}
      {selected && (
        <section
          aria-labelledby={panelTitle}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
        >
          <HeadingTag id={panelTitle} className="text-base font-semibold text-slate-900">
            {labelOf(selected)}
          </HeadingTag>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium text-slate-900">{t.unit}</dt>
            <dd className="text-slate-700">{selected.agency_name ?? '-'}</dd>
            <dt className="font-medium text-slate-900">{m.location.title}</dt>
            <dd className="text-slate-700">{selected.area_label ?? m.location.notSet}</dd>
            <dt className="font-medium text-slate-900">{monthOfYear(month, year, m)}</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-700">
              <DeviationBadge level={selected.level} />
              {selected.progress_tenths === null
                ? t.noProgress
                : t.progress(
                    formatTenths(selected.progress_tenths),
                    formatTenths(selected.planned_progress_tenths ?? 0),
                  )}
            </dd>
            <dt className="font-medium text-slate-900">{m.evidence.title}</dt>
            <dd className="text-slate-700">
              {t.photos(selected.photo_count, selected.flagged_count)}
            </dd>
          </dl>
          {photos.isError && (
            <ErrorState
              message={m.evidence.view.fetchFailed}
              onRetry={() => void photos.refetch()}
            />
          )}
          {photos.data && (
            <EvidencePhotos
              photos={photos.data.data}
              year={year}
              month={month}
              headingLevel={level === 1 ? 3 : 4}
            />
          )}
        </section>
      )}
    </AdminSection>
  );
}
