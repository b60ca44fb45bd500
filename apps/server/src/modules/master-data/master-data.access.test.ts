import { AUTH_MESSAGES } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createSignedInUser } from '../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUTES = [
  ['POST', '/api/admin/create-batch'],
  ['POST', '/api/admin/create-course'],
  ['POST', '/api/admin/create-branch'],
  ['POST', '/api/admin/create-section'],
  ['GET', '/api/admin/get-batches'],
  ['GET', '/api/admin/get-courses'],
  ['GET', '/api/admin/get-branches'],
  ['GET', '/api/admin/get-sections'],
  ['GET', '/api/admin/get-courses-by-batch'],
  ['GET', '/api/admin/get-branches-by-course'],
  ['GET', '/api/admin/get-sections-by-branch'],
  ['GET', '/api/admin/get-master-data-counts'],
] as const;

describe('master data access', () => {
  it('covers every master data route of the OpenAPI document', () => {
    const { paths = {} } = t.app.swagger() as {
      paths?: Record<string, Record<string, { tags?: string[] }>>;
    };
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('master-data'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTES.map(([method, url]) => `${method} ${url}`).sort());
  });

  it.each(ROUTES)('%s %s answers 401 without a token', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.missingToken });
  });

  it.each(ROUTES)('%s %s answers 401 with an invalid token', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: bearer('not-a-token') });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
  });

  it.each(['student', 'faculty'] as const)('answers 403 to a %s on every route', async (role) => {
    const user = await createSignedInUser(t.app, t.database.db, role);
    for (const [method, url] of ROUTES) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(user.accessToken),
        payload: method === 'POST' ? { startYear: 2024, endYear: 2028 } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
    }
  });

  it('lets an admin through on every route', async () => {
    const admin = await createSignedInUser(t.app, t.database.db, 'admin');
    for (const [method, url] of ROUTES) {
      const response = await t.app.inject({ method, url, headers: bearer(admin.accessToken) });
      expect([200, 400], `${method} ${url}`).toContain(response.statusCode);
    }
  });
});
