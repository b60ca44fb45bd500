import type { MediaContentType } from '@examiq/contracts';

/** A file whose structure is not the image format it starts as, or that carries another file. */
export class NotAnImage extends Error {
  override name = 'NotAnImage';
}

/**
 * The image without what describes the photograph rather than the picture (EXIF with its GPS
 * position, XMP, IPTC, comments, text chunks), walked chunk by chunk so the pixels stay exactly
 * as they were sent. Whatever follows the image's end is refused (a polyglot: an image with an
 * archive or a page after it), except what a camera appends to a JPEG: padding, or more JPEG
 * images (MPF previews, gain maps), which are dropped with their own metadata.
 */
export function stripMetadata(type: MediaContentType, bytes: Buffer): Buffer {
  try {
    switch (type) {
      case 'image/jpeg':
        return stripJpeg(bytes);
      case 'image/png':
        return stripPng(bytes);
      case 'image/webp':
        return stripWebp(bytes);
      case 'image/gif':
        return stripGif(bytes);
    }
  } catch (error) {
    // A length that points past the end.
    if (error instanceof RangeError) throw new NotAnImage('The image ends inside a block');
    throw error;
  }
}

// --- JPEG ---------------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;
const ORIENTATION_TAG = 0x0112;

const startsWith = (bytes: Buffer, at: number, text: string) =>
  bytes.subarray(at, at + text.length).toString('latin1') === text;

/**
 * The segments colour needs are kept: an ICC profile (APP2 "ICC_PROFILE") and Adobe's colour
 * transform (APP14 "Adobe"); every other APPn but APP0 (JFIF), and every comment, is dropped.
 */
function keptAppSegment(marker: number, body: Buffer): boolean {
  if (marker === APP0) return true;
  if (marker === APP2) return startsWith(body, 0, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWith(body, 0, 'Adobe');
  return false;
}

/** An Exif segment's orientation (1–8), or 1 when it has none or cannot be read. */
function orientationOf(body: Buffer): number {
  if (!startsWith(body, 0, 'Exif\0\0')) return 1;
  try {
    return exifOrientation(body.subarray(6));
  } catch {
    // A broken Exif segment is dropped like any other; browsers show such photos too.
    return 1;
  }
}

function exifOrientation(tiff: Buffer): number {
  const little = startsWith(tiff, 0, 'II');
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const entries = u16(ifd);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (u16(entry) === ORIENTATION_TAG) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * An Exif segment holding the orientation alone: a phone photo taken upright is stored sideways
 * with this tag, and browsers turn it by it; dropping it would show the picture on its side.
 */
function orientationSegment(orientation: number): Buffer {
  const body = Buffer.alloc(6 + 8 + 2 + 12 + 4);
  body.write('Exif\0\0MM\0*', 0, 'latin1');
  body.writeUInt32BE(8, 10);
  body.writeUInt16BE(1, 14);
  body.writeUInt16BE(ORIENTATION_TAG, 16);
  // SHORT, one value, left-justified in the value field.
  body.writeUInt16BE(3, 18);
  body.writeUInt32BE(1, 20);
  body.writeUInt16BE(orientation, 24);
  return segment(APP1, body);
}

function segment(marker: number, body: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** Where the entropy-coded data that starts at `from` ends: at the first marker not RSTn or a stuffed 0xFF. */
function entropyEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) throw new NotAnImage('The JPEG data has no end');
    const next = bytes[at + 1] as number;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) at += 1;
    else return at;
  }
}

function stripJpeg(bytes: Buffer): Buffer {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw new NotAnImage('No JPEG start');
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (bytes[at] !== 0xff) throw new NotAnImage('A JPEG segment does not start with a marker');
    while (bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1];
    if (marker === undefined) throw new NotAnImage('The JPEG ends without its end marker');
    if (marker === EOI) {
      kept.push(bytes.subarray(at, at + 2));
      checkJpegTrailer(bytes.subarray(at + 2));
      return Buffer.concat(kept);
    }
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new NotAnImage('A JPEG segment overruns the file');
    const body = bytes.subarray(at + 4, end);
    if (marker === SOS) {
      const dataEnd = entropyEnd(bytes, end);
      kept.push(bytes.subarray(at, dataEnd));
      at = dataEnd;
      continue;
    }
    if (marker >= APP0 && marker <= APP15) {
      if (keptAppSegment(marker, body)) kept.push(bytes.subarray(at, end));
      else if (marker === APP1) {
        const orientation = orientationOf(body);
        if (orientation !== 1) kept.push(orientationSegment(orientation));
      }
    } else if (marker !== COM) {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
  }
}

