import {
  AUTH_MESSAGES,
  providerSessionDataSchema,
  RETURN_PATH_MESSAGE,
  SIGN_IN_PROVIDER_MESSAGES,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, signInProviderFlows } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { recordingLog } from '../../test/output';
import { providerSignIn } from '../../test/sign-in-provider';
import { bearer, createTestUser } from '../../test/users';

const sessionResponse = successResponse(providerSessionDataSchema.strict()).strict();

const { lines: logged, stream: logStream } = recordingLog();

let provider: TestProvider;
let t: TestApp;
let flow: ReturnType<typeof providerSignIn>;

/** The OIDC_* settings of the test provider, its accounts named by `emailClaim`. */
const providerSettings = (emailClaim: string) => ({
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  label: 'Test University',
  allowedDomains: ['college.test'],
  emailClaim,
});

beforeAll(async () => {
  provider = await startTestProvider('https://exams.college.test/api/auth/oidc/callback');
  t = await createTestApp({
    logStream,
    config: { logLevel: 'info', oidc: providerSettings('email') },
  });
  flow = providerSignIn(t.app, provider.issuer);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let accounts = 0;
/** An account of the allowed domain, signing in at the provider under its own email. */
async function account(options: Parameters<typeof createTestUser>[1] = {}) {
  accounts += 1;
  return createTestUser(t.database.db, { email: `person${accounts}@college.test`, ...options });
}

describe('GET /api/auth/oidc/providers', () => {
  it('gives anyone the enabled providers as buttons, nothing else of them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: [{ _id: 'environment', label: 'Test University' }],
    });
  });
});

describe('signing in through the provider', () => {
  it("lands in ExamIQ with the usual session of the person's account", async () => {
    const student = await account({ role: 'student' });
    const response = await flow.signIn('environment', student.email);
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = sessionResponse.parse(response.json());
    expect(message).toBe(AUTH_MESSAGES.loginSuccess);
    expect(data.user).toMatchObject({
      _id: student.user.id,
      email: student.email,
      role: 'student',
    });
    expect(data.redirect).toBeNull();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(data.tokens.accessToken),
    });
    expect(me.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: data.tokens.refreshToken, sessionId: data.sessionId },
    });
    expect(refreshed.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, student.user.id));
    expect(audit).toMatchObject({
      action: 'account.sign-in',
      summary: expect.stringMatching(/^Signed in with Test University from /),
    });
  });

  it('does not ask an account that signs in through the provider for the first-login password change', async () => {
    const faculty = await account({ role: 'faculty', isFirstLogin: true });
    const { data } = sessionResponse.parse(
      (await flow.signIn('environment', faculty.email)).json(),
    );
    expect(data.user.isFirstLogin).toBe(false);
    const [session] = await t.database.db
      .select({ provider: sessions.signInProvider })
      .from(sessions)
      .where(eq(sessions.id, data.sessionId));
    expect(session?.provider).toBe('environment');
    // A route that a pending password change would refuse with 403.
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      headers: bearer(data.tokens.accessToken),
      payload: {},
    });
    expect(history.statusCode).toBe(400);
    // The temporary password, typed on the password form, still asks for the change.
    const withPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: faculty.email, password: faculty.password },
    });
    expect(withPassword.json().data.user.isFirstLogin).toBe(true);
  });

  it('returns to the local path the button asked for', async () => {
    const admin = await account({ role: 'admin' });
    const response = await flow.signIn(
      'environment',
      admin.email,
      `?redirect=${encodeURIComponent('/admin/exam/all-exam?page=2')}`,
    );
    expect(sessionResponse.parse(response.json()).data.redirect).toBe(
      '/admin/exam/all-exam?page=2',
    );
  });

  it.each([
    '//evil.example/login',
    '/\\evil.example',
    'https://evil.example/',
    'evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('refuses the redirect %j: no open redirect', async (redirect) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/environment/start?redirect=${encodeURIComponent(redirect)}`,
    });
    expectError(response, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { redirect: RETURN_PATH_MESSAGE },
    });
    expect(response.cookies).toEqual([]);
  });

  it.each<[string, { email?: string; emailVerified?: boolean }]>([
    ['an email no account has', { email: 'nobody@college.test', emailVerified: true }],
    ['an email the provider has not verified', { emailVerified: false }],
    ['an email whose verification the provider does not state', {}],
  ])('refuses %s with one message', async (_case, person) => {
    const someone = await account();
    const email = person.email ?? someone.email;
    provider.people.set(`login-${accounts}`, { email, emailVerified: person.emailVerified });
    const response = await flow.signIn('environment', `login-${accounts}`);
    expectError(response, 403, { message: SIGN_IN_PROVIDER_MESSAGES.noAccount(email) });
  });

  it('refuses an account whose domain the provider is not allowed to vouch for', async () => {
    const outsider = await createTestUser(t.database.db, { email: 'guest@other.test' });
    const response = await flow.signIn('environment', outsider.email);
    expectError(response, 403, { message: SIGN_IN_PROVIDER_MESSAGES.noAccount(outsider.email) });
    const [refusal] = await t.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.recordId, outsider.user.id));
    expect(refusal?.summary).toMatch(/other\.test is not an allowed domain of Test University$/);
  });

  it('refuses a deactivated account', async () => {
    const former = await account({ isActive: false });
    expectError(await flow.signIn('environment', former.email), 403, {
      message: AUTH_MESSAGES.accountDisabled,
    });
  });

  it('gives nothing for a provider that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/00000000-0000-4000-8000-000000000000/start',
    });
    expectError(response, 404, { message: SIGN_IN_PROVIDER_MESSAGES.providerNotFound });
    expectError(await t.app.inject({ method: 'GET', url: '/api/auth/oidc/nope/start' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'Invalid sign-in provider id' },
    });
  });
});

