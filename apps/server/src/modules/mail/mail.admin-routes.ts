import { outboxDataSchema, pageQuerySchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { listOutbox } from './mail.service';

/** The outbox. Registered inside the admin scope, which guards it. */
export const mailAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase; sending: boolean }> = async (
  app,
  { db, sending },
) => {
  app.get(
    '/get-outbox',
    {
      schema: {
        tags: ['mail'],
        summary:
          'The messages the platform wrote, newest first, with whether each was sent; without a mail server they are only kept here',
        querystring: pageQuerySchema,
        response: { 200: successResponse(outboxDataSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await listOutbox(db, request.query, sending)),
  );
};
