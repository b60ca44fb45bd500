import { AUTH_MESSAGES, SIGN_IN_PROVIDER_MESSAGES } from '@examiq/contracts';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { signInProviderFlows } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import type { AuthDeps, ClientInfo } from '../auth/credentials';
import { type SignIn, startSession } from '../auth/sign-in';
import { findUserByEmail, findUserById, normalizeEmail } from '../users/users.service';
import { findEnabledProvider, type ProviderSettings, redirectUriOf } from './providers.service';

/** How long a person has at the provider, from the button to the session. */
export const SIGN_IN_FLOW_MINUTES = 10;

/**
 * Each process fetches a provider's discovery document once per version of its settings; the
 * provider's keys are then fetched and refreshed by openid-client as its tokens need.
 */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function configurationOf(provider: ProviderSettings): Promise<oidc.Configuration> {
  const key = `${provider.id}:${provider.version}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    const issuer = new URL(provider.issuer);
    configuration = oidc.discovery(
      issuer,
      provider.clientId,
      provider.clientSecret,
      undefined,
      // Plain http is accepted only for an issuer on this machine (the contracts' rule).
      issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    // A provider that could not be reached is asked again next time.
    configuration.catch(() => discovered.delete(key));
    discovered.set(key, configuration);
  }
  return configuration;
}

/** Where the browser goes to sign in at the provider, and the flow it must come back with. */
export interface StartedSignIn {
  flowId: string;
  authorizationUrl: string;
}

/**
 * Starts a sign-in through a provider: PKCE's verifier, the state and the nonce are kept in the
 * database, so whichever server process the provider's answer reaches can check them.
 */
export async function startSignIn(
  db: AppDatabase,
  config: Config,
  provider: ProviderSettings,
  returnTo: string | undefined,
): Promise<StartedSignIn> {
  const configuration = await configurationOf(provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const [flow] = await db
    .insert(signInProviderFlows)
    .values({
      providerId: provider.id,
      state,
      nonce,
      codeVerifier,
      returnTo: returnTo ?? null,
      expiresAt: sql`now() + make_interval(mins => ${SIGN_IN_FLOW_MINUTES})`,
    })
    .returning({ id: signInProviderFlows.id });
  if (!flow) throw new Error('The sign-in flow was not written');
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(config),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { flowId: flow.id, authorizationUrl: authorizationUrl.href };
}

/**
 * A refusal the sign-in screen shows, with the status its collection answers: 400 for a flow that
 * did not complete, 403 for a person the provider vouched for whom ExamIQ does not let in. Never
 * 401, which means a missing or dead access token to the browser's API client.
 */
interface Refusal {
  status: 400 | 403;
  message: string;
}

const NOT_COMPLETED: Refusal = { status: 400, message: SIGN_IN_PROVIDER_MESSAGES.notCompleted };

/**
 * The person's email as the provider vouches for it: the `email` claim only when the provider
 * says it verified it; a configured claim (Entra ID's `preferred_username`) is the directory's own
 * name for the account and is taken as it is. Read from the ID token, or from the UserInfo
 * endpoint when the ID token leaves it out.
 */
async function vouchedEmail(
  configuration: oidc.Configuration,
  provider: ProviderSettings,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<{ email: string | null; verified: boolean }> {
  const idClaims = tokens.claims();
  if (!idClaims) return { email: null, verified: false };
  let claims: Record<string, unknown> = idClaims;
  if (typeof claims[provider.emailClaim] !== 'string') {
    claims = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
  }
  const email = claims[provider.emailClaim];
  if (typeof email !== 'string' || !email.includes('@')) return { email: null, verified: false };
  const verified = provider.emailClaim !== 'email' || claims.email_verified === true;
  return { email: normalizeEmail(email), verified };
}

/**
 * Links the provider's person to an ExamIQ account, never creating one: the email must be
 * verified, of an allowed domain, and an active account's. One message for every way an email
 * fails, so the screen tells nobody which accounts exist.
 */
async function linkAccount(
  db: AppDatabase,
  provider: ProviderSettings,
  email: string,
  verified: boolean,
  ip: string,
): Promise<{ userId: string } | Refusal> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const user = await findUserByEmail(db, email);
  const why = !verified
    ? 'the provider has not verified the email'
    : !provider.allowedDomains.includes(domain)
      ? `${domain} is not an allowed domain of ${provider.label}`
      : !user
        ? 'no account has this email'
        : !user.isActive
          ? 'the account is deactivated'
          : null;
  if (!why && user) return { userId: user.id };
  await recordAudit(db, null, {
    action: 'account.sign-in-refused',
    recordType: 'user',
    recordId: user?.id ?? email,
    recordLabel: user?.email ?? email,
    summary: `Sign-in with ${provider.label} from ${ip} refused: ${why}`,
  });
  // Only someone the provider vouches for as the account's owner learns it is deactivated.
  return verified && user && !user.isActive && provider.allowedDomains.includes(domain)
    ? { status: 403, message: AUTH_MESSAGES.accountDisabled }
    : { status: 403, message: SIGN_IN_PROVIDER_MESSAGES.noAccount(email) };
}

/**
 * The provider's answer: the flow's state, nonce and verifier are spent at once (a second answer
 * to one flow finds nothing), the code exchanged and the ID token checked against the provider's
 * keys, and the outcome kept on the flow for the sign-in screen. False when the flow was unknown,
 * spent or expired.
 */
export async function answerSignIn(
  db: AppDatabase,
  config: Config,
  flowId: string,
  query: string,
  ip: string,
  log: { info(object: object, message: string): void },
): Promise<boolean> {
  const [flow] = await db
    .update(signInProviderFlows)
    .set({ answeredAt: sql`now()` })
    .where(
      and(
        eq(signInProviderFlows.id, flowId),
        isNull(signInProviderFlows.answeredAt),
        gt(signInProviderFlows.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!flow) return false;
  const outcome = await exchange(db, config, flow, query, ip).catch((error: unknown) => {
    // The protocol's refusals (state, nonce, PKCE, signature, the provider's own error) are the
    // expected failures of a forged or stale answer: logged by kind, never with the tokens.
    log.info(
      { provider: flow.providerId, error: error instanceof Error ? error.message : String(error) },
      'A sign-in through a provider did not complete',
    );
    return NOT_COMPLETED;
  });
  await db
    .update(signInProviderFlows)
    .set(
      'userId' in outcome
        ? { userId: outcome.userId }
        : { refusal: outcome.message, refusalStatus: outcome.status },
    )
    .where(eq(signInProviderFlows.id, flow.id));
  return true;
}

async function exchange(
  db: AppDatabase,
  config: Config,
  flow: typeof signInProviderFlows.$inferSelect,
  query: string,
  ip: string,
): Promise<{ userId: string } | Refusal> {
  const provider = await findEnabledProvider(db, config, flow.providerId);
  if (!provider) return NOT_COMPLETED;
  const configuration = await configurationOf(provider);
  const answer = new URL(redirectUriOf(config));
  answer.search = query;
  const tokens = await oidc.authorizationCodeGrant(configuration, answer, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const { email, verified } = await vouchedEmail(configuration, provider, tokens);
  if (!email) return NOT_COMPLETED;
  return linkAccount(db, provider, email, verified, ip);
}

/**
 * The sign-in screen collects the flow's outcome, once: the usual session (its first-login
 * password change waived, since the provider vouched for the person), or the refusal's message.
 */
export async function finishSignIn(
  deps: AuthDeps,
  flowId: string,
  client: ClientInfo,
): Promise<SignIn & { redirect: string | null }> {
  const { db, config } = deps;
  const [flow] = await db
    .delete(signInProviderFlows)
    .where(
      and(
        eq(signInProviderFlows.id, flowId),
        isNotNull(signInProviderFlows.answeredAt),
        gt(signInProviderFlows.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!flow) throw new ApiError(400, SIGN_IN_PROVIDER_MESSAGES.notCompleted);
  if (flow.refusal) throw new ApiError(flow.refusalStatus === 403 ? 403 : 400, flow.refusal);
  const user = flow.userId ? await findUserById(db, flow.userId) : null;
  if (!user) throw new ApiError(400, SIGN_IN_PROVIDER_MESSAGES.notCompleted);
  // Deactivated between the provider's answer and now.
  if (!user.isActive) throw new ApiError(403, AUTH_MESSAGES.accountDisabled);
  const provider = await findEnabledProvider(db, config, flow.providerId);
  if (!provider) throw new ApiError(400, SIGN_IN_PROVIDER_MESSAGES.notCompleted);
  const signIn = await startSession(deps, user, { released: [], cleared: [] }, client, {
    provider: { id: provider.id, label: provider.label },
  });
  return { ...signIn, redirect: flow.returnTo };
}

/** Sign-ins through a provider abandoned before their end, removed by the purge. */
export function purgeExpiredSignIns(db: AppDatabase) {
  return db
    .delete(signInProviderFlows)
    .where(lt(signInProviderFlows.expiresAt, sql`now()`))
    .returning({ id: signInProviderFlows.id });
}
