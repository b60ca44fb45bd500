import { AUTH_MESSAGES } from '@examiq/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, sessions, usedRefreshTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_ENGINE } from '../../test/database';
import { expectError } from '../../test/errors';
import {
  bearer,
  createSignedInUser,
  createTestUser,
  requestRefresh,
  signIn,
} from '../../test/users';
import { DEFAULT_AUTH_LIMITS } from './credentials';
import { ENDED_SESSIONS_KEPT_DAYS, purgeEnded } from './purge';
import { SESSIONS_PER_ACCOUNT } from './sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function me(accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
}

describe(`an account keeps at most ${SESSIONS_PER_ACCOUNT} live sessions`, () => {
  it('ends the oldest when one more signs in', async () => {
    const account = await createTestUser(t.database.db);
    const signedIn = [];
    for (let i = 0; i <= SESSIONS_PER_ACCOUNT; i += 1) {
      signedIn.push(await signIn(t.app, account.email, account.password));
    }
    const [oldest, second] = signedIn;
    if (!oldest || !second) throw new Error('No sessions');

    expectError(await me(oldest.tokens.accessToken), 401, {
      message: AUTH_MESSAGES.invalidToken,
    });
    expect(
      (await requestRefresh(t.app, oldest.tokens.refreshToken, oldest.sessionId)).statusCode,
    ).toBe(401);
    expect((await me(second.tokens.accessToken)).statusCode).toBe(200);
    const live = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, account.user.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(SESSIONS_PER_ACCOUNT);
    const [ended] = await t.database.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.id, oldest.sessionId));
    expect(ended?.reason).toBe('session_limit');
  });
});

describe(`the purge on ${TEST_ENGINE}`, () => {
  const longestWindow = Math.max(
    DEFAULT_AUTH_LIMITS.account.windowSeconds,
    DEFAULT_AUTH_LIMITS.address.windowSeconds,
  );

  it('removes sessions ended long ago with their used tokens, and finished limit windows; nothing live', async () => {
    const db = t.database.db;
    const live = await createSignedInUser(t.app, db);
    const refreshed = await requestRefresh(t.app, live.refreshToken, live.sessionId);
    expect(refreshed.statusCode).toBe(200);
    const liveTokens = refreshed.json().data;
    const [revokedLongAgo, expiredLongAgo, revokedToday, expiredToday] = await Promise.all(
      Array.from({ length: 4 }, () => createSignedInUser(t.app, db)),
    );
    if (!revokedLongAgo || !expiredLongAgo || !revokedToday || !expiredToday) {
      throw new Error('No sessions');
    }
    expect(
      (await requestRefresh(t.app, revokedLongAgo.refreshToken, revokedLongAgo.sessionId))
        .statusCode,
    ).toBe(200);
    const longAgo = sql`now() - make_interval(days => ${ENDED_SESSIONS_KEPT_DAYS + 1})`;
    const end = (id: string, set: PgUpdateSetSource<typeof sessions>) =>
      db.update(sessions).set(set).where(eq(sessions.id, id));
    await end(revokedLongAgo.sessionId, { revokedAt: longAgo, revokedReason: 'logout' });
    await end(expiredLongAgo.sessionId, { expiresAt: longAgo });
    await end(revokedToday.sessionId, { revokedAt: sql`now()`, revokedReason: 'logout' });
    await end(expiredToday.sessionId, { expiresAt: sql`now() - interval '1 hour'` });

    const finished = `auth-failures:test-finished:${live.sessionId}`;
    const running = `auth-failures:test-running:${live.sessionId}`;
    await db.insert(rateLimits).values([
      {
        key: finished,
        count: 3,
        windowStartedAt: sql`now() - make_interval(secs => ${longestWindow + 1})`,
      },
      { key: running, count: 3, windowStartedAt: sql`now() - interval '1 minute'` },
    ]);

    // Two server processes purging at the same moment: neither fails, neither removes more.
    const purged = await Promise.all([
      purgeEnded(db, DEFAULT_AUTH_LIMITS),
      purgeEnded(db, DEFAULT_AUTH_LIMITS),
    ]);
    expect(purged.reduce((sum, each) => sum + each.sessions, 0)).toBe(2);
    expect(purged.reduce((sum, each) => sum + each.rateLimits, 0)).toBe(1);

    const ids = [live, revokedLongAgo, expiredLongAgo, revokedToday, expiredToday].map(
      (user) => user.sessionId,
    );
    const kept = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, ids));
    expect(new Set(kept.map((row) => row.id))).toEqual(
      new Set([live.sessionId, revokedToday.sessionId, expiredToday.sessionId]),
    );
    const used = await db
      .select({ sessionId: usedRefreshTokens.sessionId })
      .from(usedRefreshTokens)
      .where(inArray(usedRefreshTokens.sessionId, ids));
    expect(used.map((row) => row.sessionId)).toEqual([live.sessionId]);
    const limits = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [finished, running]));
    expect(limits.map((row) => row.key)).toEqual([running]);

    // The live session carries on, reuse detection included.
    expect((await me(liveTokens.accessToken)).statusCode).toBe(200);
    expect((await requestRefresh(t.app, liveTokens.refreshToken, live.sessionId)).statusCode).toBe(
      200,
    );
  });
});
