import { successResponse } from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering';
export const NOT_MIGRATED_MESSAGE = 'The database is not migrated yet';

/** Whether it answers, and nothing an attacker could use, such as which database engine runs. */
const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.literal('ready') });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Reports whether the server and its database answer',
        response: { 200: successResponse(healthSchema), ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database query failed');
        return reply.code(503).send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      return ok({ status: 'ok' as const });
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Reports whether the server may take requests: its database answers, fully migrated',
        response: { 200: successResponse(readySchema), ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      let migrated: boolean;
      try {
        migrated = await database.isMigrated();
      } catch (error) {
        request.log.error({ err: error }, 'Readiness check: database query failed');
        return reply.code(503).send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      if (!migrated) {
        return reply.code(503).send({ success: false, message: NOT_MIGRATED_MESSAGE });
      }
      return ok({ status: 'ready' as const });
    },
  );
};
