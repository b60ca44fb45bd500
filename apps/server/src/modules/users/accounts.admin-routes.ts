import {
  accountStatusDataSchema,
  messageResponseSchema,
  PEOPLE_MESSAGES,
  resendInvitationSchema,
  resetPasswordDataSchema,
  resetPasswordSchema,
  setAccountStatusSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailSettings } from '../../config';
import type { AppDatabase } from '../../db/client';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { resendInvitation } from '../auth/invitations';
import { resetAccountPassword, setAccountStatus } from './accounts.service';

const TAGS = ['accounts'];

/** Account actions on students and faculty. Registered inside the admin scope, which guards it. */
export const accountsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  mail: MailSettings;
}> = async (app, { db, mail }) => {
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

  app.post(
    '/resend-invitation',
    {
      schema: {
        tags: TAGS,
        summary:
          'Mails an invited account a new set-password link (7 days, single use) and ends its older ones; 409 once the account has set its password or signed in, or while invitations are switched off in the settings',
        body: resendInvitationSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await resendInvitation(db, { jobs: app.jobs, mail }, request.auth.userId, request.body);
      return done(PEOPLE_MESSAGES.invitationResent);
    },
  );
};
