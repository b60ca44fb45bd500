import {
  AUTH_MESSAGES,
  acceptInvitationSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginDataSchema,
  loginSchema,
  messageResponseSchema,
  refreshDataSchema,
  refreshTokenSchema,
  resetPasswordWithLinkSchema,
  successResponse,
  updatePasswordSchema,
  userSchema,
} from '@examiq/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../errors';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { BEARER_AUTH } from '../../plugins/openapi';
import type { SignInOutcome } from '../metrics/metrics';
import { oidcRoutes } from '../oidc/oidc.routes';
import { findUserById, toUserDto } from '../users/users.service';
import type { AuthDeps, ClientInfo } from './credentials';
import { registerDeviceCookie, rememberDevice, trustedDeviceOf } from './device-cookie';
import { acceptInvitation } from './invitations';
import { requestPasswordReset, resetPasswordWithLink } from './password-reset';
import { refreshSession, SessionEndedByReuse, signOut } from './sessions';
import { changePassword, login, updatePassword } from './sign-in';

const TAGS = ['auth'];

/** A refused sign-in's outcome, by its status: an unknown email fails as a wrong password does. */
const SIGN_IN_REFUSALS: Partial<Record<number, SignInOutcome>> = {
  401: 'wrong_password',
  403: 'disabled',
  429: 'limited',
};

/** The client of a sign-in to `email`'s account, vouched for by a device cookie if it has one. */
function clientOf(request: FastifyRequest, email: string): ClientInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    trustedDevice: trustedDeviceOf(request, email),
  };
}

export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  await registerDeviceCookie(app, deps.config);
  await app.register(oidcRoutes, { ...deps, prefix: '/oidc' });

  app.post(
    '/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Signs in with email and password and starts a session',
        body: loginSchema,
        response: {
          200: successResponse(loginDataSchema),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const client = clientOf(request, request.body.email);
      const { data, endedAnother } = await login(deps, request.body, client).catch(
        (error: unknown) => {
          const outcome = error instanceof ApiError && SIGN_IN_REFUSALS[error.statusCode];
          if (outcome) app.metrics.signedIn(outcome);
          throw error;
        },
      );
      app.metrics.signedIn('success');
      if (endedAnother) app.liveRightsChanged({ userId: data.user._id });
      rememberDevice(reply, request.body.email, client.trustedDevice);
      return ok(data, AUTH_MESSAGES.loginSuccess);
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags: TAGS,
        summary:
          'Changes a password with the current one, ends every session of the account and starts a new one',
        body: changePasswordSchema,
        response: {
          200: successResponse(loginDataSchema),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const client = clientOf(request, request.body.email);
      const data = await changePassword(deps, request.body, client);
      app.liveRightsChanged({ userId: data.user._id });
      rememberDevice(reply, request.body.email, client.trustedDevice);
      return ok(data, AUTH_MESSAGES.passwordChanged);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: TAGS,
        summary:
          "Mails a single-use link to reset the account's password; the answer is the same whether or not an account has the email",
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, app.jobs, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return done(AUTH_MESSAGES.resetLinkSent);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: TAGS,
        summary:
          "Sets a new password with a reset link's token, once and within 30 minutes; every session of the account ends",
        body: resetPasswordWithLinkSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const userId = await resetPasswordWithLink(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      app.liveRightsChanged({ userId });
      return done(AUTH_MESSAGES.passwordReset);
    },
  );

  app.post(
    '/accept-invitation',
    {
      schema: {
        tags: TAGS,
        summary:
          "Sets an invited account's password with its invitation link's token, once and within 7 days",
        body: acceptInvitationSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const userId = await acceptInvitation(deps.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      app.liveRightsChanged({ userId });
      return done(AUTH_MESSAGES.invitationAccepted);
    },
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags: TAGS,
        summary: 'Exchanges a refresh token for new tokens; reusing an old one ends the session',
        body: refreshTokenSchema,
        response: { 200: successResponse(refreshDataSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(
        await refreshSession(deps, request.body).catch((error: unknown) => {
          if (error instanceof SessionEndedByReuse && error.userId) {
            app.liveRightsChanged({ userId: error.userId });
          }
          throw error;
        }),
        AUTH_MESSAGES.tokenRefreshed,
      ),
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      config: { beforePasswordChange: true },
      schema: {
        tags: TAGS,
        summary: 'Ends the current session',
        security: BEARER_AUTH,
        response: { 200: messageResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await signOut(deps.db, request.auth, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      app.liveRightsChanged({ userId: request.auth.userId });
      return done(AUTH_MESSAGES.loggedOut);
    },
  );

  app.post(
    '/update-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary:
          "Changes the signed-in person's password: this session goes on, every other one ends",
        security: BEARER_AUTH,
        body: updatePasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await updatePassword(deps, request.auth, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      app.liveRightsChanged({ userId: request.auth.userId });
      return done(AUTH_MESSAGES.passwordUpdated);
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      config: { beforePasswordChange: true },
      schema: {
        tags: TAGS,
        summary: 'Returns the signed-in user',
        security: BEARER_AUTH,
        response: { 200: successResponse(z.object({ user: userSchema })), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await findUserById(deps.db, request.auth.userId);
      if (!user) throw new ApiError(401, AUTH_MESSAGES.invalidToken);
      return ok({ user: toUserDto(user) });
    },
  );
};
