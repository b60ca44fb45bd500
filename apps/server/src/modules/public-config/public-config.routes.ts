import { publicConfigSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../plugins/envelope';

/** The settings the browser app shows before anyone signs in; nothing here is a secret. */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/public-config',
    {
      schema: {
        tags: ['config'],
        summary: "The server's settings the sign-in screen shows, such as the support email",
        response: { 200: successResponse(publicConfigSchema) },
      },
    },
    async () => ok({ supportEmail: config.supportEmail ?? null }),
  );
};
