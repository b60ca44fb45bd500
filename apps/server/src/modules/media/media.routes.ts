import { MEDIA_MESSAGES, mediaParamSchema, mediaQuerySchema } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { readMedia } from './media.service';
import { type MediaLinks, sendSignedFile } from './media-links';

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
    (request, reply) =>
      sendSignedFile(
        reply,
        {
          id: request.params.id,
          link: request.query,
          ifNoneMatch: request.headers['if-none-match'],
        },
        {
          links,
          at: now(),
          messages: MEDIA_MESSAGES,
          read: async () => {
            const stored = await readMedia(db, request.params.id);
            return (
              stored && {
                bytes: stored.bytes,
                headers: {
                  'content-type': stored.contentType,
                  'content-disposition': 'inline',
                  'content-security-policy': IMAGE_POLICY,
                },
              }
            );
          },
        },
      ),
  );
};
