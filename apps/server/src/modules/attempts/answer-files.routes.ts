import { ANSWER_FILE_MESSAGES, answerFileParamSchema, mediaQuerySchema } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { type SignedLinks, sendSignedFile } from '../media/media-links';
import { readAnswerFile } from './answer-files';

/**
 * An uploaded file opened on its own runs no script of its own and loads nothing, and only the
 * app's own pages may frame it (a marker's view shows a PDF in an iframe). A photo is also
 * sandboxed; a PDF cannot be: Chromium's PDF viewer does not open in a sandboxed document. Its
 * type was decided from its bytes, and nosniff holds the browser to it.
 */
const FILE_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
const IMAGE_POLICY = `${FILE_POLICY}; sandbox`;

/** A file name as `content-disposition` carries any name (RFC 6266, RFC 8187). */
const dispositionOf = (fileName: string) =>
  `inline; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * The files students upload as answers, by signed URL: the signature is the permission (handed
 * only to the file's student and the exam's markers), so this route sits outside the role scopes.
 */
export const answerFilesRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  links: SignedLinks;
  now: () => Date;
}> = async (app, { db, links, now }) => {
  app.get(
    '/answer-files/:fileId',
    {
      schema: {
        tags: ['signed media'],
        summary:
          "A file a student uploaded as an answer, through the signed URL an `AnswerFile.url` gave (the attempt's own view and result, a marker's answers to grade): shown inline with its own type, never run; 403 once it has expired or when it was altered, 304 for an If-None-Match of its ETag (the id)",
        params: answerFileParamSchema,
        querystring: mediaQuerySchema,
        response: {
          200: z.any().describe('The file, with the content type its bytes were found to be'),
          304: z.null().describe('The file the browser holds is this one'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    (request, reply) =>
      sendSignedFile(
        reply,
        {
          id: request.params.fileId,
          link: request.query,
          ifNoneMatch: request.headers['if-none-match'],
        },
        {
          links,
          at: now(),
          messages: ANSWER_FILE_MESSAGES,
          read: async () => {
            const stored = await readAnswerFile(db, request.params.fileId);
            return (
              stored && {
                bytes: stored.bytes,
                headers: {
                  'content-type': stored.contentType,
                  'content-disposition': dispositionOf(stored.fileName),
                  'content-security-policy': stored.contentType.startsWith('image/')
                    ? IMAGE_POLICY
                    : FILE_POLICY,
                },
              }
            );
          },
        },
      ),
  );
};
