import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, ROLES, type Role } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { bearer, createSignedInUser } from './users';

/** A route as the OpenAPI document names it: `{id}` stands for a path parameter. */
export type DocumentedRoute = readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string];

/**
 * The guard of every route of one OpenAPI tag of one area: the list matches the document, each
 * route is refused without a valid token (401) and to the other roles (403), and the area's own
 * role gets through.
 */
export function describeRouteAccess(
  area: Role,
  tag: string,
  routes: readonly DocumentedRoute[],
): void {
  describe(`${tag} access`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    const requests = routes.map(([method, path]) => ({
      method,
      url: path.replace(/\{\w+\}/g, () => randomUUID()),
      payload: method === 'POST' || method === 'PUT' ? {} : undefined,
    }));

    it(`covers every ${tag} route of the OpenAPI document`, () => {
      const { paths = {} } = t.app.swagger() as {
        paths?: Record<string, Record<string, { tags?: string[] }>>;
      };
      const documented = Object.entries(paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.tags?.includes(tag))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
      expect(documented.sort()).toEqual(routes.map(([method, path]) => `${method} ${path}`).sort());
    });

    it.each(requests)('$method $url answers 401 without a token', async (request) => {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.missingToken });
    });

    it.each(requests)('$method $url answers 401 with an invalid token', async (request) => {
      const response = await t.app.inject({ ...request, headers: bearer('not-a-token') });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
    });

    it.each(ROLES.filter((role) => role !== area))(
      'answers 403 to a %s on every route',
      async (role) => {
        const user = await createSignedInUser(t.app, t.database.db, role);
        for (const request of requests) {
          const response = await t.app.inject({ ...request, headers: bearer(user.accessToken) });
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
          expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
        }
      },
    );

    it(`lets a signed-in ${area} through on every route`, async () => {
      const user = await createSignedInUser(t.app, t.database.db, area);
      for (const request of requests) {
        const response = await t.app.inject({ ...request, headers: bearer(user.accessToken) });
        // Past the guard: the empty body is refused, an unknown id is not found.
        expect([200, 400, 404], `${request.method} ${request.url}`).toContain(response.statusCode);
      }
    });
  });
}
