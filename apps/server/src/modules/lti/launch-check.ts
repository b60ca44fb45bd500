import { randomBytes } from 'node:crypto';
import { LTI_MESSAGE_TYPES, LTI_MESSAGES, type LtiMessageType } from '@examiq/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { ltiDeepLinks, ltiLaunchTickets, ltiLoginStates } from '../../db/schema';
import { findPlatform, type PlatformRow, platformOfLogin, toolUrlsOf } from './platforms.service';
import { LTI_ALGORITHM } from './tool-keys';

/** The claims of LTI Core 1.3, Deep Linking 2.0 and AGS 2.0 that ExamIQ reads. */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIMS = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  custom: `${LTI}custom`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
} as const;

/** How long a platform has from the login to the launch. */
export const LOGIN_STATE_MINUTES = 10;
/** How long an ID token is accepted after it was issued, and the clocks' disagreement allowed. */
const MAX_TOKEN_AGE = '10m';
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * A launch ExamIQ does not accept: `reason` is for the log and the audit record, the message for
 * the person (never which check failed: that helps nobody but a forger).
 */
export class LaunchRefused extends Error {
  constructor(
    readonly reason: string,
    readonly status: 400 | 403 = 400,
    readonly userMessage: string = LTI_MESSAGES.launchRefused,
  ) {
    super(reason);
  }
}

export const randomToken = () => randomBytes(32).toString('base64url');

/**
 * Whether a URL is ExamIQ's launch URL: a platform's `target_link_uri` is where the person is
 * sent, so any other address (another site, another path here) would make ExamIQ an open redirect.
 */
export function isOurLaunchUrl(config: Config, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    const launch = new URL(toolUrlsOf(config).launchUrl);
    return url.origin === launch.origin && url.pathname === launch.pathname && !url.username;
  } catch {
    return false;
  }
}

export interface LoginInitiation {
  iss?: string | undefined;
  login_hint?: string | undefined;
  target_link_uri?: string | undefined;
  lti_message_hint?: string | undefined;
  client_id?: string | undefined;
  lti_deployment_id?: string | undefined;
}

/**
 * The platform's third-party-initiated login: a state and nonce for this launch are kept (used
 * once, for minutes), and the browser goes to the platform's authorization endpoint for the ID
 * token. The state is also returned for the browser's cookie.
 */
export async function initiateLogin(
  db: AppDatabase,
  config: Config,
  login: LoginInitiation,
): Promise<{ state: string; redirectUrl: string }> {
  if (!login.iss || !login.login_hint) throw new LaunchRefused('iss or login_hint missing');
  const platform = await platformOfLogin(db, login.iss, login.client_id);
  if (!platform) throw new LaunchRefused(`no registered platform for ${login.iss}`);
  if (!isOurLaunchUrl(config, login.target_link_uri)) {
    throw new LaunchRefused('target_link_uri is not the launch URL of this ExamIQ');
  }
  if (login.lti_deployment_id && !platform.deploymentIds.includes(login.lti_deployment_id)) {
    throw new LaunchRefused(`deployment ${login.lti_deployment_id} is not registered`);
  }
  const state = randomToken();
  const nonce = randomToken();
  await db.insert(ltiLoginStates).values({
    state,
    nonce,
    platformId: platform.id,
    expiresAt: sql`now() + make_interval(mins => ${LOGIN_STATE_MINUTES})`,
  });
  const authorization = new URL(platform.authLoginUrl);
  const parameters = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    // The launch URL as registered; the target link travels in the ID token.
    redirect_uri: toolUrlsOf(config).launchUrl,
    login_hint: login.login_hint,
    state,
    nonce,
    ...(login.lti_message_hint ? { lti_message_hint: login.lti_message_hint } : {}),
  };
  for (const [name, value] of Object.entries(parameters)) {
    authorization.searchParams.set(name, value);
  }
  return { state, redirectUrl: authorization.href };
}

/**
 * Each process keeps a platform's key set by its URL: jose fetches it once, keeps it, and fetches
 * it again when a token names a key it lacks (a platform's rotation), at most every 30 seconds.
 */
const platformKeys = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keysOf(platform: PlatformRow) {
  let keys = platformKeys.get(platform.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(platform.jwksUrl), { timeoutDuration: 10_000 });
    platformKeys.set(platform.jwksUrl, keys);
  }
  return keys;
}

export interface VerifiedLaunch {
  platform: PlatformRow;
  messageType: LtiMessageType;
  deploymentId: string;
  claims: JWTPayload & Record<string, unknown>;
}

/**
 * The launch: the state is spent first (a second launch with it finds nothing), then the ID token
 * is checked as LTI 1.3 asks: its signature against the platform's keys, the issuer, the audience
 * (and `azp` when it names several), the nonce of this state, its age, the deployment, the message
 * type and version, and a target link that is ExamIQ's launch URL.
 */
export async function verifyLaunch(
  db: AppDatabase,
  config: Config,
  idToken: string,
  state: string,
): Promise<VerifiedLaunch> {
  const [login] = await db
    .delete(ltiLoginStates)
    .where(and(eq(ltiLoginStates.state, state), gt(ltiLoginStates.expiresAt, sql`now()`)))
    .returning();
  if (!login) throw new LaunchRefused('the state is unknown, used or expired');
  const platform = await findPlatform(db, login.platformId);
  if (!platform) throw new LaunchRefused('the platform was removed');
  const { payload } = await jwtVerify(idToken, keysOf(platform), {
    issuer: platform.issuer,
    audience: platform.clientId,
    algorithms: [LTI_ALGORITHM],
    requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
    maxTokenAge: MAX_TOKEN_AGE,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  }).catch((error: unknown) => {
    throw new LaunchRefused(`the ID token was refused: ${(error as Error).message}`);
  });
  const claims = payload as VerifiedLaunch['claims'];
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.clientId) {
    throw new LaunchRefused('azp is not the client id');
  }
  if (claims.nonce !== login.nonce) throw new LaunchRefused('the nonce is not this launch’s');
  if (claims[CLAIMS.version] !== '1.3.0') throw new LaunchRefused('the version is not 1.3.0');
  const messageType = claims[CLAIMS.messageType];
  if (!LTI_MESSAGE_TYPES.includes(messageType as LtiMessageType)) {
    throw new LaunchRefused(`message type ${String(messageType)} is not supported`);
  }
  const deploymentId = claims[CLAIMS.deploymentId];
  if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId)) {
    throw new LaunchRefused(`deployment ${String(deploymentId)} is not registered`);
  }
  if (!isOurLaunchUrl(config, claims[CLAIMS.targetLinkUri])) {
    throw new LaunchRefused('target_link_uri is not the launch URL of this ExamIQ');
  }
  return { platform, messageType: messageType as LtiMessageType, deploymentId, claims };
}

/** Launches and selections abandoned before their end, removed by the purge. */
export async function purgeExpiredLaunches(db: AppDatabase): Promise<number> {
  const states = await db
    .delete(ltiLoginStates)
    .where(lt(ltiLoginStates.expiresAt, sql`now()`))
    .returning({ state: ltiLoginStates.state });
  const tickets = await db
    .delete(ltiLaunchTickets)
    .where(lt(ltiLaunchTickets.expiresAt, sql`now()`))
    .returning({ hash: ltiLaunchTickets.ticketHash });
  const deepLinks = await db
    .delete(ltiDeepLinks)
    .where(lt(ltiDeepLinks.expiresAt, sql`now()`))
    .returning({ id: ltiDeepLinks.id });
  return states.length + tickets.length + deepLinks.length;
}
