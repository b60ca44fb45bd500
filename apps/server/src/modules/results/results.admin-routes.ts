import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';

/** Results of an exam and their publication. Registered inside the admin scope, which guards it. */
export const resultsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (_app, _options) => {};
