import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';

/** Marking written answers. Registered inside the faculty scope; each route checks the faculty member evaluates the exam. */
export const gradingFacultyRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (_app, _options) => {};
