import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exifSegment, fakeJpeg } from '../testing/exif-fixture.js';
import {
  carryExif,
  findExifSegment,
  insertExifSegment,
  isJpeg,
  withUprightOrientation,
} from './jpeg-exif.js';
import { readPhotoPlace } from './photo.js';

const place = { latitude: -6.175392, longitude: 106.827153, takenAt: '2025-03-14T09:30:05' };
/** An XMP APP1: an APP1 that is not EXIF. */
const xmp = Uint8Array.from([0xff, 0xe1, 0x00, 0x0c, ...new TextEncoder().encode('http://ns\0')]);
/** An ICC profile's APP2, as many cameras write between APP0 and APP1. */
const icc = Uint8Array.from([0xff, 0xe2, 0x00, 0x06, 1, 2, 3, 4]);

/** The Orientation value in IFD0 of an EXIF segment, or undefined. */
function orientationOf(segment: Uint8Array): number | undefined {
  const tiff = new DataView(segment.buffer, segment.byteOffset + 10);
  const little = tiff.getUint16(0) === 0x4949;
  const ifd0 = tiff.getUint32(4, little);
  for (let i = 0; i < tiff.getUint16(ifd0, little); i++) {
    const entry = ifd0 + 2 + i * 12;
    if (tiff.getUint16(entry, little) === 0x0112) return tiff.getUint16(entry + 8, little);
  }
  return undefined;
}

describe('findExifSegment', () => {
  const exif = exifSegment({ ...place, orientation: 6 });
  it.each([
    ['after APP0', fakeJpeg(exif), exif],
    ['after an ICC APP2 and an XMP APP1', fakeJpeg(icc, xmp, exif), exif],
    ['behind fill bytes before a marker', fakeJpeg(Uint8Array.of(0xff, 0xff), exif), exif],
    ['none: only XMP', fakeJpeg(xmp), null],
    ['none: no APP segments', fakeJpeg(), null],
    ['none: not a JPEG', Uint8Array.of(0x89, 0x50, 0x4e, 0x47), null],
    ['none: empty', new Uint8Array(0), null],
    ['none: cut inside the EXIF segment', fakeJpeg(exif).slice(0, 40), null],
  ])('%s', (_name, jpeg, expected) => {
    expect(findExifSegment(jpeg)).toEqual(expected);
  });

  it('stops at a bad length without throwing', () => {
    const broken = fakeJpeg(Uint8Array.of(0xff, 0xe3, 0x00, 0x01), exif);
    expect(findExifSegment(broken)).toBeNull();
  });
});

describe('withUprightOrientation', () => {
  it.each([
    [6, false],
    [6, true],
    [8, false],
    [3, true],
    [1, false],
  ])('orientation %i (big-endian: %s) becomes 1, nothing else moves', (orientation, bigEndian) => {
    const segment = exifSegment({ ...place, orientation, bigEndian });
    const upright = withUprightOrientation(segment);
    expect(orientationOf(upright)).toBe(1);
    expect(upright.length).toBe(segment.length);
    const changed = [...segment].flatMap((byte, i) => (byte === upright[i] ? [] : [i]));
    expect(changed.length).toBeLessThanOrEqual(1);
    expect(orientationOf(segment)).toBe(orientation); // the original is left as it was
  });

  it('leaves a segment without Orientation unchanged', () => {
    const segment = exifSegment(place);
    expect(withUprightOrientation(segment)).toEqual(segment);
  });

  it('leaves a segment that does not read unchanged', () => {
    const segment = exifSegment(place);
    segment[10] = 0x00; // byte order neither II nor MM
    expect(withUprightOrientation(segment)).toEqual(segment);
  });
});

describe('insertExifSegment', () => {
  const exif = exifSegment({ ...place, orientation: 1 });
  it('puts the segment right after SOI and keeps every byte of the target after it', () => {
    const target = fakeJpeg();
    const out = insertExifSegment(target, exif);
    expect([...out.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(out.subarray(2, 2 + exif.length)).toEqual(exif);
    expect(out.subarray(2 + exif.length)).toEqual(target.subarray(2));
  });

  it('replaces an EXIF segment the target had, keeping its other segments', () => {
    const older = exifSegment({ latitude: 1, longitude: 2 });
    const out = insertExifSegment(fakeJpeg(icc, older, xmp), exif);
    expect(out).toEqual(insertExifSegment(fakeJpeg(icc, xmp), exif));
  });

  it('returns what is not a JPEG as it is', () => {
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47);
    expect(insertExifSegment(png, exif)).toBe(png);
    expect(isJpeg(png)).toBe(false);
  });

  it('any target keeps its bytes after the inserted segment (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        const target = Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, ...tail]);
        const out = insertExifSegment(target, exif);
        expect(out.length).toBe(target.length + exif.length);
        expect(out.subarray(2 + exif.length)).toEqual(target.subarray(2));
      }),
    );
  });
});

describe('carryExif', () => {
  it('gives the resized JPEG the original place and time, upright', async () => {
    const original = fakeJpeg(icc, exifSegment({ ...place, orientation: 6, bigEndian: true }));
    const out = carryExif(original, fakeJpeg());
    const segment = findExifSegment(out);
    expect(segment && orientationOf(segment)).toBe(1);
    await expect(readPhotoPlace(out)).resolves.toEqual({
      latitude: place.latitude,
      longitude: place.longitude,
      taken_at: '2025-03-14T09:30:05',
    });
  });

  it('leaves the resized JPEG alone when the original has no EXIF', () => {
    const resized = fakeJpeg();
    expect(carryExif(fakeJpeg(xmp), resized)).toBe(resized);
  });
});

describe('readPhotoPlace', () => {
  it.each([
    ['no EXIF', fakeJpeg(), null],
    ['EXIF without GPS', fakeJpeg(exifSegment({ takenAt: place.takenAt, orientation: 1 })), null],
    ['a position of 0, 0 (no fix)', fakeJpeg(exifSegment({ latitude: 0, longitude: 0 })), null],
    [
      'GPS without time',
      fakeJpeg(exifSegment({ latitude: 0.5, longitude: -120.25 })),
      { latitude: 0.5, longitude: -120.25, taken_at: null },
    ],
    ['not an image', new TextEncoder().encode('hello'), null],
  ])('%s', async (_name, bytes, expected) => {
    await expect(readPhotoPlace(bytes)).resolves.toEqual(expected);
  });
});
