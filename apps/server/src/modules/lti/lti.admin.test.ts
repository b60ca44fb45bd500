import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import {
  LTI_MESSAGES,
  ltiPlatformSchema,
  ltiSettingsDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ltiToolKeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { recordingLog } from '../../test/output';
import { bearer, createSignedInUser } from '../../test/users';
import { writeBackup } from '../backup/write-backup';
import { signAsTool } from './tool-keys';

const platformResponse = successResponse(ltiPlatformSchema.strict()).strict();
const settingsResponse = successResponse(ltiSettingsDataSchema.strict()).strict();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const METRICS_TOKEN = 'metrics-token-for-this-test';

const { lines: logged, stream: logStream } = recordingLog();

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ logStream, config: { logLevel: 'info', metricsToken: METRICS_TOKEN } });
  headers = bearer((await createSignedInUser(t.app, t.database.db, 'admin')).accessToken);
});
afterAll(() => t?.close());

let platforms = 0;
function registration(overrides: Record<string, unknown> = {}) {
  platforms += 1;
  return {
    name: `Moodle ${platforms}`,
    issuer: 'https://moodle.college.test',
    clientId: `client-${platforms}`,
    deploymentIds: ['1'],
    authLoginUrl: 'https://moodle.college.test/mod/lti/auth.php',
    accessTokenUrl: 'https://moodle.college.test/mod/lti/token.php',
    jwksUrl: 'https://moodle.college.test/mod/lti/certs.php',
    ...overrides,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/${url}`, headers, ...(payload ? { payload } : {}) });

const settings = async () =>
  settingsResponse.parse((await call('GET', 'get-lti-platforms')).json()).data;

describe('LMS platforms', () => {
  it("registers, lists, saves and removes a platform, with ExamIQ's URLs to copy", async () => {
    const input = registration({
      deploymentIds: ['1', '1', '2'],
      issuer: 'https://moodle.college.test/',
    });
    const created = await call('POST', 'create-lti-platform', input);
    expect(created.statusCode).toBe(201);
    const platform = platformResponse.parse(created.json()).data;
    expect(platform).toMatchObject({
      issuer: 'https://moodle.college.test',
      deploymentIds: ['1', '2'],
    });
    const listed = await settings();
    expect(listed.platforms).toContainEqual(platform);
    expect(listed.tool).toEqual({
      jwksUrl: 'https://exams.college.test/api/lti/jwks',
      loginUrl: 'https://exams.college.test/api/lti/login',
      launchUrl: 'https://exams.college.test/api/lti/launch',
      deepLinkingUrl: 'https://exams.college.test/api/lti/launch',
    });

    const saved = await call('PUT', `update-lti-platform/${platform._id}`, {
      ...input,
      name: 'Canvas',
    });
    expect(saved.statusCode).toBe(200);
    expect(platformResponse.parse(saved.json()).data.name).toBe('Canvas');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update-lti-platform'));
    expect(audit?.changes).toEqual({ name: { from: input.name, to: 'Canvas' } });

    const removed = await call('DELETE', `delete-lti-platform/${platform._id}`);
    expect(removed.json()).toEqual({ success: true, message: LTI_MESSAGES.deleted });
    expect((await settings()).platforms.map((row) => row._id)).not.toContain(platform._id);
  });

  it('refuses a second registration of one issuer and client ID', async () => {
    const input = registration();
    expect((await call('POST', 'create-lti-platform', input)).statusCode).toBe(201);
    expectError(await call('POST', 'create-lti-platform', input), 409, {
      message: LTI_MESSAGES.duplicate,
    });
  });

  it.each([
    ['name', { name: ' ' }, 'Name is required'],
    [
      'issuer',
      { issuer: 'http://moodle.college.test' },
      'Issuer must be an https:// URL (http:// only on this machine) without a fragment',
    ],
    ['clientId', { clientId: '' }, 'Client ID is required'],
    ['deploymentIds', { deploymentIds: [] }, 'At least one deployment ID is required'],
    [
      'authLoginUrl',
      { authLoginUrl: 'ftp://x' },
      'OIDC login URL must be an https:// URL (http:// only on this machine) without a fragment',
    ],
    [
      'accessTokenUrl',
      { accessTokenUrl: 'https://x.test/token#a' },
      'Access token URL must be an https:// URL (http:// only on this machine) without a fragment',
    ],
    ['jwksUrl', { jwksUrl: undefined }, 'Keyset (JWKS) URL is required'],
  ])('refuses a platform whose %s is not valid', async (field, change, message) => {
    expectError(await call('POST', 'create-lti-platform', registration(change)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { [field]: message },
    });
  });

  it('answers 404 for a platform that does not exist, and 400 for an id that is not one', async () => {
    expectError(await call('PUT', `update-lti-platform/${UNKNOWN_ID}`, registration()), 404, {
      message: LTI_MESSAGES.platformNotFound,
    });
    expectError(await call('DELETE', `delete-lti-platform/${UNKNOWN_ID}`), 404, {
      message: LTI_MESSAGES.platformNotFound,
    });
    expect((await call('DELETE', 'delete-lti-platform/nope')).statusCode).toBe(400);
  });
});

describe('tool keys', () => {
  it('publishes the signing key and, after a rotation, the previous one too; older ones retire', async () => {
    const first = await signAsTool(t.database.db, t.config, { purpose: 'before' }, 60);
    const jwks = async () => (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json();
    const before = await jwks();
    expect(before.keys).toHaveLength(1);

    const rotated = await call('POST', 'rotate-lti-key');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().message).toBe(LTI_MESSAGES.keyRotated);
    const after = await jwks();
    expect(after.keys).toHaveLength(2);
    // A token signed before the rotation still checks against the key set published after it.
    const oldKid = decodeProtectedHeader(first).kid;
    const oldKey = after.keys.find((key: { kid: string }) => key.kid === oldKid);
    await expect(jwtVerify(first, await importJWK(oldKey, 'RS256'))).resolves.toBeTruthy();
    // And what is signed now names the new key.
    const second = await signAsTool(t.database.db, t.config, { purpose: 'after' }, 60);
    expect(decodeProtectedHeader(second).kid).not.toBe(oldKid);
    expect(after.keys.map((key: { kid: string }) => key.kid)).toContain(
      decodeProtectedHeader(second).kid,
    );
    expect((await settings()).keys.map((key) => key.signing)).toEqual([true, false]);

    await call('POST', 'rotate-lti-key');
    const third = await jwks();
    expect(third.keys).toHaveLength(2);
    expect(third.keys.map((key: { kid: string }) => key.kid)).not.toContain(oldKid);
  });

  it('never shows a private key: not in an answer, the log, the metrics or a backup', async () => {
    await call('POST', 'rotate-lti-key');
    const rows = await t.database.db.select().from(ltiToolKeys);
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).body;
    for (const key of JSON.parse(jwks).keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    }
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: bearer(METRICS_TOKEN),
    });
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
    const everything = [...t.responses, logged.join('\n'), metrics.body, backup].join('\n');
    expect(everything).not.toContain('PRIVATE KEY');
    expect(everything).not.toMatch(/"d":\s*"/);
    for (const row of rows) {
      // The sealed form is in the backup (a restore under the same JWT_SECRET keeps the key), and
      // opens to nothing without that secret.
      expect(backup).toContain(row.kid);
      expect(row.privateKeySealed).not.toContain('PRIVATE');
    }
    expect(backup).not.toContain('lti_login_states');
  });
});
