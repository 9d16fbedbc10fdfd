/*
 * Hand-written EXIF for tests and stories: an APP1 segment as a phone camera writes it (IFD0 with
 * Orientation and pointers to the Exif and GPS IFDs, DateTimeOriginal, latitude and longitude as
 * degree/minute/second rationals), in either byte order, so no photo file needs to be shipped.
 * The server's tests put it in real JPEGs too (apps/server/test/support/phone-photo.ts).
 */

export interface ExifFixture {
  latitude?: number;
  longitude?: number;
  /** Camera wall time, 'YYYY-MM-DDTHH:mm:ss' (EXIF stores no zone). */
  takenAt?: string;
  /** OffsetTimeOriginal ('+07:00'), as Android and iOS write it beside the wall time. */
  offset?: string;
  /** 1 upright, 6 turned 90° clockwise (a phone held upright), 3, 8. */
  orientation?: number;
  bigEndian?: boolean;
}

const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;
const BYTE = 1;

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** Bytes of the value, written inline when 4 or fewer, else at an offset after the IFD. */
  value: (view: DataView, at: number) => void;
  size: number;
}

const ascii = (tag: number, text: string): Entry => ({
  tag,
  type: ASCII,
  count: text.length + 1,
  size: text.length + 1,
  value: (view, at) => {
    [...text].forEach((char, index) => {
      view.setUint8(at + index, char.charCodeAt(0));
    });
    view.setUint8(at + text.length, 0);
  },
});

/** Degrees as three rationals: whole degrees, whole minutes, seconds in ten-thousandths. */
const dms = (tag: number, degrees: number, little: boolean): Entry => {
  const value = Math.abs(degrees);
  const whole = Math.floor(value);
  const minutes = Math.floor((value - whole) * 60);
  const seconds = Math.round(((value - whole) * 60 - minutes) * 60 * 10_000);
  const parts: Array<[number, number]> = [
    [whole, 1],
    [minutes, 1],
    [seconds, 10_000],
  ];
  return {
    tag,
    type: RATIONAL,
    count: 3,
    size: 24,
    value: (view, at) => {
      parts.forEach(([numerator, denominator], index) => {
        view.setUint32(at + index * 8, numerator, little);
        view.setUint32(at + index * 8 + 4, denominator, little);
      });
    },
  };
};

/** The TIFF bytes of IFDs written one after another, each pointing to the next by its index. */
function writeTiff(ifds: Entry[][], little: boolean, pointers: Array<[number, number, number]>) {
  const sizes = ifds.map(
    (entries) =>
      2 + entries.length * 12 + 4 + entries.reduce((sum, e) => sum + (e.size > 4 ? e.size : 0), 0),
  );
  const starts = sizes.reduce<number[]>((list, _size, index) => {
    list.push(index === 0 ? 8 : (list[index - 1] as number) + (sizes[index - 1] as number));
    return list;
  }, []);
  const total = (starts.at(-1) ?? 8) + (sizes.at(-1) ?? 0);
  const view = new DataView(new ArrayBuffer(total));
  view.setUint16(0, little ? 0x4949 : 0x4d4d);
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  // Pointer entries (ExifIFD, GPSInfo) hold the start of another IFD.
  for (const [ifd, tag, target] of pointers) {
    const entry = ifds[ifd]?.find((each) => each.tag === tag);
    if (entry) entry.value = (v, at) => v.setUint32(at, starts[target] as number, little);
  }
  ifds.forEach((entries, index) => {
    const start = starts[index] as number;
    view.setUint16(start, entries.length, little);
    let data = start + 2 + entries.length * 12 + 4;
    entries.forEach((entry, position) => {
      const at = start + 2 + position * 12;
      view.setUint16(at, entry.tag, little);
      view.setUint16(at + 2, entry.type, little);
      view.setUint32(at + 4, entry.count, little);
      if (entry.size <= 4) entry.value(view, at + 8);
      else {
        view.setUint32(at + 8, data, little);
        entry.value(view, data);
        data += entry.size;
      }
    });
    view.setUint32(start + 2 + entries.length * 12, 0, little);
  });
  return new Uint8Array(view.buffer);
}

/** An EXIF APP1 segment (FF E1, length, 'Exif\0\0', TIFF) holding what `fixture` says. */
export function exifSegment(fixture: ExifFixture): Uint8Array {
  const little = !fixture.bigEndian;
  const ifd0: Entry[] = [];
  if (fixture.orientation !== undefined) {
    const orientation = fixture.orientation;
    ifd0.push({
      tag: 0x0112,
      type: SHORT,
      count: 1,
      size: 2,
      value: (view, at) => view.setUint16(at, orientation, little),
    });
  }
  const ifds: Entry[][] = [ifd0];
  const pointers: Array<[number, number, number]> = [];
  const pointer = (tag: number): Entry => ({
    tag,
    type: LONG,
    count: 1,
    size: 4,
    value: () => {},
  });
  if (fixture.takenAt) {
    ifd0.push(pointer(0x8769));
    pointers.push([0, 0x8769, ifds.length]);
    ifds.push([
      ascii(0x9003, fixture.takenAt.replace('T', ' ').replace(/-/g, ':')),
      ...(fixture.offset ? [ascii(0x9011, fixture.offset)] : []),
    ]);
  }
  if (fixture.latitude !== undefined && fixture.longitude !== undefined) {
    ifd0.push(pointer(0x8825));
    pointers.push([0, 0x8825, ifds.length]);
    ifds.push([
      {
        tag: 0x0000,
        type: BYTE,
        count: 4,
        size: 4,
        value: (view, at) => view.setUint32(at, 0x02030000, false),
      },
      ascii(0x0001, fixture.latitude < 0 ? 'S' : 'N'),
      dms(0x0002, fixture.latitude, little),
      ascii(0x0003, fixture.longitude < 0 ? 'W' : 'E'),
      dms(0x0004, fixture.longitude, little),
    ]);
  }
  const tiff = writeTiff(ifds, little, pointers);
  const length = 2 + 6 + tiff.length;
  const segment = new Uint8Array(2 + length);
  segment.set([0xff, 0xe1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0]);
  segment.set(tiff, 10);
  return segment;
}

/**
 * The smallest JPEG header around `segments` for tests that never decode pixels: SOI, an APP0
 * (JFIF), the given segments, a fake SOS with a few data bytes, EOI.
 */
export function fakeJpeg(...segments: Uint8Array[]): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sos = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0x00, 0x56];
  const parts = [Uint8Array.of(0xff, 0xd8), Uint8Array.from(app0), ...segments];
  parts.push(Uint8Array.from(sos), Uint8Array.of(0xff, 0xd9));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
