import { carryExif } from './jpeg-exif.js';

export interface ResizePhotoOptions {
  /** The longer edge of the result, in pixels; a smaller photo keeps its size. */
  maxEdge?: number;
  /** JPEG quality, 0 to 1. */
  quality?: number;
}

/**
 * Where EXIF is looked for: the header of a camera's JPEG (APP0, APP1 with EXIF and its
 * thumbnail, an ICC profile) sits well within this; reading the header only spares copying
 * megabytes.
 */
const HEADER_BYTES = 512 * 1024;

/**
 * A photo made small enough to send on a weak connection: decoded upright (the camera's EXIF
 * Orientation applied to the pixels), scaled so its longer edge is at most `maxEdge`, encoded as
 * JPEG, and given back the original's EXIF segment (with Orientation 1, since the pixels are
 * upright now; lib/jpeg-exif.ts), so the server still reads where and when it was taken. A photo
 * the browser cannot decode rejects.
 */
export async function resizePhoto(
  file: Blob,
  { maxEdge = 1600, quality = 0.8 }: ResizePhotoOptions = {},
): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  let encoded: Blob;
  try {
    const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    encoded = await drawJpeg(bitmap, width, height, quality);
  } finally {
    bitmap.close();
  }
  const [original, resized] = await Promise.all([
    file.slice(0, HEADER_BYTES).arrayBuffer(),
    encoded.arrayBuffer(),
  ]);
  const withExif = carryExif(new Uint8Array(original), new Uint8Array(resized));
  return new Blob([withExif as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
}

/** The bitmap drawn at the given size and encoded: off the DOM where the browser can. */
async function drawJpeg(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  quality: number,
): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2d canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2d canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      quality,
    ),
  );
}

/** Where and when a photo says it was taken (its EXIF). */
export interface PhotoPlace {
  latitude: number;
  longitude: number;
  /**
   * The camera's wall time, 'YYYY-MM-DDTHH:mm:ss', with its offset ('+07:00') when the camera
   * wrote one; null when the photo has no time.
   */
  taken_at: string | null;
}

const importPhotoReader = () => import('exifr');
let photoReader: ReturnType<typeof importPhotoReader> | null = null;

/** exifr, loaded once; a load that failed (no signal) is tried again on the next call. */
function loadPhotoReader(): ReturnType<typeof importPhotoReader> {
  photoReader ??= importPhotoReader().catch((error: unknown) => {
    photoReader = null;
    throw error;
  });
  return photoReader;
}

/**
 * Loads the photo reader before the first photo is chosen. A field officer opens the page with a
 * signal and may choose photos without one: the portal's service worker keeps each script it
 * has fetched, so the reader fetched now is there offline (chosen offline, every photo was
 * refused as unreadable).
 */
export function preloadPhotoReader(): void {
  loadPhotoReader().catch(() => undefined);
}

/**
 * The place (EXIF GPS) and time a photo carries, to show the person before sending; null when it
 * has no position (or one of 0, 0, which some phones write without a fix) or no readable EXIF.
 * exifr is loaded on first use (or by `preloadPhotoReader`), so screens without photos do not
 * carry it.
 */
export async function readPhotoPlace(file: Blob | Uint8Array): Promise<PhotoPlace | null> {
  const { default: exifr } = await loadPhotoReader();
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(file instanceof Blob ? await file.arrayBuffer() : file, {
      pick: [
        'DateTimeOriginal',
        'OffsetTimeOriginal',
        'GPSLatitude',
        'GPSLatitudeRef',
        'GPSLongitude',
        'GPSLongitudeRef',
      ],
      reviveValues: false,
    });
  } catch {
    return null;
  }
  const latitude = tags?.latitude;
  const longitude = tags?.longitude;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (latitude === 0 && longitude === 0) return null;
  return {
    latitude,
    longitude,
    taken_at: exifTime(tags?.DateTimeOriginal, tags?.OffsetTimeOriginal),
  };
}

/** EXIF's 'YYYY:MM:DD HH:mm:ss' (and offset) as 'YYYY-MM-DDTHH:mm:ss[+hh:mm]'. */
function exifTime(value: unknown, offset: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : '';
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`;
}
