import {
  accountStatusDataSchema,
  PEOPLE_MESSAGES,
  resetPasswordDataSchema,
  resetPasswordSchema,
  setAccountStatusSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { resetAccountPassword, setAccountStatus } from './accounts.service';

const TAGS = ['accounts'];

/** Account actions on students and faculty. Registered inside the admin scope, which guards it. */
export const accountsAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (
  app,
  { db },
) => {
  app.post(
    '/set-account-status',
    {
      schema: {
        tags: TAGS,
        summary:
          'Deactivates an account (its sessions end and it cannot sign in) or reactivates it',
        body: setAccountStatusSchema,
        response: {
          200: successResponse(accountStatusDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      await setAccountStatus(db, request.auth.userId, request.body);
      const { userId, isActive } = request.body;
      app.liveRightsChanged({ userId });
      return ok(
        { userId, isActive },
        isActive ? PEOPLE_MESSAGES.accountReactivated : PEOPLE_MESSAGES.accountDeactivated,
      );
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: TAGS,
        summary:
          'Gives an account a new default password, to change at the next sign-in, and ends its sessions; the password is returned only here',
        body: resetPasswordSchema,
        response: {
          200: successResponse(resetPasswordDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { userId } = request.body;
      const defaultPassword = await resetAccountPassword(db, request.auth.userId, userId);
      app.liveRightsChanged({ userId });
      return ok({ defaultPassword }, PEOPLE_MESSAGES.passwordReset);
    },
  );
};
