import {
  type AreaLevel,
  areaLevels,
  areaNameAsWritten,
  formatNumberId,
  type Geometry,
  type SubActionLocation,
  SubActionLocationInput,
} from '@ranwal/core';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button.js';
import { FormDialog, FormModal, useFieldsSubmit } from '../../components/FormDialog.js';
import { Radio, RadioGroup } from '../../components/RadioGroup.js';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { useAreas } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { MapCanvas, prepareFeatures } from './MapCanvas.js';

export interface LocationDialogProps {
  /** Open while set: the sub kegiatan's place as it stands. */
  location: SubActionLocation | null;
  subActionName: string;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (input: SubActionLocationInput) => Promise<unknown>;
  /** The phone's position (navigator.geolocation by default), asked only on the button. */
  locate?: () => Promise<{ latitude: number; longitude: number }>;
  /** Raster tiles under the dialog's map (`{z}/{x}/{y}`); null: a plain map, nothing fetched. */
  tileUrl?: string | null;
}

const browserPosition = () =>
  new Promise<{ latitude: number; longitude: number }>((resolve, reject) => {
    if (!globalThis.navigator?.geolocation) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  });

/**
 * 'Lokasi Kegiatan': the area, province down to desa/kelurahan, chosen from Kemendagri's list
 * level by level, and where the work is as a point (a clinic), a line (a road) or an area (a
 * field): tapped on the map, typed, or taken from the phone's position (with the person's
 * consent, asked by the browser) vertex by vertex as they walk it.
 */
export function LocationDialog({
  location,
  subActionName,
  onClose,
  onSubmit,
  locate = browserPosition,
  tileUrl = null,
}: LocationDialogProps) {
  return (
    <FormModal isOpen={location !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        location && (
          <LocationForm
            location={location}
            subActionName={subActionName}
            isSaving={isSaving}
            locate={locate}
            tileUrl={tileUrl}
            onSubmit={(input) => save(() => onSubmit(input))}
          />
        )
      }
    </FormModal>
  );
}

/** The number a person typed as a coordinate: '-7.15021' or '-7,15021'; NaN otherwise. */
const coordinateOf = (text: string) =>
  /^\s*-?\d{1,3}([.,]\d+)?\s*$/.test(text) ? Number(text.trim().replace(',', '.')) : Number.NaN;

type Shape = Geometry['type'];
const shapes: readonly Shape[] = ['Point', 'LineString', 'Polygon'];
type Position = [number, number];

/** The vertices a person edits: a polygon's outer ring without its closing repeat. */
function verticesOf(geometry: Geometry | null): Position[] {
  if (!geometry) return [];
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'LineString') return geometry.coordinates;
  const ring = geometry.coordinates[0] ?? [];
  return ring.slice(0, -1);
}

/** The shape as saved from its vertices: null while none is marked. */
function geometryFrom(shape: Shape, vertices: readonly Position[]): Geometry | null {
  if (vertices.length === 0) return null;
  if (shape === 'Point') return { type: 'Point', coordinates: vertices[0]! };
  if (shape === 'LineString') return { type: 'LineString', coordinates: [...vertices] };
  return { type: 'Polygon', coordinates: [[...vertices, vertices[0]!]] };
}

/** What the map draws while a shape is drawn: a line of one vertex is its point, and so on. */
function drawnGeometry(shape: Shape, vertices: readonly Position[]): Geometry | null {
  if (vertices.length === 0) return null;
  if (vertices.length === 1) return { type: 'Point', coordinates: vertices[0]! };
  if (shape === 'Polygon' && vertices.length === 2)
    return { type: 'LineString', coordinates: [...vertices] };
  return geometryFrom(shape, vertices);
}

