import {
  attemptIdParamSchema,
  attemptTimelineSchema,
  PROCTORED_EXAMS_AHEAD_HOURS,
  proctoredExamsNowDataSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { attemptTimeline } from './attempt-timeline';
import { proctoredExamsNow } from './monitor';
import { PROCTOR_TAGS } from './proctoring.faculty-routes';

const TAGS = [...PROCTOR_TAGS.admin];

/**
 * The proctored exams to watch now, and each attempt's proctoring record afterwards (the monitor
 * and the actions are the proctor's routes, registered in the admin scope too). Registered inside
 * the admin scope, which guards them.
 */
export const proctoringAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/get-proctored-exams-now',
    {
      schema: {
        tags: TAGS,
        summary: `The published proctored exams open now or opening within ${PROCTORED_EXAMS_AHEAD_HOURS} hours, soonest first, with how many students sit each`,
        response: {
          200: successResponse(proctoredExamsNowDataSchema),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ok({ exams: await proctoredExamsNow(db, now()) }),
  );

  app.get(
    '/get-attempt-timeline/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary:
          "An attempt's proctoring record: its events, alerts and proctor actions, in time order",
        params: attemptIdParamSchema,
        response: {
          200: successResponse(attemptTimelineSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await attemptTimeline(db, request.params.attemptId)),
  );
};
