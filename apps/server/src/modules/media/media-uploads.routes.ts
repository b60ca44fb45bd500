import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_UPLOAD,
  mediaSchema,
  mediaUrlsDataSchema,
  mediaUrlsRequestSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ApiError, FieldErrors } from '../../errors';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { acceptUploads, readUpload } from '../../plugins/uploads';
import { checkImage } from './check-image';
import { storedMediaIds, storeMedia } from './media.service';
import { type MediaLinks, UPLOADER_AUDIENCE } from './media-links';

/** The uploaded image's bytes; a missing or oversized file is the `file` field's error. */
async function imageOf(request: FastifyRequest): Promise<Buffer> {
  try {
    const { file } = await readUpload(request, MEDIA_UPLOAD.fileField, {
      notMultipart: MEDIA_MESSAGES.noFile,
      tooLarge: MEDIA_MESSAGES.tooLarge,
    });
    if (!file || file.bytes.length === 0) throw new FieldErrors({ file: MEDIA_MESSAGES.noFile });
    return file.bytes;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 413) {
      throw new FieldErrors({ file: MEDIA_MESSAGES.tooLarge });
    }
    throw error;
  }
}

/** Each area's OpenAPI tag: the admin's and the faculty's routes are documented apart. */
const MEDIA_TAGS = { admin: ['media'], faculty: ['faculty media'] } as const;

/**
 * Uploading the images of exam content, for the admin (the wizard, the banks) and for faculty
 * (the banks they author in). Registered inside the role's scope, which guards it.
 */
export const mediaUploadRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  links: MediaLinks;
  now: () => Date;
  role: 'admin' | 'faculty';
}> = async (app, { db, links, now, role }) => {
  await acceptUploads(app, { maxBytes: MEDIA_LIMITS.maxBytes, fields: 0 });
  const tags = [...MEDIA_TAGS[role]];

  app.post(
    '/upload-media',
    {
      schema: {
        tags,
        summary: `Uploads an image for exam content, referred to as \`![alt text](media:<_id>)\`. multipart/form-data with one \`file\` field: a PNG, JPEG, GIF or WebP image (decided from its bytes; never SVG) of at most ${MEDIA_LIMITS.maxBytes / 1_048_576} MB and ${MEDIA_LIMITS.maxPixels / 1_000_000} megapixels. Metadata (EXIF with GPS, XMP, IPTC, comments) is removed. 201 for a new image, 200 for one already stored (the id is the SHA-256 of the stored bytes); \`url\` shows it at once`,
        response: {
          200: successResponse(mediaSchema),
          201: successResponse(mediaSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const image = await checkImage(await imageOf(request));
      const stored = await storeMedia(db, links, image, request.auth.userId, now());
      return reply
        .code(stored.created ? 201 : 200)
        .send(
          ok(
            stored.media,
            stored.created ? MEDIA_MESSAGES.uploaded : MEDIA_MESSAGES.alreadyUploaded,
          ),
        );
    },
  );

  app.post(
    '/media-urls',
    {
      schema: {
        tags,
        summary:
          "Signed URLs of images already uploaded, by media id (`mediaUrls`), for the author's previews, e.g. of a draft resumed on this device or of imported questions: an id of no stored image is left out",
        body: mediaUrlsRequestSchema,
        response: {
          200: successResponse(mediaUrlsDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const at = now();
      const ids = await storedMediaIds(db, request.body.mediaIds);
      return ok({ mediaUrls: links.urls(ids, UPLOADER_AUDIENCE, at) });
    },
  );
};
