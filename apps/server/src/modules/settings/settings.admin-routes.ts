import {
  institutionSettingsDataSchema,
  institutionSettingsSchema,
  SETTINGS_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { readSettings, saveSettings } from './settings.service';

const TAGS = ['settings'];

/** The institution's settings. Registered inside the admin scope, which guards it. */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: TAGS,
        summary:
          "The institution's settings, the spec's rules where none was changed, and who saved them last",
        response: {
          200: successResponse(institutionSettingsDataSchema),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ok(await readSettings(db)),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: TAGS,
        summary: 'Saves every institution setting; the audit log records what changed',
        body: institutionSettingsSchema,
        response: {
          200: successResponse(institutionSettingsDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      ok(await saveSettings(db, request.auth.userId, request.body, now()), SETTINGS_MESSAGES.saved),
  );
};
