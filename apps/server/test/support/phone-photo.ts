import jpeg from 'jpeg-js';

/**
 * A JPEG as a phone's camera writes it: the picture, then an APP1 EXIF segment with the make,
 * the time it was taken (DateTimeOriginal, local time, with OffsetTimeOriginal as Android and
 * iOS write it), the picture's size and the GPS position in degrees, minutes and seconds with
 * their N/S and E/W references. Big-endian TIFF ('MM'), as Samsung and Apple cameras write.
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

const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

interface Entry {
  tag: number;
  type: number;
  count: number;
  value: Buffer;
}

const ascii = (tag: number, text: string): Entry => {
  const value = Buffer.from(`${text}\0`, 'latin1');
  return { tag, type: ASCII, count: value.length, value };
};
const long = (tag: number, n: number): Entry => {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(n);
  return { tag, type: LONG, count: 1, value };
};
const short = (tag: number, n: number): Entry => {
  const value = Buffer.alloc(4);
  value.writeUInt16BE(n);
  return { tag, type: SHORT, count: 1, value };
};
const rationals = (tag: number, pairs: [number, number][]): Entry => {
  const value = Buffer.alloc(8 * pairs.length);
  pairs.forEach(([numerator, denominator], index) => {
    value.writeUInt32BE(numerator, index * 8);
    value.writeUInt32BE(denominator, index * 8 + 4);
  });
  return { tag, type: RATIONAL, count: pairs.length, value };
};

/** Degrees as a camera writes them: whole degrees, whole minutes, seconds in hundredths. */
function degreesMinutesSeconds(degrees: number): [number, number][] {
  const absolute = Math.abs(degrees);
  const whole = Math.floor(absolute);
  const minutes = Math.floor((absolute - whole) * 60);
  const seconds = Math.round(((absolute - whole) * 60 - minutes) * 60 * 100);
  return [
    [whole, 1],
    [minutes, 1],
    [seconds, 100],
  ];
}

/** One IFD at `offset` of the TIFF: its entries, the next-IFD link (none) and its values. */
function ifd(entries: Entry[], offset: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const head = Buffer.alloc(2 + sorted.length * 12 + 4);
  head.writeUInt16BE(sorted.length);
  let dataOffset = offset + head.length;
  const data: Buffer[] = [];
  sorted.forEach((entry, index) => {
    const at = 2 + index * 12;
    head.writeUInt16BE(entry.tag, at);
    head.writeUInt16BE(entry.type, at + 2);
    head.writeUInt32BE(entry.count, at + 4);
    if (entry.value.length <= 4) entry.value.copy(head, at + 8);
    else {
      head.writeUInt32BE(dataOffset, at + 8);
      const padded =
        entry.value.length % 2 ? Buffer.concat([entry.value, Buffer.alloc(1)]) : entry.value;
      data.push(padded);
      dataOffset += padded.length;
    }
  });
  return Buffer.concat([head, ...data]);
}

/** The TIFF body of an EXIF segment: IFD0 pointing to the Exif and GPS IFDs. */
function exifTiff(options: PhonePhotoOptions, width: number, height: number): Buffer {
  const exifEntries: Entry[] = [long(0xa002, width), long(0xa003, height)];
  if (options.takenAt) exifEntries.push(ascii(0x9003, options.takenAt));
  if (options.offset) exifEntries.push(ascii(0x9011, options.offset));
  const gpsEntries: Entry[] = [];
  if (options.latitude !== undefined && options.longitude !== undefined) {
    gpsEntries.push(
      { tag: 0x0000, type: 1, count: 4, value: Buffer.from([2, 3, 0, 0]) },
      ascii(0x0001, options.latitude < 0 ? 'S' : 'N'),
      rationals(0x0002, degreesMinutesSeconds(options.latitude)),
      ascii(0x0003, options.longitude < 0 ? 'W' : 'E'),
      rationals(0x0004, degreesMinutesSeconds(options.longitude)),
    );
  }
  const header = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]);
  // IFD0's size is known before its pointers' values: 4 entries at most.
  const ifd0Entries = (exifAt: number, gpsAt: number) => [
    ascii(0x010f, 'samsung'),
    ascii(0x0110, 'Galaxy A15'),
    short(0x0112, 1),
    long(0x8769, exifAt),
    ...(gpsEntries.length ? [long(0x8825, gpsAt)] : []),
  ];
  const ifd0Size = ifd(ifd0Entries(0, 0), 8).length;
  const exifAt = 8 + ifd0Size;
  const exifIfd = ifd(exifEntries, exifAt);
  const gpsAt = exifAt + exifIfd.length;
  const gpsIfd = gpsEntries.length ? ifd(gpsEntries, gpsAt) : Buffer.alloc(0);
  return Buffer.concat([header, ifd(ifd0Entries(exifAt, gpsAt), 8), exifIfd, gpsIfd]);
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
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff(options, width, height)]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1);
  segment.writeUInt16BE(body.length + 2, 2);
  // After SOI, before the encoder's JFIF APP0: where cameras put it.
  return Buffer.concat([encoded.subarray(0, 2), segment, body, encoded.subarray(2)]);
}
