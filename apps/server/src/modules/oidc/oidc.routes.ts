import {
  AUTH_MESSAGES,
  providerSessionDataSchema,
  SIGN_IN_PROVIDER_MESSAGES,
  SIGN_IN_RETURN_PARAM,
  SIGN_IN_RETURN_QUERY,
  signInButtonSchema,
  signInProviderIdSchema,
  signInStartQuerySchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../errors';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import type { AuthDeps } from '../auth/credentials';
import { answerSignIn, finishSignIn, SIGN_IN_FLOW_MINUTES, startSignIn } from './oidc-flow';
import { findEnabledProvider, signInButtons } from './providers.service';

const TAGS = ['auth'];

/**
 * Binds a sign-in through a provider to the browser that started it (a login CSRF would need
 * it). Lax, not strict: the provider's answer is a navigation from its site.
 */
const FLOW_COOKIE = 'examiq_sign_in';
const FLOW_COOKIE_PATH = '/api/auth/oidc';

const backToSignIn = (outcome: keyof typeof SIGN_IN_RETURN_QUERY) =>
  `/login?${SIGN_IN_RETURN_PARAM}=${SIGN_IN_RETURN_QUERY[outcome]}`;

function flowOf(request: FastifyRequest): string | null {
  const cookie = request.cookies[FLOW_COOKIE];
  if (!cookie) return null;
  const { valid, value } = request.unsignCookie(cookie);
  return valid && value && z.uuid().safeParse(value).success ? value : null;
}

function setFlow(reply: FastifyReply, flowId: string): void {
  reply.setCookie(FLOW_COOKIE, flowId, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    path: FLOW_COOKIE_PATH,
    maxAge: SIGN_IN_FLOW_MINUTES * 60,
  });
}

const redirectResponse = {
  302: z.null().describe('To the provider, or back to the sign-in screen'),
};

/**
 * Sign-in with the institution's accounts through OpenID Connect. Registered inside the sign-in
 * routes, whose scope reads signed cookies.
 */
export const oidcRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.get(
    '/providers',
    {
      schema: {
        tags: TAGS,
        summary: "The institution's sign-in providers the sign-in screen offers as buttons",
        response: { 200: successResponse(z.array(signInButtonSchema)) },
      },
    },
    async () => ok(await signInButtons(db, config)),
  );

  app.get(
    '/:id/start',
    {
      schema: {
        tags: TAGS,
        summary:
          "Sends the browser to the provider's sign-in (authorization code with PKCE, state and nonce); `redirect` is a path of this site to return to",
        params: signInProviderIdSchema,
        querystring: signInStartQuerySchema,
        response: { ...redirectResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const provider = await findEnabledProvider(db, config, request.params.id);
      if (!provider) throw new ApiError(404, SIGN_IN_PROVIDER_MESSAGES.providerNotFound);
      const started = await startSignIn(db, config, provider, request.query.redirect).catch(
        (error: unknown) => {
          request.log.warn(
            { provider: provider.id, issuer: provider.issuer, error: (error as Error).message },
            'The sign-in provider could not be reached',
          );
          return null;
        },
      );
      if (!started) return reply.redirect(backToSignIn('failed'));
      setFlow(reply, started.flowId);
      return reply.redirect(started.authorizationUrl);
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: TAGS,
        summary:
          "The provider's answer: checks it and keeps the outcome for the sign-in screen, then returns there",
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      const flowId = flowOf(request);
      const query = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
      const answered =
        flowId !== null && (await answerSignIn(db, config, flowId, query, request.ip, request.log));
      return reply.redirect(backToSignIn(answered ? 'finish' : 'failed'));
    },
  );

  app.post(
    '/session',
    {
      schema: {
        tags: TAGS,
        summary:
          "Collects the outcome of this browser's sign-in through a provider, once: the usual session, or why it was refused",
        response: {
          200: successResponse(providerSessionDataSchema),
          ...errorResponses(400, 403),
        },
      },
    },
    async (request, reply) => {
      const flowId = flowOf(request);
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      if (!flowId) throw new ApiError(400, SIGN_IN_PROVIDER_MESSAGES.notCompleted);
      const { data, endedAnother, redirect } = await finishSignIn(deps, flowId, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }).catch((error: unknown) => {
        if (error instanceof ApiError) {
          app.metrics.signedIn(
            error.message === AUTH_MESSAGES.accountDisabled ? 'disabled' : 'refused',
          );
        }
        throw error;
      });
      app.metrics.signedIn('success');
      if (endedAnother) app.liveRightsChanged({ userId: data.user._id });
      return ok({ ...data, redirect }, AUTH_MESSAGES.loginSuccess);
    },
  );
};
