import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { DATABASE_UNAVAILABLE_MESSAGE } from './health.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports ok and nothing else, not even the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });

  it('answers 503 with the error contract when the database does not answer', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
  });
});
