import {
  type AreaLevel,
  areaLevels,
  areaNameAsWritten,
  type Geometry,
  type SubActionLocation,
  SubActionLocationInput,
} from '@ranwal/core';
import { useState } from 'react';
import { Button } from '../../components/Button.js';
import { FormDialog, FormModal, useFieldsSubmit } from '../../components/FormDialog.js';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { useAreas } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface LocationDialogProps {
  /** Open while set: the sub kegiatan's place as it stands. */
  location: SubActionLocation | null;
  subActionName: string;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (input: SubActionLocationInput) => Promise<unknown>;
  /** The phone's position (navigator.geolocation by default), asked only on the button. */
  locate?: () => Promise<{ latitude: number; longitude: number }>;
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
 * level by level, and the point of the work typed or taken from the phone's position (with the
 * person's consent, asked by the browser). Lines and polygons come through the API (GeoJSON).
 */
export function LocationDialog({
  location,
  subActionName,
  onClose,
  onSubmit,
  locate = browserPosition,
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

function LocationForm({
  location,
  subActionName,
  isSaving,
  locate,
  onSubmit,
}: {
  location: SubActionLocation;
  subActionName: string;
  isSaving: boolean;
  locate: NonNullable<LocationDialogProps['locate']>;
  onSubmit: (input: SubActionLocationInput) => Promise<void>;
}) {
  const m = useMessages();
  const t = m.location;
  const [codes, setCodes] = useState<string[]>(location.areas.map((area) => area.code));
  const point = location.geometry?.type === 'Point' ? location.geometry.coordinates : null;
  const [latitude, setLatitude] = useState(point ? String(point[1]) : '');
  const [longitude, setLongitude] = useState(point ? String(point[0]) : '');
  const [locating, setLocating] = useState(false);
  const [positionFailed, setPositionFailed] = useState(false);
  const typed = latitude.trim() !== '' || longitude.trim() !== '';
  const lat = coordinateOf(latitude);
  const lon = coordinateOf(longitude);
  // A line or polygon set through the API stays while no point is typed over it.
  const geometry: Geometry | null = typed
    ? { type: 'Point', coordinates: [lon, lat] }
    : location.geometry?.type === 'Point'
      ? null
      : location.geometry;
  const input = {
    sub_action_id: location.sub_action_id,
    area_code: codes.at(-1) ?? null,
    geometry,
  };
  const both = latitude.trim() !== '' && longitude.trim() !== '';
  const checked = SubActionLocationInput.safeParse(input);
  const labels = { area_code: t.area, geometry: t.dialog.latitude } as const;
  const { attempt, dialog, errorOf } = useFieldsSubmit({
    isSaving,
    labels,
    checked,
    ready: !typed || (both && Number.isFinite(lat) && Number.isFinite(lon)),
    save: () => onSubmit(input),
    failed: t.dialog.failed,
  });
  const coordinateError = (text: string) =>
    attempt === 0 || !typed
      ? undefined
      : !both
        ? t.dialog.bothParts
        : Number.isFinite(coordinateOf(text))
          ? errorOf('geometry')
          : t.dialog.notNumber;

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
      <p className="text-sm text-slate-600">{t.dialog.pointHelp}</p>
      <div>
        <Button variant="secondary" isPending={locating} onPress={() => void fillFromPhone()}>
          {locating ? t.dialog.locating : t.dialog.usePosition}
        </Button>
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
    name: areaNameAsWritten(area.name),
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
