import { dashboardOverviewSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { EVERY_TABLE } from '../../db/commit-state';
import { sendCachedRead } from '../../plugins/cached-read';
import { errorResponses } from '../../plugins/error-handler';
import { BEARER_AUTH } from '../../plugins/openapi';
import { dashboardOverview, wallClockMinute } from './dashboard.service';

/** The admin dashboard's figures. Registered inside the admin scope, which guards it. */
export const dashboardAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/overview',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Returns every dashboard figure: master data counts, exam statistics and recent exams',
        security: BEARER_AUTH,
        response: {
          200: successResponse(dashboardOverviewSchema),
          ...errorResponses(401, 403),
        },
      },
    },
    (request, reply) => {
      // The figures depend only on the data and the minute: answered again while neither changes.
      const asOf = wallClockMinute(now());
      return sendCachedRead(
        db,
        request,
        reply,
        EVERY_TABLE,
        async () => ({ success: true as const, data: await dashboardOverview(db, asOf) }),
        `${request.url} ${asOf}`,
      );
    },
  );
};
