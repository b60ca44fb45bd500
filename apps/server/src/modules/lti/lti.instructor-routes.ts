import {
  ltiDeepLinkChoiceSchema,
  ltiDeepLinkDataSchema,
  ltiDeepLinkIdSchema,
  ltiDeepLinkResponseSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { chooseDeepLink, deepLinkChoices } from './deep-linking';

/** One tag per area, so each area's guard is checked on its own routes. */
export const DEEP_LINKING_TAGS = {
  admin: ['lti deep linking (admin)'],
  faculty: ['lti deep linking'],
} as const;

/**
 * An instructor answering their LMS's deep-linking request: the exams they may place, and the
 * choice. Registered in the admin and faculty scopes; a request is only its own instructor's.
 */
export const ltiInstructorRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  config: Config;
  role: 'admin' | 'faculty';
}> = async (app, { db, config, role }) => {
  const TAGS = [...DEEP_LINKING_TAGS[role]];
  app.get(
    '/lti-deep-link/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "The LMS's deep-linking request: the published exams this instructor may place in the course",
        params: ltiDeepLinkIdSchema,
        response: {
          200: successResponse(ltiDeepLinkDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(await deepLinkChoices(db, { userId: request.auth.userId, role }, request.params.id)),
  );

  app.post(
    '/lti-deep-link/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Places the chosen exam in the course: a signed LtiDeepLinkingResponse (a resource link with a line item of its total marks), posted by the page at continueUrl',
        params: ltiDeepLinkIdSchema,
        body: ltiDeepLinkChoiceSchema,
        response: {
          200: successResponse(ltiDeepLinkResponseSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok({
        continueUrl: await chooseDeepLink(
          db,
          config,
          { userId: request.auth.userId, role },
          request.params.id,
          request.body.examId,
        ),
      }),
  );
};
