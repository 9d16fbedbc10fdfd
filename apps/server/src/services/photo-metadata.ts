import { DEFAULT_TIME_ZONE } from '@ranwal/core';
import exifr from 'exifr';
import { imageSize } from 'image-size';

/** Where and when a photo says it was taken, read from its EXIF before the metadata is stripped. */
export interface PhotoMetadata {
  latitude: number | null;
  longitude: number | null;
  /** ISO 8601 with its offset; null when the photo holds no time. */
  taken_at: string | null;
  width: number | null;
  height: number | null;
}

const NONE: PhotoMetadata = {
  latitude: null,
  longitude: null,
  taken_at: null,
  width: null,
  height: null,
};

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/** The region's UTC offset at a moment ('+07:00' for Asia/Jakarta). */
function regionOffsetAt(isoLocal: string): string {
  const name = new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_TIME_ZONE,
    timeZoneName: 'longOffset',
  })
    .formatToParts(new Date(`${isoLocal}Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = name?.replace('GMT', '') ?? '';
  return OFFSET.test(offset) ? offset : '+00:00';
}

/**
 * The photo's own time: DateTimeOriginal is the camera's local clock; with OffsetTimeOriginal
 * (Android and iOS write it) it is exact. Without, the GPS time (UTC) when the camera wrote one,
 * else the local clock read as the region's time.
 */
function takenAtOf(tags: Record<string, unknown>): string | null {
  const gpsDate = typeof tags.GPSDateStamp === 'string' ? tags.GPSDateStamp : null;
  const gpsTime = Array.isArray(tags.GPSTimeStamp) ? (tags.GPSTimeStamp as number[]) : null;
  const local =
    typeof tags.DateTimeOriginal === 'string'
      ? tags.DateTimeOriginal
      : typeof tags.CreateDate === 'string'
        ? tags.CreateDate
        : null;
  const match = local ? EXIF_DATE.exec(local) : null;
  const offset = [tags.OffsetTimeOriginal, tags.OffsetTime].find(
    (value): value is string => typeof value === 'string' && OFFSET.test(value),
  );
  if (match) {
    const [, y, mo, d, h, mi, s] = match;
    const isoLocal = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
    if (offset) return `${isoLocal}${offset}`;
    if (!(gpsDate && gpsTime)) return `${isoLocal}${regionOffsetAt(isoLocal)}`;
  }
  if (gpsDate && gpsTime && /^\d{4}:\d{2}:\d{2}$/.test(gpsDate)) {
    const [hours = 0, minutes = 0, seconds = 0] = gpsTime;
    const date =
      new Date(`${gpsDate.replaceAll(':', '-')}T00:00:00Z`).getTime() +
      ((hours * 60 + minutes) * 60 + seconds) * 1000;
    return Number.isFinite(date) ? new Date(Math.floor(date / 1000) * 1000).toISOString() : null;
  }
  return null;
}

/**
 * The picture's own size (its frame header, not EXIF: a phone that resized the photo keeps the
 * original's EXIF dimensions), turned as its EXIF orientation turns it.
 */
function sizeOf(bytes: Uint8Array): { width: number | null; height: number | null } {
  try {
    const size = imageSize(bytes);
    const turned = size.orientation !== undefined && size.orientation >= 5;
    return turned
      ? { width: size.height ?? null, height: size.width ?? null }
      : { width: size.width ?? null, height: size.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Reads the GPS position and the time a photo was taken from its EXIF (exifr). A photo without
 * EXIF, or whose EXIF cannot be read, answers nulls: it is still filed, and flagged.
 */
export async function readPhotoMetadata(bytes: Uint8Array): Promise<PhotoMetadata> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(bytes, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
      reviveValues: false,
      translateValues: false,
    });
  } catch {
    return { ...NONE, ...sizeOf(bytes) };
  }
  if (!tags) return { ...NONE, ...sizeOf(bytes) };
  const latitude = finite(tags.latitude);
  const longitude = finite(tags.longitude);
  const placed =
    latitude !== null &&
    longitude !== null &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    // 0,0 is what a camera without a fix writes.
    !(latitude === 0 && longitude === 0);
  return {
    ...sizeOf(bytes),
    latitude: placed ? latitude : null,
    longitude: placed ? longitude : null,
    taken_at: takenAtOf(tags),
  };
}
