/*
 * Moving a photo's EXIF block from the camera's JPEG into a resized one. A canvas encodes pixels
 * only, so without this the server would no longer read where and when the photo was taken.
 *
 * A JPEG is a run of segments before its compressed data: SOI (FF D8), then markers FF xx, each
 * but the standalone ones followed by a two-byte big-endian length that counts itself, up to SOS
 * (FF DA), after which the entropy-coded data runs to EOI. EXIF lives in an APP1 (FF E1) segment
 * whose payload starts with 'Exif\0\0' and holds a TIFF structure (byte order, IFDs).
 */

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP1 = 0xe1;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // 'Exif\0\0'
/** The TIFF header's offset within an APP1 segment: marker (2), length (2), 'Exif\0\0' (6). */
const TIFF_START = 10;
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** Where one segment of a JPEG's header sits: from its FF marker to its end. */
interface Segment {
  marker: number;
  start: number;
  end: number;
}

/** Whether bytes start with a JPEG's SOI marker. */
export const isJpeg = (bytes: Uint8Array): boolean =>
  bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === SOI;

/**
 * The segments of a JPEG's header, SOI excluded, up to (not including) SOS. Stops early, without
 * throwing, where the bytes are not a well-formed header (a truncated file, a bad length), so a
 * damaged photo only loses its metadata.
 */
function headerSegments(bytes: Uint8Array): Segment[] {
  const segments: Segment[] = [];
  if (!isJpeg(bytes)) return segments;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] as number;
    // Fill bytes: any number of FF may precede a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Standalone markers carry no length (TEM, RST0-7); SOS and EOI end the header.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === SOS || marker === EOI || at + 3 >= bytes.length) break;
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) break;
    segments.push({ marker, start: at, end });
    at = end;
  }
  return segments;
}

const isExifSegment = (bytes: Uint8Array, segment: Segment): boolean =>
  segment.marker === APP1 &&
  segment.end - segment.start >= TIFF_START &&
  EXIF_HEADER.every((byte, index) => bytes[segment.start + 4 + index] === byte);

/**
 * The whole EXIF APP1 segment of a JPEG (marker, length, 'Exif\0\0' and the TIFF data), or null
 * when it has none (or is not a JPEG). XMP, also an APP1, is not it.
 */
export function findExifSegment(jpeg: Uint8Array): Uint8Array | null {
  const segment = headerSegments(jpeg).find((each) => isExifSegment(jpeg, each));
  return segment ? jpeg.slice(segment.start, segment.end) : null;
}

/**
 * A copy of an EXIF segment whose Orientation tag (IFD0, 0x0112) reads 1, 'upright': the resized
 * pixels were drawn already turned (`createImageBitmap`'s `imageOrientation: 'from-image'`), and
 * a viewer honouring the camera's value would turn them a second time. The value is patched in
 * place (a SHORT sits inside its IFD entry), so no offset in the TIFF structure moves; a segment
 * without the tag, or one that does not read, is returned unchanged.
 */
export function withUprightOrientation(segment: Uint8Array): Uint8Array {
  const copy = segment.slice();
  const tiff = new DataView(copy.buffer, copy.byteOffset + TIFF_START);
  if (tiff.byteLength < 8) return copy;
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return copy;
  const little = order === 0x4949;
  const ifd0 = tiff.getUint32(4, little);
  if (ifd0 + 2 > tiff.byteLength) return copy;
  const count = tiff.getUint16(ifd0, little);
  for (let index = 0; index < count; index++) {
    const entry = ifd0 + 2 + index * 12;
    if (entry + 12 > tiff.byteLength) break;
    if (tiff.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    if (tiff.getUint16(entry + 2, little) === SHORT) tiff.setUint16(entry + 8, 1, little);
    break;
  }
  return copy;
}

/**
 * The JPEG with `segment` right after SOI, where EXIF readers look first, in place of any EXIF
 * segment it had. Not a JPEG: returned as it is.
 */
export function insertExifSegment(jpeg: Uint8Array, segment: Uint8Array): Uint8Array {
  if (!isJpeg(jpeg)) return jpeg;
  const existing = headerSegments(jpeg).filter((each) => isExifSegment(jpeg, each));
  const kept: Uint8Array[] = [];
  let at = 2;
  for (const each of existing) {
    kept.push(jpeg.subarray(at, each.start));
    at = each.end;
  }
  kept.push(jpeg.subarray(at));
  const out = new Uint8Array(
    2 + segment.length + kept.reduce((total, part) => total + part.length, 0),
  );
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  let offset = 2 + segment.length;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * `resized` with the EXIF of `original` (its Orientation set to 1), so where and when the photo
 * was taken survives the resize; `resized` unchanged when `original` has no EXIF.
 */
export function carryExif(original: Uint8Array, resized: Uint8Array): Uint8Array {
  const segment = findExifSegment(original);
  return segment ? insertExifSegment(resized, withUprightOrientation(segment)) : resized;
}
