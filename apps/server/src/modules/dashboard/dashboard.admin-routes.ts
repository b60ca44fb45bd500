import { dashboardOverviewSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { wallClockMinute } from '../../wall-clock';
import { dashboardOverview } from './dashboard.service';

/**
 * The admin dashboard's figures. Registered inside the admin scope, which guards it.
 */
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
          'Returns every dashboard figure: master data counts, exam statistics, recent exams and result statuses',
        response: {
          200: successResponse(dashboardOverviewSchema),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ok(await dashboardOverview(db, wallClockMinute(now()))),
  );
};
