import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  refreshDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, sessions, usedRefreshTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  bearer,
  createSignedInUser,
  mintExpiredToken,
  requestRefresh,
  type SignedInUser,
} from '../../test/users';
import { REFRESH_GRACE_SECONDS } from './sessions';
import { signAccessToken, verifyAccessToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function refresh(refreshToken: string, sessionId: string) {
  return requestRefresh(t.app, refreshToken, sessionId);
}

function me(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
}

function signedIn(): Promise<SignedInUser> {
  return createSignedInUser(t.app, t.database.db);
}

async function sessionRow(id: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

describe('POST /api/auth/refresh-token', () => {
  it('rotates both tokens and keeps the session', async () => {
    const user = await signedIn();
    const response = await refresh(user.refreshToken, user.sessionId);

    expect(response.statusCode).toBe(200);
    const { data } = successResponse(refreshDataSchema).parse(response.json());
    expect(data.refreshToken).not.toBe(user.refreshToken);
    expect(data.accessToken).not.toBe(user.accessToken);
    expect(await verifyAccessToken(t.config, data.accessToken)).toMatchObject({
      userId: user.user.id,
      sessionId: user.sessionId,
    });
    expect((await me(bearer(data.accessToken))).statusCode).toBe(200);

    const next = await refresh(data.refreshToken, user.sessionId);
    expect(next.statusCode).toBe(200);
  });

  it('slides the session expiry forward', async () => {
    const user = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(sessions.id, user.sessionId));
    expect((await refresh(user.refreshToken, user.sessionId)).statusCode).toBe(200);
    const days = ((await sessionRow(user.sessionId))?.expiresAt.getTime() ?? 0) - Date.now();
    expect(days / 86_400_000).toBeGreaterThan(6.9);
  });

  it('ends the session when a used refresh token comes back after the grace', async () => {
    const user = await signedIn();
    const rotated = (await refresh(user.refreshToken, user.sessionId)).json().data;
    await t.database.db
      .update(usedRefreshTokens)
      .set({ usedAt: sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
      .where(eq(usedRefreshTokens.sessionId, user.sessionId));

    const replay = await refresh(user.refreshToken, user.sessionId);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ success: false, message: AUTH_MESSAGES.refreshTokenReused });
    expect((await sessionRow(user.sessionId))?.revokedReason).toBe('refresh_token_reuse');

    const newest = await refresh(rotated.refreshToken, user.sessionId);
    expect(newest.statusCode).toBe(401);
    expect(newest.json().message).toBe(AUTH_MESSAGES.invalidRefreshToken);
    expect((await me(bearer(rotated.accessToken))).statusCode).toBe(401);
  });

  it('refuses an unknown token, an unknown session and another session’s token', async () => {
    const user = await signedIn();
    const other = await signedIn();
    for (const [token, sessionId] of [
      ['not-the-token', user.sessionId],
      [user.refreshToken, randomUUID()],
      [other.refreshToken, user.sessionId],
    ] as const) {
      const response = await refresh(token, sessionId);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: AUTH_MESSAGES.invalidRefreshToken,
      });
    }
    expect((await refresh(user.refreshToken, user.sessionId)).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const user = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, user.sessionId));
    const response = await refresh(user.refreshToken, user.sessionId);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidRefreshToken);
  });

  it('refuses when the account was disabled or deleted', async () => {
    const disabled = await signedIn();
    await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, disabled.user.id));
    expect((await refresh(disabled.refreshToken, disabled.sessionId)).statusCode).toBe(401);

    const deleted = await signedIn();
    await t.database.db.delete(users).where(eq(users.id, deleted.user.id));
    expect((await refresh(deleted.refreshToken, deleted.sessionId)).statusCode).toBe(401);
  });

  it('validates the payload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: '', sessionId: 'not-a-uuid' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: VALIDATION_FAILED_MESSAGE,
      errors: { refreshToken: 'Refresh token is required', sessionId: 'Session id is invalid' },
    });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session at once: its access token and refresh token stop working', async () => {
    const user = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(user.accessToken), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut });
    expect((await sessionRow(user.sessionId))?.revokedReason).toBe('logout');

    const after = await me(bearer(user.accessToken));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
    expect((await refresh(user.refreshToken, user.sessionId)).statusCode).toBe(401);
  });

  it('leaves the user’s other sessions alone', async () => {
    const user = await signedIn();
    const other = await createSignedInUser(t.app, t.database.db, 'faculty');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(user.accessToken),
    });
    expect((await me(bearer(other.accessToken))).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.missingToken });
  });
});

