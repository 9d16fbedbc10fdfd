// What the bench runs inside Chromium: makes a camera-sized JPEG with EXIF (GPS, time,
// Orientation 6), then times `resizePhoto` on it, the function the field report uses.
import { findExifSegment, insertExifSegment } from '../../packages/ui/src/lib/jpeg-exif.js';
import { readPhotoPlace, resizePhoto } from '../../packages/ui/src/lib/photo.js';
import { exifSegment } from '../../packages/ui/src/testing/exif-fixture.js';

/**
 * A photo with a camera photo's detail: smooth light, texture and edges, so the encoder and the
 * decoder do the work a real scene gives them (a flat drawing decodes several times faster).
 */
async function cameraPhoto(width: number, height: number, quality: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2d canvas');
  const image = context.createImageData(width, height);
  let seed = 1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const light = 120 + 80 * Math.sin(x / 310) * Math.cos(y / 270);
      const grain = (random() - 0.5) * 60;
      const edge = ((x >> 6) + (y >> 6)) % 7 === 0 ? 40 : 0;
      image.data[at] = light + grain + edge;
      image.data[at + 1] = light * 0.9 + grain;
      image.data[at + 2] = light * 0.7 + grain - edge;
      image.data[at + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  const encoded = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  const exif = exifSegment({
    latitude: -6.175392,
    longitude: 106.827153,
    takenAt: '2025-03-14T09:30:05',
    orientation: 6,
  });
  const bytes = insertExifSegment(new Uint8Array(await encoded.arrayBuffer()), exif);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
}

interface Run {
  ms: number;
  bytes: number;
}

async function bench(options: { width: number; height: number; runs: number }) {
  const original = await cameraPhoto(options.width, options.height, 0.92);
  const runs: Run[] = [];
  let last: Blob | null = null;
  for (let index = 0; index < options.runs; index++) {
    const start = performance.now();
    last = await resizePhoto(original);
    runs.push({ ms: performance.now() - start, bytes: last.size });
  }
  if (!last) throw new Error('no run');
  const bitmap = await createImageBitmap(last, { imageOrientation: 'none' });
  const kept = findExifSegment(new Uint8Array(await last.arrayBuffer())) !== null;
  const place = await readPhotoPlace(last).catch(() => null);
  return {
    original: { width: options.width, height: options.height, bytes: original.size },
    resized: { width: bitmap.width, height: bitmap.height, bytes: last.size, exifKept: kept },
    placeRead: place !== null,
    ms: runs.map((run) => Math.round(run.ms)),
  };
}

(globalThis as { benchPhoto?: typeof bench }).benchPhoto = bench;
