import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';

/** A student's own published results. Registered inside the student scope, which guards it. */
export const resultsStudentRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (_app, _options) => {};
