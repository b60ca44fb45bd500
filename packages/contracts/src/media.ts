import { z } from 'zod';
import { MEDIA_ID_PATTERN } from './content';
import { UPLOAD_MESSAGES } from './fields';

/**
 * Images in exam content, written `![alt text](media:<id>)`. A medium's id is the SHA-256 (hex) of
 * its stored bytes, so one picture used in many questions is stored once. `<img>` cannot send a
 * bearer token, so a medium is read through a short-lived signed URL that the responses carrying
 * content hand out in `mediaUrls` (id → URL).
 */

/** The image types accepted, as the bytes say they are. SVG is refused, not sanitised. */
export const MEDIA_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

export const MEDIA_LIMITS = {
  /** Refused while the upload streams in. */
  maxBytes: 5 * 1024 * 1024,
  /** Width × height (× frames of an animation), read from the header before anything is decoded. */
  maxPixels: 40_000_000,
  /** The most media ids one request for URLs may name: 20 images in each of 250 questions. */
  maxUrlsAsked: 5_000,
} as const;

/** The upload: multipart/form-data with the image in `file`; `accept` is what a file input offers. */
export const MEDIA_UPLOAD = {
  fileField: 'file',
  accept: '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp',
} as const;

export const MEDIA_MESSAGES = {
  noFile: 'Choose an image to upload',
  wrongType: 'Choose a PNG, JPEG, GIF or WebP image',
  tooLarge: `The image is larger than ${MEDIA_LIMITS.maxBytes / 1_048_576} MB`,
  unreadable: 'This image could not be read',
  oneFile: UPLOAD_MESSAGES.oneFile,
  malformedUpload: UPLOAD_MESSAGES.malformed,
  uploaded: 'Image uploaded',
  alreadyUploaded: 'This image was already uploaded',
  notFound: 'Image not found',
  linkExpired: 'This image link has expired: reload the page',
  linkInvalid: 'This image link is not valid',
  noIds: 'Name at least one image',
  tooManyIds: `Ask for at most ${MEDIA_LIMITS.maxUrlsAsked.toLocaleString('en-US')} images at once`,
} as const;

export const mediaIdSchema = z
  .string()
  .regex(MEDIA_ID_PATTERN, 'A media id is the SHA-256 of the image, 64 hexadecimal digits');

export const mediaSchema = z.object({
  _id: mediaIdSchema,
  contentType: z.enum(MEDIA_CONTENT_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  /** The stored size: after metadata was stripped from a JPEG. */
  bytes: z.number().int(),
  /** A signed URL to show the image at once, e.g. in the author's preview. */
  url: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/**
 * The signed URL of every medium the content of a response refers to, by media id: the browser
 * resolves `media:<id>` with it. Absent or without an id: the image is not to be shown.
 */
export const mediaUrlsSchema = z.record(z.string(), z.string());
export type MediaUrls = z.infer<typeof mediaUrlsSchema>;

/**
 * The author's request for URLs of images already uploaded, e.g. those of a draft resumed on this
 * device: an id of no stored image is left out of the answer.
 */
export const mediaUrlsRequestSchema = z.object({
  mediaIds: z
    .array(mediaIdSchema)
    .min(1, MEDIA_MESSAGES.noIds)
    .max(MEDIA_LIMITS.maxUrlsAsked, MEDIA_MESSAGES.tooManyIds),
});
export type MediaUrlsRequest = z.infer<typeof mediaUrlsRequestSchema>;

/** Its answer: the URL of each requested image that is stored. */
export const mediaUrlsDataSchema = z.object({ mediaUrls: mediaUrlsSchema });

export const mediaParamSchema = z.object({ id: mediaIdSchema });

/**
 * A signed URL's query (of an image, or of a file a student uploaded): for whom it was signed, until
 * when (Unix seconds), and the signature.
 */
export const mediaQuerySchema = z.object({
  aud: z.string().max(100),
  exp: z.coerce.number().int().nonnegative(),
  sig: z.string().max(100),
});
