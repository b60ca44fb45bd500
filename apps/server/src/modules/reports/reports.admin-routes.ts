import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';

/** Reports, exports and regrades of an exam. Registered inside the admin scope, which guards it. */
export const reportsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (_app, _options) => {};
