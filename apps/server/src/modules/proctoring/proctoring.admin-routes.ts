import { attemptIdParamSchema, attemptTimelineSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { BEARER_AUTH } from '../../plugins/openapi';
import { PROCTOR_TAGS } from './proctoring.faculty-routes';
import { attemptTimeline } from './proctoring.service';

const TAGS = [...PROCTOR_TAGS.admin];

/**
 * Each attempt's proctoring record afterwards (the monitor and the actions are the proctor's
 * routes, registered in the admin scope too). Registered inside the admin scope, which guards it.
 */
export const proctoringAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
}> = async (app, { db }) => {
  app.get(
    '/get-attempt-timeline/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary:
          "An attempt's proctoring record: its events, alerts and proctor actions, in time order",
        security: BEARER_AUTH,
        params: attemptIdParamSchema,
        response: {
          200: successResponse(attemptTimelineSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await attemptTimeline(db, request.params.attemptId),
    }),
  );
};
