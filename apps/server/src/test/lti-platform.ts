import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';

/**
 * An LMS as LTI 1.3 describes one (1EdTech LTI Core 1.3, Deep Linking 2.0, AGS 2.0 and the
 * Security Framework), on a free port of this machine: its own keys and JWKS, the OIDC
 * authorization endpoint that answers a tool's login with a signed ID token posted by the
 * browser, course pages that start a launch, an AGS token endpoint that checks the tool's signed
 * assertion, line items that record the scores they receive, and a deep-linking return that
 * checks the tool's signed answer. Written from the specification, not from ExamIQ's code.
 */

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const LIS_ROLES = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
} as const;
const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

/** A person of the LMS: the `sub` ExamIQ receives, their email and course role. */
export interface PlatformPerson {
  sub: string;
  email?: string;
  name?: string;
  role: keyof typeof LIS_ROLES;
}

export interface LaunchOptions {
  person: PlatformPerson;
  messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  /** The exam the resource link names in its custom parameter. */
  examId?: string;
  /** The line item of the resource link; none leaves the AGS claim out. */
  lineItemId?: string | null;
  /** Claims replaced (or, as undefined, removed) in the ID token. */
  claims?: Record<string, unknown>;
  /** Seconds until the ID token expires; negative for one expired already. */
  expiresIn?: number;
  /** Signs with a key the platform never published. */
  foreignKey?: boolean;
  /** The deployment the launch names. */
  deploymentId?: string;
  /** Where the login says the launch goes (the tool's launch URL unless given). */
  targetLinkUri?: string;
}

export interface ReceivedScore {
  lineItemId: string;
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
}

