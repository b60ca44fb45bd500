import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { DATABASE_UNAVAILABLE_MESSAGE, NOT_MIGRATED_MESSAGE } from './health.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/ready', () => {
  it('reports ready, and nothing else, once every migration is applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ready' } });
  });

  it('answers 503 while the newest migration is not applied', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const deleted = (await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash, created_at`,
    )) as unknown as { rows: [{ hash: string; created_at: string }] };
    const [removed] = deleted.rows;
    try {
      expectError(await t.app.inject({ method: 'GET', url: '/api/ready' }), 503, {
        message: NOT_MIGRATED_MESSAGE,
      });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed.hash}, ${removed.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('GET /api/health', () => {
  it('reports ok and nothing else, not even the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });

  it('answers 503 with the error contract when the database does not answer, as does ready', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
    expectError(await t.app.inject({ method: 'GET', url: '/api/ready' }), 503, {
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
  });
});
