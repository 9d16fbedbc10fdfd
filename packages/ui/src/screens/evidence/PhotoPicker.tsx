import { formatDateTimeLong } from '@ranwal/core';
import { useEffect, useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { ImageIcon, TrashIcon, UploadIcon } from '../../components/icons.js';
import { newOutboxId } from '../../data/outbox.js';
import { useMessages } from '../../data/RanwalProvider.js';
import {
  type PhotoPlace,
  preloadPhotoReader,
  readPhotoPlace,
  resizePhoto,
} from '../../lib/photo.js';
import { useLatest } from '../../lib/use-latest.js';

/** The phone's own position, taken with the person's consent for a photo that carries none. */
export interface DevicePlace {
  latitude: number;
  longitude: number;
  accuracy_m: number;
  /** When the phone took it (ISO time). */
  at: string;
}

/** A chosen photo, ready to queue. */
export interface PickedPhoto {
  id: string;
  /** The resized JPEG, with the camera's EXIF (`resizePhoto`). */
  photo: Blob;
  filename: string;
  /** Where and when the photo says it was taken; null when it says nothing. */
  place: PhotoPlace | null;
  /** The phone's position, given with consent, for a photo without place. */
  devicePlace: DevicePlace | null;
}

/** A chosen file made ready: resized, and its place read. */
export type PreparePhoto = (file: File) => Promise<Pick<PickedPhoto, 'photo' | 'place'>>;

export const preparePhoto: PreparePhoto = async (file) => {
  const [photo, place] = await Promise.all([resizePhoto(file), readPhotoPlace(file)]);
  return { photo, place };
};

/** The phone's position through the browser (which asks the person first). */
export const locatePhone = (): Promise<DevicePlace> =>
  new Promise((resolve, reject) => {
    if (!globalThis.navigator?.geolocation) {
      reject(new Error('No geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy_m: Math.round(position.coords.accuracy),
          at: new Date(position.timestamp).toISOString(),
        }),
      reject,
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });

export interface PhotoPickerProps {
  photos: readonly PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  /** At most this many photos. */
  max?: number;
  /** The form's problem with the photos (none chosen). */
  errorMessage?: string | undefined;
  /** Resizes and reads a chosen file; `preparePhoto` by default. */
  prepare?: PreparePhoto;
  /** Reads the phone's position; `locatePhone` by default. */
  locate?: () => Promise<DevicePlace>;
}

/** Coordinates as maps write them: a point, five decimals (about a metre). */
const coordinate = (value: number) => value.toFixed(5);

/** The camera's wall time as it wrote it, in the product's long format. */
const cameraTime = (takenAt: string) =>
  formatDateTimeLong(`${takenAt.slice(0, 19)}Z`, { timeZone: 'UTC' });

/**
 * 'Foto Bukti': one to three photos from the camera or the gallery, each resized on the phone
 * before it is queued, shown with the time and place its EXIF holds. A photo without place says
 * 'tanpa lokasi' and offers the phone's position, taken only when the person asks for it.
 */
export function PhotoPicker({
  photos,
  onChange,
  max = 3,
  errorMessage,
  prepare = preparePhoto,
  locate = locatePhone,
}: PhotoPickerProps) {
  const m = useMessages();
  const t = m.fieldUpdate.photos;
  const headingId = useId();
  const hintId = useId();
  const [preparing, setPreparing] = useState(0);
  const [unreadable, setUnreadable] = useState<string[]>([]);
  // The photos of the latest render, for files that finish preparing after it.
  const latest = useLatest(photos);
  // Photos may be chosen with no signal: the reader of their place is fetched now (lib/photo.ts).
  useEffect(() => {
    if (prepare === preparePhoto) preloadPhotoReader();
  }, [prepare]);

  const add = async (files: FileList | null) => {
    const room = max - latest.current.length - preparing;
    const chosen = [...(files ?? [])].slice(0, Math.max(0, room));
    if (chosen.length === 0) return;
    setUnreadable([]);
    setPreparing((count) => count + chosen.length);
    const prepared = await Promise.all(
      chosen.map((file) =>
        prepare(file).then(
          (ready): PickedPhoto => ({
            ...ready,
            id: newOutboxId(),
            filename: jpegName(file.name),
            devicePlace: null,
          }),
          () => file.name,
        ),
      ),
    );
    setPreparing((count) => count - chosen.length);
    setUnreadable(prepared.filter((each) => typeof each === 'string'));
    const ready = prepared.filter((each) => typeof each !== 'string');
    if (ready.length > 0) onChange([...latest.current, ...ready].slice(0, max));
  };
  const update = (id: string, change: Partial<PickedPhoto>) =>
    onChange(latest.current.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)));

  const full = photos.length + preparing >= max;
  return (
    <section aria-labelledby={headingId} aria-describedby={hintId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-medium text-slate-900 text-sm">
          {t.label}
        </h3>
        <span className="text-slate-600 text-sm">{t.count(photos.length, max)}</span>
      </div>
      <p id={hintId} className="text-slate-600 text-sm">
        {full ? t.full : t.hint}
      </p>
      {photos.length > 0 && (
        <ul aria-label={t.label} className="flex flex-col gap-2">
          {photos.map((photo, index) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              index={index + 1}
              locate={locate}
              onRemove={() => onChange(latest.current.filter((each) => each.id !== photo.id))}
              onDevicePlace={(devicePlace) => update(photo.id, { devicePlace })}
            />
          ))}
        </ul>
      )}
      {preparing > 0 && (
        <p role="status" className="text-slate-600 text-sm">
          {t.preparing}
        </p>
      )}
      {unreadable.map((file) => (
        <Banner key={file} tone="error">
          {t.unreadable(file)}
        </Banner>
      ))}
      {errorMessage && photos.length === 0 && (
        <p role="alert" className="text-red-700 text-sm">
          {errorMessage}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <FileTrigger
          acceptedFileTypes={['image/*']}
          defaultCamera="environment"
          onSelect={(files) => void add(files)}
        >
          <Button isDisabled={full} className="min-h-11">
            <ImageIcon className="size-4" />
            {t.camera}
          </Button>
        </FileTrigger>
        <FileTrigger
          acceptedFileTypes={['image/*']}
          allowsMultiple
          onSelect={(files) => void add(files)}
        >
          <Button variant="secondary" isDisabled={full} className="min-h-11">
            <UploadIcon className="size-4" />
            {t.files}
          </Button>
        </FileTrigger>
      </div>
    </section>
  );
}

/** The file's name with a .jpg ending: what is sent is always the resized JPEG. */
const jpegName = (name: string) => `${name.replace(/\.[^./]*$/, '') || 'foto'}.jpg`;

interface PhotoCardProps {
  photo: PickedPhoto;
  index: number;
  locate: () => Promise<DevicePlace>;
  onRemove: () => void;
  onDevicePlace: (place: DevicePlace) => void;
}

function PhotoCard({ photo, index, locate, onRemove, onDevicePlace }: PhotoCardProps) {
  const m = useMessages();
  const t = m.fieldUpdate.photos;
  const url = useObjectUrl(photo.photo);
  const [locating, setLocating] = useState<'idle' | 'busy' | 'denied' | 'unavailable'>('idle');
  const { place, devicePlace } = photo;

  const askPhonePlace = async () => {
    setLocating('busy');
    try {
      onDevicePlace(await locate());
      setLocating('idle');
    } catch (error) {
      const denied = (error as { code?: number } | null)?.code === 1;
      setLocating(denied ? 'denied' : 'unavailable');
    }
  };

  return (
    <li className="flex gap-3 rounded-md border border-slate-200 bg-white p-2">
      <div className="size-20 shrink-0 overflow-hidden rounded bg-slate-100">
        {url && <img src={url} alt={t.photo(index)} className="size-full object-cover" />}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <p className="font-medium text-slate-900">{t.photo(index)}</p>
        {place?.taken_at && (
          <p className="text-slate-700">{t.takenAt(cameraTime(place.taken_at))}</p>
        )}
        {place ? (
          <p className="text-slate-700">
            {t.place(coordinate(place.latitude), coordinate(place.longitude))}
          </p>
        ) : devicePlace ? (
          <p className="text-slate-700">
            {t.phonePlace(
              coordinate(devicePlace.latitude),
              coordinate(devicePlace.longitude),
              String(devicePlace.accuracy_m),
            )}
          </p>
        ) : (
          <>
            <p className="text-amber-800">{t.noPlace}</p>
            <p className="text-slate-600">{t.phonePlaceConsent}</p>
            {locating === 'denied' && <p className="text-slate-700">{t.placeDenied}</p>}
            {locating === 'unavailable' && <p className="text-slate-700">{t.placeUnavailable}</p>}
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              isPending={locating === 'busy'}
              onPress={() => void askPhonePlace()}
            >
              {locating === 'busy' ? t.locating : t.usePhonePlace}
            </Button>
          </>
        )}
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t.remove(index)}
        className="size-11 shrink-0 self-start p-0"
        onPress={onRemove}
      >
        <TrashIcon className="size-5" />
      </Button>
    </li>
  );
}

/** An object URL for a blob while the component shows it, revoked after. */
function useObjectUrl(blob: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
