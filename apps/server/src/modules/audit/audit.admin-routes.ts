import { auditLogDataSchema, auditLogQuerySchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { listAuditLog } from './audit.service';

const TAGS = ['audit'];

/**
 * The audit log, read only: no route changes or deletes an entry. Registered inside the admin
 * scope, which guards it.
 */
export const auditAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (app, { db }) => {
  app.get(
    '/get-audit-log',
    {
      schema: {
        tags: TAGS,
        summary:
          'One page of the audit log, newest first, filtered by who, what, which record and when',
        querystring: auditLogQuerySchema,
        response: {
          200: successResponse(auditLogDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listAuditLog(db, request.query)),
  );
};
