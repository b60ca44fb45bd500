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

const isAccepted = (mime: string): mime is MediaContentType =>
  (MEDIA_CONTENT_TYPES as readonly string[]).includes(mime);

const unreadable = () => new FieldErrors({ file: MEDIA_MESSAGES.unreadable });

/** The accepted type the bytes are, whatever the file's name or declared type says. */
async function typeOf(bytes: Buffer): Promise<MediaContentType> {
  const found = await fileTypeFromBuffer(bytes);
  // An animated PNG is a PNG to every reader that does not animate it.
  const mime = found?.mime === 'image/apng' ? 'image/png' : found?.mime;
  if (!mime || !isAccepted(mime)) throw new FieldErrors({ file: MEDIA_MESSAGES.wrongType });
  return mime;
}

/**
 * Checks an uploaded image before anything is stored: its type from its bytes (never SVG, which
 * may carry script), its structure with nothing after its end, its size from the header (over
 * MEDIA_LIMITS.maxPixels it is refused before any pixel is decoded), then a full decode off the
 * event loop (libvips' threads), which a cut-off or damaged image fails.
 */
export async function checkImage(sent: Buffer): Promise<CheckedImage> {
  const contentType = await typeOf(sent);
  let bytes: Buffer;
  try {
    bytes = stripMetadata(contentType, sent);
  } catch (error) {
    if (error instanceof NotAnImage) throw unreadable();
    throw error;
  }
  const header = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!header || header.format !== VIPS_FORMATS[contentType]) throw unreadable();
  const { width, height } = header;
  if (width * height * (header.pages ?? 1) > MEDIA_LIMITS.maxPixels) throw unreadable();
  try {
    await sharp(bytes, {
      animated: true,
      failOn: 'truncated',
      limitInputPixels: MEDIA_LIMITS.maxPixels,
    }).stats();
  } catch {
    throw unreadable();
  }
  return { bytes, contentType, width, height };
}
