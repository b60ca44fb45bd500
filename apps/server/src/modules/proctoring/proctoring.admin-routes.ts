import { attemptIdParamSchema, attemptTimelineSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { BEARER_AUTH } from '../../plugins/openapi';
import { monitorRouteSchema } from './proctoring.faculty-routes';
import { attemptTimeline, getMonitor } from './proctoring.service';

const TAGS = ['proctoring review'];

/**
 * The monitor of any proctored exam, and each attempt's record afterwards. Registered inside the
 * admin scope, which guards it; never answered from the admin's read cache (it changes with every
 * heartbeat).
 */
export const proctoringAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/get-monitor/:examId',
    { schema: { tags: TAGS, ...monitorRouteSchema } },
    async (request) => ({
      success: true as const,
      data: await getMonitor(
        db,
        { userId: request.auth.userId, role: 'admin' },
        request.params.examId,
        now(),
      ),
    }),
  );

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
