import {
  createSignInProviderSchema,
  messageResponseSchema,
  SIGN_IN_PROVIDER_MESSAGES,
  signInProviderIdSchema,
  signInProviderSchema,
  signInProvidersDataSchema,
  successResponse,
  updateSignInProviderSchema,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { createProvider, deleteProvider, listProviders, updateProvider } from './providers.service';

const TAGS = ['sign-in providers'];

/**
 * The institution's OpenID Connect providers. Registered inside the admin scope, which guards it.
 * No answer carries a client secret: it is written, never read back.
 */
export const oidcAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/sign-in-providers',
    {
      schema: {
        tags: TAGS,
        summary:
          "The sign-in providers, the environment's first; each client secret only as set or not",
        response: {
          200: successResponse(signInProvidersDataSchema),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ok(await listProviders(db, config)),
  );

  app.post(
    '/create-sign-in-provider',
    {
      schema: {
        tags: TAGS,
        summary: 'Adds a sign-in provider; its client secret is stored sealed',
        body: createSignInProviderSchema,
        response: {
          201: successResponse(signInProviderSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createProvider(db, config, request.auth.userId, request.body),
            SIGN_IN_PROVIDER_MESSAGES.created,
          ),
        ),
  );

  app.put(
    '/update-sign-in-provider/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Saves a sign-in provider; a client secret left out keeps the stored one',
        params: signInProviderIdSchema,
        body: updateSignInProviderSchema,
        response: {
          200: successResponse(signInProviderSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await updateProvider(db, config, request.auth.userId, request.params.id, request.body),
        SIGN_IN_PROVIDER_MESSAGES.updated,
      ),
  );

  app.delete(
    '/delete-sign-in-provider/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Removes a sign-in provider; its button leaves the sign-in screen',
        params: signInProviderIdSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteProvider(db, request.auth.userId, request.params.id);
      return done(SIGN_IN_PROVIDER_MESSAGES.deleted);
    },
  );
};
