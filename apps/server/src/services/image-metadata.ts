import type { UploadImageType } from '@ranwal/core';

/*
 * Uploaded images lose the metadata a camera or phone writes into them (EXIF with the GPS
 * position, XMP, IPTC, comments, text chunks) before they are stored, and keep every byte of the
 * picture itself: the containers are rewritten, the compressed image data is copied as it is, so
 * nothing is re-encoded and an image without metadata is stored byte for byte. What the checks
 * below cannot read as the format it claims is stored unchanged (file-type already vouched for
 * its kind; a stranger structure is no worse than before).
 */

/** JPEG: APP1 (EXIF, XMP), APP13 (Photoshop IRB, where IPTC lives) and COM segments. */
function jpegWithoutMetadata(bytes: Buffer): Buffer {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let position = 2;
  let dropped = false;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) return bytes;
    const marker = bytes[position + 1]!;
    // Start of scan (or end of image): the entropy-coded data follows; keep the rest whole.
    if (marker === 0xda || marker === 0xd9) break;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(position, position + 2));
      position += 2;
      continue;
    }
    const end = position + 2 + bytes.readUInt16BE(position + 2);
    if (end > bytes.length) return bytes;
    if (marker === 0xe1 || marker === 0xed || marker === 0xfe) dropped = true;
    else kept.push(bytes.subarray(position, end));
    position = end;
  }
  kept.push(bytes.subarray(position));
  return dropped ? Buffer.concat(kept) : bytes;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Ancillary PNG chunks that hold text, EXIF or a timestamp (PNG 3rd edition). */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** PNG: the chunks in PNG_METADATA; the others, with their CRCs, as they are. */
function pngWithoutMetadata(bytes: Buffer): Buffer {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return bytes;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let position = 8;
  let dropped = false;
  while (position + 12 <= bytes.length) {
    const end = position + 12 + bytes.readUInt32BE(position);
    if (end > bytes.length) return bytes;
    const type = bytes.toString('latin1', position + 4, position + 8);
    if (PNG_METADATA.has(type)) dropped = true;
    else kept.push(bytes.subarray(position, end));
    position = end;
    if (type === 'IEND') break;
  }
  return dropped ? Buffer.concat(kept) : bytes;
}

/** VP8X feature flags (WebP container spec): EXIF and XMP present. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** WebP: the EXIF and XMP chunks, their flags in VP8X cleared and the RIFF size made right. */
function webpWithoutMetadata(bytes: Buffer): Buffer {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    return bytes;
  }
  const kept: Buffer[] = [];
  let position = 12;
  let dropped = false;
  while (position + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(position + 4);
    // Chunks are padded to an even size.
    const end = position + 8 + size + (size % 2);
    if (end > bytes.length) return bytes;
    const type = bytes.toString('latin1', position, position + 4);
    if (type === 'EXIF' || type === 'XMP ') {
      dropped = true;
    } else if (type === 'VP8X' && size >= 1) {
      const chunk = Buffer.from(bytes.subarray(position, end));
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    } else {
      kept.push(bytes.subarray(position, end));
    }
    position = end;
  }
  if (!dropped) return bytes;
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

/** The image without its metadata (see above); GIFs carry none that locates anyone. */
export function withoutMetadata(bytes: Buffer, type: UploadImageType): Buffer {
  switch (type) {
    case 'image/jpeg':
      return jpegWithoutMetadata(bytes);
    case 'image/png':
      return pngWithoutMetadata(bytes);
    case 'image/webp':
      return webpWithoutMetadata(bytes);
    case 'image/gif':
      return bytes;
  }
}
