import { successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { BEARER_AUTH } from '../../plugins/openapi';
import { countUsersByRole } from './users.service';

const overviewSchema = z.object({
  users: z.object({ admin: z.number(), faculty: z.number(), student: z.number() }),
});

/** Registered inside the admin scope, which guards it. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (app, { db }) => {
  app.get(
    '/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts the accounts of each role',
        security: BEARER_AUTH,
        response: { 200: successResponse(overviewSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: { users: await countUsersByRole(db) } }),
  );
};
