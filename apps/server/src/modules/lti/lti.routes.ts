import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  LTI_MESSAGES,
  ltiDeepLinkIdSchema,
  ltiSessionDataSchema,
  ltiSessionInputSchema,
  successResponse,
} from '@examiq/contracts';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../errors';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import type { AuthDeps } from '../auth/credentials';
import { takeDeepLinkResponse } from './deep-linking';
import { acceptLaunch, collectLaunch } from './launch';
import { initiateLogin, LaunchRefused, LOGIN_STATE_MINUTES } from './launch-check';
import { toolJwks } from './tool-keys';

const TAGS = ['lti'];

/** An ID token is a few kilobytes; nothing a platform posts comes near this. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Binds a launch to the browser its login went through, so a launch posted by another page (a
 * login CSRF) is refused. Cross-site (the LMS posts the launch): SameSite=None over https; plain
 * http is only ever this machine, where the LMS and ExamIQ are the same site.
 */
const stateCookie = (state: string) => `examiq_lti_${state.slice(0, 16)}`;
const STATE_COOKIE_PATH = '/api/lti/launch';

function setStateCookie(request: FastifyRequest, reply: FastifyReply, state: string) {
  const https = request.protocol === 'https';
  reply.setCookie(stateCookie(state), state, {
    httpOnly: true,
    secure: https,
    sameSite: https ? 'none' : 'lax',
    path: STATE_COOKIE_PATH,
    maxAge: LOGIN_STATE_MINUTES * 60,
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A page of its own, not the app's: the person came from the LMS and goes back there. */
function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ExamIQ</title><style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem}main{max-width:32rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem}h1{font-size:1.25rem;margin:0 0 .75rem}button{font:inherit;background:#4f46e5;color:#fff;border:0;border-radius:.5rem;padding:.6rem 1rem;cursor:pointer}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * A refusal as a page for a browser (every launch is a navigation); as the API's error to any
 * other client.
 */
function refused(request: FastifyRequest, reply: FastifyReply, refusal: LaunchRefused) {
  request.log.info({ reason: refusal.reason }, 'An LTI launch was refused');
  if (!request.headers.accept?.includes('text/html')) {
    throw new ApiError(refusal.status, refusal.userMessage);
  }
  return reply
    .code(refusal.status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        'Launch refused',
        `<h1>ExamIQ could not open this activity</h1><p>${escapeHtml(refusal.userMessage)}</p>`,
      ),
    );
}

const loginSchema = z.object({
  iss: z.string().max(500).optional(),
  login_hint: z.string().max(2000).optional(),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(255).optional(),
  lti_deployment_id: z.string().max(255).optional(),
});

const launchSchema = z.object({
  id_token: z.string().max(FORM_BODY_LIMIT).optional(),
  state: z.string().max(200).optional(),
});

const htmlPage = z.string().describe('An HTML page, for the person in the browser');
const redirectResponse = { 302: z.null().describe('To the platform, or to the launched page') };

/**
 * LTI 1.3 as a tool: ExamIQ's key set, the platform's login initiation and launch, the launched
 * browser's session and the deep-linking answer's post. Public: the platform's signed ID token,
 * checked against the state this browser's cookie names, is the proof.
 */
export const ltiRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db, config } = deps;
  await app.register(fastifyCookie);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/jwks',
    {
      schema: {
        tags: TAGS,
        summary:
          "ExamIQ's public keys (JWKS): the signing key and, after a rotation, the previous one",
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return toolJwks(db);
    },
  );

  const login = async (
    request: FastifyRequest,
    reply: FastifyReply,
    parameters: z.infer<typeof loginSchema>,
  ) => {
    try {
      const { state, redirectUrl } = await initiateLogin(db, config, parameters);
      setStateCookie(request, reply, state);
      return reply.redirect(redirectUrl);
    } catch (error) {
      if (!(error instanceof LaunchRefused)) throw error;
      return refused(request, reply, error);
    }
  };
  const loginSummary =
    "The platform's third-party-initiated login (iss, login_hint, target_link_uri, lti_message_hint, client_id): sends the browser to the platform's authorization endpoint with a state and nonce";
  app.get(
    '/login',
    {
      schema: {
        tags: TAGS,
        summary: loginSummary,
        querystring: loginSchema,
        response: { ...redirectResponse, ...errorResponses(400) },
      },
    },
    (request, reply) => login(request, reply, request.query),
  );
  app.post(
    '/login',
    {
      schema: {
        tags: TAGS,
        summary: loginSummary,
        body: loginSchema,
        response: { ...redirectResponse, ...errorResponses(400) },
      },
    },
    (request, reply) => login(request, reply, request.body),
  );

  app.post(
    '/launch',
    {
      schema: {
        tags: TAGS,
        summary:
          "The launch (LtiResourceLinkRequest or LtiDeepLinkingRequest): the platform's ID token is checked, the person matched by email and sent to the launched page, which collects the session. A refusal is a page to a browser (Accept: text/html), the error contract to any other client",
        body: launchSchema,
        response: { 303: z.null(), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { id_token: idToken, state } = request.body;
      try {
        // Our states are base64url: anything else names no cookie of ours (nor a valid cookie).
        if (!idToken || !state || !/^[\w-]+$/.test(state)) {
          throw new LaunchRefused('id_token or state missing or malformed');
        }
        const cookie = request.cookies[stateCookie(state)];
        reply.clearCookie(stateCookie(state), { path: STATE_COOKIE_PATH });
        if (cookie !== state) throw new LaunchRefused('the state is not this browser’s');
        const launched = await acceptLaunch(db, config, { idToken, state }, request.ip);
        return reply.code(303).redirect(launched);
      } catch (error) {
        if (!(error instanceof LaunchRefused)) throw error;
        return refused(request, reply, error);
      }
    },
  );

  app.post(
    '/session',
    {
      schema: {
        tags: TAGS,
        summary:
          "The launched browser collects its session with the launch's one-time ticket: the usual session, and the page to open",
        body: ltiSessionInputSchema,
        response: { 200: successResponse(ltiSessionDataSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { data, endedAnother, redirect } = await collectLaunch(deps, request.body.ticket, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      app.metrics.signedIn('success');
      if (endedAnother) app.liveRightsChanged({ userId: data.user._id });
      return ok({ ...data, redirect }, AUTH_MESSAGES.loginSuccess);
    },
  );

  app.get(
    '/deep-link-return/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "Posts the instructor's signed choice (LtiDeepLinkingResponse) to the platform's deep_link_return_url, once",
        params: ltiDeepLinkIdSchema,
        response: { 200: htmlPage, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const response = await takeDeepLinkResponse(db, request.params.id);
      if (!response) throw new ApiError(404, LTI_MESSAGES.deepLinkNotFound);
      const nonce = randomBytes(16).toString('base64');
      // This page alone may post a form to the platform, and run the one script that does it.
      reply.header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action ${new URL(response.returnUrl).origin}; frame-ancestors 'none'; base-uri 'none'`,
      );
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Back to your course',
            `<h1>Adding the exam to your course</h1><form method="post" action="${escapeHtml(response.returnUrl)}"><input type="hidden" name="JWT" value="${escapeHtml(response.jwt)}"><p>If nothing happens, continue yourself.</p><button type="submit">Continue to the course</button></form><script nonce="${nonce}">document.forms[0].submit()</script>`,
          ),
        );
    },
  );
};
