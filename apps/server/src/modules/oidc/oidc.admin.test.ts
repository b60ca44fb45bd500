import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import {
  ISSUER_MESSAGE,
  SIGN_IN_PROVIDER_MESSAGES,
  signInProviderSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, signInProviders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { recordingLog } from '../../test/output';
import { providerSignIn } from '../../test/sign-in-provider';
import { bearer, createSignedInUser, createTestUser } from '../../test/users';
import { writeBackup } from '../backup/write-backup';

const providerResponse = successResponse(signInProviderSchema.strict()).strict();
const listResponse = successResponse(
  z.object({ providers: z.array(signInProviderSchema.strict()), redirectUri: z.string() }).strict(),
).strict();
const REDIRECT_URI = 'https://exams.college.test/api/auth/oidc/callback';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const METRICS_TOKEN = 'metrics-token-for-this-test';

const { lines: logged, stream: logStream } = recordingLog();

let provider: TestProvider;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URI);
  t = await createTestApp({
    logStream,
    config: {
      logLevel: 'info',
      metricsToken: METRICS_TOKEN,
      oidc: {
        issuer: 'https://login.microsoftonline.com/tenant-id/v2.0',
        clientId: 'entra-client',
        clientSecret: 'environment-secret-never-shown-5d2e',
        label: 'Microsoft',
        allowedDomains: ['college.test'],
        emailClaim: 'preferred_username',
      },
    },
  });
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const payload = (changes: object = {}) => ({
  label: 'Test University',
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  allowedDomains: ['college.test', 'staff.college.test'],
  enabled: true,
  ...changes,
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
  return t.app.inject({
    method,
    url: `/api/admin/${url}`,
    headers: bearer(admin.accessToken),
    ...(body ? { payload: body } : {}),
  });
}

async function create(changes: object = {}) {
  const response = await call('POST', 'create-sign-in-provider', payload(changes));
  expect(response.statusCode, response.body).toBe(201);
  return providerResponse.parse(response.json()).data;
}

describe('GET /api/admin/sign-in-providers', () => {
  it("shows the environment's provider, its secret only as set", async () => {
    const response = await call('GET', 'sign-in-providers');
    expect(response.statusCode).toBe(200);
    const { providers, redirectUri } = listResponse.parse(response.json()).data;
    expect(redirectUri).toBe(REDIRECT_URI);
    expect(providers[0]).toEqual({
      _id: 'environment',
      label: 'Microsoft',
      issuer: 'https://login.microsoftonline.com/tenant-id/v2.0',
      clientId: 'entra-client',
      clientSecretSet: true,
      allowedDomains: ['college.test'],
      emailClaim: 'preferred_username',
      enabled: true,
      fromEnvironment: true,
    });
  });
});

describe('POST /api/admin/create-sign-in-provider', () => {
  it('adds a provider, stores its secret sealed and records it without the secret', async () => {
    const created = await create({ allowedDomains: [' College.TEST ', 'college.test'] });
    expect(created).toEqual({
      _id: expect.any(String),
      label: 'Test University',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecretSet: true,
      allowedDomains: ['college.test'],
      emailClaim: 'email',
      enabled: true,
      fromEnvironment: false,
    });
    const [row] = await t.database.db
      .select()
      .from(signInProviders)
      .where(eq(signInProviders.id, created._id));
    expect(JSON.stringify(row)).not.toContain(provider.clientSecret);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, created._id));
    expect(entry).toMatchObject({
      action: 'settings.create-sign-in-provider',
      summary: `Added the sign-in provider Test University (${provider.issuer})`,
    });
    expect(JSON.stringify(entry)).not.toContain(provider.clientSecret);

    // Its button signs people in, with the secret opened from its seal.
    const buttons = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(buttons.json().data).toContainEqual({ _id: created._id, label: 'Test University' });
    const person = await createTestUser(t.database.db, { email: 'ada@college.test' });
    const signedIn = await providerSignIn(t.app, provider.issuer).signIn(created._id, person.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await call('DELETE', `delete-sign-in-provider/${created._id}`);
  });

  it.each([
    [{ label: '' }, { label: 'Button label is required' }],
    [{ label: 'x'.repeat(61) }, { label: 'Button label cannot exceed 60 characters' }],
    [{ issuer: 'http://idp.college.test' }, { issuer: ISSUER_MESSAGE }],
    [{ issuer: 'https://idp.college.test/?tenant=1' }, { issuer: ISSUER_MESSAGE }],
    [{ issuer: undefined }, { issuer: 'Issuer URL is required' }],
    [{ clientId: ' ' }, { clientId: 'Client ID is required' }],
    [{ clientSecret: undefined }, { clientSecret: SIGN_IN_PROVIDER_MESSAGES.clientSecretRequired }],
    [{ clientSecret: '' }, { clientSecret: SIGN_IN_PROVIDER_MESSAGES.clientSecretRequired }],
    [{ allowedDomains: [] }, { allowedDomains: 'At least one allowed email domain is required' }],
    [
      { allowedDomains: ['college.test', 'not a domain'] },
      { 'allowedDomains.1': 'Each allowed domain must be a domain such as college.edu' },
    ],
    [
      { allowedDomains: 'college.test' },
      { allowedDomains: 'Allowed email domains must be a list of domains' },
    ],
    [{ emailClaim: 'e mail' }, { emailClaim: 'Email claim must be a claim name such as email' }],
    [{ enabled: 'yes' }, { enabled: 'Enabled must be true or false' }],
  ])('refuses %j', async (changes, errors) => {
    expectError(await call('POST', 'create-sign-in-provider', payload(changes)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors,
    });
  });
});

