import { MEDIA_MESSAGES, mediaParamSchema, mediaQuerySchema } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { ApiError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { readMedia } from './media.service';
import type { MediaLinks } from './media-links';

/**
 * An image is shown as nothing but an image: opened on its own it may run nothing, load nothing
 * and be framed by nobody.
 */
const IMAGE_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * The images of exam content, by signed URL: the signature is the permission (no session, since
 * `<img>` sends no bearer token), so this route sits outside the role scopes.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  links: MediaLinks;
  now: () => Date;
}> = async (app, { db, links, now }) => {
  app.get(
    '/media/:id',
    {
      schema: {
        tags: ['signed media'],
        summary:
          "An image of exam content, through the signed URL a response's `mediaUrls` gave: 403 once it has expired or when it was altered, 304 for an If-None-Match of its ETag (the id)",
        params: mediaParamSchema,
        querystring: mediaQuerySchema,
        response: {
          200: z.any().describe('The image, with its exact content type'),
          304: z.null().describe('The image the browser holds is this one'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const at = now();
      const check = links.check(id, request.query, at);
      if (check === 'invalid') throw new ApiError(403, MEDIA_MESSAGES.linkInvalid);
      if (check === 'expired') throw new ApiError(403, MEDIA_MESSAGES.linkExpired);
      const cacheHeaders = {
        etag: `"${id}"`,
        'cache-control': `private, max-age=${Math.max(0, request.query.exp - Math.ceil(at.getTime() / 1000))}, immutable`,
      };
      // The bytes behind an id never change: a browser holding this id holds this image.
      if (request.headers['if-none-match']?.includes(cacheHeaders.etag)) {
        return reply.code(304).headers(cacheHeaders).send();
      }
      const stored = await readMedia(db, id);
      if (!stored) throw new ApiError(404, MEDIA_MESSAGES.notFound);
      return reply
        .headers({
          ...cacheHeaders,
          'content-type': stored.contentType,
          'content-disposition': 'inline',
          'content-security-policy': IMAGE_POLICY,
          'x-content-type-options': 'nosniff',
        })
        .send(stored.bytes);
    },
  );
};
