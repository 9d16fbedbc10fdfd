import { type DeviationLevel, formatNumberId, formatTenths } from '@ranwal/core';
import { type CSSProperties, type ReactNode, useMemo, useRef, useState } from 'react';
import {
  Collection,
  Header,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  ListLayout,
  Virtualizer,
} from 'react-aria-components';
import { SearchField } from '../../components/FilterBar.js';
import { useMessages } from '../../data/messages-context.js';
import { cn, focusRing, insetFocusRing } from '../../lib/cn.js';
import { DeviationBadge } from '../realisation/realisation-parts.js';
import {
  MapCanvas,
  type MapCanvasHandle,
  type MapFeature,
  mapLevelColours,
  prepareFeatures,
} from './MapCanvas.js';

export type { Geometry } from './region-map-view.js';

/** A sub kegiatan on the region's map. */
export interface MapActivity extends MapFeature {
  /** Its code and name: '1.03.02.2.01.0012 Pembangunan Jalan Desa X'. */
  label: string;
  agency_name: string;
  photo_count: number;
  progress_tenths: number | null;
}

export interface RegionMapProps {
  activities: readonly MapActivity[];
  selectedId?: string | null;
  /** A feature clicked on the map, or a sub kegiatan chosen in the list. */
  onSelect: (id: string) => void;
  /**
   * Raster tiles under the features (`https://tiles.example/{z}/{x}/{y}.png`); without it
   * nothing is fetched and the map has a plain background with a graticule.
   */
  tileUrl?: string | null;
  /** The tiles' attribution ('© OpenStreetMap contributors'), shown with them. */
  tileAttribution?: string;
  /** The map's height in CSS pixels; the list beside it takes the same on wide screens. */
  height?: number;
}

const legendOrder: readonly DeviationLevel[] = ['red', 'yellow', 'green', 'none'];

/**
 * The region's sub kegiatan on a map drawn by the app itself (`MapCanvas`): a click on a feature
 * selects it. Beside it, every sub kegiatan (those without a location too) in a list that
 * selects and centres the map, which is how a keyboard or a screen reader uses it.
 */