describe('authentication of protected routes', () => {
  it('answers a missing token with 401 missingToken', async () => {
    const response = await me({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.missingToken });
  });

  it('answers malformed, forged and expired tokens with 401 invalidToken', async () => {
    const user = await signedIn();
    const claims = { userId: user.user.id, role: user.user.role, sessionId: user.sessionId };
    const inFifteenMinutes = Math.floor(Date.now() / 1000) + 15 * 60;
    const forged = createSigner({ key: 'a-different-secret-of-enough-length!!' })({
      role: 'admin',
      sid: user.sessionId,
      sub: user.user.id,
      iss: 'examiq',
      exp: inFifteenMinutes,
    });
    const wrongClaims = createSigner({ key: t.config.jwtSecret })({
      role: 'admin',
      sid: 'not-a-uuid',
      sub: 'not-a-uuid',
      iss: 'examiq',
      exp: inFifteenMinutes,
    });
    const unsigned = `${user.accessToken.split('.').slice(0, 2).join('.')}.`;

    const headers = [
      { authorization: 'Bearer' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Basic ${user.accessToken}` },
      { authorization: user.accessToken },
      bearer(unsigned),
      bearer(forged),
      bearer(wrongClaims),
      bearer(await mintExpiredToken(t.config, claims)),
    ];
    for (const header of headers) {
      const response = await me(header);
      expect(response.statusCode, header.authorization).toBe(401);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
    }
  });

  it('refuses a valid token once its session was revoked, or its user disabled or deleted, and announced', async () => {
    const [revoked, disabled, deleted] = [await signedIn(), await signedIn(), await signedIn()];
    for (const user of [revoked, disabled, deleted]) {
      expect((await me(bearer(user.accessToken))).statusCode).toBe(200);
    }
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, revoked.sessionId));

    await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, disabled.user.id));
    await t.database.db.delete(users).where(eq(users.id, deleted.user.id));
    // As every route that ends a session or changes an account announces it once committed.
    t.app.liveRightsChanged({ everyone: true });

    for (const user of [revoked, disabled, deleted]) {
      const response = await me(bearer(user.accessToken));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
    }
  });

  it('refuses a token once its session has ended, though nothing was written since', async () => {
    const user = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.id, user.sessionId));
    const token = await signAccessToken(
      t.config,
      { userId: user.user.id, role: 'student', sessionId: user.sessionId },
      new Date(Date.now() + 3_600_000),
    );
    expect((await me(bearer(token))).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const response = await me(bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
  });

  it('answers every request of a revoked session with 401, whatever its route would have answered', async () => {
    const [admin, student] = [
      await createSignedInUser(t.app, t.database.db, 'admin'),
      await signedIn(),
    ];
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(inArray(sessions.id, [admin.sessionId, student.sessionId]));
    const batchesBefore = await t.database.db.select().from(batches);

    const requests = [
      // A 404, a 400 and a 403 for a live session; a 200 and a 201 for a live admin.
      { user: admin, method: 'GET', url: `/api/admin/get-student/${randomUUID()}` },
      { user: admin, method: 'GET', url: '/api/admin/get-all-student?page=0' },
      { user: student, method: 'GET', url: '/api/admin/get-batches' },
      { user: admin, method: 'GET', url: '/api/admin/get-batches' },
      { user: admin, method: 'POST', url: '/api/admin/create-batch' },
    ] as const;
    for (const { user, method, url } of requests) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(user.accessToken),
        ...(method === 'POST' && { payload: { startYear: 2090, endYear: 2094 } }),
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/auth/me',
      headers: bearer(student.accessToken),
    });
    expect(head.statusCode).toBe(401);
    expect(await t.database.db.select().from(batches)).toEqual(batchesBefore);
  });

  it('refuses a token claiming a role its account does not have', async () => {
    const user = await signedIn();
    const token = await signAccessToken(t.config, {
      userId: user.user.id,
      role: 'admin',
      sessionId: user.sessionId,
    });
    for (const url of ['/api/admin/get-batches', '/api/auth/me']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidToken });
    }
  });

  it('refuses a token naming a session of another user', async () => {
    const user = await signedIn();
    const other = await signedIn();
    const token = await signAccessToken(t.config, {
      userId: user.user.id,
      role: 'student',
      sessionId: other.sessionId,
    });
    expect((await me(bearer(token))).statusCode).toBe(401);
  });
});
