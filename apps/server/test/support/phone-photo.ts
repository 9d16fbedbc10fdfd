import jpeg from 'jpeg-js';
import { exifSegment } from '../../../../packages/ui/src/testing/exif-fixture.js';

/**
 * A JPEG as a phone's camera writes it: the picture, then an APP1 EXIF segment (the UI's test
 * fixture, one EXIF writer for both) with the time it was taken (DateTimeOriginal, local time,
 * with OffsetTimeOriginal as Android and iOS write it) and the GPS position in degrees, minutes
 * and seconds with their N/S and E/W references. Big-endian TIFF ('MM'), as Samsung writes.
 */
export interface PhonePhotoOptions {
  latitude?: number;
  longitude?: number;
  /** 'YYYY:MM:DD HH:MM:SS', the camera's local clock. */
  takenAt?: string;
  /** '+07:00'; left out as older cameras do. */
  offset?: string;
  width?: number;
  height?: number;
  /** The grey of the picture (0–255), so two photos differ. */
  shade?: number;
}

/** A JPEG with the EXIF a phone writes (see PhonePhotoOptions). */
export function phonePhoto(options: PhonePhotoOptions = {}): Buffer {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  // A scene rather than a flat grey, so a screenshot shows a photo: sky, ground and the work,
  // the work's grey set by `shade`.
  const shade = options.shade ?? 128;
  const pixels = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const work = y > height * 0.35 && y < height * 0.65 && x > width * 0.2 && x < width * 0.8;
      const [r, g, b] = work
        ? [shade, shade, shade]
        : y < height * 0.6
          ? [191, 219, 254]
          : [74, 222, 128];
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
    }
  }
  const encoded = jpeg.encode({ data: pixels, width, height }, 80).data;
  const segment = exifSegment({
    ...(options.latitude !== undefined ? { latitude: options.latitude } : {}),
    ...(options.longitude !== undefined ? { longitude: options.longitude } : {}),
    // 'YYYY:MM:DD HH:MM:SS' as the camera writes it, read back as the fixture takes it.
    ...(options.takenAt
      ? { takenAt: options.takenAt.replace(/^(\d{4}):(\d{2}):(\d{2}) /, '$1-$2-$3T') }
      : {}),
    ...(options.offset ? { offset: options.offset } : {}),
    orientation: 1,
    bigEndian: true,
  });
  // After SOI, before the encoder's JFIF APP0: where cameras put it.
  return Buffer.concat([encoded.subarray(0, 2), segment, encoded.subarray(2)]);
}
