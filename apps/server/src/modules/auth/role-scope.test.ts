import { AUTH_MESSAGES } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createSignedInUser } from '../../test/users';
import { roleScope } from './role-scope';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A route known only to this test, registered the way every admin feature is.
    beforeReady: async (app) => {
      await app.register(
        roleScope('admin', async (admin) => {
          admin.get('/test-only', async (request) => ({ success: true, role: request.auth.role }));
        }),
        { prefix: '/api/admin' },
      );
    },
  });
});
afterAll(() => t.close());

const ADMIN_URLS = ['/api/admin/overview', '/api/admin/test-only'];

describe('admin scope', () => {
  it.each(ADMIN_URLS)('answers %s with 401 without a token', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.missingToken });
  });

  it.each(['faculty', 'student'] as const)('answers %s with 403', async (role) => {
    const user = await createSignedInUser(t.app, t.database.db, role);
    for (const url of ADMIN_URLS) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(user.accessToken),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
    }
  });

  it('lets an admin through', async () => {
    const admin = await createSignedInUser(t.app, t.database.db, 'admin');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/test-only',
      headers: bearer(admin.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, role: 'admin' });
  });
});
