import {
  MEDIA_CONTENT_TYPES,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type MediaContentType,
} from '@examiq/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { FieldErrors } from '../../errors';
import { NotAnImage, stripMetadata } from './strip-metadata';

export interface CheckedImage {
  /** The bytes to store: as sent, less their metadata. */
  bytes: Buffer;
  contentType: MediaContentType;
  width: number;
  height: number;
}

/** libvips' name of each accepted format, which its own reading of the bytes must agree with. */
const VIPS_FORMATS: Record<MediaContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

// Every upload is a new image: libvips' cache of operations would only hold memory.
sharp.cache(false);

const isAccepted = (mime: string): mime is MediaContentType =>
  (MEDIA_CONTENT_TYPES as readonly string[]).includes(mime);

/** The content type the bytes are, whatever the file's name or declared type says. */
export async function contentTypeOf(bytes: Buffer): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  // An animated PNG is a PNG to every reader that does not animate it.
  return found?.mime === 'image/apng' ? 'image/png' : found?.mime;
}

/**
 * An image of `contentType` as it is to be stored: its structure checked with nothing after its
 * end and its metadata removed, its size read from the header (over MEDIA_LIMITS.maxPixels it is
 * refused before any pixel is decoded), then a full decode off the event loop (libvips' threads),
 * which a cut-off or damaged image fails. Otherwise why it cannot take the image: too many pixels
 * (a photo a phone took at its highest resolution) or anything else it cannot read.
 */
export async function cleanImage(
  contentType: MediaContentType,
  sent: Buffer,
): Promise<Omit<CheckedImage, 'contentType'> | 'too-many-pixels' | 'unreadable'> {
  let bytes: Buffer;
  try {
    bytes = stripMetadata(contentType, sent);
  } catch (error) {
    if (error instanceof NotAnImage) return 'unreadable';
    throw error;
  }
  const header = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!header || header.format !== VIPS_FORMATS[contentType]) return 'unreadable';
  const { width, height } = header;
  if (width * height * (header.pages ?? 1) > MEDIA_LIMITS.maxPixels) return 'too-many-pixels';
  try {
    await sharp(bytes, {
      animated: true,
      failOn: 'truncated',
      limitInputPixels: MEDIA_LIMITS.maxPixels,
    }).stats();
  } catch {
    return 'unreadable';
  }
  return { bytes, width, height };
}

/**
 * Checks an uploaded image before anything is stored: its type from its bytes (never SVG, which
 * may carry script), then as `cleanImage` does.
 */
export async function checkImage(sent: Buffer): Promise<CheckedImage> {
  const contentType = await contentTypeOf(sent);
  if (!contentType || !isAccepted(contentType)) {
    throw new FieldErrors({ file: MEDIA_MESSAGES.wrongType });
  }
  const image = await cleanImage(contentType, sent);
  if (typeof image === 'string') throw new FieldErrors({ file: MEDIA_MESSAGES.unreadable });
  return { ...image, contentType };
}