describe('a provider that names accounts by another claim', () => {
  it("signs in by the configured claim (Entra ID's preferred_username), not by the person's email", async () => {
    const upn = await createTestApp({ config: { oidc: providerSettings('preferred_username') } });
    try {
      const student = await createTestUser(upn.database.db, { email: 'upn.person@college.test' });
      provider.people.set('upn-login', {
        email: 'someone.personal@mail.test',
        emailVerified: true,
        claims: { preferred_username: 'UPN.Person@college.test' },
      });
      const response = await providerSignIn(upn.app, provider.issuer).signIn(
        'environment',
        'upn-login',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(sessionResponse.parse(response.json()).data.user).toMatchObject({
        _id: student.user.id,
        email: 'upn.person@college.test',
      });
    } finally {
      await upn.close();
    }
  });
});

describe("the protocol's checks", () => {
  it('refuses an answer whose state is not the one the browser was sent with', async () => {
    const person = await account();
    const { authorizationUrl, cookie } = await flow.start('environment');
    const callback = new URL(await flow.atProvider(authorizationUrl, person.email));
    callback.searchParams.set('state', 'forged-state');
    expect(await flow.answer(callback.href, cookie)).toBe('/login?provider=done');
    expectError(await flow.collect(cookie), 400, {
      message: SIGN_IN_PROVIDER_MESSAGES.notCompleted,
    });
  });

  it('refuses an ID token whose nonce is another sign-in’s', async () => {
    const person = await account();
    const victim = await flow.start('environment');
    const other = await flow.start('environment');
    const callback = new URL(await flow.atProvider(other.authorizationUrl, person.email));
    // Even with the state made to match, the ID token carries the other flow's nonce.
    const victimState = new URL(victim.authorizationUrl).searchParams.get('state') ?? '';
    await t.database.db
      .update(signInProviderFlows)
      .set({ state: callback.searchParams.get('state') ?? '' })
      .where(eq(signInProviderFlows.state, victimState));
    await flow.answer(callback.href, victim.cookie);
    expectError(await flow.collect(victim.cookie), 400, {
      message: SIGN_IN_PROVIDER_MESSAGES.notCompleted,
    });
  });

  it('uses a flow once: a replayed answer, or a second collection, finds nothing', async () => {
    const person = await account();
    const { authorizationUrl, cookie } = await flow.start('environment');
    const callback = await flow.atProvider(authorizationUrl, person.email);
    expect(await flow.answer(callback, cookie)).toBe('/login?provider=done');
    expect(await flow.answer(callback, cookie)).toBe('/login?provider=failed');
    expect((await flow.collect(cookie)).statusCode).toBe(200);
    expectError(await flow.collect(cookie), 400, {
      message: SIGN_IN_PROVIDER_MESSAGES.notCompleted,
    });
  });

  it("refuses a code exchanged without the flow's PKCE verifier", async () => {
    const person = await account();
    const { authorizationUrl, cookie } = await flow.start('environment');
    const callback = await flow.atProvider(authorizationUrl, person.email);
    await t.database.db
      .update(signInProviderFlows)
      .set({ codeVerifier: 'x'.repeat(64) })
      .where(eq(signInProviderFlows.state, new URL(callback).searchParams.get('state') ?? ''));
    await flow.answer(callback, cookie);
    expectError(await flow.collect(cookie), 400, {
      message: SIGN_IN_PROVIDER_MESSAGES.notCompleted,
    });
  });

  it('sends a browser without the sign-in cookie back to the sign-in screen, refused', async () => {
    const person = await account();
    const { authorizationUrl } = await flow.start('environment');
    const callback = await flow.atProvider(authorizationUrl, person.email);
    expect(await flow.answer(callback, '')).toBe('/login?provider=failed');
    expect(await flow.answer(callback, 'examiq_sign_in=forged')).toBe('/login?provider=failed');
    expectError(await flow.collect(''), 400, { message: SIGN_IN_PROVIDER_MESSAGES.notCompleted });
  });

  it('refuses to collect a flow the provider has not answered yet', async () => {
    const { cookie } = await flow.start('environment');
    expectError(await flow.collect(cookie), 400, {
      message: SIGN_IN_PROVIDER_MESSAGES.notCompleted,
    });
  });
});

describe('secrets', () => {
  it('never sends or logs the client secret or the flow’s verifier', async () => {
    const person = await account();
    await flow.signIn('environment', person.email);
    for (const body of t.responses) expect(body).not.toContain(provider.clientSecret);
    expect(logged.join('\n')).not.toContain(provider.clientSecret);
    expect(logged.join('\n')).not.toContain('code_verifier');
  });
});
