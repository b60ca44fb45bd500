import {
  LTI_MESSAGES,
  ltiPlatformIdSchema,
  ltiPlatformInputSchema,
  ltiPlatformSchema,
  ltiSettingsDataSchema,
  ltiToolKeySchema,
  messageResponseSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { createPlatform, deletePlatform, ltiSettings, updatePlatform } from './platforms.service';
import { rotateToolKey } from './tool-keys';

const TAGS = ['lms platforms'];

/**
 * The LMS platforms ExamIQ is a tool of, its own URLs and keys, and the scores an LMS did not
 * take. Registered inside the admin scope, which guards it. No answer carries a private key.
 */
export const ltiAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/get-lti-platforms',
    {
      schema: {
        tags: TAGS,
        summary:
          "The registered LMS platforms, ExamIQ's URLs to register it with, its published keys and the scores an LMS has not taken",
        response: { 200: successResponse(ltiSettingsDataSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await ltiSettings(db, config)),
  );

  app.post(
    '/create-lti-platform',
    {
      schema: {
        tags: TAGS,
        summary:
          'Registers an LMS platform: issuer, client ID, deployment IDs, its OIDC login, token and JWKS URLs',
        body: ltiPlatformInputSchema,
        response: {
          201: successResponse(ltiPlatformSchema),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await createPlatform(db, request.auth.userId, request.body), LTI_MESSAGES.created),
        ),
  );

  app.put(
    '/update-lti-platform/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Saves an LMS platform',
        params: ltiPlatformIdSchema,
        body: ltiPlatformInputSchema,
        response: {
          200: successResponse(ltiPlatformSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await updatePlatform(db, request.auth.userId, request.params.id, request.body),
        LTI_MESSAGES.updated,
      ),
  );

  app.delete(
    '/delete-lti-platform/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Removes an LMS platform: its launches and score links end with it',
        params: ltiPlatformIdSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deletePlatform(db, request.auth.userId, request.params.id);
      return done(LTI_MESSAGES.deleted);
    },
  );

  app.post(
    '/rotate-lti-key',
    {
      schema: {
        tags: TAGS,
        summary:
          "Makes a new tool key that signs from now on; the previous one stays in ExamIQ's JWKS until the next rotation",
        response: {
          200: successResponse(z.array(ltiToolKeySchema)),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) =>
      ok(await rotateToolKey(db, config, request.auth.userId), LTI_MESSAGES.keyRotated),
  );
};
