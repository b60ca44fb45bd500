import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';

/** Who evaluates an exam. Registered inside the admin scope, which guards it. */
export const gradingAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (_app, _options) => {};