export function RegionMap({
  activities,
  selectedId = null,
  onSelect,
  tileUrl = null,
  tileAttribution,
  height = 480,
}: RegionMapProps) {
  const m = useMessages();
  const t = m.map;
  const levels = m.realisation.summary.levels;
  const prepared = useMemo(() => prepareFeatures(activities), [activities]);
  const [query, setQuery] = useState('');

  const mapRef = useRef<MapCanvasHandle>(null);

  const { counts, placed, unplaced } = prepared;
  const count = (n: number) => formatNumberId(n);
  const summary = [
    t.summary(
      count(placed.length),
      count(counts.red),
      count(counts.yellow),
      count(counts.green),
      count(counts.none),
    ),
    unplaced.length > 0 ? t.unplacedSummary(count(unplaced.length)) : '',
  ]
    .filter(Boolean)
    .join(' ');

  const needle = query.trim().toLocaleLowerCase();
  const [placedShown, unplacedShown] = useMemo(() => {
    const matches = (activity: MapActivity) =>
      !needle ||
      activity.label.toLocaleLowerCase().includes(needle) ||
      activity.agency_name.toLocaleLowerCase().includes(needle);
    return [placed.filter(matches), unplaced.filter(matches)];
  }, [placed, unplaced, needle]);
  const selected = activities.find((activity) => activity.id === selectedId) ?? null;

  const choose = (id: string) => {
    onSelect(id);
    mapRef.current?.centreOn(id);
  };

  return (
    <div
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]"
      style={{ '--map-height': `${height}px` } as CSSProperties}
    >
      <div className="flex min-w-0 flex-col gap-2">
        <MapCanvas
          ref={mapRef}
          prepared={prepared}
          selectedId={selectedId}
          onFeaturePress={onSelect}
          tileUrl={tileUrl}
          tileAttribution={tileAttribution}
          height={height}
          label={summary}
        >
          {placed.length === 0 && (
            <p className="pointer-events-none absolute inset-x-4 top-1/2 -translate-y-1/2 rounded-md bg-white/90 p-3 text-center text-sm text-slate-700">
              {activities.length === 0 ? t.noActivities : t.noneOnMap}
            </p>
          )}
        </MapCanvas>
        <ul aria-label={t.legend} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          {legendOrder.map((level) => (
            <li key={level} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden
                className="inline-block size-3 rounded-full border-2"
                style={{
                  backgroundColor: mapLevelColours[level].fill,
                  borderColor: mapLevelColours[level].stroke,
                }}
              />
              {levels[level]}
              <span className="tabular-nums text-slate-600">{count(counts[level])}</span>
            </li>
          ))}
        </ul>
        <div aria-live="polite" className="text-sm text-slate-800">
          {selected ? (
            <div className="flex flex-col gap-1">
              <p className="font-medium">{t.selected(selected.label)}</p>
              <ActivityFacts activity={selected} />
            </div>
          ) : (
            <p className="text-slate-600">{t.noneSelected}</p>
          )}
        </div>
      </div>
      <div className="flex h-[28rem] min-h-0 flex-col gap-2 lg:h-[var(--map-height)]">
        <SearchField
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={query}
          onChange={setQuery}
        />
        <Virtualizer
          layout={ListLayout}
          layoutOptions={{ estimatedRowHeight: 72, estimatedHeadingHeight: 32 }}
        >
          <ListBox
            aria-label={t.list}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={selectedId ? [selectedId] : []}
            onSelectionChange={(keys) => {
              const [id] = keys === 'all' ? [] : [...keys];
              if (typeof id === 'string') choose(id);
            }}
            renderEmptyState={() => (
              <p className="p-3 text-sm text-slate-600">
                {needle ? t.noMatch(query.trim()) : t.noActivities}
              </p>
            )}
            className={cn(
              'min-h-0 flex-1 overflow-auto rounded-lg border border-slate-300 bg-white',
              focusRing,
              'data-[focus-visible]:outline-offset-0',
            )}
          >
            {placedShown.length > 0 && (
              <ListBoxSection id="placed">
                <ListHeader>{t.placed(count(placedShown.length))}</ListHeader>
                <Collection items={placedShown}>
                  {(activity) => <ActivityOption activity={activity} />}
                </Collection>
              </ListBoxSection>
            )}
            {unplacedShown.length > 0 && (
              <ListBoxSection id="unplaced">
                <ListHeader>{t.unplaced(count(unplacedShown.length))}</ListHeader>
                <Collection items={unplacedShown}>
                  {(activity) => <ActivityOption activity={activity} />}
                </Collection>
              </ListBoxSection>
            )}
          </ListBox>
        </Virtualizer>
      </div>
    </div>
  );
}

function ListHeader({ children }: { children: ReactNode }) {
  return (
    <Header className="border-b border-slate-200 bg-slate-100 px-3 py-1.5 text-xs font-semibold text-slate-700">
      {children}
    </Header>
  );
}

/** A sub kegiatan's unit, level, physical progress and photos, in a line. */
function ActivityFacts({ activity }: { activity: MapActivity }) {
  const t = useMessages().map;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
      <DeviationBadge level={activity.level} />
      <span>{activity.agency_name}</span>
      <span>
        {activity.progress_tenths === null
          ? t.noProgress
          : t.progress(formatTenths(activity.progress_tenths))}
      </span>
      <span>{t.photos(formatNumberId(activity.photo_count))}</span>
    </span>
  );
}

function ActivityOption({ activity }: { activity: MapActivity }) {
  return (
    <ListBoxItem
      id={activity.id}
      textValue={activity.label}
      className={cn(
        'flex cursor-default flex-col gap-1 border-b border-slate-100 px-3 py-2 text-sm text-slate-800 data-[focused]:bg-brand-50 data-[selected]:bg-brand-100',
        insetFocusRing,
      )}
    >
      {/* No label slot: an option's name is all it shows (axe, label-content-name-mismatch). */}
      <span className="font-medium">{activity.label}</span>
      <ActivityFacts activity={activity} />
    </ListBoxItem>
  );
}