/** After a JPEG's end: padding, or the JPEG images a camera appends (dropped); nothing else. */
function checkJpegTrailer(trailer: Buffer): void {
  const start = trailer.findIndex((byte) => byte !== 0x00 && byte !== 0xff);
  if (start < 0) return;
  const rest = trailer.subarray(start > 0 && trailer[start - 1] === 0xff ? start - 1 : start);
  if (!(rest[0] === 0xff && rest[1] === SOI)) {
    throw new NotAnImage('The JPEG is followed by something else');
  }
}

// --- PNG ----------------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Text, EXIF and the time of the last change; colour chunks (iCCP, gAMA, sRGB…) stay. */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Buffer): Buffer {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new NotAnImage('No PNG signature');
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  for (;;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > bytes.length) throw new NotAnImage('A PNG chunk overruns the file');
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  if (at !== bytes.length) throw new NotAnImage('The PNG is followed by something else');
  return Buffer.concat(kept);
}

// --- WebP ---------------------------------------------------------------------------------------

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Buffer): Buffer {
  if (!startsWith(bytes, 0, 'RIFF') || !startsWith(bytes, 8, 'WEBP')) {
    throw new NotAnImage('No WebP header');
  }
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd !== bytes.length) throw new NotAnImage('The WebP is cut off or followed by more');
  const kept: Buffer[] = [];
  let at = 12;
  while (at < riffEnd) {
    const type = bytes.subarray(at, at + 4).toString('latin1');
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) throw new NotAnImage('A WebP chunk overruns the file');
    if (type === 'VP8X') {
      const chunk = Buffer.from(bytes.subarray(at, end));
      chunk[8] = (chunk[8] as number) & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

// --- GIF ----------------------------------------------------------------------------------------

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_COMMENT = 0xfe;
const GIF_APPLICATION = 0xff;
/** The application extensions that make an animation loop; any other (XMP…) is metadata. */
const GIF_LOOPING = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** The end of the data sub-blocks that start at `from`. */
function subBlocksEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const size = bytes[at];
    if (size === undefined) throw new NotAnImage('The GIF ends inside a block');
    at += 1 + size;
    if (size === 0) return at;
  }
}

const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function stripGif(bytes: Buffer): Buffer {
  if (!startsWith(bytes, 0, 'GIF87a') && !startsWith(bytes, 0, 'GIF89a')) {
    throw new NotAnImage('No GIF header');
  }
  let at = 13 + colourTableBytes(bytes[10] as number);
  const kept: Buffer[] = [bytes.subarray(0, at)];
  for (;;) {
    const block = bytes[at];
    if (block === GIF_TRAILER) {
      kept.push(bytes.subarray(at, at + 1));
      at += 1;
      break;
    }
    if (block === GIF_IMAGE) {
      const start = at;
      at += 10 + colourTableBytes(bytes[at + 9] as number);
      // The LZW minimum code size, then the image data.
      at = subBlocksEnd(bytes, at + 1);
      kept.push(bytes.subarray(start, at));
    } else if (block === GIF_EXTENSION) {
      const start = at;
      const label = bytes[at + 1];
      at = subBlocksEnd(bytes, at + 2);
      const application =
        label === GIF_APPLICATION ? bytes.subarray(start + 3, start + 14).toString('latin1') : '';
      const metadata =
        label === GIF_COMMENT || (label === GIF_APPLICATION && !GIF_LOOPING.has(application));
      if (!metadata) kept.push(bytes.subarray(start, at));
    } else {
      throw new NotAnImage('An unknown GIF block');
    }
  }
  if (at !== bytes.length) throw new NotAnImage('The GIF is followed by something else');
  return Buffer.concat(kept);
}
