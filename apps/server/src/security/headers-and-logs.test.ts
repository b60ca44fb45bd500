import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, createSignedInUser, createTestUser, type SignedInUser } from '../test/users';

/**
 * What every answer tells a browser and what the log keeps: API answers (personal data, tokens)
 * are never stored by a browser or proxy, HSTS comes only over HTTPS, the proctoring features are
 * the app's own, and a failed query is logged without the values it carried.
 */

const SECRET_EMAIL = 'logged.never@examiq.test';
const SECRET_TEXT = 'never-in-the-log-7f3a';

let t: TestApp;
let web: TestApp;
let proxied: TestApp;
let admin: SignedInUser;
let webDistDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), 'examiq-headers-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
  [t, web, proxied] = await Promise.all([
    createTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line: string) => logLines.push(line) },
      beforeReady: async (app) => {
        // Failures the routes do not expect, each with personal data in its values.
        app.get('/api/test/duplicate-account', async () => {
          await t.database.db
            .insert(users)
            .values({ email: SECRET_EMAIL, passwordHash: 'x', role: 'faculty' });
          return { success: true };
        });
        app.get('/api/test/uncastable-value', async () => {
          await t.database.db.execute(sql`select ${SECRET_TEXT}::int as value`);
          return { success: true };
        });
      },
    }),
    createTestApp({ config: { webDistDir } }),
    createTestApp({ config: { trustProxy: true } }),
  ]);
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  await createTestUser(t.database.db, { email: SECRET_EMAIL, role: 'faculty' });
});
afterAll(async () => {
  await Promise.all([t.close(), web.close(), proxied.close()]);
  await rm(webDistDir, { recursive: true, force: true });
});

describe('API answers', () => {
  const requests: [string, () => InjectOptions][] = [
    [
      'a sign-in answering tokens',
      () => ({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.email, password: admin.password },
      }),
    ],
    [
      'a refused sign-in',
      () => ({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.email, password: 'Wrong-password-1' },
      }),
    ],
    [
      'a page of accounts',
      () => ({ method: 'GET', url: '/api/admin/get-faculty', headers: bearer(admin.accessToken) }),
    ],
    [
      'the same as HEAD',
      () => ({ method: 'HEAD', url: '/api/admin/get-faculty', headers: bearer(admin.accessToken) }),
    ],
    ['a request without a session', () => ({ method: 'GET', url: '/api/admin/get-faculty' })],
    ['the health check', () => ({ method: 'GET', url: '/api/health' })],
    ['an unknown API path', () => ({ method: 'GET', url: '/api/no-such-call' })],
  ];

  it.each(requests)('forbid storing %s', async (_label, request) => {
    const response = await t.app.inject(request());
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(requests)(
    'give the camera and microphone to the app alone in %s',
    async (_label, request) => {
      const response = await t.app.inject(request());
      const policy = String(response.headers['permissions-policy']);
      expect(policy).toContain('camera=(self)');
      expect(policy).toContain('microphone=(self)');
      expect(policy).toContain('fullscreen=(self)');
      for (const feature of ['geolocation', 'payment', 'usb'])
        expect(policy).toContain(`${feature}=()`);
    },
  );
});

describe('the web app’s files', () => {
  it.each([
    ['/', 'no-cache'],
    ['/admin/student', 'no-cache'],
    ['/assets/index-3f2a1b.js', 'public, max-age=31536000, immutable'],
  ])('keep their own caching (%s)', async (url, cacheControl) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await web.app.inject({ method, url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(cacheControl);
      expect(response.headers['permissions-policy']).toContain('camera=(self)');
    }
  });
});

describe('HSTS', () => {
  it('is never sent over plain HTTP, whatever a client claims without a trusted proxy', async () => {
    for (const app of [t.app, web.app]) {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
        const response = await app.inject({ method: 'GET', url: '/api/health', headers });
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    }
    const direct = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });
});

describe('the log of a failed query', () => {
  it.each([
    ['/api/test/duplicate-account', /insert into "users"/, SECRET_EMAIL],
    ['/api/test/uncastable-value', /select \$1::int as value/, SECRET_TEXT],
  ])('of %s has the statement, not its values', async (url, statement, value) => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(500);
    const failures = logLines.filter((line) => line.includes('"level":50'));
    expect(failures).toHaveLength(1);
    const { err } = JSON.parse(failures[0] ?? '{}') as { err: { message: string; code: string } };
    expect(err.message).toMatch(statement);
    // The SQLSTATE, which says what failed (a unique violation, an invalid value).
    expect(err.code).toMatch(/^[0-9A-Z]{5}$/);
    expect(logLines.join('\n')).not.toContain(value);
  });
});
