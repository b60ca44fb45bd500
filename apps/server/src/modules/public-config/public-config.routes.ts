import { publicConfigSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { readSettings } from '../settings/settings.service';

/** The settings the browser app shows before anyone signs in; nothing here is a secret. */
export const publicConfigRoutes: FastifyPluginAsyncZod<{
  config: Config;
  db: AppDatabase;
}> = async (app, { config, db }) => {
  app.get(
    '/public-config',
    {
      schema: {
        tags: ['config'],
        summary:
          "The settings the sign-in screen shows: the support email, and whether 'Forgot password?' mails reset links",
        response: { 200: successResponse(publicConfigSchema) },
      },
    },
    async () =>
      ok({
        supportEmail: config.supportEmail ?? null,
        passwordResetEmails: (await readSettings(db)).settings.passwordResetEmails,
      }),
  );
};