describe('PUT /api/admin/update-sign-in-provider/{id}', () => {
  it('keeps the stored secret when none is given, and replaces it when one is', async () => {
    const created = await create();
    const { clientSecret: _kept, ...withoutSecret } = payload({ label: 'College accounts' });
    const saved = await call('PUT', `update-sign-in-provider/${created._id}`, withoutSecret);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(providerResponse.parse(saved.json())).toMatchObject({
      message: SIGN_IN_PROVIDER_MESSAGES.updated,
      data: { label: 'College accounts', clientSecretSet: true },
    });
    const person = await createTestUser(t.database.db, { email: 'grace@college.test' });
    const flow = providerSignIn(t.app, provider.issuer);
    expect((await flow.signIn(created._id, person.email)).statusCode).toBe(200);

    // A wrong secret: the provider refuses the client, and the sign-in does not complete.
    await call('PUT', `update-sign-in-provider/${created._id}`, payload({ clientSecret: 'wrong' }));
    expectError(await flow.signIn(created._id, person.email), 400, {
      message: SIGN_IN_PROVIDER_MESSAGES.notCompleted,
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, created._id));
    expect(entries.map(({ summary }) => summary)).toContain(
      'Changed the sign-in provider Test University and replaced its client secret',
    );
    expect(JSON.stringify(entries)).not.toContain('wrong');
  });

  it('takes a switched-off provider off the sign-in screen', async () => {
    const created = await create({ label: 'Switched off' });
    await call('PUT', `update-sign-in-provider/${created._id}`, payload({ enabled: false }));
    const buttons = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(buttons.json().data.map(({ _id }: { _id: string }) => _id)).not.toContain(created._id);
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${created._id}/start` });
    expectError(start, 404, { message: SIGN_IN_PROVIDER_MESSAGES.providerNotFound });
  });

  it('answers 404 for an unknown provider and 409 for the environment’s', async () => {
    expectError(await call('PUT', `update-sign-in-provider/${UNKNOWN_ID}`, payload()), 404, {
      message: SIGN_IN_PROVIDER_MESSAGES.providerNotFound,
    });
    expectError(await call('PUT', 'update-sign-in-provider/environment', payload()), 409, {
      message: SIGN_IN_PROVIDER_MESSAGES.fromEnvironment,
    });
    expectError(await call('PUT', 'update-sign-in-provider/not-an-id', payload()), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'Invalid sign-in provider id' },
    });
  });

  it('validates the body as the create does', async () => {
    const created = await create();
    expectError(
      await call('PUT', `update-sign-in-provider/${created._id}`, payload({ issuer: 'ftp://x' })),
      400,
      { message: VALIDATION_FAILED_MESSAGE, errors: { issuer: ISSUER_MESSAGE } },
    );
  });
});

describe('DELETE /api/admin/delete-sign-in-provider/{id}', () => {
  it('removes a provider once', async () => {
    const created = await create();
    const response = await call('DELETE', `delete-sign-in-provider/${created._id}`);
    expect(response.json()).toEqual({ success: true, message: SIGN_IN_PROVIDER_MESSAGES.deleted });
    expectError(await call('DELETE', `delete-sign-in-provider/${created._id}`), 404, {
      message: SIGN_IN_PROVIDER_MESSAGES.providerNotFound,
    });
    expectError(await call('DELETE', 'delete-sign-in-provider/environment'), 409, {
      message: SIGN_IN_PROVIDER_MESSAGES.fromEnvironment,
    });
  });
});

describe('secrets', () => {
  it('never answers, logs, counts or backs up a client secret in the clear', async () => {
    const created = await create({ label: 'Backed up' });
    await call('GET', 'sign-in-providers');
    for (const body of t.responses) {
      expect(body).not.toContain(provider.clientSecret);
      expect(body).not.toContain('environment-secret-never-shown-5d2e');
    }
    const log = logged.join('\n');
    expect(log).not.toContain(provider.clientSecret);
    expect(log).not.toContain('environment-secret-never-shown-5d2e');

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: bearer(METRICS_TOKEN),
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).not.toContain(provider.clientSecret);

    const chunks: Buffer[] = [];
    await writeBackup(
      t.database.db,
      new Writable({
        write(chunk, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
    const backup = gunzipSync(Buffer.concat(chunks)).toString('utf8');
    expect(backup).toContain(created._id);
    expect(backup).not.toContain(provider.clientSecret);
    expect(backup).not.toContain('sign_in_provider_flows');
  });
});