/** Six decimals: about 10 cm, more than a phone's position or a tap can tell. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

function LocationForm({
  location,
  subActionName,
  isSaving,
  locate,
  tileUrl,
  onSubmit,
}: {
  location: SubActionLocation;
  subActionName: string;
  isSaving: boolean;
  locate: NonNullable<LocationDialogProps['locate']>;
  tileUrl: string | null;
  onSubmit: (input: SubActionLocationInput) => Promise<void>;
}) {
  const m = useMessages();
  const t = m.location;
  const [codes, setCodes] = useState<string[]>(location.areas.map((area) => area.code));
  const [shape, setShape] = useState<Shape>(location.geometry?.type ?? 'Point');
  const [vertices, setVertices] = useState<Position[]>(() => verticesOf(location.geometry));
  const point = shape === 'Point' ? vertices[0] : undefined;
  // A point is its two fields; a line's or an area's fields hold the next vertex to add.
  const [latitude, setLatitude] = useState(point ? String(point[1]) : '');
  const [longitude, setLongitude] = useState(point ? String(point[0]) : '');
  const [locating, setLocating] = useState(false);
  const [positionFailed, setPositionFailed] = useState(false);
  const typed = latitude.trim() !== '' || longitude.trim() !== '';
  const both = latitude.trim() !== '' && longitude.trim() !== '';
  const lat = coordinateOf(latitude);
  const lon = coordinateOf(longitude);
  const geometry: Geometry | null =
    shape === 'Point'
      ? typed
        ? { type: 'Point', coordinates: [lon, lat] }
        : null
      : geometryFrom(shape, vertices);
  const input = {
    sub_action_id: location.sub_action_id,
    area_code: codes.at(-1) ?? null,
    geometry,
  };
  const checked = SubActionLocationInput.safeParse(input);
  const labels = { area_code: t.area, geometry: t.dialog.shape } as const;
  const pointReady = !typed || (both && Number.isFinite(lat) && Number.isFinite(lon));
  const { attempt, dialog, errorOf } = useFieldsSubmit({
    isSaving,
    labels,
    checked,
    ready: shape !== 'Point' || pointReady,
    save: () => onSubmit(input),
    failed: t.dialog.failed,
  });
  const [added, setAdded] = useState(0);
  const coordinateError = (text: string) => {
    const tried = shape === 'Point' ? attempt > 0 : added > 0;
    if (!tried || !typed) return undefined;
    if (!both) return t.dialog.bothParts;
    if (!Number.isFinite(coordinateOf(text))) return t.dialog.notNumber;
    return shape === 'Point' ? errorOf('geometry') : undefined;
  };

  const setPoint = ([longitudeValue, latitudeValue]: Position) => {
    setLatitude(String(rounded(latitudeValue)));
    setLongitude(String(rounded(longitudeValue)));
  };
  const addVertex = (position: Position) =>
    setVertices((current) => [...current, [rounded(position[0]), rounded(position[1])]]);
  const addTyped = () => {
    setAdded((count) => count + 1);
    if (!both || !Number.isFinite(lat) || !Number.isFinite(lon)) return;
    addVertex([lon, lat]);
    setLatitude('');
    setLongitude('');
    setAdded(0);
  };
  const changeShape = (next: Shape) => {
    // The vertices carry over: a point becomes a line's first vertex, a line an area's corners.
    const kept =
      shape === 'Point' ? (pointReady && typed ? [[lon, lat] as Position] : []) : vertices;
    setShape(next);
    setAdded(0);
    if (next === 'Point') {
      setVertices(kept.slice(0, 1));
      if (kept[0]) setPoint(kept[0]);
      else {
        setLatitude('');
        setLongitude('');
      }
    } else {
      setVertices(kept);
      setLatitude('');
      setLongitude('');
    }
  };

  const pointShown = pointReady && typed;
  // Made again only when the drawing changes (a new feature makes the map fit and redraw).
  const drawn = useMemo(
    (): Geometry | null =>
      shape !== 'Point'
        ? drawnGeometry(shape, vertices)
        : pointShown
          ? { type: 'Point', coordinates: [lon, lat] }
          : null,
    [shape, vertices, pointShown, lon, lat],
  );
  const marked = shape === 'Point' ? (drawn ? 1 : 0) : vertices.length;
  const prepared = useMemo(
    () => prepareFeatures([{ id: 'drawn', level: 'none' as const, geometry: drawn }]),
    [drawn],
  );

  const fillFromPhone = async () => {
    setLocating(true);
    setPositionFailed(false);
    try {
      const position = await locate();
      setLatitude(position.latitude.toFixed(6));
      setLongitude(position.longitude.toFixed(6));
    } catch {
      setPositionFailed(true);
    } finally {
      setLocating(false);
    }
  };
  const shapeError = attempt > 0 && shape !== 'Point' ? errorOf('geometry') : undefined;

  return (
    <FormDialog title={t.dialog.title} {...dialog}>
      <p className="break-words font-semibold text-slate-900">{subActionName}</p>
      {areaLevels.map((level, index) =>
        index === 0 || codes[index - 1] ? (
          <AreaSelect
            key={level}
            level={level}
            parent={index === 0 ? undefined : codes[index - 1]}
            value={codes[index] ?? null}
            errorMessage={index === codes.length - 1 ? errorOf('area_code') : undefined}
            onChange={(code) =>
              setCodes(code === null ? codes.slice(0, index) : [...codes.slice(0, index), code])
            }
          />
        ) : null,
      )}
      <RadioGroup
        label={t.dialog.shape}
        orientation="horizontal"
        value={shape}
        onChange={(value) => changeShape(value as Shape)}
        description={t.dialog.mapHelp[shape]}
      >
        {shapes.map((kind) => (
          <Radio key={kind} value={kind}>
            {t.dialog.shapes[kind]}
          </Radio>
        ))}
      </RadioGroup>
      <MapCanvas
        prepared={prepared}
        selectedId={drawn ? 'drawn' : null}
        onPlacePress={(position) => (shape === 'Point' ? setPoint(position) : addVertex(position))}
        tileUrl={tileUrl}
        height={240}
        keepView
        label={t.dialog.map(t.dialog.shapes[shape], formatNumberId(marked))}
      />
      {shape !== 'Point' && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            {t.dialog.vertices(formatNumberId(vertices.length))}
          </p>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={vertices.length === 0}
            onPress={() => setVertices((current) => current.slice(0, -1))}
          >
            {t.dialog.undoVertex}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={vertices.length === 0}
            onPress={() => setVertices([])}
          >
            {t.dialog.clearVertices}
          </Button>
        </div>
      )}
      {shapeError && (
        <p role="alert" className="text-sm text-red-700">
          {shapeError}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t.dialog.latitude}
          value={latitude}
          onChange={setLatitude}
          inputMode="decimal"
          placeholder="-7.15021"
          errorMessage={coordinateError(latitude)}
        />
        <TextField
          label={t.dialog.longitude}
          value={longitude}
          onChange={setLongitude}
          inputMode="decimal"
          placeholder="111.75120"
          errorMessage={coordinateError(longitude)}
        />
      </div>
      {shape === 'Point' && <p className="text-sm text-slate-600">{t.dialog.pointHelp}</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" isPending={locating} onPress={() => void fillFromPhone()}>
          {locating ? t.dialog.locating : t.dialog.usePosition}
        </Button>
        {shape !== 'Point' && (
          <Button variant="secondary" onPress={addTyped}>
            {t.dialog.addVertex}
          </Button>
        )}
      </div>
      {positionFailed && (
        <p role="alert" className="text-sm text-red-700">
          {t.dialog.positionFailed}
        </p>
      )}
    </FormDialog>
  );
}

function AreaSelect({
  level,
  parent,
  value,
  errorMessage,
  onChange,
}: {
  level: AreaLevel;
  parent: string | undefined;
  value: string | null;
  errorMessage?: string;
  onChange: (code: string | null) => void;
}) {
  const m = useMessages();
  const t = m.location;
  const areas = useAreas(parent ? { parent } : {});
  const items = (areas.data?.data ?? []).map((area) => ({
    id: area.code,
    name: areaNameAsWritten(area),
  }));
  return (
    <Select
      label={t.levels[level]}
      placeholder={t.dialog.choose(t.levels[level])}
      items={items}
      value={items.some((item) => item.id === value) ? value : null}
      isDisabled={areas.isPending}
      errorMessage={errorMessage}
      onChange={(key) => onChange(key === null ? null : String(key))}
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  );
}
