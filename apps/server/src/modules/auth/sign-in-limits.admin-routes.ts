import { slowedSignInsDataSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { type AuthDeps, slowedSignIns } from './credentials';

/** Registered inside the admin scope, which guards it. */
export const signInLimitsAdminRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.get(
    '/get-slowed-sign-ins',
    {
      schema: {
        tags: ['sign-in-limits'],
        summary:
          'Lists the accounts whose sign-ins are slowed down after many failed passwords, and until when',
        response: { 200: successResponse(slowedSignInsDataSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok({ accounts: await slowedSignIns(deps) }),
  );
};