export interface LtiPlatformHarness {
  issuer: string;
  clientId: string;
  deploymentId: string;
  /** What an admin types into ExamIQ to register this LMS. */
  registration: {
    name: string;
    issuer: string;
    clientId: string;
    deploymentIds: string[];
    authLoginUrl: string;
    accessTokenUrl: string;
    jwksUrl: string;
  };
  /** A course page of the LMS whose form starts this launch in a browser. */
  coursePage(launch: LaunchOptions): string;
  /** The login-initiation parameters the LMS sends the tool for this launch. */
  loginParameters(launch: LaunchOptions): Record<string, string>;
  /** The LMS's answer to the tool's authorization request (the tool's redirect): `id_token` and `state`. */
  answerAuthorization(authorizationUrl: string): Promise<{ id_token: string; state: string }>;
  /** A new platform key signs from now on; the old one stays published. */
  rotateKeys(): Promise<void>;
  scores: ReceivedScore[];
  tokenRequests: JWTPayload[];
  deepLinkResponses: JWTPayload[];
  /** Makes the score endpoint answer with this status instead of accepting (null: accept). */
  failScoresWith: number | null;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A page that posts a form at once, as every LMS does between the browser and a tool. */
function autoPost(action: string, fields: Record<string, string>, method = 'post') {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><title>LMS</title></head><body><form method="${method}" action="${escapeHtml(action)}">${inputs}<button type="submit">Continue</button></form><script>document.forms[0].submit()</script></body></html>`;
}

/**
 * `toolUrl` is ExamIQ's public address; `toolKeys` reads its JWKS (over HTTP, or through the
 * test's app), for the platform to check what ExamIQ signs.
 */
export async function startLtiPlatform({
  toolUrl,
  toolKeys,
  name = 'Westbrook Moodle',
}: {
  toolUrl: string;
  toolKeys: () => Promise<JSONWebKeySet>;
  name?: string;
}): Promise<LtiPlatformHarness> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `examiq-${randomBytes(4).toString('hex')}`;
  const deploymentId = 'deployment-1';
  const launchUrl = `${toolUrl}/api/lti/launch`;

  type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  const keys: { kid: string; privateKey: PrivateKey; jwk: JWK }[] = [];
  const newKey = async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    keys.unshift({ kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256' } });
  };
  await newKey();
  const foreign = await generateKeyPair('RS256');

  const launches = new Map<string, LaunchOptions>();
  const issuedTokens = new Set<string>();

  async function idToken(launch: LaunchOptions, nonce: string): Promise<string> {
    const messageType = launch.messageType ?? 'LtiResourceLinkRequest';
    const lineItemId = launch.lineItemId === undefined ? 'line-item-1' : launch.lineItemId;
    const claims: Record<string, unknown> = {
      nonce,
      azp: clientId,
      email: launch.person.email,
      name: launch.person.name ?? launch.person.email,
      [`${LTI}message_type`]: messageType,
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: launch.deploymentId ?? deploymentId,
      [`${LTI}target_link_uri`]: launch.targetLinkUri ?? launchUrl,
      [`${LTI}roles`]: [LIS_ROLES[launch.person.role]],
      [`${LTI}context`]: { id: 'course-101', title: 'Circuits 101' },
      ...(messageType === 'LtiResourceLinkRequest'
        ? {
            [`${LTI}resource_link`]: { id: `link-${launch.examId ?? 'none'}` },
            ...(launch.examId ? { [`${LTI}custom`]: { examiq_exam_id: launch.examId } } : {}),
            ...(lineItemId
              ? {
                  'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
                    scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem', SCORE_SCOPE],
                    lineitems: `${issuer}/lineitems`,
                    lineitem: `${issuer}/lineitems/${lineItemId}`,
                  },
                }
              : {}),
          }
        : {
            'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
              deep_link_return_url: `${issuer}/deep-link-return`,
              accept_types: ['ltiResourceLink'],
              accept_presentation_document_targets: ['window'],
              data: 'course-101-selection',
            },
          }),
    };
    for (const [claim, value] of Object.entries(launch.claims ?? {})) {
      if (value === undefined) delete claims[claim];
      else claims[claim] = value;
    }
    const [current] = keys;
    if (!current) throw new Error('The platform has no key');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: current.kid, typ: 'JWT' })
      .setIssuer((launch.claims?.iss as string | undefined) ?? issuer)
      .setAudience((launch.claims?.aud as string | string[] | undefined) ?? clientId)
      .setSubject(launch.person.sub)
      .setIssuedAt(now + Math.min(0, (launch.expiresIn ?? 300) - 300))
      .setExpirationTime(now + (launch.expiresIn ?? 300))
      .sign(launch.foreignKey ? foreign.privateKey : current.privateKey);
  }

  async function answerAuthorization(authorizationUrl: string) {
    const request = new URL(authorizationUrl);
    const parameters = Object.fromEntries(request.searchParams);
    if (
      parameters.client_id !== clientId ||
      parameters.redirect_uri !== launchUrl ||
      parameters.response_type !== 'id_token' ||
      parameters.scope !== 'openid' ||
      !parameters.state ||
      !parameters.nonce
    ) {
      throw new Error(`The tool's authorization request is not valid: ${authorizationUrl}`);
    }
    const launch = launches.get(parameters.lti_message_hint ?? '');
    if (!launch || launch.person.sub !== parameters.login_hint) {
      throw new Error('The login hint does not name a launch of this platform');
    }
    return { id_token: await idToken(launch, parameters.nonce), state: parameters.state };
  }

  const toolKeySet = async () => createLocalJWKSet(await toolKeys());

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', issuer);
    const html = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/jwks') {
      return json(200, { keys: keys.map((key) => key.jwk) });
    }
    if (request.method === 'GET' && url.pathname.startsWith('/course/')) {
      const launch = launches.get(url.pathname.slice('/course/'.length));
      if (!launch) return html(404, 'No such activity');
      return html(200, autoPost(`${toolUrl}/api/lti/login`, loginParameters(launch, url.pathname)));
    }
    if (request.method === 'GET' && url.pathname === '/auth') {
      const answer = await answerAuthorization(url.href);
      return html(200, autoPost(launchUrl, answer));
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(request));
      const { payload } = await jwtVerify(form.get('client_assertion') ?? '', await toolKeySet(), {
        issuer: clientId,
        subject: clientId,
        audience: `${issuer}/token`,
      });
      if (
        form.get('grant_type') !== 'client_credentials' ||
        !form.get('scope')?.split(' ').includes(SCORE_SCOPE)
      ) {
        return json(400, { error: 'invalid_request' });
      }
      tokenRequests.push(payload);
      const token = randomBytes(24).toString('base64url');
      issuedTokens.add(token);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const scores = /^\/lineitems\/([^/]+)\/scores$/.exec(url.pathname);
    if (request.method === 'POST' && scores) {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!issuedTokens.has(token)) return json(401, { error: 'invalid_token' });
      if (request.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') {
        return json(415, { error: 'unsupported media type' });
      }
      const body = JSON.parse(await readBody(request)) as Omit<ReceivedScore, 'lineItemId'>;
      if (harness.failScoresWith !== null) {
        return json(harness.failScoresWith, { error: 'The gradebook is locked' });
      }
      harness.scores.push({ lineItemId: scores[1] ?? '', ...body });
      return json(200, {});
    }
    if (request.method === 'POST' && url.pathname === '/deep-link-return') {
      const form = new URLSearchParams(await readBody(request));
      const { payload } = await jwtVerify(form.get('JWT') ?? '', await toolKeySet(), {
        issuer: clientId,
        audience: issuer,
      });
      harness.deepLinkResponses.push(payload);
      return html(200, '<!doctype html><title>LMS</title><h1>Exam added to the course</h1>');
    }
    return html(404, 'Not found');
  }

  function loginParameters(launch: LaunchOptions, hint?: string): Record<string, string> {
    const messageHint = hint?.replace('/course/', '') ?? randomUUID();
    launches.set(messageHint, launch);
    return {
      iss: issuer,
      login_hint: launch.person.sub,
      target_link_uri: launch.targetLinkUri ?? launchUrl,
      lti_message_hint: messageHint,
      client_id: clientId,
      lti_deployment_id: launch.deploymentId ?? deploymentId,
    };
  }

  server.on('request', (request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });

  const tokenRequests: JWTPayload[] = [];
  const harness: LtiPlatformHarness = {
    issuer,
    clientId,
    deploymentId,
    registration: {
      name,
      issuer,
      clientId,
      deploymentIds: [deploymentId],
      authLoginUrl: `${issuer}/auth`,
      accessTokenUrl: `${issuer}/token`,
      jwksUrl: `${issuer}/jwks`,
    },
    coursePage(launch) {
      const hint = randomUUID();
      launches.set(hint, launch);
      return `${issuer}/course/${hint}`;
    },
    loginParameters: (launch) => loginParameters(launch),
    answerAuthorization,
    rotateKeys: newKey,
    scores: [],
    tokenRequests,
    deepLinkResponses: [],
    failScoresWith: null,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return harness;
}
